import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * Train (issue 21): `trainings`, one personal model training per row and a durable job of the
 * training queue. `remote_id`/`remote_state` name the provider's training once it was submitted, so a
 * restarted worker follows the same one; `reserved_monthly`/`reserved_purchased` are the credit
 * reservation (refunded once, by the guarded move to `failed`/`cancelled`); `weights_url` (fal) or
 * `remote_version` (Replicate) is the trained model; `deleted_at` hides a deleted model.
 */
export function trainings(dialect: Dialect): Migration {
  const t = dialect.types;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('trainings')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('trigger_word', 'text', (col) => col.notNull())
        .addColumn('kind', 'text', (col) =>
          col.notNull().check(sql`kind in ('style', 'product', 'character')`),
        )
        .addColumn('provider', 'text', (col) => col.notNull())
        .addColumn('status', 'text', (col) =>
          col.notNull().check(sql`status in ('queued', 'running', 'succeeded', 'failed', 'cancelled')`),
        )
        .addColumn('progress', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('stage', 'text')
        .addColumn('cost', 'integer', (col) => col.notNull())
        .addColumn('reserved_monthly', 'integer', (col) => col.notNull())
        .addColumn('reserved_purchased', 'integer', (col) => col.notNull())
        .addColumn('source_asset_ids', t.json, (col) => col.notNull())
        .addColumn('remote_id', 'text')
        .addColumn('remote_state', t.json)
        .addColumn('weights_url', 'text')
        .addColumn('remote_version', 'text')
        .addColumn('error', 'text')
        .addColumn('cancel_requested', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('lease_until', t.timestamp)
        .addColumn('next_poll_at', t.timestamp)
        .addColumn('created_at', t.timestamp, (col) => col.notNull())
        .addColumn('started_at', t.timestamp)
        .addColumn('completed_at', t.timestamp)
        .addColumn('deleted_at', t.timestamp)
        .execute();
      await db.schema
        .createIndex('trainings_user_created_idx')
        .on('trainings')
        .columns(['user_id', 'created_at', 'id'])
        .execute();
      await db.schema
        .createIndex('trainings_status_idx')
        .on('trainings')
        .columns(['status', 'next_poll_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('trainings').execute();
    },
  };
}
