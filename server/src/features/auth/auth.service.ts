import { AUTH_MESSAGES, type TLocale } from '@kaleido/common';
import type { AppConfig } from '../../config.js';
import type { Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/database.js';
import { fromDbBoolean, toDbBoolean } from '../../platform/db/dialect.js';
import type { Executor } from '../../platform/db/executor.js';
import { AppError } from '../../platform/http/app-error.js';
import type { Mailer } from '../../platform/mail/index.js';
import type { AccountsService } from '../accounts/accounts.service.js';
import type { UserRow, UsersRepository } from '../accounts/users.repository.js';
import { passwordResetEmail } from '../notifications/email-templates.js';
import type { SecurityEvent } from '../notifications/notifications.service.js';
import type { AuthTokensRepository } from './auth-tokens.repository.js';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password.js';
import type { SessionRow, SessionsRepository } from './sessions.repository.js';
import { hashesEqual, newOneTimeToken, newSessionToken, parseSessionToken, sha256 } from './tokens.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const SESSION_POLICY = {
  /** "Remember me": the session lasts 30 days from sign-in. */
  rememberTtlMs: 30 * DAY,
  /** Otherwise a browser-session cookie, and the server ends the session after 12 idle hours… */
  idleTtlMs: 12 * HOUR,
  /** …or 7 days after sign-in, whichever is first. */
  browserSessionMaxMs: 7 * DAY,
  /** Idle sessions are extended at most this often (one write per session per interval). */
  touchIntervalMs: 5 * MINUTE,
  /** Sensitive actions (account deletion without a password) need a sign-in this recent. */
  recentAuthMs: 10 * MINUTE,
} as const;

export const LOGIN_THROTTLE = { maxFailures: 5, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE } as const;
const RESET_POLICY = { ttlMs: 30 * MINUTE, maxPerWindow: 3, windowMs: 15 * MINUTE } as const;

export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
}

export interface Authenticated {
  user: UserRow;
  session: SessionRow;
}

export interface IssuedSession extends Authenticated {
  token: string;
  /** Cookie lifetime in seconds, or null for a browser-session cookie. */
  cookieMaxAgeSeconds: number | null;
}

export function createAuthService(deps: {
  config: Pick<AppConfig, 'publicUrl'>;
  database: Database;
  users: UsersRepository;
  sessions: SessionsRepository;
  tokens: AuthTokensRepository;
  accounts: AccountsService;
  mailer: Mailer;
  clock: Clock;
  /** A security-relevant change was committed (the person gets a security e-mail); never throws. */
  onSecurityEvent?: (
    userId: string,
    event: SecurityEvent,
    meta: { ip: string | null; userAgent: string | null },
  ) => void;
  /** Audit hooks (never throw): a wrong password, the lockout it starts, a disabled account's try. */
  onSignInFailed?: (email: string, userId: string | null, ip: string | null) => void;
  onLockout?: (email: string, ip: string | null) => void;
  onSignInRefused?: (user: UserRow, ip: string | null) => void;
}) {
  const now = () => deps.clock.now();

  async function issueSession(
    user: UserRow,
    options: { remember: boolean; method: SessionRow['auth_method']; meta: RequestMeta },
    trx: Executor = deps.database.kysely,
  ): Promise<IssuedSession> {
    const token = newSessionToken();
    const at = now();
    const iso = at.toISOString();
    const expires = new Date(
      at.getTime() + (options.remember ? SESSION_POLICY.rememberTtlMs : SESSION_POLICY.idleTtlMs),
    );
    const session: SessionRow = {
      id: token.id,
      user_id: user.id,
      token_hash: sha256(token.secret),
      remember: toDbBoolean(options.remember),
      created_at: iso,
      authenticated_at: iso,
      auth_method: options.method,
      last_seen_at: iso,
      expires_at: expires.toISOString(),
      ip: options.meta.ip,
      user_agent: options.meta.userAgent?.slice(0, 512) ?? null,
    };
    await deps.sessions.insert(session, trx);
    return {
      user,
      session,
      token: token.value,
      cookieMaxAgeSeconds: options.remember ? Math.floor(SESSION_POLICY.rememberTtlMs / 1000) : null,
    };
  }

  async function recordLoginFailure(email: string, ip: string | null = null): Promise<void> {
    const key = `login:${email}`;
    const at = now();
    const current = await deps.tokens.findThrottle(key);
    const windowOpen =
      current && at.getTime() - Date.parse(current.window_started_at) < LOGIN_THROTTLE.windowMs;
    const failures = windowOpen ? current.failures + 1 : 1;
    await deps.tokens.saveThrottle({
      key,
      failures,
      windowStartedAt: windowOpen ? current.window_started_at : at.toISOString(),
      lockedUntil:
        failures >= LOGIN_THROTTLE.maxFailures
          ? new Date(at.getTime() + LOGIN_THROTTLE.lockMs).toISOString()
          : null,
    });
    if (failures === LOGIN_THROTTLE.maxFailures) deps.onLockout?.(email, ip);
  }

  /** 429 while the account is locked after too many wrong passwords or codes. */
  async function assertNotLocked(email: string): Promise<void> {
    const throttle = await deps.tokens.findThrottle(`login:${email}`);
    if (throttle?.locked_until && Date.parse(throttle.locked_until) > now().getTime()) {
      const seconds = Math.ceil((Date.parse(throttle.locked_until) - now().getTime()) / 1000);
      throw new AppError('RATE_LIMITED', AUTH_MESSAGES.accountLocked, {
        headers: { 'Retry-After': String(seconds) },
      });
    }
  }

  /**
   * Checks the e-mail and password (with the lockout) without signing in: the caller decides whether a
   * second step comes first. The failure counter is cleared only once the sign-in completes.
   */
  async function checkPassword(
    input: { email: string; password: string },
    meta: { ip: string | null } = { ip: null },
  ): Promise<UserRow> {
    await assertNotLocked(input.email);
    const user = await deps.users.findByEmail(input.email);
    const valid = user?.password_hash
      ? await verifyPassword(user.password_hash, input.password)
      : await verifyAgainstDummy(input.password);
    if (!user || !valid) {
      await recordLoginFailure(input.email, meta.ip);
      deps.onSignInFailed?.(input.email, user?.id ?? null, meta.ip);
      throw new AppError('AUTHENTICATION_FAILED', AUTH_MESSAGES.invalidCredentials);
    }
    assertNotDisabled(user, meta.ip);
    return user;
  }

  /** A disabled account is told so (only once its password or other proof was right). */
  function assertNotDisabled(user: UserRow, ip: string | null): void {
    if (user.disabled_at) {
      deps.onSignInRefused?.(user, ip);
      throw new AppError('ACCOUNT_DISABLED');
    }
  }

  /** The last step of a sign-in: the failure counter starts over and a session is issued. */
  async function completeSignIn(
    user: UserRow,
    options: { remember: boolean; method: SessionRow['auth_method']; meta: RequestMeta },
  ): Promise<IssuedSession> {
    // Every way in (password, second step, social, passkey) ends here: a disabled account stops.
    assertNotDisabled(user, options.meta.ip);
    await deps.tokens.clearThrottle(`login:${user.email}`);
    return issueSession(user, options);
  }

  return {
    issueSession,

    async signup(
      input: {
        name: string;
        email: string;
        password: string;
        remember: boolean;
        language?: TLocale;
        inviteToken?: string;
      },
      meta: RequestMeta,
    ): Promise<IssuedSession> {
      const passwordHash = await hashPassword(input.password);
      const user = await deps.accounts.create({
        email: input.email,
        displayName: input.name,
        passwordHash,
        emailVerified: false,
        language: input.language,
        inviteToken: input.inviteToken,
      });
      return issueSession(user, { remember: input.remember, method: 'password', meta });
    },

    checkPassword,
    completeSignIn,

    async login(
      input: { email: string; password: string; remember: boolean },
      meta: RequestMeta,
    ): Promise<IssuedSession> {
      const user = await checkPassword(input, meta);
      return completeSignIn(user, { remember: input.remember, method: 'password', meta });
    },

    /** Wrong second-step codes count toward the same lockout as wrong passwords. */
    assertNotLocked,
    recordLoginFailure,

    /** Removes expired sessions, reset tokens and stale throttle rows (run periodically). */
    async purgeExpired(): Promise<number> {
      return deps.sessions.deleteExpired(now().toISOString());
    },

    async logout(sessionId: string): Promise<void> {
      await deps.sessions.delete(sessionId);
    },

    /**
     * Resolves a session token (cookie or bearer) to its user, or null when it is malformed, unknown,
     * wrong or expired. Idle sessions slide forward, at most one write per touch interval.
     */
    async authenticate(tokenValue: string): Promise<Authenticated | null> {
      const parsed = parseSessionToken(tokenValue);
      if (!parsed) return null;
      const found = await deps.sessions.findWithUser(parsed.id);
      if (!found || !hashesEqual(found.session.token_hash, sha256(parsed.secret))) return null;
      // Disabling ends the sessions; this also covers one issued in the same instant.
      if (found.user.disabled_at) return null;
      const at = now().getTime();
      const { session } = found;
      if (Date.parse(session.expires_at) <= at) {
        await deps.sessions.delete(session.id);
        return null;
      }
      if (
        !fromDbBoolean(session.remember) &&
        at - Date.parse(session.last_seen_at) > SESSION_POLICY.touchIntervalMs
      ) {
        const cap = Date.parse(session.created_at) + SESSION_POLICY.browserSessionMaxMs;
        const expires = new Date(Math.min(at + SESSION_POLICY.idleTtlMs, cap)).toISOString();
        const lastSeen = new Date(at).toISOString();
        await deps.sessions.touch(session.id, lastSeen, expires);
        return { user: found.user, session: { ...session, last_seen_at: lastSeen, expires_at: expires } };
      }
      return found;
    },

    /**
     * Always answers the same, whether or not the e-mail has an account. The e-mail is in `locale`,
     * the language of the signed-out request that asked for it.
     */
    async forgotPassword(email: string, locale: TLocale): Promise<void> {
      const user = await deps.users.findByEmail(email);
      if (!user) return;
      const key = `reset:${email}`;
      const at = now();
      const current = await deps.tokens.findThrottle(key);
      const windowOpen =
        current && at.getTime() - Date.parse(current.window_started_at) < RESET_POLICY.windowMs;
      const sent = windowOpen ? current.failures : 0;
      if (sent >= RESET_POLICY.maxPerWindow) return;
      await deps.tokens.saveThrottle({
        key,
        failures: sent + 1,
        windowStartedAt: windowOpen ? current.window_started_at : at.toISOString(),
        lockedUntil: null,
      });
      const token = newOneTimeToken();
      await deps.tokens.insertOneTimeToken({
        tokenHash: token.hash,
        kind: 'password-reset',
        userId: user.id,
        now: at.toISOString(),
        expiresAt: new Date(at.getTime() + RESET_POLICY.ttlMs).toISOString(),
      });
      const link = `${deps.config.publicUrl}/auth/reset?token=${encodeURIComponent(token.value)}`;
      await deps.mailer.send({
        to: user.email,
        ...passwordResetEmail({
          locale,
          name: user.display_name,
          resetUrl: link,
          minutes: RESET_POLICY.ttlMs / MINUTE,
          settingsUrl: `${deps.config.publicUrl}/profile?tab=settings`,
        }),
      });
    },

    /** Single use: the token is consumed atomically; every session of the account ends. */
    async resetPassword(input: { token: string; newPassword: string }): Promise<void> {
      const consumed = await deps.tokens.consumeOneTimeToken(sha256(input.token), 'password-reset');
      if (!consumed || Date.parse(consumed.expires_at) <= now().getTime()) {
        throw new AppError('BAD_REQUEST', AUTH_MESSAGES.resetLinkInvalid);
      }
      const passwordHash = await hashPassword(input.newPassword);
      const iso = now().toISOString();
      await deps.database.kysely.transaction().execute(async (trx) => {
        // Proving control of the mailbox also verifies the e-mail address.
        const user = await deps.users.findById(consumed.user_id, trx);
        await deps.users.update(
          consumed.user_id,
          { password_hash: passwordHash, email_verified_at: user?.email_verified_at ?? iso },
          iso,
          trx,
        );
        await deps.sessions.deleteAllForUser(consumed.user_id, {}, trx);
        await deps.tokens.deleteOneTimeTokensForUser(consumed.user_id, trx);
      });
      await deps.tokens.clearThrottle(`login:${(await deps.users.findById(consumed.user_id))?.email ?? ''}`);
      deps.onSecurityEvent?.(consumed.user_id, 'password-reset', { ip: null, userAgent: null });
    },

    /** Re-authenticates with the current password, then ends every other session. */
    async changePassword(
      auth: Authenticated,
      input: { currentPassword: string; newPassword: string },
    ): Promise<void> {
      const user = await deps.users.findById(auth.user.id);
      if (!user?.password_hash || !(await verifyPassword(user.password_hash, input.currentPassword))) {
        throw new AppError('BAD_REQUEST', AUTH_MESSAGES.currentPasswordIncorrect);
      }
      const passwordHash = await hashPassword(input.newPassword);
      const iso = now().toISOString();
      await deps.database.kysely.transaction().execute(async (trx) => {
        await deps.users.update(user.id, { password_hash: passwordHash }, iso, trx);
        await deps.sessions.deleteAllForUser(user.id, { except: auth.session.id }, trx);
      });
      deps.onSecurityEvent?.(user.id, 'password-changed', {
        ip: auth.session.ip,
        userAgent: auth.session.user_agent,
      });
    },

    /** For sensitive actions: the password when the account has one, else a recent social sign-in. */
    async confirmIdentity(auth: Authenticated, password: string | undefined): Promise<void> {
      const user = await deps.users.findById(auth.user.id);
      if (!user) throw new AppError('USER_NOT_AUTHENTICATED');
      if (user.password_hash) {
        if (!password || !(await verifyPassword(user.password_hash, password))) {
          throw new AppError(
            'BAD_REQUEST',
            password ? AUTH_MESSAGES.currentPasswordIncorrect : AUTH_MESSAGES.reauthRequired,
          );
        }
        return;
      }
      const recent =
        now().getTime() - Date.parse(auth.session.authenticated_at) <= SESSION_POLICY.recentAuthMs;
      if (!recent) {
        throw new AppError('FORBIDDEN', 'api.auth.socialReauthRequired', {
          details: { reauthenticate: 'social' },
        });
      }
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
