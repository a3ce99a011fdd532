import {
  readStoredAssetSettings,
  type TAssetSettings,
  type TGenerationType,
  writeStoredAssetSettings,
} from '@kaleido/common';
import { type Insertable, type Selectable, sql } from 'kysely';
import { type Dialect, searchWords } from '../../platform/db/dialect.js';
import type { Executor } from '../../platform/db/executor.js';
import type { AssetsTable, UsageLogsTable } from '../../platform/db/schema.js';
import { createPostgresSearch, type PostgresSearch, type PostgresSearchTuning } from './postgres-search.js';

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
  type: 'all' | 'upload' | TGenerationType | 'model';
  sort: 'newest' | 'oldest';
  /** Position after which to continue: the last row's created_at and id. */
  after?: { createdAt: string; id: string };
  limit: number;
  /** Unsaved results too (the generator's history); default: saved assets only (the library). */
  includeUnsaved?: boolean;
}

/** How SQLite searches (tests force each form; production takes the defaults). */
export interface SqliteSearchTuning {
  /** Group two or more words into one FTS5 node before the facets (default true; see searchMatch). */
  groupWords?: boolean;
}

export function createAssetsRepository(
  db: Executor,
  dialect: Dialect,
  options: { postgresSearch?: PostgresSearchTuning; sqliteSearch?: SqliteSearchTuning } = {},
) {
  const postgresSearch = createPostgresSearch(options.postgresSearch);
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

    /**
     * One page of a person's library, newest or oldest first, keyset-paginated after a (created_at, id)
     * position. PostgreSQL orders by (created_at, id); SQLite by (created_at, rowid), the rowid being
     * the row's time key (migration 0018), which is the same order but for rows made in the same
     * millisecond (insertion order there).
     */
    async page(query: AssetPageQuery, trx: Executor = db): Promise<AssetRow[]> {
      const words = query.q ? searchWords(query.q) : [];
      const rows =
        dialect.name === 'sqlite'
          ? words.length
            ? await sqliteSearchPage(trx, query, words, options.sqliteSearch ?? {})
            : await sqliteListPage(trx, query)
          : await postgresPage(trx, query, words, postgresSearch);
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

/** The type filter as a condition on `kind` or `origin`, if any. */
function typeFilter(
  type: AssetPageQuery['type'],
): { origin: 'uploaded' } | { kind: TGenerationType | 'model' } | undefined {
  if (type === 'all') return undefined;
  return type === 'upload' ? { origin: 'uploaded' } : { kind: type };
}

/** A prefix that expands to more whole words than this is left to FTS5's own prefix query. */
const MAX_PREFIX_WORDS = 32;

/**
 * A typed word as FTS5 terms: every indexed word it starts (`assets_search_terms`, migration 0018) as
 * an OR of whole words, which FTS5 streams in rowid order; null when no indexed word starts with it.
 * Words with letters outside ASCII (folded by FTS5's tokenizer, not here) and prefixes of very many
 * words keep FTS5's prefix query.
 */
async function sqliteWordTerms(trx: Executor, word: string): Promise<string | null> {
  if (!/^[a-z0-9]+$/.test(word)) return `"${word}"*`;
  const result = await sql<{ term: string }>`
    select term from assets_search_terms where term >= ${word} and term < ${`${word}\u{10FFFF}`}
    order by term limit ${MAX_PREFIX_WORDS + 1}`.execute(trx);
  const terms = result.rows.map((row) => row.term).filter((term) => term.startsWith(word));
  if (!terms.length) return null;
  if (terms.length > MAX_PREFIX_WORDS) return `"${word}"*`;
  return terms.map((term) => `"${term}"`).join(' OR ');
}

/**
 * A facet token no row has (the triggers write only `u…`, `s…`, `k…` and `o…`): `(words) OR` it keeps
 * the words' AND a node of its own, which FTS5 would otherwise merge into the facets' AND.
 */
const NO_FACET = 'n';

/**
 * The FTS5 query for a page: the person, saved (unless unsaved results are wanted) and the type as
 * facet tokens (written by migration 0018's triggers), and every word as a prefix of a prompt word.
 * `words` come from searchWords() (letters and digits only) and terms from the index, so quoting them
 * is enough. Null when a word starts no indexed word (nothing can match).
 *
 * Two or more words are grouped as `((w1 AND w2 …) OR facets : "n")`. FTS5's AND advances every child
 * to each candidate row, so in one flat AND the facet lists (every row of a person who owns most of
 * the table) were walked at each row holding just one of the words: two words that never share a
 * prompt cost a walk of four long lists (50 ms at a million rows). Grouped, the words agree on a row
 * before the facets are asked, and an empty intersection walks only the words' lists. `groupWords:
 * false` keeps the flat form (a test compares both).
 */
async function searchMatch(
  trx: Executor,
  query: AssetPageQuery,
  words: readonly string[],
  groupWords: boolean,
): Promise<string | null> {
  const facets = [`u${Buffer.from(query.userId, 'utf8').toString('hex')}`];
  if (!query.includeUnsaved) facets.push('s1');
  const type = typeFilter(query.type);
  if (type && 'origin' in type) facets.push(`o${type.origin}`);
  else if (type) facets.push(`k${type.kind}`);
  const prompt: string[] = [];
  for (const word of words) {
    const terms = await sqliteWordTerms(trx, word);
    if (!terms) return null;
    prompt.push(terms);
  }
  const wordsMatch = prompt.map((terms) => `prompt : (${terms})`);
  const grouped =
    groupWords && wordsMatch.length > 1
      ? [`((${wordsMatch.join(' AND ')}) OR facets : "${NO_FACET}")`]
      : wordsMatch;
  return [`facets : (${facets.join(' ')})`, ...grouped].join(' AND ');
}

/**
 * The rowid to continue from (exclusive) on SQLite: the cursor row's own, or, if it was deleted since,
 * the edge of its millisecond (a row of that same millisecond may then be skipped).
 */
function sqliteAfterKey(query: AssetPageQuery, after: { createdAt: string; id: string }) {
  const edge = query.sort === 'newest' ? 0 : 1048575;
  return sql<number>`coalesce(
    (select rowid from assets where id = ${after.id} and user_id = ${query.userId}),
    (cast(round((julianday(${after.createdAt}) - 2440587.5) * 86400000) as integer) << 20) + ${edge})`;
}

/**
 * SQLite search: the FTS5 index, walked in key order, filters by person, type and words in one MATCH,
 * so the LIMIT stops the walk after one page whatever the number of matches. An index row's key is
 * the asset's negated rowid (time key; migration 0023): newest first is FTS5's ascending walk, the
 * fast one.
 */
async function sqliteSearchPage(
  trx: Executor,
  query: AssetPageQuery,
  words: readonly string[],
  tuning: SqliteSearchTuning,
) {
  const newest = query.sort === 'newest';
  const after = query.after
    ? sql`and assets_search.rowid ${sql.raw(newest ? '>' : '<')} -(${sqliteAfterKey(query, query.after)})`
    : sql``;
  const match = await searchMatch(trx, query, words, tuning.groupWords ?? true);
  if (!match) return [];
  const result = await sql<Selectable<AssetsTable>>`
    select assets.* from assets_search join assets on assets.rowid = -assets_search.rowid
    where assets_search match ${match} and assets.user_id = ${query.userId} ${after}
    order by assets_search.rowid ${sql.raw(newest ? 'asc' : 'desc')}
    limit ${query.limit}`.execute(trx);
  return result.rows;
}

/** SQLite without words: an index on (user_id[, kind], created_at), whose last key is the rowid. */
async function sqliteListPage(trx: Executor, query: AssetPageQuery) {
  const newest = query.sort === 'newest';
  let select = trx.selectFrom('assets').selectAll('assets').where('assets.user_id', '=', query.userId);
  if (!query.includeUnsaved) select = select.where('assets.saved', '=', 1);
  const type = typeFilter(query.type);
  if (type && 'origin' in type) select = select.where('assets.origin', '=', type.origin);
  else if (type) select = select.where('assets.kind', '=', type.kind);
  if (query.after) {
    const { createdAt } = query.after;
    const key = sqliteAfterKey(query, query.after);
    select = select.where(
      sql<boolean>`(assets.created_at, assets.rowid) ${sql.raw(newest ? '<' : '>')} (${createdAt}, ${key})`,
    );
  }
  return select
    .orderBy('assets.created_at', newest ? 'desc' : 'asc')
    .orderBy(sql`assets.rowid`, newest ? 'desc' : 'asc')
    .limit(query.limit)
    .execute();
}

/** PostgreSQL: keyset on (created_at, id); words go through the search planner (postgres-search.ts). */
async function postgresPage(
  trx: Executor,
  query: AssetPageQuery,
  words: readonly string[],
  search: PostgresSearch,
) {
  const newest = query.sort === 'newest';
  let select = trx.selectFrom('assets').where('assets.user_id', '=', query.userId);
  if (!query.includeUnsaved) select = select.where('assets.saved', '=', 1);
  const type = typeFilter(query.type);
  if (type && 'origin' in type) select = select.where('assets.origin', '=', type.origin);
  else if (type) select = select.where('assets.kind', '=', type.kind);
  if (query.after) {
    const { createdAt, id } = query.after;
    select = select.where(
      sql<boolean>`(assets.created_at, assets.id) ${sql.raw(newest ? '<' : '>')} (${createdAt}, ${id})`,
    );
  }
  if (words.length) return search.page(trx, query, words, select);
  return select
    .selectAll('assets')
    .orderBy('assets.created_at', newest ? 'desc' : 'asc')
    .orderBy('assets.id', newest ? 'desc' : 'asc')
    .limit(query.limit)
    .execute();
}
