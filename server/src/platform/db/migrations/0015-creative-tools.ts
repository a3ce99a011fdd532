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
      for (const column of ['source_asset_ids', 'tool', 'origin']) {
        await db.schema.alterTable('assets').dropColumn(column).execute();
      }
      for (const column of ['tool_options', 'source_asset_ids', 'tool']) {
        await db.schema.alterTable('generations').dropColumn(column).execute();
      }
    },
  };
}
