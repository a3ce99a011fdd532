import type { Executor } from '../../platform/db/executor.js';

/** Read-only figures for the profile, counted from usage logs, purchases and the credit ledger. */
export function createUsageRepository(db: Executor) {
  return {
    async generations(userId: string, since: string | null) {
      let query = db
        .selectFrom('usage_logs')
        .select((eb) => [
          'kind',
          eb.fn.countAll<number>().as('count'),
          eb.fn.sum<number>('credits').as('credits'),
        ])
        .where('user_id', '=', userId);
      if (since) query = query.where('created_at', '>=', since);
      return (await query.groupBy('kind').execute()).map((row) => ({
        kind: row.kind,
        count: Number(row.count),
        credits: Number(row.credits ?? 0),
      }));
    },

    async purchases(userId: string, since: string | null) {
      let query = db
        .selectFrom('purchases')
        .select((eb) => [
          'kind',
          eb.fn.sum<number>(eb('credits', '+', eb.ref('bonus_credits'))).as('credits'),
          eb.fn.sum<number>('amount_cents').as('cents'),
        ])
        .where('user_id', '=', userId)
        .where('status', '=', 'succeeded');
      if (since) query = query.where('created_at', '>=', since);
      return (await query.groupBy('kind').execute()).map((row) => ({
        kind: row.kind,
        credits: Number(row.credits ?? 0),
        cents: Number(row.cents ?? 0),
      }));
    },

    recentGenerations(userId: string, limit: number) {
      return db
        .selectFrom('usage_logs')
        .select(['id', 'kind', 'prompt', 'credits', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .limit(limit)
        .execute();
    },

    recentPurchases(userId: string, limit: number) {
      return db
        .selectFrom('purchases')
        .select([
          'id',
          'kind',
          'item',
          'description',
          'status',
          'credits',
          'bonus_credits',
          'amount_cents',
          'failure_code',
          'failure_message',
          'created_at',
        ])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .limit(limit)
        .execute();
    },

    /** Ledger events that are not a generation or a purchase: grants, monthly resets, corrections. */
    recentCreditEvents(userId: string, limit: number) {
      return db
        .selectFrom('credit_ledger')
        .select(['id', 'kind', 'delta_monthly', 'delta_purchased', 'note', 'created_at'])
        .where('user_id', '=', userId)
        .where('kind', 'in', ['grant', 'monthly_reset', 'adjustment'])
        .orderBy('created_at', 'desc')
        .limit(limit)
        .execute();
    },

    async usageStats(userId: string, trx: Executor = db) {
      const rows = await trx
        .selectFrom('usage_logs')
        .select((eb) => [
          'kind',
          eb.fn.countAll<number>().as('count'),
          eb.fn.sum<number>('credits').as('credits'),
        ])
        .where('user_id', '=', userId)
        .groupBy('kind')
        .execute();
      const of = (kind: string) => rows.find((row) => row.kind === kind);
      const images = Number(of('image')?.count ?? 0);
      const videos = Number(of('video')?.count ?? 0);
      return {
        totalGenerations: images + videos,
        imagesGenerated: images,
        videosGenerated: videos,
        creditsUsed: Number(of('image')?.credits ?? 0) + Number(of('video')?.credits ?? 0),
      };
    },

    usageLogs(userId: string, limit: number, trx: Executor = db) {
      return trx
        .selectFrom('usage_logs')
        .select(['id', 'kind', 'prompt', 'credits', 'created_at', 'generation_id'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .limit(limit)
        .execute();
    },
  };
}

export type UsageRepository = ReturnType<typeof createUsageRepository>;
