import type { THealthResponse } from '@kaleido/common';
import type { Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/database.js';

export interface HealthService {
  check(): Promise<{ healthy: boolean; body: THealthResponse }>;
}

export function createHealthService(deps: {
  database: Pick<Database, 'ping' | 'dialect'>;
  version: string;
  clock: Clock;
  startedAt: Date;
}): HealthService {
  return {
    async check() {
      const base = {
        version: deps.version,
        uptimeSeconds: Math.max(
          0,
          Math.floor((deps.clock.now().getTime() - deps.startedAt.getTime()) / 1000),
        ),
        database: deps.database.dialect.name,
      };
      try {
        await deps.database.ping();
        return { healthy: true, body: { success: true, status: 'ok', ...base } };
      } catch {
        return {
          healthy: false,
          body: {
            success: false,
            status: 'error',
            error: 'Health check failed: database unavailable',
            ...base,
          },
        };
      }
    },
  };
}
