import type { TLocale, TSocialProvider } from '@kaleido/common';
import * as oidc from 'openid-client';
import type { SocialProviderConfig } from '../../config.js';
import type { Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import type { TLocalizedText } from '../../platform/i18n/api-messages.js';
import type { AccountsService } from '../accounts/accounts.service.js';
import type { UserRow, UsersRepository } from '../accounts/users.repository.js';
import type { AuthService, IssuedSession, RequestMeta } from './auth.service.js';
import type { SessionsRepository } from './sessions.repository.js';

/** What the sign-in attempt carries between start and callback (in a signed, short-lived cookie). */
export interface OidcAttempt {
  provider: string;
  state: string;
  nonce: string;
  verifier: string;
  popup: boolean;
  returnTo: string;
  /** The interface language at the start: a new account's `language`, and the language of the answer. */
  language?: TLocale;
}

/** Only same-origin relative paths may be returned to (no open redirects). */
export function safeReturnTo(value: unknown): string {
  return typeof value === 'string' && /^\/(?![/\\])[^\s]*$/.test(value) ? value : '/';
}

/**
 * Social sign-in with OpenID Connect (authorization code + PKCE S256 + state + nonce) through the
 * certified openid-client. Google is one issuer among others; any OIDC provider is configured the same
 * way. Identities are keyed by (provider, subject).
 */
export function createOidcService(deps: {
  providers: readonly SocialProviderConfig[];
  publicUrl: string;
  database: Database;
  users: UsersRepository;
  sessions: SessionsRepository;
  accounts: AccountsService;
  auth: AuthService;
  /** E-mails the owner that a social sign-in was linked to their account (in their language). */
  notifyAccountLinked: (
    userId: string,
    notice: { provider: string; email: string; passwordRemoved: boolean },
  ) => Promise<void>;
  clock: Clock;
  onMailError?: (error: unknown) => void;
}) {
  const discovered = new Map<string, Promise<oidc.Configuration>>();

  function providerById(id: string): SocialProviderConfig {
    const provider = deps.providers.find((p) => p.id === id);
    if (!provider) throw new AppError('NOT_FOUND', 'api.auth.providerUnknown');
    return provider;
  }

  function failure(provider: SocialProviderConfig, message?: TLocalizedText): AppError {
    return new AppError(
      'SOCIAL_LOGIN_FAILED',
      // The code's own message names Google.
      message ??
        (provider.id === 'google'
          ? undefined
          : { id: 'api.auth.socialFailed', values: { provider: provider.name } }),
    );
  }

  async function configuration(provider: SocialProviderConfig): Promise<oidc.Configuration> {
    let pending = discovered.get(provider.id);
    if (!pending) {
      const issuer = new URL(provider.issuer);
      // Plain-http issuers are accepted only on loopback (local identity providers, tests).
      const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(issuer.hostname);
      pending = oidc.discovery(
        issuer,
        provider.clientId,
        { client_secret: provider.clientSecret },
        oidc.ClientSecretPost(provider.clientSecret),
        issuer.protocol === 'http:' && loopback ? { execute: [oidc.allowInsecureRequests] } : undefined,
      );
      discovered.set(provider.id, pending);
      // A failed discovery is retried on the next attempt instead of being cached.
      pending.catch(() => discovered.delete(provider.id));
    }
    return pending;
  }

  const redirectUri = (provider: SocialProviderConfig) =>
    `${deps.publicUrl}/api/auth/oidc/${encodeURIComponent(provider.id)}/callback`;

  async function userFor(
    provider: SocialProviderConfig,
    claims: { sub: string; email?: string; verified?: boolean; name?: string },
    language: TLocale | undefined,
  ): Promise<UserRow> {
    const now = deps.clock.now().toISOString();
    const linked = await deps.users.findOauthAccount(provider.id, claims.sub);
    if (linked) {
      const user = await deps.users.findById(linked.user_id);
      if (user) return user;
    }
    const email = claims.email?.trim().toLowerCase();
    if (!email || claims.verified !== true) {
      throw failure(provider, { id: 'api.auth.socialNoVerifiedEmail', values: { provider: provider.name } });
    }
    const existing = await deps.users.findByEmail(email);
    if (existing) {
      // Link by verified e-mail. If the local address was never verified, whoever set its password did
      // not prove they own the mailbox: that password and its sessions end (pre-registration takeover).
      const passwordRemoved = !existing.email_verified_at && existing.password_hash !== null;
      await deps.database.kysely.transaction().execute(async (trx) => {
        await deps.users.insertOauthAccount(
          { provider: provider.id, subject: claims.sub, userId: existing.id, email, now },
          trx,
        );
        if (!existing.email_verified_at) {
          await deps.users.update(existing.id, { email_verified_at: now, password_hash: null }, now, trx);
          await deps.sessions.deleteAllForUser(existing.id, {}, trx);
          // So do second factors set up by whoever held the unverified account (a planted passkey).
          for (const table of ['user_totp', 'recovery_codes', 'passkeys'] as const) {
            await trx.deleteFrom(table).where('user_id', '=', existing.id).execute();
          }
        }
      });
      // Tell the owner of the address, so a link (and a removed password) never goes unnoticed.
      await deps
        .notifyAccountLinked(existing.id, { provider: provider.name, email, passwordRemoved })
        .catch((error) => deps.onMailError?.(error));
      return (await deps.users.findById(existing.id)) ?? existing;
    }
    return deps.accounts.create(
      {
        email,
        displayName: claims.name?.trim() || email.split('@')[0] || email,
        passwordHash: null,
        emailVerified: true,
        language,
      },
      (user, trx) =>
        deps.users.insertOauthAccount(
          { provider: provider.id, subject: claims.sub, userId: user.id, email, now },
          trx,
        ),
    );
  }

  return {
    list(): TSocialProvider[] {
      return deps.providers.map((p) => ({ id: p.id, name: p.name }));
    },

    providerName: (id: string) => deps.providers.find((p) => p.id === id)?.name ?? 'Social',

    /** The identity provider's authorization URL, and the attempt to remember until the callback. */
    async start(providerId: string, options: { popup: boolean; returnTo: string; language?: TLocale }) {
      const provider = providerById(providerId);
      let config: oidc.Configuration;
      try {
        config = await configuration(provider);
      } catch (error) {
        throw new AppError(
          'SERVICE_UNAVAILABLE',
          { id: 'api.auth.socialUnavailable', values: { provider: provider.name } },
          { cause: error },
        );
      }
      const attempt: OidcAttempt = {
        provider: provider.id,
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        verifier: oidc.randomPKCECodeVerifier(),
        popup: options.popup,
        returnTo: safeReturnTo(options.returnTo),
        language: options.language,
      };
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri(provider),
        scope: 'openid email profile',
        response_type: 'code',
        code_challenge: await oidc.calculatePKCECodeChallenge(attempt.verifier),
        code_challenge_method: 'S256',
        state: attempt.state,
        nonce: attempt.nonce,
      });
      return { url: url.toString(), attempt };
    },

    /**
     * Verifies the callback against the attempt and finds the person (creating or linking the account);
     * `signIn` then issues the session, unless a second step comes first.
     */
    async identify(providerId: string, callbackUrl: URL, attempt: OidcAttempt): Promise<UserRow> {
      const provider = providerById(providerId);
      if (attempt.provider !== provider.id) throw failure(provider);
      const idpError = callbackUrl.searchParams.get('error');
      if (idpError) {
        throw failure(provider, idpError === 'access_denied' ? 'api.auth.socialCancelled' : undefined);
      }
      let claims: { sub: string; email?: string; verified?: boolean; name?: string };
      try {
        const config = await configuration(provider);
        const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: attempt.verifier,
          expectedState: attempt.state,
          expectedNonce: attempt.nonce,
          idTokenExpected: true,
        });
        const idToken = tokens.claims();
        if (!idToken) throw new Error('no ID token');
        claims = {
          sub: idToken.sub,
          email: typeof idToken.email === 'string' ? idToken.email : undefined,
          verified: typeof idToken.email_verified === 'boolean' ? idToken.email_verified : undefined,
          name: typeof idToken.name === 'string' ? idToken.name : undefined,
        };
        // Many providers put the e-mail and name only in userinfo.
        if (!claims.email || claims.verified === undefined || !claims.name) {
          const info = await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub);
          claims.email ??= info.email;
          claims.verified ??= info.email_verified;
          claims.name ??= info.name;
        }
      } catch (error) {
        throw new AppError('SOCIAL_LOGIN_FAILED', failure(provider).text, { cause: error });
      }
      return userFor(provider, claims, attempt.language);
    },

    /** A social sign-in's session lasts like "remember me". */
    signIn(user: UserRow, meta: RequestMeta): Promise<IssuedSession> {
      return deps.auth.completeSignIn(user, { remember: true, method: 'social', meta });
    },
  };
}

export type OidcService = ReturnType<typeof createOidcService>;
