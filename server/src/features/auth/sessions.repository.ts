import type { Selectable } from 'kysely';
import type { Executor } from '../../platform/db/executor.js';
import { precompiled } from '../../platform/db/precompiled.js';
import type { SessionsTable } from '../../platform/db/schema.js';
import type { UserRow } from '../accounts/users.repository.js';

export type SessionRow = Selectable<SessionsTable>;

/** The session and its user by session id: every signed-in request runs it (precompiled). */
const findWithUserQuery = precompiled(1, (db, id: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as s_id',
      'sessions.user_id as s_user_id',
      'sessions.token_hash as s_token_hash',
      'sessions.remember as s_remember',
      'sessions.created_at as s_created_at',
      'sessions.authenticated_at as s_authenticated_at',
      'sessions.auth_method as s_auth_method',
      'sessions.last_seen_at as s_last_seen_at',
      'sessions.expires_at as s_expires_at',
      'sessions.ip as s_ip',
      'sessions.user_agent as s_user_agent',
      'users.id',
      'users.email',
      'users.display_name',
      'users.password_hash',
      'users.role',
      'users.plan',
      'users.credits_monthly',
      'users.credits_purchased',
      'users.email_verified_at',
      'users.created_at',
      'users.updated_at',
      'users.handle',
      'users.profile_visibility',
      'users.marketing_consent_at',
      'users.detected_time_zone',
      'users.low_credits_mailed_at',
      'users.disabled_at',
    ])
    .where('sessions.id', '=', id),
);

export function createSessionsRepository(db: Executor) {
  return {
    async insert(session: SessionRow, trx: Executor = db): Promise<void> {
      await trx.insertInto('sessions').values(session).execute();
    },

    /** The session and its user in one query. */
    async findWithUser(
      id: string,
      trx: Executor = db,
    ): Promise<{ session: SessionRow; user: UserRow } | undefined> {
      const row = await findWithUserQuery.first(trx, id);
      if (!row) return undefined;
      return {
        session: {
          id: row.s_id,
          user_id: row.s_user_id,
          token_hash: row.s_token_hash,
          remember: row.s_remember,
          created_at: row.s_created_at,
          authenticated_at: row.s_authenticated_at,
          auth_method: row.s_auth_method,
          last_seen_at: row.s_last_seen_at,
          expires_at: row.s_expires_at,
          ip: row.s_ip,
          user_agent: row.s_user_agent,
        },
        user: {
          id: row.id,
          email: row.email,
          display_name: row.display_name,
          password_hash: row.password_hash,
          role: row.role,
          plan: row.plan,
          credits_monthly: row.credits_monthly,
          credits_purchased: row.credits_purchased,
          email_verified_at: row.email_verified_at,
          created_at: row.created_at,
          updated_at: row.updated_at,
          handle: row.handle,
          profile_visibility: row.profile_visibility,
          marketing_consent_at: row.marketing_consent_at,
          detected_time_zone: row.detected_time_zone,
          low_credits_mailed_at: row.low_credits_mailed_at,
          disabled_at: row.disabled_at,
        },
      };
    },

    async touch(id: string, lastSeenAt: string, expiresAt: string, trx: Executor = db): Promise<void> {
      await trx
        .updateTable('sessions')
        .set({ last_seen_at: lastSeenAt, expires_at: expiresAt })
        .where('id', '=', id)
        .execute();
    },

    async delete(id: string, trx: Executor = db): Promise<void> {
      await trx.deleteFrom('sessions').where('id', '=', id).execute();
    },

    async deleteAllForUser(
      userId: string,
      options: { except?: string } = {},
      trx: Executor = db,
    ): Promise<void> {
      let query = trx.deleteFrom('sessions').where('user_id', '=', userId);
      if (options.except) query = query.where('id', '!=', options.except);
      await query.execute();
      // Ending the sessions (password reset or change, a takeover) also forgets the trusted devices.
      await trx.deleteFrom('trusted_devices').where('user_id', '=', userId).execute();
    },

    async deleteExpired(now: string, trx: Executor = db): Promise<number> {
      const result = await trx.deleteFrom('sessions').where('expires_at', '<', now).executeTakeFirst();
      // Expired sign-in steps and trusted devices go with them.
      await trx.deleteFrom('auth_challenges').where('expires_at', '<', now).execute();
      await trx.deleteFrom('trusted_devices').where('expires_at', '<', now).execute();
      return Number(result.numDeletedRows);
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
