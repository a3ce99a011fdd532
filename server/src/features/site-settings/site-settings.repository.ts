import { type Selectable, sql } from 'kysely';
import type { Executor } from '../../platform/db/executor.js';
import { precompiled } from '../../platform/db/precompiled.js';
import type { AnnouncementEmailsTable, InvitesTable, SiteSettingsTable } from '../../platform/db/schema.js';

export type SiteSettingsRow = Selectable<SiteSettingsTable>;
export type InviteRow = Selectable<InvitesTable>;
export type AnnouncementEmailRow = Selectable<AnnouncementEmailsTable>;

/** The one row of `site_settings`. */
const SITE = 'site';

/** Every use of the settings reads it (every submit route): precompiled. */
const versionQuery = precompiled(0, (db) =>
  db.selectFrom('site_settings').select('version').where('id', '=', SITE),
);

/** Site settings, invites and announcement e-mails (migration 0017). */
export function createSiteSettingsRepository(db: Executor) {
  /** Inserts the row or updates it, adding one to `version` either way (concurrent saves never share one). */
  async function upsert(
    values: {
      settings?: string;
      blocked_terms?: string;
      updated_at?: string;
      blocked_terms_updated_at?: string;
    },
    defaults: string,
    trx: Executor,
  ): Promise<SiteSettingsRow> {
    return trx
      .insertInto('site_settings')
      .values({ id: SITE, settings: values.settings ?? defaults, version: 1, ...values })
      .onConflict((conflict) =>
        conflict.column('id').doUpdateSet({ ...values, version: sql<number>`site_settings.version + 1` }),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  return {
    /** The version alone: the cheap read every use of the settings makes. 0 before the first save. */
    async version(trx: Executor = db): Promise<number> {
      const row = await versionQuery.first(trx);
      return row ? Number(row.version) : 0;
    },

    find(trx: Executor = db): Promise<SiteSettingsRow | undefined> {
      return trx.selectFrom('site_settings').selectAll().where('id', '=', SITE).executeTakeFirst();
    },

    saveSettings(settings: string, at: string, trx: Executor = db): Promise<SiteSettingsRow> {
      return upsert({ settings, updated_at: at }, settings, trx);
    },

    /** `defaults`: the settings JSON to store when no row exists yet. */
    saveBlockedTerms(
      terms: string,
      at: string,
      defaults: string,
      trx: Executor = db,
    ): Promise<SiteSettingsRow> {
      return upsert({ blocked_terms: terms, blocked_terms_updated_at: at }, defaults, trx);
    },

    async insertInvite(row: InviteRow, trx: Executor = db): Promise<void> {
      await trx.insertInto('invites').values(row).execute();
    },

    listInvites(limit: number, trx: Executor = db) {
      return trx
        .selectFrom('invites')
        .leftJoin('users', 'users.id', 'invites.created_by')
        .selectAll('invites')
        .select('users.display_name as creator_name')
        .orderBy('invites.created_at', 'desc')
        .orderBy('invites.id', 'desc')
        .limit(limit)
        .execute();
    },

    findInvite(id: string, trx: Executor = db) {
      return trx
        .selectFrom('invites')
        .leftJoin('users', 'users.id', 'invites.created_by')
        .selectAll('invites')
        .select('users.display_name as creator_name')
        .where('invites.id', '=', id)
        .executeTakeFirst();
    },

    findInviteByHash(hash: string, trx: Executor = db): Promise<InviteRow | undefined> {
      return trx.selectFrom('invites').selectAll().where('token_hash', '=', hash).executeTakeFirst();
    },

    /** Takes one use of a live invite with one guarded update: false when expired, used up or revoked. */
    async useInvite(hash: string, at: string, trx: Executor = db): Promise<boolean> {
      const result = await trx
        .updateTable('invites')
        .set({ uses: sql<number>`uses + 1` })
        .where('token_hash', '=', hash)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', at)
        .where(sql<boolean>`uses < max_uses`)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async revokeInvite(id: string, at: string, trx: Executor = db): Promise<boolean> {
      const result = await trx
        .updateTable('invites')
        .set({ revoked_at: at })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async insertEmail(row: AnnouncementEmailRow, trx: Executor = db): Promise<void> {
      await trx.insertInto('announcement_emails').values(row).execute();
    },

    findEmail(id: string, trx: Executor = db): Promise<AnnouncementEmailRow | undefined> {
      return trx.selectFrom('announcement_emails').selectAll().where('id', '=', id).executeTakeFirst();
    },

    listEmails(limit: number, trx: Executor = db): Promise<AnnouncementEmailRow[]> {
      return trx
        .selectFrom('announcement_emails')
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    /** Sendings still going whose lease is free (none, or lapsed: the process sending them stopped). */
    claimableEmails(at: string, trx: Executor = db): Promise<AnnouncementEmailRow[]> {
      return trx
        .selectFrom('announcement_emails')
        .selectAll()
        .where('status', '=', 'sending')
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', at)]))
        .orderBy('created_at')
        .execute();
    },

    /**
     * Claims a sending for this process until `leaseUntil` with one guarded update (its lease free or
     * lapsed), so two processes never send the same batch; false when another process holds it.
     */
    async claimEmail(id: string, at: string, leaseUntil: string, trx: Executor = db): Promise<boolean> {
      const result = await trx
        .updateTable('announcement_emails')
        .set({ lease_until: leaseUntil })
        .where('id', '=', id)
        .where('status', '=', 'sending')
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', at)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Records a sent batch, moves the cursor and renews the lease; `done` ends the sending. */
    async recordBatch(
      id: string,
      batch: {
        sent: number;
        failed: number;
        cursor: string | null;
        done: boolean;
        at: string;
        leaseUntil: string;
      },
      trx: Executor = db,
    ): Promise<void> {
      await trx
        .updateTable('announcement_emails')
        .set({
          sent: sql<number>`sent + ${batch.sent}`,
          failed: sql<number>`failed + ${batch.failed}`,
          cursor: batch.cursor,
          lease_until: batch.leaseUntil,
          ...(batch.done ? { status: 'done' as const, finished_at: batch.at, lease_until: null } : {}),
        })
        .where('id', '=', id)
        .execute();
    },

    async countConsenting(trx: Executor = db): Promise<number> {
      const row = await trx
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('marketing_consent_at', 'is not', null)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
  };
}

export type SiteSettingsRepository = ReturnType<typeof createSiteSettingsRepository>;
