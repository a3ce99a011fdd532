import type { Selectable } from 'kysely';
import type { Executor } from '../../platform/db/executor.js';
import { precompiled } from '../../platform/db/precompiled.js';
import type { UsersTable } from '../../platform/db/schema.js';

export type UserRow = Selectable<UsersTable>;

export interface NewUser {
  id: string;
  email: string;
  displayName: string;
  passwordHash: string | null;
  role: UserRow['role'];
  emailVerifiedAt: string | null;
  /** The public handle (see accounts/handles.ts). */
  handle: string;
  now: string;
}

/** Most requests read their account by id (precompiled, like the one below). */
const findByIdQuery = precompiled(1, (db, id: string) =>
  db.selectFrom('users').selectAll().where('id', '=', id),
);

/** The social sign-ins linked to an account (`/api/auth/me` reads them on every page load: precompiled). */
const socialProvidersQuery = precompiled(1, (db, userId: string) =>
  db.selectFrom('oauth_accounts').select('provider').where('user_id', '=', userId),
);

export function createUsersRepository(db: Executor) {
  return {
    findById(id: string, trx: Executor = db): Promise<UserRow | undefined> {
      return findByIdQuery.first(trx, id);
    },

    /** `email` must already be lower-cased (the contract schemas do it). */
    findByEmail(email: string, trx: Executor = db): Promise<UserRow | undefined> {
      return trx.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
    },

    async insert(user: NewUser, trx: Executor = db): Promise<void> {
      await trx
        .insertInto('users')
        .values({
          id: user.id,
          email: user.email,
          display_name: user.displayName,
          password_hash: user.passwordHash,
          role: user.role,
          plan: 'free',
          email_verified_at: user.emailVerifiedAt,
          handle: user.handle,
          created_at: user.now,
          updated_at: user.now,
        })
        .execute();
    },

    async update(
      id: string,
      changes: Partial<
        Pick<
          UserRow,
          | 'display_name'
          | 'password_hash'
          | 'plan'
          | 'email_verified_at'
          | 'handle'
          | 'profile_visibility'
          | 'marketing_consent_at'
        >
      >,
      now: string,
      trx: Executor = db,
    ): Promise<void> {
      await trx
        .updateTable('users')
        .set({ ...changes, updated_at: now })
        .where('id', '=', id)
        .execute();
    },

    /** `handle` must already be lower-cased (handles are stored lower-case). */
    findByHandle(handle: string, trx: Executor = db): Promise<UserRow | undefined> {
      return trx.selectFrom('users').selectAll().where('handle', '=', handle).executeTakeFirst();
    },

    /** Handles equal to `stem` or starting with `stem-` (to pick the next free number). */
    async handlesLike(stem: string, trx: Executor = db): Promise<string[]> {
      const rows = await trx
        .selectFrom('users')
        .select('handle')
        .where((eb) => eb.or([eb('handle', '=', stem), eb('handle', 'like', `${stem}-%`)]))
        .execute();
      return rows.map((row) => row.handle).filter((handle): handle is string => handle !== null);
    },

    /** Gives an account without a handle one (a no-op when it has one); true when this call set it. */
    async assignHandle(id: string, handle: string, trx: Executor = db): Promise<boolean> {
      const result = await trx
        .updateTable('users')
        .set({ handle })
        .where('id', '=', id)
        .where('handle', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async delete(id: string, trx: Executor = db): Promise<number> {
      const result = await trx.deleteFrom('users').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /**
     * Claims the installation's first-administrator slot for `userId`; true for exactly one caller
     * ever, whatever the concurrency (a unique key insert).
     */
    async claimFirstAdmin(userId: string, now: string, trx: Executor = db): Promise<boolean> {
      const result = await trx
        .insertInto('app_state')
        .values({ key: 'first_admin', value: userId, created_at: now })
        .onConflict((conflict) => conflict.column('key').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    findOauthAccount(provider: string, subject: string, trx: Executor = db) {
      return trx
        .selectFrom('oauth_accounts')
        .selectAll()
        .where('provider', '=', provider)
        .where('subject', '=', subject)
        .executeTakeFirst();
    },

    async insertOauthAccount(
      row: { provider: string; subject: string; userId: string; email: string | null; now: string },
      trx: Executor = db,
    ): Promise<void> {
      await trx
        .insertInto('oauth_accounts')
        .values({
          provider: row.provider,
          subject: row.subject,
          user_id: row.userId,
          email: row.email,
          created_at: row.now,
        })
        .execute();
    },

    async socialProviders(userId: string, trx: Executor = db): Promise<string[]> {
      return (await socialProvidersQuery.rows(trx, userId)).map((row) => row.provider);
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
