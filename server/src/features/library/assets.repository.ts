import {
  readStoredAssetSettings,
  type TAssetSettings,
  type TGenerationType,
  writeStoredAssetSettings,
} from '@kaleido/common';
import type { Insertable, Selectable } from 'kysely';
import type { Dialect } from '../../platform/db/dialect.js';
import { assetPromptMatches, searchWords } from '../../platform/db/dialect.js';
import type { Executor } from '../../platform/db/executor.js';
import type { AssetsTable, UsageLogsTable } from '../../platform/db/schema.js';

/** An asset as the app reads it: the job's options it was made with, typed (read once, here). */
export type AssetRow = Omit<Selectable<AssetsTable>, 'settings'> & { settings: TAssetSettings };
export type NewAsset = Omit<Insertable<AssetsTable>, 'settings'> & { settings: TAssetSettings };

function toRow(row: Selectable<AssetsTable>): AssetRow {
  return { ...row, settings: readStoredAssetSettings(row.kind, row.settings) };
}
const toRowOrUndefined = (row: Selectable<AssetsTable> | undefined) => (row ? toRow(row) : undefined);

export interface AssetPageQuery {
  userId: string;
  q?: string;
  /** `upload`: the person's uploads (images, videos and audio). */
  type: 'all' | 'upload' | TGenerationType;
  sort: 'newest' | 'oldest';
  /** Position after which to continue: the last row's created_at and id. */
  after?: { createdAt: string; id: string };
  limit: number;
  /** Unsaved results too (the generator's history); default: saved assets only (the library). */
  includeUnsaved?: boolean;
}

export function createAssetsRepository(db: Executor, dialect: Dialect) {
  return {
    async insert(row: NewAsset, trx: Executor = db): Promise<void> {
      await trx
        .insertInto('assets')
        .values({ ...row, settings: writeStoredAssetSettings(row.settings) })
        .execute();
    },

    find(id: string, trx: Executor = db): Promise<AssetRow | undefined> {
      return trx
        .selectFrom('assets')
        .selectAll('assets')
        .where('id', '=', id)
        .executeTakeFirst()
        .then(toRowOrUndefined);
    },

    findOwned(id: string, userId: string, trx: Executor = db): Promise<AssetRow | undefined> {
      return trx
        .selectFrom('assets')
        .selectAll('assets')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst()
        .then(toRowOrUndefined);
    },

    /** One page of a person's library, keyset-paginated on (created_at, id). */
    async page(query: AssetPageQuery, trx: Executor = db): Promise<AssetRow[]> {
      let select = trx.selectFrom('assets').selectAll('assets').where('assets.user_id', '=', query.userId);
      if (!query.includeUnsaved) select = select.where('assets.saved', '=', 1);
      if (query.type === 'upload') select = select.where('assets.origin', '=', 'uploaded');
      else if (query.type !== 'all') select = select.where('assets.kind', '=', query.type);
      const words = query.q ? searchWords(query.q) : [];
      if (words.length) select = select.where(assetPromptMatches(dialect, words));
      const newest = query.sort === 'newest';
      if (query.after) {
        const { createdAt, id } = query.after;
        select = select.where((eb) =>
          eb.or([
            eb('assets.created_at', newest ? '<' : '>', createdAt),
            eb.and([eb('assets.created_at', '=', createdAt), eb('assets.id', newest ? '<' : '>', id)]),
          ]),
        );
      }
      const rows = await select
        .orderBy('assets.created_at', newest ? 'desc' : 'asc')
        .orderBy('assets.id', newest ? 'desc' : 'asc')
        .limit(query.limit)
        .execute();
      return rows.map(toRow);
    },

    /** A saved asset of `userId` (the library's own actions: zip downloads). */
    findOwnedSaved(id: string, userId: string, trx: Executor = db): Promise<AssetRow | undefined> {
      return trx
        .selectFrom('assets')
        .selectAll('assets')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('saved', '=', 1)
        .executeTakeFirst()
        .then(toRowOrUndefined);
    },

    /** Moves a result into the library; true when the asset exists (saving twice is harmless). */
    async markSaved(id: string, userId: string, trx: Executor = db): Promise<boolean> {
      const result = await trx
        .updateTable('assets')
        .set({ saved: 1 })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Unsaved results made before `before`, oldest first (the clean-up's candidates). */
    unsavedBefore(before: string, limit: number, trx: Executor = db) {
      return trx
        .selectFrom('assets')
        .select(['id', 'user_id', 'generation_id'])
        .where('saved', '=', 0)
        .where('created_at', '<', before)
        .orderBy('created_at')
        .limit(limit)
        .execute();
    },

    /**
     * Deletes an unsaved result if it is still unsaved and older than `before`: one guarded delete, so of
     * two processes cleaning up at once (or a Save racing the clean-up) exactly one wins.
     */
    async deleteUnsaved(id: string, before: string, trx: Executor = db): Promise<boolean> {
      const result = await trx
        .deleteFrom('assets')
        .where('id', '=', id)
        .where('saved', '=', 0)
        .where('created_at', '<', before)
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    async delete(id: string, userId: string, trx: Executor = db): Promise<boolean> {
      const result = await trx
        .deleteFrom('assets')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    async listAll(userId: string, trx: Executor = db): Promise<AssetRow[]> {
      const rows = await trx
        .selectFrom('assets')
        .selectAll('assets')
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .execute();
      return rows.map(toRow);
    },

    /** Records what `assetId` was made from (lineage), in order. */
    async insertSources(assetId: string, sourceIds: readonly string[], trx: Executor = db): Promise<void> {
      if (!sourceIds.length) return;
      await trx
        .insertInto('asset_sources')
        .values(
          sourceIds.map((sourceId, position) => ({ asset_id: assetId, source_asset_id: sourceId, position })),
        )
        .execute();
    },

    /** The owner's assets made from `sourceId` (still existing), newest first. */
    async derivedFrom(sourceId: string, userId: string, trx: Executor = db): Promise<AssetRow[]> {
      const rows = await trx
        .selectFrom('assets')
        .innerJoin('asset_sources', 'asset_sources.asset_id', 'assets.id')
        .selectAll('assets')
        .where('asset_sources.source_asset_id', '=', sourceId)
        .where('assets.user_id', '=', userId)
        .orderBy('assets.created_at', 'desc')
        .orderBy('assets.id', 'desc')
        .execute();
      return rows.map(toRow);
    },

    /** The owner's assets among `ids` that still exist, in the order of `ids`. */
    async findManyOwned(ids: readonly string[], userId: string, trx: Executor = db): Promise<AssetRow[]> {
      if (!ids.length) return [];
      const rows = await trx
        .selectFrom('assets')
        .selectAll('assets')
        .where('id', 'in', [...ids])
        .where('user_id', '=', userId)
        .execute();
      const byId = new Map(rows.map((row) => [row.id, toRow(row)]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    /** Bytes the owner keeps (every asset's file; thumbnails are small and not counted). */
    async storageUsed(userId: string, trx: Executor = db): Promise<number> {
      const row = await trx
        .selectFrom('assets')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('size_bytes'), eb.val(0)).as('used'))
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(row?.used ?? 0);
    },

    async insertUsageLog(row: Insertable<UsageLogsTable>, trx: Executor = db): Promise<void> {
      await trx.insertInto('usage_logs').values(row).execute();
    },
  };
}

export type AssetsRepository = ReturnType<typeof createAssetsRepository>;
