import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../dialect.js';

/** Accounts, sessions and settings: what signing in needs. */
export function initial(dialect: Dialect): Migration {
  const t = dialect.types;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('email', 'text', (col) => col.notNull().unique())
        .addColumn('display_name', 'text', (col) => col.notNull())
        .addColumn('password_hash', 'text')
        .addColumn('role', 'text', (col) =>
          col.notNull().defaultTo('user').check(sql`role in ('user', 'admin')`),
        )
        .addColumn('plan', 'text', (col) =>
          col.notNull().defaultTo('free').check(sql`plan in ('free', 'pro', 'enterprise')`),
        )
        .addColumn('credits_monthly', 'integer', (col) =>
          col.notNull().defaultTo(0).check(sql`credits_monthly >= 0`),
        )
        .addColumn('credits_purchased', 'integer', (col) =>
          col.notNull().defaultTo(0).check(sql`credits_purchased >= 0`),
        )
        .addColumn('email_verified_at', t.timestamp)
        .addColumn('created_at', t.timestamp, (col) => col.notNull())
        .addColumn('updated_at', t.timestamp, (col) => col.notNull())
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('token_hash', 'text', (col) => col.notNull().unique())
        .addColumn('remember', t.boolean, (col) => col.notNull().defaultTo(0))
        .addColumn('created_at', t.timestamp, (col) => col.notNull())
        .addColumn('last_seen_at', t.timestamp, (col) => col.notNull())
        .addColumn('expires_at', t.timestamp, (col) => col.notNull())
        .addColumn('ip', 'text')
        .addColumn('user_agent', 'text')
        .execute();
      await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();
      await db.schema.createIndex('sessions_expires_at_idx').on('sessions').column('expires_at').execute();

      await db.schema
        .createTable('user_settings')
        .addColumn('user_id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('data', t.json, (col) => col.notNull())
        .addColumn('created_at', t.timestamp, (col) => col.notNull())
        .addColumn('updated_at', t.timestamp, (col) => col.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('user_settings').execute();
      await db.schema.dropTable('sessions').execute();
      await db.schema.dropTable('users').execute();
    },
  };
}
