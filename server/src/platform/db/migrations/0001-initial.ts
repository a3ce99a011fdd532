import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../dialect.js';

/** Accounts, sessions, social identities, one-time tokens, sign-in throttling, settings and the credit ledger. */
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
        .addColumn('authenticated_at', t.timestamp, (col) => col.notNull())
        .addColumn('auth_method', 'text', (col) => col.notNull().defaultTo('password'))
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

      await db.schema
        .createTable('oauth_accounts')
        .addColumn('provider', 'text', (col) => col.notNull())
        .addColumn('subject', 'text', (col) => col.notNull())
        .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('email', 'text')
        .addColumn('created_at', t.timestamp, (col) => col.notNull())
        .addPrimaryKeyConstraint('oauth_accounts_pk', ['provider', 'subject'])
        .execute();
      await db.schema
        .createIndex('oauth_accounts_user_id_idx')
        .on('oauth_accounts')
        .column('user_id')
        .execute();

      await db.schema
        .createTable('one_time_tokens')
        .addColumn('token_hash', 'text', (col) => col.primaryKey())
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', t.timestamp, (col) => col.notNull())
        .addColumn('expires_at', t.timestamp, (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('one_time_tokens_user_id_idx')
        .on('one_time_tokens')
        .column('user_id')
        .execute();

      await db.schema
        .createTable('auth_throttle')
        .addColumn('key', 'text', (col) => col.primaryKey())
        .addColumn('failures', 'integer', (col) => col.notNull())
        .addColumn('window_started_at', t.timestamp, (col) => col.notNull())
        .addColumn('locked_until', t.timestamp)
        .execute();

      // Installation-wide facts claimed once (e.g. which account became the first administrator).
      await db.schema
        .createTable('app_state')
        .addColumn('key', 'text', (col) => col.primaryKey())
        .addColumn('value', 'text', (col) => col.notNull())
        .addColumn('created_at', t.timestamp, (col) => col.notNull())
        .execute();

      await db.schema
        .createTable('credit_ledger')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('delta_monthly', 'integer', (col) => col.notNull())
        .addColumn('delta_purchased', 'integer', (col) => col.notNull())
        .addColumn('balance_monthly', 'integer', (col) => col.notNull())
        .addColumn('balance_purchased', 'integer', (col) => col.notNull())
        .addColumn('reference', 'text')
        .addColumn('note', 'text')
        .addColumn('created_at', t.timestamp, (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('credit_ledger_user_created_idx')
        .on('credit_ledger')
        .columns(['user_id', 'created_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of [
        'credit_ledger',
        'app_state',
        'auth_throttle',
        'one_time_tokens',
        'oauth_accounts',
      ]) {
        await db.schema.dropTable(table).execute();
      }
      await db.schema.dropTable('user_settings').execute();
      await db.schema.dropTable('sessions').execute();
      await db.schema.dropTable('users').execute();
    },
  };
}
