import type { Selectable } from 'kysely';
import type { Executor } from '../../platform/db/executor.js';
import type {
  AuthChallengesTable,
  PasskeysTable,
  TrustedDevicesTable,
  UserTotpTable,
} from '../../platform/db/schema.js';

export type TotpRow = Selectable<UserTotpTable>;
export type PasskeyRow = Selectable<PasskeysTable>;
export type TrustedDeviceRow = Selectable<TrustedDevicesTable>;
export type AuthChallengeRow = Selectable<AuthChallengesTable>;

/**
 * Second factors (TOTP, recovery codes, passkeys), trusted devices and sign-in steps. The writes that
 * guard against replay are single conditional updates or deletes, so two concurrent requests cannot
 * both use the same code, step or challenge.
 */
export function createTwoFactorRepository(db: Executor) {
  return {
    findTotp: (userId: string, trx: Executor = db): Promise<TotpRow | undefined> =>
      trx.selectFrom('user_totp').selectAll().where('user_id', '=', userId).executeTakeFirst(),

    /** A new pending secret replaces any previous one (the service refuses when TOTP is on). */
    async savePendingTotp(userId: string, secretSealed: string, now: string): Promise<void> {
      await db
        .deleteFrom('user_totp')
        .where('user_id', '=', userId)
        .where('enabled_at', 'is', null)
        .execute();
      await db
        .insertInto('user_totp')
        .values({
          user_id: userId,
          secret_sealed: secretSealed,
          enabled_at: null,
          last_step: null,
          created_at: now,
        })
        .execute();
    },

    /** Turns a pending secret on; false when it was not pending any more. */
    async enableTotp(userId: string, step: number, now: string, trx: Executor = db): Promise<boolean> {
      const result = await trx
        .updateTable('user_totp')
        .set({ enabled_at: now, last_step: step })
        .where('user_id', '=', userId)
        .where('enabled_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Records `step` as used; false when it (or a later one) was used already: the code is a replay. */
    async acceptStep(userId: string, step: number): Promise<boolean> {
      const result = await db
        .updateTable('user_totp')
        .set({ last_step: step })
        .where('user_id', '=', userId)
        .where('enabled_at', 'is not', null)
        .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async replaceRecoveryCodes(
      userId: string,
      codes: Array<{ id: string; hash: string }>,
      now: string,
      trx: Executor = db,
    ): Promise<void> {
      await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
      await trx
        .insertInto('recovery_codes')
        .values(
          codes.map((code) => ({
            id: code.id,
            user_id: userId,
            code_hash: code.hash,
            used_at: null,
            created_at: now,
          })),
        )
        .execute();
    },

    /** Uses an unused code with this hash; false when there is none (wrong, or used already). */
    async useRecoveryCode(userId: string, hash: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable('recovery_codes')
        .set({ used_at: now })
        .where('user_id', '=', userId)
        .where('code_hash', '=', hash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) >= 1;
    },

    async unusedRecoveryCodes(userId: string): Promise<number> {
      const row = await db
        .selectFrom('recovery_codes')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    listPasskeys: (userId: string, trx: Executor = db): Promise<PasskeyRow[]> =>
      trx
        .selectFrom('passkeys')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .orderBy('id')
        .execute(),

    findPasskeyByCredential: (credentialId: string): Promise<PasskeyRow | undefined> =>
      db.selectFrom('passkeys').selectAll().where('credential_id', '=', credentialId).executeTakeFirst(),

    async insertPasskey(row: PasskeyRow): Promise<void> {
      await db.insertInto('passkeys').values(row).execute();
    },

    async recordPasskeyUse(id: string, counter: number, now: string): Promise<void> {
      await db.updateTable('passkeys').set({ counter, last_used_at: now }).where('id', '=', id).execute();
    },

    async renamePasskey(userId: string, id: string, name: string): Promise<PasskeyRow | undefined> {
      await db
        .updateTable('passkeys')
        .set({ name })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .execute();
      return db
        .selectFrom('passkeys')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    async deletePasskey(userId: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('passkeys')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    async insertTrustedDevice(row: TrustedDeviceRow): Promise<void> {
      await db.insertInto('trusted_devices').values(row).execute();
    },

    findTrustedDevice: (id: string): Promise<TrustedDeviceRow | undefined> =>
      db.selectFrom('trusted_devices').selectAll().where('id', '=', id).executeTakeFirst(),

    async insertChallenge(row: AuthChallengeRow): Promise<void> {
      await db.insertInto('auth_challenges').values(row).execute();
    },

    findChallenge: (id: string): Promise<AuthChallengeRow | undefined> =>
      db.selectFrom('auth_challenges').selectAll().where('id', '=', id).executeTakeFirst(),

    async setWebauthnChallenge(id: string, challenge: string): Promise<void> {
      await db
        .updateTable('auth_challenges')
        .set({ webauthn_challenge: challenge })
        .where('id', '=', id)
        .execute();
    },

    /** Removes the step; false when another request consumed it first. */
    async consumeChallenge(id: string): Promise<boolean> {
      const result = await db.deleteFrom('auth_challenges').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    listChallenges: (userId: string, kind: AuthChallengeRow['kind']): Promise<AuthChallengeRow[]> =>
      db
        .selectFrom('auth_challenges')
        .selectAll()
        .where('user_id', '=', userId)
        .where('kind', '=', kind)
        .orderBy('created_at', 'desc')
        .execute(),

    async deleteChallenges(
      userId: string,
      kind: AuthChallengeRow['kind'],
      trx: Executor = db,
    ): Promise<void> {
      await trx
        .deleteFrom('auth_challenges')
        .where('user_id', '=', userId)
        .where('kind', '=', kind)
        .execute();
    },

    /** Turning TOTP off: its secret and recovery codes go. */
    async deleteTotp(userId: string, trx: Executor = db): Promise<void> {
      await trx.deleteFrom('user_totp').where('user_id', '=', userId).execute();
      await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
    },

    async deleteTrustedDevices(userId: string, trx: Executor = db): Promise<void> {
      await trx.deleteFrom('trusted_devices').where('user_id', '=', userId).execute();
    },

    /** Every second factor, trusted device and pending step of the account (an administrator's reset). */
    async deleteAll(userId: string, trx: Executor = db): Promise<void> {
      for (const table of [
        'user_totp',
        'recovery_codes',
        'passkeys',
        'trusted_devices',
        'auth_challenges',
      ] as const) {
        await trx.deleteFrom(table).where('user_id', '=', userId).execute();
      }
    },
  };
}

export type TwoFactorRepository = ReturnType<typeof createTwoFactorRepository>;
