import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * Creative tools (issue 16):
 * - `generations.tool` (`generate`, `enhance`, `edit`), `source_asset_ids` (JSON array: the assets a
 *   tool job works on) and `tool_options` (JSON: scale, quality, mode, style, the expand target, the
 *   mask's file key, …; null for generations);
 * - `assets.origin` (`generated` or `uploaded`), `tool` (null for uploads; existing rows `generate`)
 *   and `source_asset_ids` (JSON array, kept when a source is deleted);
 * - `asset_sources`: one row per (derived asset, source asset), so "what was made from this" is an
 *   indexed lookup. A derived asset's rows go with it; deleting a source leaves them (the derived asset
 *   keeps its lineage, the source is simply absent).
 * - `assets.kind` may be `audio` (audio uploads, for lipsync). PostgreSQL swaps the check; SQLite
 *   cannot, so the table is rebuilt with the same columns, rows and rowids (the FTS5 index
 *   `assets_fts` is keyed by rowid and stays valid), its indexes and its FTS triggers. Nothing
 *   references `assets` yet (`asset_sources` comes after).
 */
export function creativeTools(dialect: Dialect): Migration {
  const t = dialect.types;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('generations')
        .addColumn('tool', 'text', (col) =>
          col.notNull().defaultTo('generate').check(sql`tool in ('generate', 'enhance', 'edit')`),
        )
        .execute();
      await db.schema
        .alterTable('generations')
        .addColumn('source_asset_ids', t.json, (col) => col.notNull().defaultTo('[]'))
        .execute();
      await db.schema.alterTable('generations').addColumn('tool_options', t.json).execute();

      await db.schema
        .alterTable('assets')
        .addColumn('origin', 'text', (col) =>
          col.notNull().defaultTo('generated').check(sql`origin in ('generated', 'uploaded')`),
        )
        .execute();
      await db.schema
        .alterTable('assets')
        .addColumn('tool', 'text', (col) => col.defaultTo('generate'))
        .execute();
      await db.schema
        .alterTable('assets')
        .addColumn('source_asset_ids', t.json, (col) => col.notNull().defaultTo('[]'))
        .execute();

      await allowAssetKinds(db, dialect, ['image', 'video', 'audio']);

      await db.schema
        .createTable('asset_sources')
        .addColumn('asset_id', 'text', (col) => col.notNull().references('assets.id').onDelete('cascade'))
        .addColumn('source_asset_id', 'text', (col) => col.notNull())
        .addColumn('position', 'integer', (col) => col.notNull())
        .addPrimaryKeyConstraint('asset_sources_pk', ['asset_id', 'source_asset_id'])
        .execute();
      await db.schema
        .createIndex('asset_sources_source_idx')
        .on('asset_sources')
        .column('source_asset_id')
        .execute();
      await db.schema
        .createIndex('assets_user_origin_idx')
        .on('assets')
        .columns(['user_id', 'origin'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('assets_user_origin_idx').execute();
      await db.schema.dropTable('asset_sources').execute();
      // Audio uploads cannot stay under the old check (their files are left to the orphan sweep).
      await sql`delete from assets where kind = 'audio'`.execute(db);
      await allowAssetKinds(db, dialect, ['image', 'video']);
      for (const column of ['source_asset_ids', 'tool', 'origin']) {
        await db.schema.alterTable('assets').dropColumn(column).execute();
      }
      for (const column of ['tool_options', 'source_asset_ids', 'tool']) {
        await db.schema.alterTable('generations').dropColumn(column).execute();
      }
    },
  };
}

/** Sets the kinds `assets.kind` accepts: the check swapped on PostgreSQL, the table rebuilt on SQLite. */
async function allowAssetKinds(
  db: Kysely<unknown>,
  dialect: Dialect,
  kinds: readonly string[],
): Promise<void> {
  const allowed = sql.join(kinds.map((kind) => sql.lit(kind)));
  if (dialect.name === 'postgres') {
    await sql`alter table assets drop constraint if exists assets_kind_check`.execute(db);
    await sql`alter table assets add constraint assets_kind_check check (kind in (${allowed}))`.execute(db);
    return;
  }
  const t = dialect.types;
  const columns = sql.raw(
    'id, user_id, generation_id, kind, prompt, settings, file_key, thumbnail_key, content_type, size_bytes, width, height, duration_seconds, fps, seed, provider, model, created_at, saved, shared, origin, tool, source_asset_ids',
  );
  // One transaction: a crash midway leaves the old table as it was.
  await db.transaction().execute(async (trx) => {
    await trx.schema
      .createTable('assets_next')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('generation_id', 'text')
      .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in (${allowed})`))
      .addColumn('prompt', 'text', (col) => col.notNull())
      .addColumn('settings', t.json, (col) => col.notNull())
      .addColumn('file_key', 'text', (col) => col.notNull())
      .addColumn('thumbnail_key', 'text')
      .addColumn('content_type', 'text', (col) => col.notNull())
      .addColumn('size_bytes', 'integer', (col) => col.notNull())
      .addColumn('width', 'integer', (col) => col.notNull())
      .addColumn('height', 'integer', (col) => col.notNull())
      .addColumn('duration_seconds', 'real')
      .addColumn('fps', 'integer')
      .addColumn('seed', t.bigint, (col) => col.notNull())
      .addColumn('provider', 'text', (col) => col.notNull())
      .addColumn('model', 'text', (col) => col.notNull())
      .addColumn('created_at', t.timestamp, (col) => col.notNull())
      .addColumn('saved', t.boolean, (col) => col.notNull().defaultTo(1))
      .addColumn('shared', t.boolean, (col) => col.notNull().defaultTo(0))
      .addColumn('origin', 'text', (col) =>
        col.notNull().defaultTo('generated').check(sql`origin in ('generated', 'uploaded')`),
      )
      .addColumn('tool', 'text', (col) => col.defaultTo('generate'))
      .addColumn('source_asset_ids', t.json, (col) => col.notNull().defaultTo('[]'))
      .execute();
    // The rowids move with the rows: the FTS5 index (content_rowid = rowid) keeps pointing at them.
    await sql`insert into assets_next (rowid, ${columns}) select rowid, ${columns} from assets`.execute(trx);
    // Dropping the table drops its indexes and FTS triggers (they are made again below).
    await trx.schema.dropTable('assets').execute();
    await sql`alter table assets_next rename to assets`.execute(trx);
    await trx.schema
      .createIndex('assets_user_created_idx')
      .on('assets')
      .columns(['user_id', 'created_at'])
      .execute();
    await trx.schema
      .createIndex('assets_saved_created_idx')
      .on('assets')
      .columns(['saved', 'created_at'])
      .execute();
    await trx.schema
      .createIndex('assets_shared_created_idx')
      .on('assets')
      .columns(['created_at', 'id'])
      .where(sql.ref('shared'), '=', 1)
      .execute();
    await trx.schema
      .createIndex('assets_shared_user_created_idx')
      .on('assets')
      .columns(['user_id', 'created_at', 'id'])
      .where(sql.ref('shared'), '=', 1)
      .execute();
    await sql`create trigger assets_fts_insert after insert on assets begin
      insert into assets_fts(rowid, prompt) values (new.rowid, new.prompt); end`.execute(trx);
    await sql`create trigger assets_fts_delete after delete on assets begin
      insert into assets_fts(assets_fts, rowid, prompt) values ('delete', old.rowid, old.prompt); end`.execute(
      trx,
    );
  });
}
