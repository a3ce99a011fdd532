import type { THealthResponse } from '@kaleido/common';
import type { Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/database.js';

export interface HealthService {
  check(): Promise<{ healthy: boolean; body: THealthResponse }>;
}

export type ProviderHealthEntry = NonNullable<THealthResponse['providers']>[number];

/** How long a provider health answer is reused (health is polled; providers are not hammered). */
const PROVIDER_HEALTH_TTL_MS = 10_000;

export function createHealthService(deps: {
  database: Pick<Database, 'ping' | 'dialect'>;
  version: string;
  clock: Clock;
  startedAt: Date;
  /** Each generation provider's health; a provider down makes the status "degraded" (still 200). */
  providers?: () => Promise<ProviderHealthEntry[]>;
}): HealthService {
  let cached: { at: number; value: Promise<ProviderHealthEntry[]> } | null = null;
  const providerHealth = (): Promise<ProviderHealthEntry[]> => {
    if (!deps.providers) return Promise.resolve([]);
    const at = Date.now();
    if (!cached || at - cached.at > PROVIDER_HEALTH_TTL_MS) {
      // Details (hosts, upstream messages) stay out of this unauthenticated answer.
      cached = {
        at,
        value: deps
          .providers()
          .then((states) => states.map(({ id, name, ok }) => ({ id, name, ok })))
          .catch(() => []),
      };
    }
    return cached.value;
  };
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
