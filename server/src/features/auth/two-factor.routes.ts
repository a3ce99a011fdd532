import {
  TRUSTED_DEVICE_DAYS,
  type TTwoFactorChallenge,
  TWO_FACTOR_CHALLENGE_MINUTES,
  ZAuthResult,
  ZDeleted,
  ZPasskeyCreationOptions,
  ZPasskeyLoginRequest,
  ZPasskeyRegisterRequest,
  ZPasskeyRenameRequest,
  ZPasskeyRequestOptions,
  ZPasskeyResult,
  ZPasskeySecondFactorRequest,
  ZRecoveryCodes,
  ZRecoveryCodesRequest,
  ZSuccessEnvelope,
  ZTotpDisabled,
  ZTotpDisableRequest,
  ZTotpEnableRequest,
  ZTotpSetup,
  ZTwoFactorStatus,
  ZTwoFactorVerifyRequest,
} from '@kaleido/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/http/app-error.js';
import type { App } from '../../platform/http/route-schemas.js';
import { presentMe } from '../accounts/accounts.presenter.js';
import type { UserRow, UsersRepository } from '../accounts/users.repository.js';
import type { AuthService, IssuedSession } from './auth.service.js';
import { type Authenticator, requestMeta } from './authn.js';
import type { PasskeysService } from './passkeys.service.js';
import type { ChallengeData, SignedInAfterChallenge, TwoFactorService } from './two-factor.service.js';

/** The second step's cookie: which pending sign-in this browser is completing (5 minutes). */
export const CHALLENGE_COOKIE = 'kaleido_2fa';
/** "Trust this device for 30 days" (the row behind it can be revoked). */
export const TRUSTED_DEVICE_COOKIE = 'kaleido_trusted';
/** A passkey sign-in in progress (its WebAuthn challenge). */
export const PASSKEY_LOGIN_COOKIE = 'kaleido_passkey';
const COOKIE_PATH = '/api/auth';
/** Passkey sign-in challenges per IP a minute (see `challengesPerIp`). */
export const PASSKEY_CHALLENGES_PER_MINUTE = 60;

/**
 * The sign-in cookies of the second step: signed with the server's cookie key, HttpOnly, SameSite=Lax,
 * Secure behind https, sent only to /api/auth. They carry ids of server-side rows, never secrets of the
 * account, and every row is single use or revocable.
 */
export function createTwoFactorCookies(deps: { https: boolean }) {
  const options = (maxAgeSeconds: number) => ({
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: deps.https,
    signed: true,
    maxAge: maxAgeSeconds,
  });
  const read = (request: FastifyRequest, name: string): string | null => {
    const raw = request.cookies[name];
    if (!raw) return null;
    const unsigned = request.unsignCookie(raw);
    return unsigned.valid && unsigned.value ? unsigned.value : null;
  };
  const clear = (reply: FastifyReply, name: string) =>
    reply.clearCookie(name, { path: COOKIE_PATH, httpOnly: true, sameSite: 'lax', secure: deps.https });
  return {
    setChallenge: (reply: FastifyReply, id: string) =>
      reply.setCookie(CHALLENGE_COOKIE, id, options(TWO_FACTOR_CHALLENGE_MINUTES * 60)),
    challenge: (request: FastifyRequest) => read(request, CHALLENGE_COOKIE),
    clearChallenge: (reply: FastifyReply) => clear(reply, CHALLENGE_COOKIE),
    setTrusted: (reply: FastifyReply, value: string) =>
      reply.setCookie(TRUSTED_DEVICE_COOKIE, value, options(TRUSTED_DEVICE_DAYS * 24 * 3600)),
    trusted: (request: FastifyRequest) => read(request, TRUSTED_DEVICE_COOKIE) ?? undefined,
    setPasskeyLogin: (reply: FastifyReply, id: string) =>
      reply.setCookie(PASSKEY_LOGIN_COOKIE, id, options(TWO_FACTOR_CHALLENGE_MINUTES * 60)),
    passkeyLogin: (request: FastifyRequest) => read(request, PASSKEY_LOGIN_COOKIE),
    clearPasskeyLogin: (reply: FastifyReply) => clear(reply, PASSKEY_LOGIN_COOKIE),
  };
}

export type TwoFactorCookies = ReturnType<typeof createTwoFactorCookies>;

/**
 * After a first factor (password or social sign-in): opens the second step when the account has a
 * second factor and this browser is not one of its trusted devices (challenge cookie set), else null.
 */
export type SecondStepGate = (
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
  data: ChallengeData,
) => Promise<TTwoFactorChallenge | null>;

export function createSecondStepGate(deps: {
  twoFactor: TwoFactorService;
  cookies: TwoFactorCookies;
}): SecondStepGate {
  return async (request, reply, user, data) => {
    const step = await deps.twoFactor.beginSignIn(user, data, deps.cookies.trusted(request));
    if (!step) return null;
    deps.cookies.setChallenge(reply, step.challengeId);
    return { twoFactorRequired: true, methods: step.methods };
  };
}

const ZPasskeyParams = z.object({ id: z.string().max(100) });
const ZNoInput = z.strictObject({}).nullish();

/** Two-factor sign-in and passkeys (contracts: common/src/two-factor.ts). */
export function twoFactorRoutes(
  app: App,
  deps: {
    auth: AuthService;
    authn: Authenticator;
    users: UsersRepository;
    twoFactor: TwoFactorService;
    passkeys: PasskeysService;
    cookies: TwoFactorCookies;
    limits: { loginsPerMinute: number };
  },
): void {
  const { authn, twoFactor, passkeys, cookies } = deps;
  const signedIn = authn.signedIn;
  /** Codes and assertions are limited per IP too (the account's lockout counts wrong codes). */
  const perIp = { config: { rateLimit: { max: deps.limits.loginsPerMinute, timeWindow: '1 minute' } } };
  // A passkey challenge is asked for by every view of the sign-in page (the browser's passkey autofill),
  // and proves nothing by itself: it gets a wider limit of its own; verifying keeps the sign-in limit.
  const challengesPerIp = {
    config: { rateLimit: { max: PASSKEY_CHALLENGES_PER_MINUTE, timeWindow: '1 minute' } },
  };
  const authResult = ZSuccessEnvelope(ZAuthResult);

  /** Answers a completed sign-in exactly as `POST /api/auth/login` does. */
  async function signedInAnswer(reply: FastifyReply, issued: IssuedSession, trustedDevice: string | null) {
    authn.setSessionCookie(reply, issued);
    cookies.clearChallenge(reply);
    if (trustedDevice) cookies.setTrusted(reply, trustedDevice);
    const user = presentMe(issued.user, await deps.users.socialProviders(issued.user.id));
    return { success: true as const, data: { user, token: issued.token } };
  }
  const afterChallenge = (reply: FastifyReply, result: SignedInAfterChallenge) =>
    signedInAnswer(reply, result.issued, result.trustedDevice);

  app.get(
    '/api/auth/2fa',
    { preValidation: signedIn, schema: { response: { 200: ZSuccessEnvelope(ZTwoFactorStatus) } } },
    async (request, reply) => {
      const current = await authn.required(request);
      reply.header('Cache-Control', 'no-store');
      return {
        success: true as const,
        data: await twoFactor.status(current.user.id, cookies.trusted(request)),
      };
    },
  );

  app.post(
    '/api/auth/2fa/totp/setup',
    { preValidation: signedIn, schema: { response: { 200: ZSuccessEnvelope(ZTotpSetup) } } },
    async (request, reply) => {
      const current = await authn.required(request);
      reply.header('Cache-Control', 'no-store');
      return { success: true as const, data: await twoFactor.startSetup(current) };
    },
  );

  app.post(
    '/api/auth/2fa/totp/enable',
    {
      ...perIp,
      preValidation: signedIn,
      schema: { body: ZTotpEnableRequest, response: { 200: ZSuccessEnvelope(ZRecoveryCodes) } },
    },
    async (request, reply) => {
      const current = await authn.required(request);
      const recoveryCodes = await twoFactor.enable(current, request.body.code, requestMeta(request));
      reply.header('Cache-Control', 'no-store');
      return { success: true as const, data: { recoveryCodes } };
    },
  );

  app.post(
    '/api/auth/2fa/totp/disable',
    {
      ...perIp,
      preValidation: signedIn,
      schema: { body: ZTotpDisableRequest, response: { 200: ZSuccessEnvelope(ZTotpDisabled) } },
    },
    async (request, reply) => {
      const current = await authn.required(request);
      await twoFactor.disable(current, request.body, requestMeta(request));
      reply.clearCookie(TRUSTED_DEVICE_COOKIE, { path: COOKIE_PATH });
      return { success: true as const, data: { totp: { enabled: false as const } } };
    },
  );

  app.post(
    '/api/auth/2fa/recovery-codes',
    {
      ...perIp,
      preValidation: signedIn,
      schema: { body: ZRecoveryCodesRequest, response: { 200: ZSuccessEnvelope(ZRecoveryCodes) } },
    },
    async (request, reply) => {
      const current = await authn.required(request);
      const recoveryCodes = await twoFactor.regenerateRecoveryCodes(
        current,
        request.body,
        requestMeta(request),
      );
      reply.header('Cache-Control', 'no-store');
      return { success: true as const, data: { recoveryCodes } };
    },
  );

  app.post(
    '/api/auth/2fa/verify',
    { ...perIp, schema: { body: ZTwoFactorVerifyRequest, response: { 200: authResult } } },
    async (request, reply) => {
      const body = request.body;
      const input =
        'recoveryCode' in body
          ? { recoveryCode: body.recoveryCode, trustDevice: body.trustDevice }
          : { code: body.code, trustDevice: body.trustDevice };
      const result = await twoFactor.verify(cookies.challenge(request), input, requestMeta(request));
      return afterChallenge(reply, result);
    },
  );

  app.post(
    '/api/auth/2fa/passkey/options',
    // No input (the challenge cookie says whose sign-in it is): anything else is refused before it.
    { ...perIp, schema: { body: ZNoInput, response: { 200: ZSuccessEnvelope(ZPasskeyRequestOptions) } } },
    async (request) => {
      const challenge = await twoFactor.openChallenge(cookies.challenge(request));
      return { success: true as const, data: await passkeys.secondFactorOptions(challenge.row) };
    },
  );

  app.post(
    '/api/auth/2fa/passkey/verify',
    { ...perIp, schema: { body: ZPasskeySecondFactorRequest, response: { 200: authResult } } },
    async (request, reply) => {
      const challenge = await twoFactor.openChallenge(cookies.challenge(request));
      if (!challenge.row.webauthn_challenge)
        throw new AppError('AUTHENTICATION_FAILED', 'api.twoFactor.passkeyFailed');
      await passkeys.verifyAssertion(request.body.response, challenge.row.webauthn_challenge, {
        userId: challenge.user.id,
        requireUserVerification: false,
      });
      const result = await twoFactor.complete(challenge, request.body.trustDevice, requestMeta(request));
      return afterChallenge(reply, result);
    },
  );

  app.post(
    '/api/auth/passkeys/register/options',
    { preValidation: signedIn, schema: { response: { 200: ZSuccessEnvelope(ZPasskeyCreationOptions) } } },
    async (request) => {
      const current = await authn.required(request);
      return { success: true as const, data: await passkeys.registrationOptions(current.user) };
    },
  );

  app.post(
    '/api/auth/passkeys/register/verify',
    {
      preValidation: signedIn,
      schema: { body: ZPasskeyRegisterRequest, response: { 200: ZSuccessEnvelope(ZPasskeyResult) } },
    },
    async (request) => {
      const current = await authn.required(request);
      const passkey = await passkeys.register(current.user, request.body, requestMeta(request));
      return { success: true as const, data: { passkey } };
    },
  );

  app.post(
    '/api/auth/passkeys/:id/rename',
    {
      preValidation: signedIn,
      schema: {
        params: ZPasskeyParams,
        body: ZPasskeyRenameRequest,
        response: { 200: ZSuccessEnvelope(ZPasskeyResult) },
      },
    },
    async (request) => {
      const current = await authn.required(request);
      const passkey = await passkeys.rename(current.user.id, request.params.id, request.body.name);
      return { success: true as const, data: { passkey } };
    },
  );

  app.delete(
    '/api/auth/passkeys/:id',
    {
      preValidation: signedIn,
      schema: { params: ZPasskeyParams, response: { 200: ZSuccessEnvelope(ZDeleted) } },
    },
    async (request) => {
      const current = await authn.required(request);
      await passkeys.remove(current.user.id, request.params.id, requestMeta(request));
      return { success: true as const, data: { id: request.params.id } };
    },
  );

  app.post(
    '/api/auth/passkeys/login/options',
    { ...challengesPerIp, schema: { response: { 200: ZSuccessEnvelope(ZPasskeyRequestOptions) } } },
    async (_request, reply) => {
      const { options, challengeId } = await passkeys.loginOptions();
      cookies.setPasskeyLogin(reply, challengeId);
      return { success: true as const, data: options };
    },
  );

  app.post(
    '/api/auth/passkeys/login/verify',
    { ...perIp, schema: { body: ZPasskeyLoginRequest, response: { 200: authResult } } },
    async (request, reply) => {
      const user = await passkeys.login(cookies.passkeyLogin(request), request.body.response);
      cookies.clearPasskeyLogin(reply);
      // A passkey with user verification is two factors already: no second step.
      const issued = await deps.auth.completeSignIn(user, {
        remember: request.body.remember,
        method: 'passkey',
        meta: requestMeta(request),
      });
      return signedInAnswer(reply, issued, null);
    },
  );
}
