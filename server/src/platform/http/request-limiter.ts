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
 * Per-key request limits kept in the application's database (rate-limiter-flexible: one atomic upsert
 * per request), so every process sharing the database shares the counts. One limiter per allowance.
 */
export function createRequestLimiter(database: Database, options: { windowSeconds?: number } = {}) {
  const windowSeconds = options.windowSeconds ?? 60;
  const limiters = new Map<number, Promise<RateLimiterPostgres | RateLimiterSQLite>>();

  function limiterFor(points: number) {
    let pending = limiters.get(points);
    if (!pending) {
      pending = new Promise((resolve, reject) => {
        const common = {
          points,
          duration: windowSeconds,
          keyPrefix: `api${points}`,
          tableName: 'rate_limits',
        };
        const done = (error?: Error) => (error ? reject(error) : resolve(limiter));
        const limiter =
          database.native.kind === 'postgres'
            ? new RateLimiterPostgres({ ...common, storeClient: database.native.pool }, done)
            : new RateLimiterSQLite(
                { ...common, storeClient: database.native.db, storeType: 'better-sqlite3' },
                done,
              );
      });
      limiters.set(points, pending);
    }
    return pending;
  }

  return {
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
