import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './auth-constants.js';
import {
  PASSKEY_NAME_MAX_LENGTH,
  PASSKEY_TRANSPORTS,
  RECOVERY_CODE_COUNT,
  TOTP_DIGITS,
  TWO_FACTOR_MESSAGES,
  TWO_FACTOR_METHODS,
} from './two-factor-constants.js';

export * from './two-factor-constants.js';

/**
 * Two-factor sign-in and passkeys (issue 19; DECISIONS "Sign-in security"). Every answer uses the envelope
 * `{ success: true, data }`. Cookie-authenticated writes follow the CSRF rule like every other route.
 *
 * Routes (all under /api/auth unless said otherwise):
 * - `GET  /2fa` (signed in) → ZTwoFactorStatus
 * - `POST /2fa/totp/setup` (signed in) → ZTotpSetup (pending until enabled; calling again replaces it)
 * - `POST /2fa/totp/enable` ZTotpEnableRequest → ZRecoveryCodes
 * - `POST /2fa/totp/disable` ZTotpDisableRequest → ZTotpDisabled
 * - `POST /2fa/recovery-codes` ZRecoveryCodesRequest → ZRecoveryCodes
 * - `POST /login` (existing) → ZAuthResult, or ZTwoFactorChallenge plus the challenge cookie (no session)
 * - `POST /2fa/verify` ZTwoFactorVerifyRequest → ZAuthResult (401 wrong code, 429 too many)
 * - `POST /2fa/passkey/options` (challenge cookie) → ZPasskeyRequestOptions
 * - `POST /2fa/passkey/verify` ZPasskeySecondFactorRequest → ZAuthResult
 * - `POST /passkeys/register/options` (signed in) → ZPasskeyCreationOptions
 * - `POST /passkeys/register/verify` ZPasskeyRegisterRequest → ZPasskeyResult
 * - `POST /passkeys/:id/rename` ZPasskeyRenameRequest → ZPasskeyResult
 * - `DELETE /passkeys/:id` → ZDeleted `{ id }` (the project's delete style, as API keys and assets answer)
 * - `POST /passkeys/login/options` → ZPasskeyRequestOptions (empty allowCredentials: discoverable)
 * - `POST /passkeys/login/verify` ZPasskeyLoginRequest → ZAuthResult (no second step)
 * - `POST /api/admin/users/:id/reset-2fa` (administrator) → ZTwoFactorReset
 */

const totpCode = z
  .string({ error: TWO_FACTOR_MESSAGES.codeRequired })
  .trim()
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(new RegExp(`^\\d{${TOTP_DIGITS}}$`), TWO_FACTOR_MESSAGES.codeInvalid));

/** A TOTP code, or (where the route says so) a recovery code; the server tells which by its shape. */
const totpOrRecoveryCode = z
  .string({ error: TWO_FACTOR_MESSAGES.codeRequired })
  .trim()
  .min(1, TWO_FACTOR_MESSAGES.codeRequired)
  .max(64, TWO_FACTOR_MESSAGES.codeInvalid);

const recoveryCode = z
  .string({ error: TWO_FACTOR_MESSAGES.codeRequired })
  .trim()
  .min(1, TWO_FACTOR_MESSAGES.codeRequired)
  .max(64, TWO_FACTOR_MESSAGES.recoveryCodeInvalid);

const password = z.string({ error: 'api.auth.reauthRequired' }).max(PASSWORD_MAX_LENGTH);

/** A passkey as the settings list shows it (no key material ever leaves the server). */
export const ZPasskey = z
  .object({
    id: z.string(),
    name: z.string(),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
  })
  .meta({ id: 'Passkey' });
export type TPasskey = z.infer<typeof ZPasskey>;

/** `GET /api/auth/2fa`: the account's second factors. `trustedDevice`: this browser skips the second step. */
export const ZTwoFactorStatus = z
  .object({
    totp: z.object({ enabled: z.boolean(), pending: z.boolean() }),
    recoveryCodesRemaining: z.number().int().nonnegative(),
    passkeys: z.array(ZPasskey),
    trustedDevice: z.boolean(),
  })
  .meta({ id: 'TwoFactorStatus' });
export type TTwoFactorStatus = z.infer<typeof ZTwoFactorStatus>;

/** `POST /api/auth/2fa/totp/setup`: the new secret (base32) and its `otpauth://` URI for the QR code. */
export const ZTotpSetup = z.object({ secret: z.string(), otpauthUrl: z.string() }).meta({ id: 'TotpSetup' });
export type TTotpSetup = z.infer<typeof ZTotpSetup>;

export const ZTotpEnableRequest = z.object({ code: totpCode });
export type TTotpEnableRequest = z.input<typeof ZTotpEnableRequest>;

/** Ten fresh recovery codes, shown once (the server keeps only their hashes). */
export const ZRecoveryCodes = z
  .object({ recoveryCodes: z.array(z.string()).length(RECOVERY_CODE_COUNT) })
  .meta({ id: 'RecoveryCodes' });
export type TRecoveryCodes = z.infer<typeof ZRecoveryCodes>;

/** Turning TOTP off needs the password and a code (TOTP or a recovery code). */
export const ZTotpDisableRequest = z.object({ password, code: totpOrRecoveryCode });
export type TTotpDisableRequest = z.input<typeof ZTotpDisableRequest>;

export const ZTotpDisabled = z
  .object({ totp: z.object({ enabled: z.literal(false) }) })
  .meta({ id: 'TotpDisabled' });
export type TTotpDisabled = z.infer<typeof ZTotpDisabled>;

/** A new set of recovery codes (the old ones stop working) needs the password and a code. */
export const ZRecoveryCodesRequest = z.object({ password, code: totpOrRecoveryCode });
export type TRecoveryCodesRequest = z.input<typeof ZRecoveryCodesRequest>;

/** `POST /api/auth/login` on an account with a second factor: the password was right, one more step. */
export const ZTwoFactorChallenge = z
  .object({ twoFactorRequired: z.literal(true), methods: z.array(z.enum(TWO_FACTOR_METHODS)) })
  .meta({ id: 'TwoFactorChallenge' });
export type TTwoFactorChallenge = z.infer<typeof ZTwoFactorChallenge>;

const trustDevice = z.boolean().default(false);

/** `POST /api/auth/2fa/verify`: a TOTP code or a recovery code, and whether to trust this browser for 30 days. */
export const ZTwoFactorVerifyRequest = z.union([
  z.object({ code: totpCode, trustDevice }),
  z.object({ recoveryCode, trustDevice }),
]);
export type TTwoFactorVerifyRequest = z.input<typeof ZTwoFactorVerifyRequest>;

// WebAuthn JSON shapes (as @simplewebauthn/server produces and @simplewebauthn/browser consumes them).

const base64url = z.string().max(4096);
const authenticatorTransport = z.enum(PASSKEY_TRANSPORTS);
const userVerification = z.enum(['discouraged', 'preferred', 'required']);
const credentialHint = z.enum(['hybrid', 'security-key', 'client-device']);
const credentialDescriptor = z.object({
  id: base64url,
  type: z.literal('public-key'),
  transports: z.array(authenticatorTransport).optional(),
});

/** `PublicKeyCredentialCreationOptionsJSON`: pass to `startRegistration({ optionsJSON })`. */
export const ZPasskeyCreationOptions = z
  .object({
    rp: z.object({ id: z.string().optional(), name: z.string() }),
    user: z.object({ id: base64url, name: z.string(), displayName: z.string() }),
    challenge: base64url,
    pubKeyCredParams: z.array(z.object({ alg: z.number().int(), type: z.literal('public-key') })),
    timeout: z.number().int().optional(),
    excludeCredentials: z.array(credentialDescriptor).optional(),
    authenticatorSelection: z
      .object({
        authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
        requireResidentKey: z.boolean().optional(),
        residentKey: userVerification.optional(),
        userVerification: userVerification.optional(),
      })
      .optional(),
    hints: z.array(credentialHint).optional(),
    attestation: z.enum(['direct', 'enterprise', 'indirect', 'none']).optional(),
    extensions: z.object({ credProps: z.boolean().optional() }).optional(),
  })
  .meta({ id: 'PasskeyCreationOptions' });
export type TPasskeyCreationOptions = z.infer<typeof ZPasskeyCreationOptions>;

/** `PublicKeyCredentialRequestOptionsJSON`: pass to `startAuthentication({ optionsJSON })`. */
export const ZPasskeyRequestOptions = z
  .object({
    challenge: base64url,
    timeout: z.number().int().optional(),
    rpId: z.string().optional(),
    allowCredentials: z.array(credentialDescriptor).optional(),
    userVerification: userVerification.optional(),
    hints: z.array(credentialHint).optional(),
  })
  .meta({ id: 'PasskeyRequestOptions' });
export type TPasskeyRequestOptions = z.infer<typeof ZPasskeyRequestOptions>;

const clientExtensionResults = z.object({
  appid: z.boolean().optional(),
  credProps: z.object({ rk: z.boolean().optional() }).optional(),
  hmacCreateSecret: z.boolean().optional(),
});

/** `RegistrationResponseJSON`, what `startRegistration` returns. */
export const ZPasskeyRegistrationResponse = z.object({
  id: base64url,
  rawId: base64url,
  response: z.object({
    clientDataJSON: base64url,
    attestationObject: z.string().max(65_536),
    authenticatorData: z.string().max(65_536).optional(),
    transports: z.array(authenticatorTransport).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: z.string().max(65_536).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults,
  type: z.literal('public-key'),
});
export type TPasskeyRegistrationResponse = z.input<typeof ZPasskeyRegistrationResponse>;

/** `AuthenticationResponseJSON`, what `startAuthentication` returns. */
export const ZPasskeyAuthenticationResponse = z.object({
  id: base64url,
  rawId: base64url,
  response: z.object({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults,
  type: z.literal('public-key'),
});
export type TPasskeyAuthenticationResponse = z.input<typeof ZPasskeyAuthenticationResponse>;

const passkeyName = z
  .string({ error: TWO_FACTOR_MESSAGES.passkeyNameRequired })
  .trim()
  .min(1, TWO_FACTOR_MESSAGES.passkeyNameRequired)
  .max(PASSKEY_NAME_MAX_LENGTH, TWO_FACTOR_MESSAGES.passkeyNameTooLong);

export const ZPasskeyRegisterRequest = z.object({
  name: passkeyName,
  response: ZPasskeyRegistrationResponse,
});
export type TPasskeyRegisterRequest = z.input<typeof ZPasskeyRegisterRequest>;

export const ZPasskeyRenameRequest = z.object({ name: passkeyName });
export type TPasskeyRenameRequest = z.input<typeof ZPasskeyRenameRequest>;

/** A registered or renamed passkey. */
export const ZPasskeyResult = z.object({ passkey: ZPasskey }).meta({ id: 'PasskeyResult' });
export type TPasskeyResult = z.infer<typeof ZPasskeyResult>;

/** `POST /api/auth/2fa/passkey/verify`: a passkey as the second step (challenge cookie required). */
export const ZPasskeySecondFactorRequest = z.object({
  response: ZPasskeyAuthenticationResponse,
  trustDevice,
});
export type TPasskeySecondFactorRequest = z.input<typeof ZPasskeySecondFactorRequest>;

/** `POST /api/auth/passkeys/login/verify`: sign-in with a passkey alone (it is two factors already). */
export const ZPasskeyLoginRequest = z.object({
  response: ZPasskeyAuthenticationResponse,
  remember: z.boolean().default(false),
});
export type TPasskeyLoginRequest = z.input<typeof ZPasskeyLoginRequest>;

/** `POST /api/admin/users/:id/reset-2fa`: the person's TOTP, recovery codes, passkeys and trusted devices are gone. */
export const ZTwoFactorReset = z
  .object({ userId: z.string(), reset: z.literal(true) })
  .meta({ id: 'TwoFactorReset' });
export type TTwoFactorReset = z.infer<typeof ZTwoFactorReset>;
