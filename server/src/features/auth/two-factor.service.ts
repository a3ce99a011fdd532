import { randomBytes, randomUUID } from 'node:crypto';
import {
  type TErrorCode,
  TRUSTED_DEVICE_DAYS,
  type TTwoFactorMethod,
  type TTwoFactorStatus,
  TWO_FACTOR_CHALLENGE_MINUTES,
  TWO_FACTOR_MESSAGES,
} from '@kaleido/common';
import type { Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/database.js';
import type { Executor } from '../../platform/db/executor.js';
import { AppError } from '../../platform/http/app-error.js';
import { decryptSecret, encryptSecret } from '../../platform/keys.js';
import type { UserRow, UsersRepository } from '../accounts/users.repository.js';
import type { SecurityEvent } from '../notifications/notifications.service.js';
import type { Authenticated, AuthService, IssuedSession, RequestMeta } from './auth.service.js';
import { presentPasskey } from './passkeys.presenter.js';
import { hashRecoveryCode, looksLikeRecoveryCode, newRecoveryCodes } from './recovery-codes.js';
import type { SessionRow } from './sessions.repository.js';
import { hashesEqual, sha256 } from './tokens.js';
import { newTotpSecret, totpUri, verifyTotp } from './totp.js';
import type { AuthChallengeRow, TwoFactorRepository } from './two-factor.repository.js';

const MINUTE = 60_000;
export const CHALLENGE_TTL_MS = TWO_FACTOR_CHALLENGE_MINUTES * MINUTE;
export const TRUSTED_DEVICE_TTL_MS = TRUSTED_DEVICE_DAYS * 24 * 60 * MINUTE;

/** What the second step remembers of the first: how the session will be made. */
export interface ChallengeData {
  remember: boolean;
  method: SessionRow['auth_method'];
}

export interface SignedInAfterChallenge {
  issued: IssuedSession;
  /** The "trust this device" cookie value, when asked for. */
  trustedDevice: string | null;
}

/** A trusted-device cookie is `<id>.<secret>`: the id finds the row, only the secret's hash is stored. */
const TRUSTED_SHAPE = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

/**
 * TOTP two-factor sign-in, recovery codes, the second step after a password (or a social sign-in),
 * trusted devices and the administrator's reset. Wrong codes count toward the sign-in lockout of the
 * account (AuthService), whoever sends them.
 */
export function createTwoFactorService(deps: {
  database: Database;
  repository: TwoFactorRepository;
  users: UsersRepository;
  auth: AuthService;
  clock: Clock;
  /** Seals the TOTP secrets at rest (derived from the server secret). */
  encryptionKey: Buffer;
  /** A security-relevant change was committed (the person gets an e-mail); never throws. */
  onSecurityEvent?: (
    userId: string,
    event: SecurityEvent,
    meta: { ip: string | null; userAgent: string | null },
  ) => void;
}) {
  const { repository } = deps;
  const now = () => deps.clock.now();
  const noMeta = { ip: null, userAgent: null };
  const notify = (userId: string, event: SecurityEvent, meta: RequestMeta = noMeta) =>
    deps.onSecurityEvent?.(userId, event, { ip: meta.ip, userAgent: meta.userAgent });

  async function totpEnabled(userId: string): Promise<boolean> {
    return Boolean((await repository.findTotp(userId))?.enabled_at);
  }

  /** The ways this account can complete a second step (empty: it has no second factor). */
  async function methodsOf(userId: string): Promise<TTwoFactorMethod[]> {
    const methods: TTwoFactorMethod[] = [];
    if (await totpEnabled(userId)) methods.push('totp', 'recovery');
    if ((await repository.listPasskeys(userId)).length > 0) methods.push('passkey');
    return methods;
  }

  /**
   * Checks a TOTP code or a recovery code and uses it up (never twice). Locked accounts get 429;
   * a wrong code counts toward the lockout and answers `failure` (401 at sign-in, 400 in settings).
   */
  async function useCode(
    user: UserRow,
    code: { totp?: string; recovery?: string },
    failure: TErrorCode,
    meta: RequestMeta = noMeta,
  ): Promise<'totp' | 'recovery'> {
    await deps.auth.assertNotLocked(user.email);
    if (code.recovery !== undefined) {
      if (await repository.useRecoveryCode(user.id, hashRecoveryCode(code.recovery), now().toISOString())) {
        notify(user.id, 'recovery-code-used', meta);
        return 'recovery';
      }
      await deps.auth.recordLoginFailure(user.email);
      throw new AppError(failure, TWO_FACTOR_MESSAGES.recoveryCodeInvalid);
    }
    const totp = await repository.findTotp(user.id);
    if (totp?.enabled_at && code.totp !== undefined) {
      const secret = decryptSecret(deps.encryptionKey, totp.secret_sealed);
      const step = verifyTotp(
        secret,
        code.totp,
        now(),
        totp.last_step === null ? null : Number(totp.last_step),
      );
      if (step !== null && (await repository.acceptStep(user.id, step))) return 'totp';
    }
    await deps.auth.recordLoginFailure(user.email);
    throw new AppError(failure, TWO_FACTOR_MESSAGES.codeInvalid);
  }

  /** A code typed in settings: a recovery code by its shape, else a TOTP code. */
  const eitherCode = (code: string) => (looksLikeRecoveryCode(code) ? { recovery: code } : { totp: code });

  async function freshRecoveryCodes(userId: string, trx?: Executor) {
    const codes = newRecoveryCodes();
    await repository.replaceRecoveryCodes(
      userId,
      codes.map((code) => ({ id: randomUUID(), hash: hashRecoveryCode(code) })),
      now().toISOString(),
      trx,
    );
    return codes;
  }

  async function currentUser(auth: Authenticated): Promise<UserRow> {
    const user = await deps.users.findById(auth.user.id);
    if (!user) throw new AppError('USER_NOT_AUTHENTICATED');
    return user;
  }

  async function trustedDeviceOf(cookie: string | undefined): Promise<{ id: string; userId: string } | null> {
    const match = cookie ? TRUSTED_SHAPE.exec(cookie) : null;
    if (!match?.[1] || !match[2]) return null;
    const row = await repository.findTrustedDevice(match[1]);
    if (!row || !hashesEqual(row.token_hash, sha256(match[2]))) return null;
    if (Date.parse(row.expires_at) <= now().getTime()) return null;
    return { id: row.id, userId: row.user_id };
  }

  /** The second step, or null: expired, consumed, or not a second step at all. */
  async function openChallenge(
    challengeId: string | null,
  ): Promise<{ row: AuthChallengeRow; user: UserRow; data: ChallengeData }> {
    const row = challengeId ? await repository.findChallenge(challengeId) : undefined;
    const user = row?.user_id ? await deps.users.findById(row.user_id) : undefined;
    if (row?.kind !== 'second-factor' || !user || Date.parse(row.expires_at) <= now().getTime()) {
      throw new AppError('TWO_FACTOR_CHALLENGE_EXPIRED');
    }
    return { row, user, data: JSON.parse(row.data) as ChallengeData };
  }

  /** Ends a second step that succeeded (code or passkey): single use, then the session. */
  async function complete(
    challenge: { row: AuthChallengeRow; user: UserRow; data: ChallengeData },
    trust: boolean,
    meta: RequestMeta,
  ): Promise<SignedInAfterChallenge> {
    if (!(await repository.consumeChallenge(challenge.row.id))) {
      throw new AppError('TWO_FACTOR_CHALLENGE_EXPIRED');
    }
    const issued = await deps.auth.completeSignIn(challenge.user, {
      remember: challenge.data.remember,
      method: challenge.data.method,
      meta,
    });
    return { issued, trustedDevice: trust ? await trustDevice(challenge.user.id) : null };
  }

  /** "Trust this device for 30 days": the cookie value (only its secret's hash is stored). */
  async function trustDevice(userId: string): Promise<string> {
    const id = randomBytes(16).toString('base64url');
    const secret = randomBytes(32).toString('base64url');
    const at = now();
    await repository.insertTrustedDevice({
      id,
      user_id: userId,
      token_hash: sha256(secret),
      created_at: at.toISOString(),
      expires_at: new Date(at.getTime() + TRUSTED_DEVICE_TTL_MS).toISOString(),
    });
    return `${id}.${secret}`;
  }

  return {
    methodsOf,
    openChallenge,

    /** Whether the account has a second factor (the `twoFactorEnabled` setting follows this). */
    hasSecondFactor: async (userId: string) => (await methodsOf(userId)).length > 0,

    async status(userId: string, trustedCookie: string | undefined): Promise<TTwoFactorStatus> {
      const totp = await repository.findTotp(userId);
      const trusted = await trustedDeviceOf(trustedCookie);
      return {
        totp: { enabled: Boolean(totp?.enabled_at), pending: Boolean(totp && !totp.enabled_at) },
        recoveryCodesRemaining: totp?.enabled_at ? await repository.unusedRecoveryCodes(userId) : 0,
        passkeys: (await repository.listPasskeys(userId)).map(presentPasskey),
        trustedDevice: trusted?.userId === userId,
      };
    },

    /** A new pending secret (replacing a pending one); refused while TOTP is on. */
    async startSetup(auth: Authenticated): Promise<{ secret: string; otpauthUrl: string }> {
      const user = await currentUser(auth);
      if (await totpEnabled(user.id)) throw new AppError('CONFLICT', TWO_FACTOR_MESSAGES.alreadyEnabled);
      const secret = newTotpSecret();
      await repository.savePendingTotp(
        user.id,
        encryptSecret(deps.encryptionKey, secret),
        now().toISOString(),
      );
      return { secret, otpauthUrl: totpUri(secret, user.email) };
    },

    /** The first code confirms the app; TOTP is on and ten recovery codes are shown once. */
    async enable(auth: Authenticated, code: string, meta: RequestMeta): Promise<string[]> {
      const user = await currentUser(auth);
      const totp = await repository.findTotp(user.id);
      if (!totp) throw new AppError('BAD_REQUEST', TWO_FACTOR_MESSAGES.notPending);
      if (totp.enabled_at) throw new AppError('CONFLICT', TWO_FACTOR_MESSAGES.alreadyEnabled);
      await deps.auth.assertNotLocked(user.email);
      const step = verifyTotp(decryptSecret(deps.encryptionKey, totp.secret_sealed), code, now(), null);
      if (step === null) {
        await deps.auth.recordLoginFailure(user.email);
        throw new AppError('BAD_REQUEST', TWO_FACTOR_MESSAGES.codeInvalid);
      }
      const codes = await deps.database.kysely.transaction().execute(async (trx) => {
        if (!(await repository.enableTotp(user.id, step, now().toISOString(), trx))) {
          throw new AppError('CONFLICT', TWO_FACTOR_MESSAGES.alreadyEnabled);
        }
        return freshRecoveryCodes(user.id, trx);
      });
      notify(user.id, 'two-factor-enabled', meta);
      return codes;
    },

    /** Needs the password (or a recent social sign-in) and a code; trusted devices are forgotten. */
    async disable(
      auth: Authenticated,
      input: { password: string; code: string },
      meta: RequestMeta,
    ): Promise<void> {
      const user = await currentUser(auth);
      await deps.auth.confirmIdentity(auth, input.password || undefined);
      if (!(await totpEnabled(user.id))) throw new AppError('BAD_REQUEST', TWO_FACTOR_MESSAGES.notEnabled);
      await useCode(user, eitherCode(input.code), 'BAD_REQUEST', meta);
      await deps.database.kysely.transaction().execute(async (trx) => {
        await repository.deleteTotp(user.id, trx);
        await repository.deleteTrustedDevices(user.id, trx);
      });
      notify(user.id, 'two-factor-disabled', meta);
    },

    /** A new set of ten codes (the old ones stop working); needs the password and a code. */
    async regenerateRecoveryCodes(
      auth: Authenticated,
      input: { password: string; code: string },
      meta: RequestMeta,
    ): Promise<string[]> {
      const user = await currentUser(auth);
      await deps.auth.confirmIdentity(auth, input.password || undefined);
      if (!(await totpEnabled(user.id))) throw new AppError('BAD_REQUEST', TWO_FACTOR_MESSAGES.notEnabled);
      await useCode(user, eitherCode(input.code), 'BAD_REQUEST', meta);
      const codes = await freshRecoveryCodes(user.id);
      notify(user.id, 'recovery-codes-regenerated', meta);
      return codes;
    },

    /**
     * After the first factor (a password or a social sign-in): the second step to open, or null when the
     * account has no second factor or this browser is a trusted device of the account.
     */
    async beginSignIn(
      user: UserRow,
      data: ChallengeData,
      trustedCookie: string | undefined,
    ): Promise<{ challengeId: string; methods: TTwoFactorMethod[] } | null> {
      const methods = await methodsOf(user.id);
      if (methods.length === 0) return null;
      if ((await trustedDeviceOf(trustedCookie))?.userId === user.id) return null;
      const at = now();
      const challengeId = randomBytes(24).toString('base64url');
      await repository.insertChallenge({
        id: challengeId,
        kind: 'second-factor',
        user_id: user.id,
        webauthn_challenge: null,
        data: JSON.stringify(data),
        created_at: at.toISOString(),
        expires_at: new Date(at.getTime() + CHALLENGE_TTL_MS).toISOString(),
      });
      return { challengeId, methods };
    },

    /** The second step with a TOTP or recovery code: the session (and a trusted-device cookie if asked). */
    async verify(
      challengeId: string | null,
      input: { code?: string; recoveryCode?: string; trustDevice: boolean },
      meta: RequestMeta,
    ): Promise<SignedInAfterChallenge> {
      const challenge = await openChallenge(challengeId);
      await useCode(
        challenge.user,
        input.recoveryCode !== undefined ? { recovery: input.recoveryCode } : { totp: input.code ?? '' },
        'AUTHENTICATION_FAILED',
        meta,
      );
      return complete(challenge, input.trustDevice, meta);
    },

    complete,
    trustDevice,

    /** An administrator's reset: every second factor, recovery code, passkey and trusted device goes. */
    async reset(userId: string): Promise<void> {
      await deps.database.kysely.transaction().execute((trx) => repository.deleteAll(userId, trx));
      notify(userId, 'two-factor-reset');
    },

    /** For the data export: what is on, and the passkeys' names and dates (never key material). */
    async exportData(userId: string) {
      const totp = await repository.findTotp(userId);
      return {
        totp: { enabled: Boolean(totp?.enabled_at), enabledAt: totp?.enabled_at ?? null },
        recoveryCodesRemaining: totp?.enabled_at ? await repository.unusedRecoveryCodes(userId) : 0,
        passkeys: (await repository.listPasskeys(userId)).map(presentPasskey),
      };
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
