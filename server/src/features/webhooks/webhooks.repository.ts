import type { Insertable, Selectable } from 'kysely';
import type { Executor } from '../../platform/db/executor.js';
import type { WebhookDeliveriesTable, WebhookSecretsTable } from '../../platform/db/schema.js';

export type WebhookSecretRow = Selectable<WebhookSecretsTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;
export type NewWebhookDelivery = Insertable<WebhookDeliveriesTable>;

/** Where a page of the delivery log ends: the last row's creation time and id. */
export interface DeliveryCursor {
  createdAt: string;
  id: string;
}

export function createWebhooksRepository(db: Executor) {
  return {
    findSecret(userId: string, trx: Executor = db): Promise<WebhookSecretRow | undefined> {
      return trx.selectFrom('webhook_secrets').selectAll().where('user_id', '=', userId).executeTakeFirst();
    },

    /** The first secret of an account; a concurrent first read keeps the one stored first. */
    async insertSecret(row: WebhookSecretRow, trx: Executor = db): Promise<void> {
      await trx
        .insertInto('webhook_secrets')
        .values(row)
        .onConflict((conflict) => conflict.column('user_id').doNothing())
        .execute();
    },

    async replaceSecret(
      userId: string,
      next: Pick<
        WebhookSecretRow,
        'secret_encrypted' | 'created_at' | 'previous_encrypted' | 'previous_expires_at'
      >,
      trx: Executor = db,
    ): Promise<void> {
      await trx.updateTable('webhook_secrets').set(next).where('user_id', '=', userId).execute();
    },

    /** Marks the account URL disabled; false when it already was (so the owner is told once). */
    async disable(userId: string, at: string, trx: Executor = db): Promise<boolean> {
      const result = await trx
        .updateTable('webhook_secrets')
        .set({ disabled_at: at })
        .where('user_id', '=', userId)
        .where('disabled_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async enable(userId: string, trx: Executor = db): Promise<void> {
      await trx
        .updateTable('webhook_secrets')
        .set({ disabled_at: null })
        .where('user_id', '=', userId)
        .execute();
    },

    /** A key's own target. */
    async keyUrl(apiKeyId: string, trx: Executor = db): Promise<string | null> {
      const row = await trx
        .selectFrom('api_keys')
        .select('webhook_url')
        .where('id', '=', apiKeyId)
        .executeTakeFirst();
      return row?.webhook_url ?? null;
    },

    async insertDeliveries(rows: NewWebhookDelivery[], trx: Executor = db): Promise<void> {
      if (rows.length) await trx.insertInto('webhook_deliveries').values(rows).execute();
    },

    findDelivery(id: string, trx: Executor = db): Promise<WebhookDeliveryRow | undefined> {
      return trx.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findOwnedDelivery(
      id: string,
      userId: string,
      trx: Executor = db,
    ): Promise<WebhookDeliveryRow | undefined> {
      return trx
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    /** Newest first; one row more than `limit` tells whether another page follows. */
    listDeliveries(
      userId: string,
      options: { cursor: DeliveryCursor | null; limit: number },
      trx: Executor = db,
    ): Promise<WebhookDeliveryRow[]> {
      let query = trx.selectFrom('webhook_deliveries').selectAll().where('user_id', '=', userId);
      const cursor = options.cursor;
      if (cursor) {
        query = query.where((eb) =>
          eb.or([
            eb('created_at', '<', cursor.createdAt),
            eb.and([eb('created_at', '=', cursor.createdAt), eb('id', '<', cursor.id)]),
          ]),
        );
      }
      return query
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(options.limit + 1)
        .execute();
    },

    /**
     * Takes one attempt of a due delivery: pending, its time come, and no other worker holding it.
     * The conditional update is the lock: of two processes handed the same job, one gets the row.
     */
    async claim(id: string, now: string, leaseUntil: string, trx: Executor = db) {
      const result = await trx
        .updateTable('webhook_deliveries')
        .set({ lease_until: leaseUntil, updated_at: now })
        .where('id', '=', id)
        .where('state', '=', 'pending')
        .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', now)]))
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return undefined;
      return this.findDelivery(id, trx);
    },

    /** Records an attempt's outcome and releases the lease. */
    async recordAttempt(
      id: string,
      outcome: Pick<
        WebhookDeliveryRow,
        'state' | 'last_status' | 'last_latency_ms' | 'last_error' | 'last_attempt_at' | 'next_attempt_at'
      > & { attempts: number },
      now: string,
      trx: Executor = db,
    ): Promise<void> {
      await trx
        .updateTable('webhook_deliveries')
        .set({ ...outcome, lease_until: null, updated_at: now })
        .where('id', '=', id)
        .execute();
    },

    /** A redelivery: pending again, due now (its attempts go on counting). */
    async reschedule(id: string, now: string, trx: Executor = db): Promise<void> {
      await trx
        .updateTable('webhook_deliveries')
        .set({ state: 'pending', next_attempt_at: now, lease_until: null, updated_at: now })
        .where('id', '=', id)
        .execute();
    },

    /** Pending deliveries with the time each is due (`dueBy`: only those due and not held by a worker). */
    pendingDeliveries(limit: number, dueBy: string | null, trx: Executor = db) {
      let query = trx
        .selectFrom('webhook_deliveries')
        .select(['id', 'next_attempt_at'])
        .where('state', '=', 'pending');
      if (dueBy) {
        query = query
          .where('next_attempt_at', '<=', dueBy)
          .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', dueBy)]));
      }
      return query.orderBy('next_attempt_at').limit(limit).execute();
    },

    /** When a target last took a delivery of this account, and the oldest failure since then. */
    async targetHistory(userId: string, target: string, trx: Executor = db) {
      const delivered = await trx
        .selectFrom('webhook_deliveries')
        .select((eb) => eb.fn.max('last_attempt_at').as('at'))
        .where('user_id', '=', userId)
        .where('target', '=', target)
        .where('state', '=', 'delivered')
        .executeTakeFirst();
      const since = delivered?.at ?? null;
      let failed = trx
        .selectFrom('webhook_deliveries')
        .select((eb) => eb.fn.min('created_at').as('at'))
        .where('user_id', '=', userId)
        .where('target', '=', target)
        .where('state', '=', 'failed');
      if (since) failed = failed.where('created_at', '>', since);
      const oldestFailure = (await failed.executeTakeFirst())?.at ?? null;
      return { lastDeliveredAt: since, oldestFailureSince: oldestFailure };
    },
  };
}

export type WebhooksRepository = ReturnType<typeof createWebhooksRepository>;
