import type { Executor } from '../../platform/db/executor.js';
import { precompiled } from '../../platform/db/precompiled.js';

// `GET /api/v1/account` runs both on every call (precompiled).
const requestsSinceQuery = precompiled(2, (db, keyId: string, since: string) =>
  db
    .selectFrom('api_requests')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('api_key_id', '=', keyId)
    .where('created_at', '>=', since),
);

const jobsSinceQuery = precompiled(2, (db, keyId: string, since: string) =>
  db
    .selectFrom('generations')
    .select((eb) => [
      eb.fn.countAll<number>().as('count'),
      eb.fn
        .sum<number>(eb.case().when('credit_state', '!=', 'refunded').then(eb.ref('cost')).else(0).end())
        .as('credits'),
    ])
    .where('api_key_id', '=', keyId)
    .where('created_at', '>=', since),
);

/** What the public API's account answer counts for one key: its requests and its jobs since a date. */
export function createPublicAccountRepository(db: Executor) {
  return {
    /**
     * A key's figures since `since` (ISO 8601): requests recorded for it, jobs it made, and the credits
     * those jobs hold or were charged (a refunded job cost nothing).
     */
    async keyUsageSince(keyId: string, since: string, trx: Executor = db) {
      const requests = await requestsSinceQuery.first(trx, keyId, since);
      const jobs = await jobsSinceQuery.first(trx, keyId, since);
      return {
        requests: Number(requests?.count ?? 0),
        generations: Number(jobs?.count ?? 0),
        credits: Number(jobs?.credits ?? 0),
      };
    },
  };
}

export type PublicAccountRepository = ReturnType<typeof createPublicAccountRepository>;
