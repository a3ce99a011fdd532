import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../dialect.js';

/** Generation jobs, the library's assets (with full-text search on the prompt) and usage logs. */
export function generations(dialect: Dialect): Migration {
  const t = dialect.types;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('generations')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('image', 'video')`))
        .addColumn('status', 'text', (col) =>
          col.notNull().check(sql`status in ('queued', 'running', 'succeeded', 'failed', 'cancelled')`),
        )
        .addColumn('progress', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('stage', 'text')
        .addColumn('prompt', 'text', (col) => col.notNull())
        .addColumn('negative_prompt', 'text')
        .addColumn('options', t.json, (col) => col.notNull())
        .addColumn('provider', 'text', (col) => col.notNull())
        .addColumn('model', 'text', (col) => col.notNull())
        .addColumn('seed', t.bigint, (col) => col.notNull())
        .addColumn('cost', 'integer', (col) => col.notNull().check(sql`cost >= 0`))
        .addColumn('reserved_monthly', 'integer', (col) => col.notNull())
        .addColumn('reserved_purchased', 'integer', (col) => col.notNull())
        .addColumn('credit_state', 'text', (col) =>
          col.notNull().check(sql`credit_state in ('reserved', 'charged', 'refunded')`),
        )
        .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('lease_until', t.timestamp)
        .addColumn('cancel_requested', t.boolean, (col) => col.notNull().defaultTo(0))
        .addColumn('provider_state', t.json)
        .addColumn('preview_key', 'text')
        .addColumn('asset_id', 'text')
        .addColumn('error', 'text')
        .addColumn('error_code', 'text')
        .addColumn('details', t.json)
        .addColumn('api_key_id', 'text')
        .addColumn('idempotency_key', 'text')
        .addColumn('created_at', t.timestamp, (col) => col.notNull())
        .addColumn('started_at', t.timestamp)
        .addColumn('finished_at', t.timestamp)
        .addColumn('updated_at', t.timestamp, (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('generations_user_created_idx')
        .on('generations')
        .columns(['user_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('generations_status_idx')
        .on('generations')
        .columns(['status', 'lease_until'])
        .execute();

      await db.schema
        .createTable('assets')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('generation_id', 'text')
        .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('image', 'video')`))
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
        .execute();
      await db.schema
        .createIndex('assets_user_created_idx')
        .on('assets')
        .columns(['user_id', 'created_at'])
        .execute();

      // Full-text search on prompts: FTS5 in SQLite, a generated tsvector with a GIN index in PostgreSQL.
      if (dialect.name === 'sqlite') {
        await sql`create virtual table assets_fts using fts5(prompt, content='assets', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2')`.execute(
          db,
        );
        await sql`create trigger assets_fts_insert after insert on assets begin
          insert into assets_fts(rowid, prompt) values (new.rowid, new.prompt); end`.execute(db);
        await sql`create trigger assets_fts_delete after delete on assets begin
          insert into assets_fts(assets_fts, rowid, prompt) values ('delete', old.rowid, old.prompt); end`.execute(
          db,
        );
      } else {
        await sql`alter table assets add column prompt_tsv tsvector generated always as (to_tsvector('simple', prompt)) stored`.execute(
          db,
        );
        await sql`create index assets_prompt_tsv_idx on assets using gin (prompt_tsv)`.execute(db);
      }

      await db.schema
        .createTable('usage_logs')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('generation_id', 'text', (col) => col.notNull().unique())
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('prompt', 'text', (col) => col.notNull())
        .addColumn('credits', 'integer', (col) => col.notNull())
        .addColumn('api_key_id', 'text')
        .addColumn('created_at', t.timestamp, (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('usage_logs_user_created_idx')
        .on('usage_logs')
        .columns(['user_id', 'created_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('usage_logs').execute();
      if (dialect.name === 'sqlite') await sql`drop table assets_fts`.execute(db);
      await db.schema.dropTable('assets').execute();
      await db.schema.dropTable('generations').execute();
    },
  };
}
