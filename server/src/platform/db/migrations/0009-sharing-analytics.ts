import { handleFromName } from '@kaleido/common';
import { type Kysely, type Migration, sql } from 'kysely';
import { type Dialect, jsonTextField } from '../dialect.js';

/**
 * Sharing and first-party analytics:
 * - `users.handle` (the public profile is /u/<handle>): stored lower-case, so the unique index is
 *   case-insensitive; existing accounts get one derived from their display name here.
 * - `users.profile_visibility`: a copy of the setting, kept by the settings service, so the gallery
 *   and profile queries filter on an indexed join instead of parsing every owner's settings JSON.
 * - `assets.shared` (default off) with partial indexes for the gallery and the profile pages.
 * - `analytics_events`: page views and feature use; no IP address, no user agent string.
 */
export function sharingAnalytics(dialect: Dialect): Migration {
  const t = dialect.types;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('users').addColumn('handle', 'text').execute();
      await db.schema
        .alterTable('users')
        .addColumn('profile_visibility', 'text', (col) => col.notNull().defaultTo('private'))
        .execute();
      await db.schema
        .alterTable('assets')
        .addColumn('shared', t.boolean, (col) => col.notNull().defaultTo(0))
        .execute();

      // Existing accounts: visibility from their settings, a handle from their name.
      const visibility = jsonTextField(dialect, 'user_settings.data', 'profileVisibility');
      await sql`update users set profile_visibility = (select ${visibility} from user_settings where user_settings.user_id = users.id)
        where exists (select 1 from user_settings where user_settings.user_id = users.id and ${visibility} in ('public', 'friends', 'private'))`.execute(
        db,
      );
      const people = await sql<{
        id: string;
        display_name: string;
      }>`select id, display_name from users order by created_at, id`.execute(db);
      const taken = new Set<string>();
      for (const person of people.rows) {
        const stem = handleFromName(person.display_name);
        let handle = stem;
        for (let n = 2; taken.has(handle); n++) handle = `${stem.slice(0, 25)}-${n}`;
        taken.add(handle);
        await sql`update users set handle = ${handle} where id = ${person.id}`.execute(db);
      }
      await db.schema.createIndex('users_handle_idx').on('users').column('handle').unique().execute();

      // The gallery walks shared assets newest first; a profile walks one person's.
      await db.schema
        .createIndex('assets_shared_created_idx')
        .on('assets')
        .columns(['created_at', 'id'])
        .where(sql.ref('shared'), '=', 1)
        .execute();
      await db.schema
        .createIndex('assets_shared_user_created_idx')
        .on('assets')
        .columns(['user_id', 'created_at', 'id'])
        .where(sql.ref('shared'), '=', 1)
        .execute();

      await db.schema
        .createTable('analytics_events')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('user_id', 'text', (col) => col.references('users.id').onDelete('cascade'))
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('path', 'text', (col) => col.notNull())
        .addColumn('properties', t.json, (col) => col.notNull())
        .addColumn('device', 'text')
        .addColumn('created_at', t.timestamp, (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('analytics_events_created_idx')
        .on('analytics_events')
        .columns(['created_at', 'name'])
        .execute();
      await db.schema
        .createIndex('analytics_events_user_idx')
        .on('analytics_events')
        .column('user_id')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('analytics_events').execute();
      await db.schema.dropIndex('assets_shared_user_created_idx').execute();
      await db.schema.dropIndex('assets_shared_created_idx').execute();
      await db.schema.dropIndex('users_handle_idx').execute();
      await db.schema.alterTable('assets').dropColumn('shared').execute();
      await db.schema.alterTable('users').dropColumn('profile_visibility').execute();
      await db.schema.alterTable('users').dropColumn('handle').execute();
    },
  };
}
