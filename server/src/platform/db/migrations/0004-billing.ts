import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * Billing: each account's billing month and pending downgrade, payment methods (brand, last 4 and
 * expiry only, plus the payment provider's token), the billing address, purchases with their
 * idempotency keys, and invoices.
 */
export function billing(dialect: Dialect): Migration {
  const t = dialect.types;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('billing_accounts')
        .addColumn('user_id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('pending_plan', 'text')
        .addColumn('anchor_at', t.timestamp, (col) => col.notNull())
        .addColumn('period_start', t.timestamp, (col) => col.notNull())
        .addColumn('period_end', t.timestamp, (col) => col.notNull())
        .addColumn('created_at', t.timestamp, (col) => col.notNull())
        .addColumn('updated_at', t.timestamp, (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('billing_accounts_period_end_idx')
        .on('billing_accounts')
        .column('period_end')
        .execute();

      await db.schema
        .createTable('payment_methods')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('provider', 'text', (col) => col.notNull())
        .addColumn('provider_token', 'text', (col) => col.notNull())
        .addColumn('brand', 'text', (col) => col.notNull())
        .addColumn('last4', 'text', (col) => col.notNull())
        .addColumn('exp_month', 'integer', (col) => col.notNull())
        .addColumn('exp_year', 'integer', (col) => col.notNull())
        .addColumn('cardholder_name', 'text', (col) => col.notNull())
        .addColumn('is_default', t.boolean, (col) => col.notNull())
        .addColumn('created_at', t.timestamp, (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('payment_methods_user_idx')
        .on('payment_methods')
        .column('user_id')
        .execute();

      await db.schema
        .createTable('billing_addresses')
        .addColumn('user_id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('email', 'text', (col) => col.notNull())
        .addColumn('address', 'text', (col) => col.notNull())
        .addColumn('city', 'text', (col) => col.notNull())
        .addColumn('state', 'text', (col) => col.notNull())
        .addColumn('zip_code', 'text', (col) => col.notNull())
        .addColumn('country', 'text', (col) => col.notNull())
        .addColumn('created_at', t.timestamp, (col) => col.notNull())
        .addColumn('updated_at', t.timestamp, (col) => col.notNull())
        .execute();

      await db.schema
        .createTable('purchases')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('item', 'text', (col) => col.notNull())
        .addColumn('description', 'text', (col) => col.notNull())
        .addColumn('amount_cents', 'integer', (col) => col.notNull())
        .addColumn('currency', 'text', (col) => col.notNull())
        .addColumn('credits', 'integer', (col) => col.notNull())
        .addColumn('bonus_credits', 'integer', (col) => col.notNull())
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('failure_code', 'text')
        .addColumn('failure_message', 'text')
        // No foreign key: the history keeps the card's brand and last 4 after the card is removed.
        .addColumn('payment_method_id', 'text')
        .addColumn('card_brand', 'text')
        .addColumn('card_last4', 'text')
        .addColumn('provider', 'text', (col) => col.notNull())
        .addColumn('provider_charge_id', 'text')
        .addColumn('idempotency_key', 'text', (col) => col.notNull())
        .addColumn('request_hash', 'text', (col) => col.notNull())
        .addColumn('created_at', t.timestamp, (col) => col.notNull())
        .addColumn('completed_at', t.timestamp)
        .addUniqueConstraint('purchases_user_idempotency_key', ['user_id', 'idempotency_key'])
        .execute();
      await db.schema
        .createIndex('purchases_user_created_idx')
        .on('purchases')
        .columns(['user_id', 'created_at'])
        .execute();

      await db.schema
        .createTable('invoices')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('purchase_id', 'text', (col) =>
          col.notNull().unique().references('purchases.id').onDelete('cascade'),
        )
        .addColumn('number', 'text', (col) => col.notNull().unique())
        .addColumn('description', 'text', (col) => col.notNull())
        .addColumn('amount_cents', 'integer', (col) => col.notNull())
        .addColumn('currency', 'text', (col) => col.notNull())
        .addColumn('card_brand', 'text')
        .addColumn('card_last4', 'text')
        .addColumn('created_at', t.timestamp, (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('invoices_user_created_idx')
        .on('invoices')
        .columns(['user_id', 'created_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('invoices').execute();
      await db.schema.dropTable('purchases').execute();
      await db.schema.dropTable('billing_addresses').execute();
      await db.schema.dropTable('payment_methods').execute();
      await db.schema.dropTable('billing_accounts').execute();
    },
  };
}
