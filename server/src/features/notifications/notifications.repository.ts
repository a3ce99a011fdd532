import type { Executor } from '../../platform/db/executor.js';

/** What the e-mail notifications read and write: recipients, job heartbeats, the low-credit mark. */
export function createNotificationsRepository(db: Executor) {
  return {
    recipient(userId: string, trx: Executor = db) {
      return trx
        .selectFrom('users')
        .select([
          'id',
          'email',
          'display_name',
          'detected_time_zone',
          'low_credits_mailed_at',
          'credits_monthly',
          'credits_purchased',
        ])
        .where('id', '=', userId)
        .executeTakeFirst();
    },

    exists(userId: string, trx: Executor = db) {
      return trx.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
    },

    generation(jobId: string, trx: Executor = db) {
      return trx
        .selectFrom('generations')
        .leftJoin('assets', 'assets.id', 'generations.asset_id')
        .select([
          'generations.id',
          'generations.user_id',
          'generations.kind',
          'generations.status',
          'generations.prompt',
          'generations.error',
          'generations.error_code',
          'generations.asset_id',
          'generations.api_key_id',
          'generations.created_at',
          'generations.finished_at',
          'generations.watched_at',
          // Auto-save off: the result waits in the generator's history, not in the library.
          'assets.saved as asset_saved',
        ])
        .where('generations.id', '=', jobId)
        .executeTakeFirst();
    },

    /**
     * Renews the heartbeat of an open page following the owner's unfinished job, at most once per
     * `renewBefore` (a conditional update, so frequent polls cost one write per interval).
     */
    async markWatched(
      jobId: string,
      userId: string,
      at: { now: string; renewBefore: string },
      trx: Executor = db,
    ): Promise<boolean> {
      const result = await trx
        .updateTable('generations')
        .set({ watched_at: at.now })
        .where('id', '=', jobId)
        .where('user_id', '=', userId)
        .where('status', 'in', ['queued', 'running'])
        .where((eb) => eb.or([eb('watched_at', 'is', null), eb('watched_at', '<', at.renewBefore)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async setDetectedTimeZone(userId: string, zone: string, trx: Executor = db): Promise<void> {
      await trx.updateTable('users').set({ detected_time_zone: zone }).where('id', '=', userId).execute();
    },

    /**
     * Claims the "credits running low" e-mail: only the caller that moves `low_credits_mailed_at` from
     * the value it read sends it, so two jobs ending at once send one e-mail.
     */
    async claimLowCredits(
      userId: string,
      previous: string | null,
      now: string,
      trx: Executor = db,
    ): Promise<boolean> {
      const result = await trx
        .updateTable('users')
        .set({ low_credits_mailed_at: now })
        .where('id', '=', userId)
        .where((eb) =>
          previous === null
            ? eb('low_credits_mailed_at', 'is', null)
            : eb('low_credits_mailed_at', '=', previous),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Whether the balance was back at or above `mark` at some point after `since` (the ledger keeps every balance). */
    async balanceReachedSince(
      userId: string,
      since: string,
      mark: number,
      trx: Executor = db,
    ): Promise<boolean> {
      const row = await trx
        .selectFrom('credit_ledger')
        .select('id')
        .where('user_id', '=', userId)
        .where('created_at', '>', since)
        .where((eb) => eb(eb('balance_monthly', '+', eb.ref('balance_purchased')), '>=', mark))
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * People who consented to marketing e-mails (for administrators' announcements), in pages ordered
     * by id: pass the last id of a page as `after` for the next.
     */
    consentingRecipients(options: { after?: string; limit: number }, trx: Executor = db) {
      let query = trx
        .selectFrom('users')
        .select(['id', 'email', 'display_name', 'marketing_consent_at'])
        .where('marketing_consent_at', 'is not', null)
        .orderBy('id')
        .limit(options.limit);
      if (options.after) query = query.where('id', '>', options.after);
      return query.execute() as Promise<
        { id: string; email: string; display_name: string; marketing_consent_at: string }[]
      >;
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
