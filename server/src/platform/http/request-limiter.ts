import { RateLimiterPostgres, type RateLimiterRes, RateLimiterSQLite } from 'rate-limiter-flexible';
import type { Database } from '../db/database.js';

export interface LimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets (≥ 1). */
  resetSeconds: number;
}

/**
 * Request limits kept in the application's database (rate-limiter-flexible: one atomic upsert per
 * request), so every process sharing the database shares the counts: the per-key limits of the public
 * API (`consume`) and the per-IP limits of sign-up, sign-in and billing (`count`, through
 * `databaseRateLimitStore`). One limiter per allowance, window and scope. On SQLite a count waits for a
 * transaction open on the shared connection: never count from inside one (it would wait for itself).
 */
export function createRequestLimiter(database: Database, options: { windowSeconds?: number } = {}) {
  const windowSeconds = options.windowSeconds ?? 60;
  const limiters = new Map<string, Promise<RateLimiterPostgres | RateLimiterSQLite>>();

  function limiterFor(points: number, duration = windowSeconds, keyPrefix = `api${points}`) {
    const id = `${keyPrefix}|${points}|${duration}`;
    let pending = limiters.get(id);
    if (!pending) {
      pending = new Promise((resolve, reject) => {
        const common = {
          points,
          duration,
          keyPrefix,
          tableName: 'rate_limits',
        };
        const done = (error?: Error) => (error ? reject(error) : resolve(limiter));
        const native = database.native;
        const limiter =
          native.kind === 'postgres'
            ? new RateLimiterPostgres({ ...common, storeClient: native.pool }, done)
            : new RateLimiterSQLite(
                {
                  ...common,
                  // The handle it needs (prepare and transaction), preparing through the statement cache.
                  // Its only transaction wraps one upsert, atomic on its own, so it runs without a BEGIN and
                  // COMMIT around it (two statements fewer per request). With no transaction open on the
                  // shared connection it runs at once (as a precompiled query does, precompiled.ts); while
                  // one is (another request's, between two of its awaits), once Kysely hands the connection
                  // over: that transaction ends first, instead of taking this count into its own commit or
                  // rollback.
                  storeClient: {
                    prepare: native.prepare,
                    transaction:
                      <T>(work: () => T) =>
                      () =>
                        native.db.inTransaction
                          ? database.kysely.connection().execute(async () => work())
                          : work(),
                  },
                  storeType: 'better-sqlite3',
                },
                done,
              );
      });
      limiters.set(id, pending);
    }
    return pending;
  }

  return {
    /**
     * Counts one request of `key` in a window of `windowSeconds` under `scope`, and says how many the
     * window holds now (over `points` once exceeded) and when it ends.
     */
    async count(
      scope: string,
      key: string,
      points: number,
      windowSeconds: number,
    ): Promise<{ current: number; msBeforeNext: number }> {
      const limiter = await limiterFor(Math.max(1, points), Math.max(1, Math.ceil(windowSeconds)), scope);
      try {
        const res = await limiter.consume(key, 1);
        return { current: res.consumedPoints, msBeforeNext: res.msBeforeNext };
      } catch (rejection) {
        if (rejection instanceof Error) throw rejection;
        const res = rejection as RateLimiterRes;
        return { current: res.consumedPoints, msBeforeNext: res.msBeforeNext };
      }
    },

    async consume(key: string, limit: number): Promise<LimitDecision> {
      const limiter = await limiterFor(limit);
      try {
        const res = await limiter.consume(key, 1);
        return {
          allowed: true,
          limit,
          remaining: res.remainingPoints,
          resetSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
        };
      } catch (rejection) {
        if (rejection instanceof Error) throw rejection;
        const res = rejection as RateLimiterRes;
        return {
          allowed: false,
          limit,
          remaining: 0,
          resetSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
        };
      }
    },
  };
}

export type RequestLimiter = ReturnType<typeof createRequestLimiter>;

type StoreCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A store for `@fastify/rate-limit` that counts in the database through `limiter`, so the per-IP
 * limits of sign-up, sign-in and billing hold across every process sharing the database (the plugin's
 * own store counts in each process's memory). Each route with its own limit counts on its own, as the
 * plugin's per-route stores do.
 */
export function databaseRateLimitStore(limiter: RequestLimiter) {
  return class DatabaseRateLimitStore {
    readonly scope: string;

    /** The plugin constructs the first store with its options; routes get a child with their scope. */
    constructor(scope?: unknown) {
      this.scope = typeof scope === 'string' ? scope : 'ip';
    }

    incr(key: string, callback: StoreCallback, timeWindow: number, max: number): void {
      limiter.count(this.scope, key, max, timeWindow / 1000).then(
        ({ current, msBeforeNext }) => callback(null, { current, ttl: Math.max(1, msBeforeNext) }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    /** A route's store: its method and URL are its scope (the plugin passes them as `routeInfo`). */
    child(routeOptions: object): DatabaseRateLimitStore {
      type Route = { method?: string | string[]; url?: string };
      const route: Route =
        'routeInfo' in routeOptions ? (routeOptions.routeInfo as Route) : (routeOptions as Route);
      const methods = Array.isArray(route.method) ? route.method.join(',') : (route.method ?? '');
      return new DatabaseRateLimitStore(`ip:${methods}:${route.url ?? ''}`);
    }
  };
}
