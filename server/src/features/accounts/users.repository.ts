import type { Selectable } from 'kysely';
import type { Executor } from '../../platform/db/executor.js';
import type { UsersTable } from '../../platform/db/schema.js';

export type UserRow = Selectable<UsersTable>;

export interface NewUser {
  id: string;
  email: string;
  displayName: string;
  passwordHash: string | null;
  role: UserRow['role'];
  emailVerifiedAt: string | null;
  now: string;
}

export function createUsersRepository(db: Executor) {
  return {
    findById(id: string, trx: Executor = db): Promise<UserRow | undefined> {
      return trx.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
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
          created_at: user.now,
          updated_at: user.now,
        })
        .execute();
    },

    async update(
      id: string,
      changes: Partial<Pick<UserRow, 'display_name' | 'password_hash' | 'plan' | 'email_verified_at'>>,
      now: string,
      trx: Executor = db,
    ): Promise<void> {
      await trx
        .updateTable('users')
        .set({ ...changes, updated_at: now })
        .where('id', '=', id)
        .execute();
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
      const rows = await trx
        .selectFrom('oauth_accounts')
        .select('provider')
        .where('user_id', '=', userId)
        .execute();
      return rows.map((row) => row.provider);
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
