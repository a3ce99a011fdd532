import { randomBytes, randomUUID } from 'node:crypto';
import {
  PASSKEY_TRANSPORTS,
  PASSKEYS_MAX,
  type TPasskey,
  type TPasskeyAuthenticationResponse,
  type TPasskeyCreationOptions,
  type TPasskeyRegistrationResponse,
  type TPasskeyRequestOptions,
  type TPasskeyTransport,
  TWO_FACTOR_CHALLENGE_MINUTES,
  TWO_FACTOR_MESSAGES,
} from '@kaleido/common';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialRequestOptionsJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { Clock } from '../../platform/clock.js';
import { AppError } from '../../platform/http/app-error.js';
import type { UserRow, UsersRepository } from '../accounts/users.repository.js';
import type { SecurityEvent } from '../notifications/notifications.service.js';
import type { RequestMeta } from './auth.service.js';
import { presentPasskey } from './passkeys.presenter.js';
import type { AuthChallengeRow, PasskeyRow, TwoFactorRepository } from './two-factor.repository.js';

const CHALLENGE_TTL_MS = TWO_FACTOR_CHALLENGE_MINUTES * 60_000;
const isTransport = (value: unknown): value is TPasskeyTransport =>
  PASSKEY_TRANSPORTS.some((transport) => transport === value);

function transportsOf(row: PasskeyRow): TPasskeyTransport[] {
  const parsed: unknown = JSON.parse(row.transports);
  return Array.isArray(parsed) ? parsed.filter(isTransport) : [];
}

/** The library's descriptors are loosely typed (strings): the contract's are exact. */
function descriptors(list: Array<{ id: string; transports?: string[] }> | undefined) {
  return list?.map((item) => ({
    id: item.id,
    type: 'public-key' as const,
    transports: (item.transports ?? []).filter(isTransport),
  }));
}

function requestOptions(options: PublicKeyCredentialRequestOptionsJSON): TPasskeyRequestOptions {
  return {
    challenge: options.challenge,
    timeout: options.timeout,
    rpId: options.rpId,
    allowCredentials: descriptors(options.allowCredentials),
    userVerification: options.userVerification,
  };
}

/**
 * Passkeys (WebAuthn) with @simplewebauthn/server: the relying party is PUBLIC_URL's host name and the
 * expected origin PUBLIC_URL's origin. Each ceremony's challenge is a single-use row (auth_challenges),
 * so an assertion cannot be replayed. Registration asks for a discoverable (resident) credential.
 */
export function createPasskeysService(deps: {
  publicUrl: string;
  repository: TwoFactorRepository;
  users: UsersRepository;
  clock: Clock;
  onSecurityEvent?: (
    userId: string,
    event: SecurityEvent,
    meta: { ip: string | null; userAgent: string | null },
  ) => void;
}) {
  const { repository } = deps;
  const url = new URL(deps.publicUrl);
  const rpID = url.hostname;
  const expectedOrigin = url.origin;
  const now = () => deps.clock.now();
  const failed = () => new AppError('AUTHENTICATION_FAILED', TWO_FACTOR_MESSAGES.passkeyFailed);

  async function newChallenge(kind: AuthChallengeRow['kind'], userId: string | null, challenge: string) {
    const at = now();
    const id = randomBytes(24).toString('base64url');
    await repository.insertChallenge({
      id,
      kind,
      user_id: userId,
      webauthn_challenge: challenge,
      data: '{}',
      created_at: at.toISOString(),
      expires_at: new Date(at.getTime() + CHALLENGE_TTL_MS).toISOString(),
    });
    return id;
  }

  /**
   * Verifies an assertion against `expectedChallenge` and the stored credential; the signature counter
   * and last use are recorded. `userId`: the account it must belong to (second step), else any.
   */
  async function verifyAssertion(
    response: TPasskeyAuthenticationResponse,
    expectedChallenge: string,
    options: { userId: string | null; requireUserVerification: boolean },
  ): Promise<{ user: UserRow; passkey: PasskeyRow }> {
    const passkey = await repository.findPasskeyByCredential(response.id);
    if (!passkey) throw new AppError('AUTHENTICATION_FAILED', TWO_FACTOR_MESSAGES.passkeyUnknown);
    if (options.userId !== null && passkey.user_id !== options.userId) throw failed();
    const verification = await verifyAuthenticationResponse({
      response: { ...response, clientExtensionResults: response.clientExtensionResults ?? {} },
      expectedChallenge,
      expectedOrigin,
      expectedRPID: rpID,
      requireUserVerification: options.requireUserVerification,
      credential: {
        id: passkey.credential_id,
        publicKey: new Uint8Array(Buffer.from(passkey.public_key, 'base64url')),
        counter: Number(passkey.counter),
        transports: transportsOf(passkey),
      },
    }).catch(() => null);
    if (!verification?.verified) throw failed();
    await repository.recordPasskeyUse(
      passkey.id,
      verification.authenticationInfo.newCounter,
      now().toISOString(),
    );
    const user = await deps.users.findById(passkey.user_id);
    if (!user) throw failed();
    return { user, passkey };
  }

  return {
    verifyAssertion,

    list: async (userId: string): Promise<TPasskey[]> =>
      (await repository.listPasskeys(userId)).map(presentPasskey),

    /** Creation options for a new passkey of `user` (its existing ones are excluded). */
    async registrationOptions(user: UserRow): Promise<TPasskeyCreationOptions> {
      const existing = await repository.listPasskeys(user.id);
      if (existing.length >= PASSKEYS_MAX) {
        throw new AppError('CONFLICT', {
          id: TWO_FACTOR_MESSAGES.passkeyLimit,
          values: { max: PASSKEYS_MAX },
        });
      }
      const options = await generateRegistrationOptions({
        rpName: 'Kaleido',
        rpID,
        userName: user.email,
        userDisplayName: user.display_name,
        userID: new TextEncoder().encode(user.id),
        attestationType: 'none',
        excludeCredentials: existing.map((row) => ({ id: row.credential_id, transports: transportsOf(row) })),
        authenticatorSelection: {
          residentKey: 'required',
          requireResidentKey: true,
          userVerification: 'preferred',
        },
      });
      await repository.deleteChallenges(user.id, 'passkey-register');
      await newChallenge('passkey-register', user.id, options.challenge);
      return {
        rp: options.rp,
        user: options.user,
        challenge: options.challenge,
        pubKeyCredParams: options.pubKeyCredParams,
        timeout: options.timeout,
        excludeCredentials: descriptors(options.excludeCredentials),
        authenticatorSelection: options.authenticatorSelection,
        attestation: options.attestation,
        extensions: { credProps: options.extensions?.credProps },
      };
    },

    /** Verifies the new credential against the pending registration (single use), then stores it. */
    async register(
      user: UserRow,
      input: { name: string; response: TPasskeyRegistrationResponse },
      meta: RequestMeta,
    ): Promise<TPasskey> {
      const pending = (await repository.listChallenges(user.id, 'passkey-register'))[0];
      if (!pending?.webauthn_challenge || !(await repository.consumeChallenge(pending.id))) throw failed();
      if (Date.parse(pending.expires_at) <= now().getTime()) throw failed();
      if ((await repository.listPasskeys(user.id)).length >= PASSKEYS_MAX) {
        throw new AppError('CONFLICT', {
          id: TWO_FACTOR_MESSAGES.passkeyLimit,
          values: { max: PASSKEYS_MAX },
        });
      }
      const verification = await verifyRegistrationResponse({
        response: { ...input.response, clientExtensionResults: input.response.clientExtensionResults ?? {} },
        expectedChallenge: pending.webauthn_challenge,
        expectedOrigin,
        expectedRPID: rpID,
        requireUserVerification: false,
      }).catch(() => null);
      if (!verification?.verified) throw failed();
      const { credential } = verification.registrationInfo;
      if (await repository.findPasskeyByCredential(credential.id)) throw failed();
      const row: PasskeyRow = {
        id: randomUUID(),
        user_id: user.id,
        credential_id: credential.id,
        public_key: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: JSON.stringify(
          (credential.transports ?? input.response.response.transports ?? []).filter(isTransport),
        ),
        name: input.name,
        created_at: now().toISOString(),
        last_used_at: null,
      };
      await repository.insertPasskey(row);
      deps.onSecurityEvent?.(user.id, 'passkey-added', { ip: meta.ip, userAgent: meta.userAgent });
      return presentPasskey(row);
    },

    async rename(userId: string, id: string, name: string): Promise<TPasskey> {
      const row = await repository.renamePasskey(userId, id, name);
      if (!row) throw new AppError('NOT_FOUND', TWO_FACTOR_MESSAGES.passkeyNotFound);
      return presentPasskey(row);
    },

    async remove(userId: string, id: string, meta: RequestMeta): Promise<void> {
      if (!(await repository.deletePasskey(userId, id))) {
        throw new AppError('NOT_FOUND', TWO_FACTOR_MESSAGES.passkeyNotFound);
      }
      deps.onSecurityEvent?.(userId, 'passkey-removed', { ip: meta.ip, userAgent: meta.userAgent });
    },

    /** Request options for the second step: this account's passkeys only. */
    async secondFactorOptions(challenge: AuthChallengeRow): Promise<TPasskeyRequestOptions> {
      const passkeys = challenge.user_id ? await repository.listPasskeys(challenge.user_id) : [];
      const options = await generateAuthenticationOptions({
        rpID,
        allowCredentials: passkeys.map((row) => ({ id: row.credential_id, transports: transportsOf(row) })),
        userVerification: 'preferred',
      });
      await repository.setWebauthnChallenge(challenge.id, options.challenge);
      return requestOptions(options);
    },

    /** Request options for signing in with a passkey alone (discoverable: no allowCredentials). */
    async loginOptions(): Promise<{ options: TPasskeyRequestOptions; challengeId: string }> {
      const options = await generateAuthenticationOptions({
        rpID,
        allowCredentials: [],
        userVerification: 'preferred',
      });
      return {
        options: requestOptions(options),
        challengeId: await newChallenge('passkey-login', null, options.challenge),
      };
    },

    /**
     * Signs in with a passkey alone: the challenge is used once, and the authenticator must have verified
     * the person (PIN or biometrics), so the passkey counts as two factors.
     */
    async login(challengeId: string | null, response: TPasskeyAuthenticationResponse): Promise<UserRow> {
      const challenge = challengeId ? await repository.findChallenge(challengeId) : undefined;
      if (challenge?.kind !== 'passkey-login' || !challenge.webauthn_challenge) {
        throw new AppError('TWO_FACTOR_CHALLENGE_EXPIRED');
      }
      if (
        !(await repository.consumeChallenge(challenge.id)) ||
        Date.parse(challenge.expires_at) <= now().getTime()
      ) {
        throw new AppError('TWO_FACTOR_CHALLENGE_EXPIRED');
      }
      const { user } = await verifyAssertion(response, challenge.webauthn_challenge, {
        userId: null,
        requireUserVerification: true,
      });
      return user;
    },
  };
}

export type PasskeysService = ReturnType<typeof createPasskeysService>;
