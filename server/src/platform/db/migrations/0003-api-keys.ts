import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.js';

/** Developer API keys (and the personal key), their request log, and idempotency records. */
export function apiKeys(dialect: Dialect): Migration {
  const t = dialect.types;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('api_keys')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('description', 'text', (col) => col.notNull())
        .addColumn('plan', 'text', (col) => col.notNull())
        .addColumn('permissions', t.json, (col) => col.notNull())
        .addColumn('key_hash', 'text', (col) => col.notNull().unique())
        .addColumn('key_encrypted', 'text', (col) => col.notNull())
        .addColumn('key_preview', 'text', (col) => col.notNull())
        .addColumn('is_active', t.boolean, (col) => col.notNull())
        .addColumn('credits_remaining', 'integer', (col) => col.notNull())
        .addColumn('credits_period', 'text', (col) => col.notNull())
        .addColumn('usage_count', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('last_used_at', t.timestamp)
        .addColumn('created_at', t.timestamp, (col) => col.notNull())
        .addColumn('updated_at', t.timestamp, (col) => col.notNull())
        .execute();
      await db.schema.createIndex('api_keys_user_idx').on('api_keys').column('user_id').execute();

      await db.schema
        .createTable('api_requests')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('api_key_id', 'text', (col) => col.notNull().references('api_keys.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('endpoint', 'text', (col) => col.notNull())
        .addColumn('kind', 'text')
        .addColumn('outcome', 'text', (col) => col.notNull())
        .addColumn('status_code', 'integer', (col) => col.notNull())
        .addColumn('credits', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('latency_ms', 'integer', (col) => col.notNull())
        .addColumn('generation_id', 'text')
        .addColumn('created_at', t.timestamp, (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('api_requests_key_created_idx')
        .on('api_requests')
        .columns(['api_key_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('api_requests_generation_idx')
        .on('api_requests')
        .column('generation_id')
        .execute();

      await db.schema
        .createTable('idempotency_keys')
        .addColumn('api_key_id', 'text', (col) => col.notNull().references('api_keys.id').onDelete('cascade'))
        .addColumn('key', 'text', (col) => col.notNull())
        .addColumn('request_hash', 'text', (col) => col.notNull())
        .addColumn('generation_id', 'text', (col) => col.notNull())
        .addColumn('created_at', t.timestamp, (col) => col.notNull())
        .addPrimaryKeyConstraint('idempotency_keys_pk', ['api_key_id', 'key'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('idempotency_keys').execute();
      await db.schema.dropTable('api_requests').execute();
      await db.schema.dropTable('api_keys').execute();
    },
  };
}
