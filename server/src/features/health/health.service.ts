import type { THealthResponse } from '@kaleido/common';
import type { Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/database.js';

export interface HealthService {
  check(): Promise<{ healthy: boolean; body: THealthResponse }>;
}

export type ProviderHealthEntry = NonNullable<THealthResponse['providers']>[number];

export function createHealthService(deps: {
  database: Pick<Database, 'ping' | 'dialect'>;
  version: string;
  clock: Clock;
  startedAt: Date;
  /** Each generation provider's health; a provider down makes the status "degraded" (still 200). */
  providers?: () => Promise<ProviderHealthEntry[]>;
}): HealthService {
  // Details (hosts, upstream messages) stay out of this unauthenticated answer.
  const providerHealth = (): Promise<ProviderHealthEntry[]> =>
    deps.providers
      ? deps
          .providers()
          .then((states) => states.map(({ id, name, ok }) => ({ id, name, ok })))
          .catch(() => [])
      : Promise.resolve([]);
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
      const providers = providerHealth();
      try {
        await deps.database.ping();
        const states = await providers;
        const degraded = states.some((state) => !state.ok);
        return {
          healthy: true,
          body: {
            success: true,
            status: degraded ? 'degraded' : 'ok',
            ...base,
            ...(states.length ? { providers: states } : {}),
          },
        };
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
