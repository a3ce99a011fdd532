import type { TGenerationType, TReviewStatus } from '@kaleido/common';
import { sql } from 'kysely';
import type { Executor } from '../../platform/db/executor.js';
import type { ReportsTable } from '../../platform/db/schema.js';

/** Where a page of the review queue ends: the last item's latest report time and asset id. */
export interface QueueCursor {
  createdAt: string;
  id: string;
}

/** Reports, the review queue and hidden assets (migration 0017). */
export function createModerationRepository(db: Executor) {
  return {
    /** A shared, saved, visible (not hidden) picture or video with its owner's profile visibility. */
    findReportable(assetId: string, trx: Executor = db) {
      return trx
        .selectFrom('assets')
        .innerJoin('users', 'users.id', 'assets.user_id')
        .select(['assets.id', 'assets.user_id', 'users.profile_visibility'])
        .where('assets.id', '=', assetId)
        .where('assets.shared', '=', 1)
        .where('assets.saved', '=', 1)
        .where('assets.hidden', '=', 0)
        .where('assets.kind', 'not in', ['audio', 'model'])
        .executeTakeFirst();
    },

    hasReported(assetId: string, reporterId: string, trx: Executor = db): Promise<boolean> {
      return trx
        .selectFrom('reports')
        .select('id')
        .where('asset_id', '=', assetId)
        .where('reporter_id', '=', reporterId)
        .executeTakeFirst()
        .then((row) => !!row);
    },

    async insertReport(row: ReportsTable, trx: Executor = db): Promise<void> {
      await trx.insertInto('reports').values(row).execute();
    },

    /** The item goes (back) to the open queue with one more report. */
    async openItem(assetId: string, at: string, trx: Executor = db): Promise<void> {
      await trx
        .insertInto('moderation_items')
        .values({
          asset_id: assetId,
          status: 'open',
          report_count: 1,
          first_reported_at: at,
          last_reported_at: at,
        })
        .onConflict((conflict) =>
          conflict.column('asset_id').doUpdateSet({
            status: 'open',
            report_count: sql<number>`moderation_items.report_count + 1`,
            last_reported_at: at,
          }),
        )
        .execute();
    },

    /** One page of the queue, latest report first. */
    queue(query: { status: TReviewStatus; after?: QueueCursor; limit: number }, trx: Executor = db) {
      let select = trx
        .selectFrom('moderation_items')
        .innerJoin('assets', 'assets.id', 'moderation_items.asset_id')
        .innerJoin('users', 'users.id', 'assets.user_id')
        .select([
          'moderation_items.asset_id',
          'moderation_items.status',
          'moderation_items.report_count',
          'moderation_items.first_reported_at',
          'moderation_items.last_reported_at',
          'moderation_items.decided_at',
          'assets.kind',
          'assets.prompt',
          'assets.file_key',
          'assets.thumbnail_key',
          'assets.hidden',
          'users.id as author_id',
          'users.handle as author_handle',
          'users.display_name as author_name',
          'users.email as author_email',
          'users.disabled_at as author_disabled_at',
        ])
        .$narrowType<{ kind: TGenerationType }>()
        .where('moderation_items.status', '=', query.status);
      if (query.after) {
        const { createdAt, id } = query.after;
        select = select.where((eb) =>
          eb.or([
            eb('moderation_items.last_reported_at', '<', createdAt),
            eb.and([
              eb('moderation_items.last_reported_at', '=', createdAt),
              eb('moderation_items.asset_id', '<', id),
            ]),
          ]),
        );
      }
      return select
        .orderBy('moderation_items.last_reported_at', 'desc')
        .orderBy('moderation_items.asset_id', 'desc')
        .limit(query.limit)
        .execute();
    },

    /** The reports of these items, newest first, with their reporters' names. */
    reportsOf(assetIds: readonly string[], trx: Executor = db) {
      if (assetIds.length === 0) return Promise.resolve([]);
      return trx
        .selectFrom('reports')
        .innerJoin('users', 'users.id', 'reports.reporter_id')
        .select([
          'reports.id',
          'reports.asset_id',
          'reports.reason',
          'reports.note',
          'reports.created_at',
          'reports.reporter_id',
          'users.display_name as reporter_name',
        ])
        .where('reports.asset_id', 'in', assetIds)
        .orderBy('reports.created_at', 'desc')
        .orderBy('reports.id', 'desc')
        .execute();
    },

    findItem(assetId: string, trx: Executor = db) {
      return trx
        .selectFrom('moderation_items')
        .innerJoin('assets', 'assets.id', 'moderation_items.asset_id')
        .select([
          'moderation_items.asset_id',
          'moderation_items.status',
          'assets.hidden',
          'assets.user_id as author_id',
        ])
        .where('moderation_items.asset_id', '=', assetId)
        .executeTakeFirst();
    },

    async isDisabled(userId: string, trx: Executor = db): Promise<boolean> {
      const row = await trx
        .selectFrom('users')
        .select('disabled_at')
        .where('id', '=', userId)
        .executeTakeFirst();
      return !!row?.disabled_at;
    },

    async decide(
      assetId: string,
      decision: { status: 'hidden' | 'kept'; at: string; by: string },
      trx: Executor = db,
    ): Promise<void> {
      await trx
        .updateTable('moderation_items')
        .set({ status: decision.status, decided_at: decision.at, decided_by: decision.by })
        .where('asset_id', '=', assetId)
        .execute();
      await trx
        .updateTable('assets')
        .set({ hidden: decision.status === 'hidden' ? 1 : 0 })
        .where('id', '=', assetId)
        .execute();
    },
  };
}

export type ModerationRepository = ReturnType<typeof createModerationRepository>;
