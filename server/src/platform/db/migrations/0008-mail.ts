import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * E-mail notifications:
 * - `users.marketing_consent_at`: when the person said yes to marketing e-mails (null: no consent).
 *   Accounts that already had the setting on get the time their settings last changed.
 * - `users.detected_time_zone`: the browser's zone, for people whose timezone setting is 'auto'.
 * - `users.low_credits_mailed_at`: when the last "credits running low" e-mail went out (once per crossing).
 * - `generations.watched_at`: heartbeat of an open page following the job (event stream or polling),
 *   so the long-job e-mail is skipped when the person saw the end in the app.
 */
export function mail(dialect: Dialect): Migration {
  const t = dialect.types;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('users').addColumn('marketing_consent_at', t.timestamp).execute();
      await db.schema.alterTable('users').addColumn('detected_time_zone', 'text').execute();
      await db.schema.alterTable('users').addColumn('low_credits_mailed_at', t.timestamp).execute();
      await db.schema.alterTable('generations').addColumn('watched_at', t.timestamp).execute();

      const rows = await sql<{ user_id: string; data: string; updated_at: string | Date }>`
        select user_id, data, updated_at from user_settings`.execute(db);
      for (const row of rows.rows) {
        let consent = false;
        try {
          consent = (JSON.parse(row.data) as { marketingEmails?: unknown }).marketingEmails === true;
        } catch {
          consent = false;
        }
        if (!consent) continue;
        const at = row.updated_at instanceof Date ? row.updated_at.toISOString() : row.updated_at;
        await sql`update users set marketing_consent_at = ${at} where id = ${row.user_id}`.execute(db);
      }
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('generations').dropColumn('watched_at').execute();
      await db.schema.alterTable('users').dropColumn('low_credits_mailed_at').execute();
      await db.schema.alterTable('users').dropColumn('detected_time_zone').execute();
      await db.schema.alterTable('users').dropColumn('marketing_consent_at').execute();
    },
  };
}
