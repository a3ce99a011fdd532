import type { TApiMessageId } from './i18n/messages/en.js';

/** Two-factor sign-in limits and texts (no zod: safe for the browser bundle). Spec: DECISIONS "Sign-in security". */

/** RFC 6238 as authenticator apps expect it: SHA-1, 30 s steps, 6 digits. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** The issuer shown in authenticator apps (`otpauth://totp/Kaleido:<email>?issuer=Kaleido`). */
export const TOTP_ISSUER = 'Kaleido';
/** Ten recovery codes, shown once, each `xxxxx-xxxxx` (lowercase letters and digits without look-alikes). */
export const RECOVERY_CODE_COUNT = 10;
export const RECOVERY_CODE_PATTERN = /^[a-z0-9]{5}-[a-z0-9]{5}$/;
/** The second step after the password must be completed within this time (challenge cookie lifetime). */
export const TWO_FACTOR_CHALLENGE_MINUTES = 5;
/** "Trust this device" skips the second step on this browser for this long. */
export const TRUSTED_DEVICE_DAYS = 30;
export const PASSKEY_NAME_MAX_LENGTH = 64;
/** How many passkeys one account may register. */
export const PASSKEYS_MAX = 20;

/** How an authenticator talks to the browser (WebAuthn `AuthenticatorTransportFuture`). */
export const PASSKEY_TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;
export type TPasskeyTransport = (typeof PASSKEY_TRANSPORTS)[number];

/** The ways to complete the second step, as `POST /api/auth/login` lists them. */
export const TWO_FACTOR_METHODS = ['totp', 'recovery', 'passkey'] as const;
export type TTwoFactorMethod = (typeof TWO_FACTOR_METHODS)[number];

/** Message ids of the two-factor texts (catalog `common/src/i18n/messages/<locale>.ts`). */
export const TWO_FACTOR_MESSAGES = {
  codeRequired: 'api.twoFactor.codeRequired',
  codeInvalid: 'api.twoFactor.codeInvalid',
  recoveryCodeInvalid: 'api.twoFactor.recoveryCodeInvalid',
  notPending: 'api.twoFactor.notPending',
  alreadyEnabled: 'api.twoFactor.alreadyEnabled',
  notEnabled: 'api.twoFactor.notEnabled',
  passkeyFailed: 'api.twoFactor.passkeyFailed',
  passkeyUnknown: 'api.twoFactor.passkeyUnknown',
  passkeyNameRequired: 'api.twoFactor.passkeyNameRequired',
  passkeyNameTooLong: 'api.twoFactor.passkeyNameTooLong',
  passkeyLimit: 'api.twoFactor.passkeyLimit',
  passkeyNotFound: 'api.twoFactor.passkeyNotFound',
  passkeysUnavailable: 'api.twoFactor.passkeysUnavailable',
  popupSecondStep: 'api.twoFactor.popupSecondStep',
} as const satisfies Record<string, TApiMessageId>;
