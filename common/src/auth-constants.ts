import type { TApiMessageId } from './i18n/messages/en.js';
import type { TTwoFactorMethod } from './two-factor-constants.js';

/** Account limits and texts (no zod: safe for the browser bundle). */

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 1024;
export const DISPLAY_NAME_MAX_LENGTH = 100;

/**
 * Message ids of the account texts (catalog `common/src/i18n/messages/<locale>.ts`): show them with
 * `t(AUTH_MESSAGES.nameTooLong, { max: DISPLAY_NAME_MAX_LENGTH })`; API_MESSAGE_DEFAULTS holds the values.
 */
export const AUTH_MESSAGES = {
  nameRequired: 'api.auth.nameRequired',
  nameTooLong: 'api.auth.nameTooLong',
  emailInvalid: 'api.auth.emailInvalid',
  passwordRequired: 'api.auth.passwordRequired',
  passwordTooShort: 'api.auth.passwordTooShort',
  passwordTooLong: 'api.auth.passwordTooLong',
  invalidCredentials: 'api.auth.invalidCredentials',
  emailTaken: 'api.auth.emailTaken',
  resetLinkInvalid: 'api.auth.resetLinkInvalid',
  resetEmailSent: 'api.auth.resetEmailSent',
  passwordChanged: 'api.auth.passwordChanged',
  passwordReset: 'api.auth.passwordReset',
  tooManyAttempts: 'api.auth.tooManyAttempts',
  accountLocked: 'api.auth.accountLocked',
  socialNotConfigured: 'api.auth.socialNotConfigured',
  deleteConfirmWord: 'api.auth.deleteConfirmWord',
  reauthRequired: 'api.auth.reauthRequired',
  currentPasswordIncorrect: 'api.auth.currentPasswordIncorrect',
  passwordFieldsRequired: 'api.auth.passwordFieldsRequired',
} as const satisfies Record<string, TApiMessageId>;

export const ROLES = ['user', 'admin'] as const;
export type TRole = (typeof ROLES)[number];

/** What the social sign-in popup posts to its opener (no token: the opener re-reads /api/auth/me). */
export const AUTH_POPUP_MESSAGE_TYPE = 'kaleido:auth-popup';
export const AUTH_POPUP_CHANNEL = 'kaleido-auth';
export interface TAuthPopupMessage {
  type: typeof AUTH_POPUP_MESSAGE_TYPE;
  ok: boolean;
  error?: string;
  /**
   * The account has a second factor: no session yet (ok is false, no error). The challenge cookie is
   * set; the opener shows the code step (`POST /api/auth/2fa/verify`) with these methods.
   */
  twoFactorRequired?: true;
  methods?: TTwoFactorMethod[];
}
