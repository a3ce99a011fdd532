import type { Executor } from '../../platform/db/executor.js';

/** One-time tokens (password reset) and the per-account sign-in throttle. */
export function createAuthTokensRepository(db: Executor) {
  return {
    async insertOneTimeToken(
      row: { tokenHash: string; kind: 'password-reset'; userId: string; now: string; expiresAt: string },
      trx: Executor = db,
    ): Promise<void> {
      await trx
        .insertInto('one_time_tokens')
        .values({
          token_hash: row.tokenHash,
          kind: row.kind,
          user_id: row.userId,
          created_at: row.now,
          expires_at: row.expiresAt,
        })
        .execute();
    },

    /** Deletes and returns the token in one statement: two concurrent uses cannot both succeed. */
    async consumeOneTimeToken(tokenHash: string, kind: 'password-reset', trx: Executor = db) {
      return trx
        .deleteFrom('one_time_tokens')
        .where('token_hash', '=', tokenHash)
        .where('kind', '=', kind)
        .returning(['user_id', 'expires_at'])
        .executeTakeFirst();
    },

    async deleteOneTimeTokensForUser(userId: string, trx: Executor = db): Promise<void> {
      await trx.deleteFrom('one_time_tokens').where('user_id', '=', userId).execute();
    },

    findThrottle(key: string, trx: Executor = db) {
      return trx.selectFrom('auth_throttle').selectAll().where('key', '=', key).executeTakeFirst();
    },

    async saveThrottle(
      row: { key: string; failures: number; windowStartedAt: string; lockedUntil: string | null },
      trx: Executor = db,
    ): Promise<void> {
      await trx
        .insertInto('auth_throttle')
        .values({
          key: row.key,
          failures: row.failures,
          window_started_at: row.windowStartedAt,
          locked_until: row.lockedUntil,
        })
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet({
            failures: row.failures,
            window_started_at: row.windowStartedAt,
            locked_until: row.lockedUntil,
          }),
        )
        .execute();
    },

    async clearThrottle(key: string, trx: Executor = db): Promise<void> {
      await trx.deleteFrom('auth_throttle').where('key', '=', key).execute();
    },
  };
}

export type AuthTokensRepository = ReturnType<typeof createAuthTokensRepository>;
