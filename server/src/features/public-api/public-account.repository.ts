import type { Executor } from '../../platform/db/executor.js';
import { precompiled } from '../../platform/db/precompiled.js';

/**
 * `GET /api/v1/account` runs this on every call (precompiled): the key's requests and its jobs since a
 * date in one statement, each count served by its own index range.
 */
const usageSinceQuery = precompiled(
  4,
  (db, keyId: string, since: string, jobsKeyId: string, jobsSince: string) =>
    db
      .selectFrom([
        db
          .selectFrom('api_requests')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('api_key_id', '=', keyId)
          .where('created_at', '>=', since)
          .as('requests'),
        db
          .selectFrom('generations')
          .select((eb) => [
            eb.fn.countAll<number>().as('count'),
            eb.fn
              .sum<number>(
                eb.case().when('credit_state', '!=', 'refunded').then(eb.ref('cost')).else(0).end(),
              )
              .as('credits'),
          ])
          .where('api_key_id', '=', jobsKeyId)
          .where('created_at', '>=', jobsSince)
          .as('jobs'),
      ])
      .select(['requests.count as requests', 'jobs.count as generations', 'jobs.credits as credits']),
);

/** What the public API's account answer counts for one key: its requests and its jobs since a date. */
export function createPublicAccountRepository(db: Executor) {
  return {
    /**
     * A key's figures since `since` (ISO 8601): requests recorded for it, jobs it made, and the credits
     * those jobs hold or were charged (a refunded job cost nothing).
     */
    async keyUsageSince(keyId: string, since: string, trx: Executor = db) {
      const usage = await usageSinceQuery.first(trx, keyId, since, keyId, since);
      return {
        requests: Number(usage?.requests ?? 0),
        generations: Number(usage?.generations ?? 0),
        credits: Number(usage?.credits ?? 0),
      };
    },
  };
}

export type PublicAccountRepository = ReturnType<typeof createPublicAccountRepository>;
