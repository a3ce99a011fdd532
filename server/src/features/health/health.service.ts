import { randomBytes } from 'node:crypto';
import type { THealthResponse, TLivenessResponse, TReadinessResponse } from '@kaleido/common';
import { Migrator } from 'kysely';
import type { Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/database.js';
import { allMigrations } from '../../platform/db/migrations/index.js';
import type { FileStore } from '../../platform/storage/file-store.js';

export interface HealthService {
  check(): Promise<{ healthy: boolean; body: THealthResponse }>;
  /** `/health/live`: the process answers. */
  live(): TLivenessResponse;
  /** `/health/ready`: database, migrations, storage and (in a process with workers) the queue. */
  ready(): Promise<{ ready: boolean; body: TReadinessResponse }>;
}

type ReadinessCheck = TReadinessResponse['checks'][number];

/** How long each readiness check may take before it counts as failed. */
const READY_CHECK_TIMEOUT_MS = 2000;

/**
 * `/api/health` is polled (load balancers, the app's own status checks): a database that answered
 * this recently is not asked again. A failed ping is never remembered, so an outage shows at once.
 */
export const HEALTH_PING_FRESH_MS = 500;

function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer in time`)), READY_CHECK_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export type ProviderHealthEntry = NonNullable<THealthResponse['providers']>[number];

export function createHealthService(deps: {
  database: Pick<Database, 'ping' | 'dialect' | 'kysely'>;
  version: string;
  clock: Clock;
  startedAt: Date;
  /** Each generation provider's health; a provider down makes the status "degraded" (still 200). */
  providers?: () => Promise<ProviderHealthEntry[]>;
  /** Where files go; readiness writes and deletes a probe object. */
  store?: Pick<FileStore, 'put' | 'delete'>;
  /** Whether this process's job queue consumes (absent: the process runs no workers). */
  queueRunning?: () => boolean;
}): HealthService {
  let answeredAt = Number.NEGATIVE_INFINITY;
  async function databaseAnswers(): Promise<void> {
    if (performance.now() - answeredAt < HEALTH_PING_FRESH_MS) return;
    await deps.database.ping();
    answeredAt = performance.now();
  }
  const uptimeSeconds = () =>
    Math.max(0, Math.floor((deps.clock.now().getTime() - deps.startedAt.getTime()) / 1000));
  // Once every migration has run it stays so: asked again only until then.
  let migrated = false;
  async function pendingMigrations(): Promise<number> {
    if (migrated) return 0;
    const migrator = new Migrator({
      db: deps.database.kysely,
      provider: { getMigrations: async () => allMigrations(deps.database.dialect) },
    });
    const pending = (await migrator.getMigrations()).filter((migration) => !migration.executedAt).length;
    migrated = pending === 0;
    return pending;
  }
  async function probe(
    name: ReadinessCheck['name'],
    work: () => Promise<string | null>,
  ): Promise<ReadinessCheck> {
    try {
      const problem = await withTimeout(work(), name);
      return problem ? { name, ok: false, detail: problem } : { name, ok: true };
    } catch (error) {
      const reason =
        error instanceof Error && /in time$/.test(error.message) ? 'did not answer in time' : null;
      return { name, ok: false, detail: reason ?? FAILURE_DETAIL[name] };
    }
  }
  // Details (hosts, upstream messages) stay out of this unauthenticated answer.
  const providerHealth = (): Promise<ProviderHealthEntry[]> =>
    deps.providers
      ? deps
          .providers()
          .then((states) => states.map(({ id, name, ok }) => ({ id, name, ok })))
          .catch(() => [])
      : Promise.resolve([]);
  return {
    live: () => ({ success: true, status: 'alive', uptimeSeconds: uptimeSeconds() }),

    async ready() {
      const checks = await Promise.all([
        probe('database', async () => {
          await deps.database.ping(READY_CHECK_TIMEOUT_MS);
          return null;
        }),
        probe('migrations', async () => {
          const pending = await pendingMigrations();
          return pending ? `${pending} migration(s) not applied yet` : null;
        }),
        probe('storage', async () => {
          if (!deps.store) return null;
          const key = `health/ready-${randomBytes(6).toString('hex')}.probe`;
          await deps.store.put(key, Buffer.from('ok'), 'application/octet-stream');
          await deps.store.delete(key);
          return null;
        }),
        ...(deps.queueRunning
          ? [probe('queue', async () => (deps.queueRunning?.() ? null : 'the job queue is not running'))]
          : []),
      ]);
      const ready = checks.every((entry) => entry.ok);
      return { ready, body: { success: ready, status: ready ? 'ready' : 'not_ready', checks } };
    },

    async check() {
      const base = {
        version: deps.version,
        uptimeSeconds: uptimeSeconds(),
        database: deps.database.dialect.name,
      };
      const providers = providerHealth();
      try {
        await databaseAnswers();
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

/** What a failed check says (the error itself may name hosts or paths: kept for the logs). */
const FAILURE_DETAIL: Record<ReadinessCheck['name'], string> = {
  database: 'the database does not answer',
  migrations: 'the migration state cannot be read',
  storage: 'the file store is not writable',
  queue: 'the job queue is not running',
};
