import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * Auto-save and the watermark. `assets.saved` (1: in the library; 0: a result kept only in the
 * generator's history, deleted after 7 days unless saved), with an index for the clean-up's scan.
 * `generations.watermark`: whether the output carries the visible mark, decided when the job is
 * accepted (so a retry or a failover marks alike). `generations.result_expired_at`: when the clean-up
 * deleted the unsaved result (the job record stays; its `asset_id` is cleared).
 */
export function savedWatermark(dialect: Dialect): Migration {
  const t = dialect.types;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('assets')
        .addColumn('saved', t.boolean, (col) => col.notNull().defaultTo(1))
        .execute();
      await db.schema
        .createIndex('assets_saved_created_idx')
        .on('assets')
        .columns(['saved', 'created_at'])
        .execute();
      await db.schema
        .alterTable('generations')
        .addColumn('watermark', t.boolean, (col) => col.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('generations').addColumn('result_expired_at', t.timestamp).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('generations').dropColumn('result_expired_at').execute();
      await db.schema.alterTable('generations').dropColumn('watermark').execute();
      await db.schema.dropIndex('assets_saved_created_idx').execute();
      await db.schema.alterTable('assets').dropColumn('saved').execute();
    },
  };
}
