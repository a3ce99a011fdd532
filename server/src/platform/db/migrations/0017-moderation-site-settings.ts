import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * Moderation and site settings (issue 20):
 * - `site_settings`: one row (`id = 'site'`) with the settings and the blocked terms as JSON and a
 *   `version` every save adds one to; each process compares it with its cached copy before use, so a
 *   change takes effect at once in every process, without a restart.
 * - `reports`: one per person and item (unique), with a reason and a note.
 * - `moderation_items`: an item's place in the review queue (open, hidden or kept) and its counts.
 * - `assets.hidden`: 0/1, hidden by an administrator from the gallery and public profiles.
 * - `invites`: sign-up links (only the token's SHA-256 is kept) with an expiry and a use count.
 * - `announcement_emails`: a sending to consenting people: progress, and the last recipient's id as a
 *   cursor so a sending interrupted by a restart goes on where it stopped (`lease_until`).
 */
export function moderationSiteSettings(dialect: Dialect): Migration {
  const t = dialect.types;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('site_settings')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('settings', t.json, (col) => col.notNull())
        .addColumn('blocked_terms', t.json, (col) => col.notNull().defaultTo('[]'))
        .addColumn('version', 'integer', (col) => col.notNull())
        .addColumn('updated_at', t.timestamp)
        .addColumn('blocked_terms_updated_at', t.timestamp)
        .execute();
      await db.schema
        .createTable('moderation_items')
        .addColumn('asset_id', 'text', (col) => col.primaryKey().references('assets.id').onDelete('cascade'))
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('report_count', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('first_reported_at', t.timestamp, (col) => col.notNull())
        .addColumn('last_reported_at', t.timestamp, (col) => col.notNull())
        .addColumn('decided_at', t.timestamp)
        .addColumn('decided_by', 'text', (col) => col.references('users.id').onDelete('set null'))
        .execute();
      await db.schema
        .createIndex('moderation_items_status_idx')
        .on('moderation_items')
        .columns(['status', 'last_reported_at', 'asset_id'])
        .execute();
      await db.schema
        .createTable('reports')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('asset_id', 'text', (col) => col.notNull().references('assets.id').onDelete('cascade'))
        .addColumn('reporter_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('reason', 'text', (col) => col.notNull())
        .addColumn('note', 'text')
        .addColumn('created_at', t.timestamp, (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('reports_asset_reporter_idx')
        .on('reports')
        .columns(['asset_id', 'reporter_id'])
        .unique()
        .execute();
      await db.schema.createIndex('reports_reporter_idx').on('reports').column('reporter_id').execute();
      await db.schema
        .alterTable('assets')
        .addColumn('hidden', t.boolean, (col) => col.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('invites')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('token_hash', 'text', (col) => col.notNull().unique())
        .addColumn('note', 'text')
        .addColumn('expires_at', t.timestamp, (col) => col.notNull())
        .addColumn('max_uses', 'integer', (col) => col.notNull())
        .addColumn('uses', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('revoked_at', t.timestamp)
        .addColumn('created_by', 'text', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('created_at', t.timestamp, (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('invites_created_idx')
        .on('invites')
        .columns(['created_at', 'id'])
        .execute();
      await db.schema
        .createTable('announcement_emails')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('subject', 'text', (col) => col.notNull())
        .addColumn('body', 'text', (col) => col.notNull())
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('total', 'integer', (col) => col.notNull())
        .addColumn('sent', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('failed', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('cursor', 'text')
        .addColumn('lease_until', t.timestamp)
        .addColumn('created_by', 'text', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('created_at', t.timestamp, (col) => col.notNull())
        .addColumn('finished_at', t.timestamp)
        .execute();
      await db.schema
        .createIndex('announcement_emails_created_idx')
        .on('announcement_emails')
        .columns(['created_at', 'id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('announcement_emails').execute();
      await db.schema.dropTable('invites').execute();
      await db.schema.alterTable('assets').dropColumn('hidden').execute();
      await db.schema.dropTable('reports').execute();
      await db.schema.dropTable('moderation_items').execute();
      await db.schema.dropTable('site_settings').execute();
    },
  };
}
