import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * Signed webhooks (DECISIONS, "Webhooks"):
 * - `webhook_secrets`: one per account, the signing secret sealed with a key derived from the server
 *   secret (the owner may reveal it), the previous one while it still signs after a rotation, and when
 *   the account URL was disabled for failing.
 * - `webhook_deliveries`: one event to one target, a durable job: its state, attempts, last answer and
 *   next attempt; a worker claims an attempt with a conditional update (`lease_until`).
 * - `generations.webhook_url` / `webhook_events`: a public API request's own target and event filter.
 * - `api_keys.webhook_url`: a key's own target.
 */
export function webhooks(dialect: Dialect): Migration {
  const t = dialect.types;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('webhook_secrets')
        .addColumn('user_id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('secret_encrypted', 'text', (col) => col.notNull())
        .addColumn('created_at', t.timestamp, (col) => col.notNull())
        .addColumn('previous_encrypted', 'text')
        .addColumn('previous_expires_at', t.timestamp)
        .addColumn('disabled_at', t.timestamp)
        .execute();
      await db.schema
        .createTable('webhook_deliveries')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('event_id', 'text', (col) => col.notNull())
        .addColumn('event', 'text', (col) => col.notNull())
        .addColumn('source', 'text', (col) => col.notNull())
        .addColumn('target', 'text', (col) => col.notNull())
        .addColumn('payload', t.json, (col) => col.notNull())
        .addColumn('generation_id', 'text')
        .addColumn('state', 'text', (col) => col.notNull())
        .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('last_status', 'integer')
        .addColumn('last_latency_ms', 'integer')
        .addColumn('last_error', 'text')
        .addColumn('last_attempt_at', t.timestamp)
        .addColumn('next_attempt_at', t.timestamp)
        .addColumn('lease_until', t.timestamp)
        .addColumn('created_at', t.timestamp, (col) => col.notNull())
        .addColumn('updated_at', t.timestamp, (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('webhook_deliveries_user_created_idx')
        .on('webhook_deliveries')
        .columns(['user_id', 'created_at', 'id'])
        .execute();
      await db.schema
        .createIndex('webhook_deliveries_due_idx')
        .on('webhook_deliveries')
        .columns(['state', 'next_attempt_at'])
        .execute();
      await db.schema.alterTable('generations').addColumn('webhook_url', 'text').execute();
      await db.schema.alterTable('generations').addColumn('webhook_events', t.json).execute();
      await db.schema.alterTable('api_keys').addColumn('webhook_url', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('api_keys').dropColumn('webhook_url').execute();
      await db.schema.alterTable('generations').dropColumn('webhook_events').execute();
      await db.schema.alterTable('generations').dropColumn('webhook_url').execute();
      await db.schema.dropTable('webhook_deliveries').execute();
      await db.schema.dropTable('webhook_secrets').execute();
    },
  };
}
