import type { Executor } from '../../platform/db/executor.js';
import { precompiled } from '../../platform/db/precompiled.js';
import type { ApiKeysRepository } from '../api-keys/api-keys.repository.js';

/**
 * `GET /api/v1/account` runs this on every call (precompiled): the key owner's balance and plan, the
 * key's requests and its jobs since a date, in one statement; each count is served by its own index range.
 */
const accountQuery = precompiled(
  5,
  (db, userId: string, keyId: string, since: string, jobsKeyId: string, jobsSince: string) =>
    db
      .selectFrom([
        'users',
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
      .select([
        'users.plan',
        'users.credits_monthly',
        'users.credits_purchased',
        'requests.count as requests',
        'jobs.count as generations',
        'jobs.credits as credits',
      ])
      .where('users.id', '=', userId),
);

/** What the public API's account answer reads: the owner's balance and one key's figures since a date. */
export function createPublicAccountRepository(
  db: Executor,
  keys: Pick<ApiKeysRepository, 'withDeferredRequests'>,
) {
  return {
    /**
     * The owner's plan and credit buckets (undefined: no such account), and the key's figures since
     * `since` (ISO 8601): requests recorded for it (those still waiting to be written included), jobs it
     * made, and the credits those jobs hold or were charged (a refunded job cost nothing).
     */
    accountOf(userId: string, keyId: string, since: string, trx: Executor = db) {
      return keys.withDeferredRequests(keyId, since, async (waiting) => {
        const row = await accountQuery.first(trx, userId, keyId, since, keyId, since);
        if (!row) return undefined;
        return {
          plan: row.plan,
          credits_monthly: row.credits_monthly,
          credits_purchased: row.credits_purchased,
          usage: {
            requests: Number(row.requests ?? 0) + waiting.length,
            generations: Number(row.generations ?? 0),
            credits: Number(row.credits ?? 0),
          },
        };
      });
    },
  };
}

export type PublicAccountRepository = ReturnType<typeof createPublicAccountRepository>;
