import type { Selectable } from 'kysely';
import type { Executor } from '../../platform/db/executor.js';
import type { PushSubscriptionsTable } from '../../platform/db/schema.js';

export type PushSubscriptionRow = Selectable<PushSubscriptionsTable>;

/** Web Push subscriptions: one row per browser endpoint, owned by the person who subscribed last. */
export function createPushRepository(db: Executor) {
  return {
    /** Inserts or takes over the endpoint (a browser shared by two accounts notifies the latest one). */
    async upsert(row: PushSubscriptionRow, trx: Executor = db): Promise<void> {
      await trx
        .insertInto('push_subscriptions')
        .values(row)
        .onConflict((conflict) =>
          conflict.column('endpoint').doUpdateSet({
            user_id: row.user_id,
            p256dh: row.p256dh,
            auth: row.auth,
            user_agent: row.user_agent,
            updated_at: row.updated_at,
          }),
        )
        .execute();
    },

    listForUser(userId: string, trx: Executor = db): Promise<PushSubscriptionRow[]> {
      return trx.selectFrom('push_subscriptions').selectAll().where('user_id', '=', userId).execute();
    },

    async deleteOwned(userId: string, endpoint: string, trx: Executor = db): Promise<number> {
      const result = await trx
        .deleteFrom('push_subscriptions')
        .where('user_id', '=', userId)
        .where('endpoint', '=', endpoint)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** The push service said the subscription is gone (404/410). */
    async deleteById(id: string, trx: Executor = db): Promise<void> {
      await trx.deleteFrom('push_subscriptions').where('id', '=', id).execute();
    },
  };
}

export type PushRepository = ReturnType<typeof createPushRepository>;
