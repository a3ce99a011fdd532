import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * Web Push subscriptions (one row per browser endpoint), and a guard for the offline queue: a
 * generation request made in a browser session with an Idempotency-Key is accepted once per person
 * and key (the public API keeps its own records per API key in `idempotency_keys`).
 */
export function push(dialect: Dialect): Migration {
  const t = dialect.types;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('push_subscriptions')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('endpoint', 'text', (col) => col.notNull().unique())
        .addColumn('p256dh', 'text', (col) => col.notNull())
        .addColumn('auth', 'text', (col) => col.notNull())
        .addColumn('user_agent', 'text')
        .addColumn('created_at', t.timestamp, (col) => col.notNull())
        .addColumn('updated_at', t.timestamp, (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('push_subscriptions_user_idx')
        .on('push_subscriptions')
        .column('user_id')
        .execute();

      await db.schema
        .createIndex('generations_session_idempotency_idx')
        .on('generations')
        .columns(['user_id', 'idempotency_key'])
        .unique()
        .where(sql.ref('idempotency_key'), 'is not', null)
        .where(sql.ref('api_key_id'), 'is', null)
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('generations_session_idempotency_idx').execute();
      await db.schema.dropTable('push_subscriptions').execute();
    },
  };
}
