/** Account limits and texts (no zod: safe for the browser bundle). */

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 1024;
export const DISPLAY_NAME_MAX_LENGTH = 100;

export const AUTH_MESSAGES = {
  nameRequired: 'Please enter your full name.',
  nameTooLong: `Names can be at most ${DISPLAY_NAME_MAX_LENGTH} characters.`,
  emailInvalid: 'Please enter a valid email address.',
  passwordRequired: 'Please enter your password.',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`,
  invalidCredentials: 'Invalid email or password.',
  emailTaken: 'An account with this email already exists.',
  resetLinkInvalid: 'This reset link is invalid or has expired.',
  resetEmailSent: 'If an account exists for that email, we sent a link to reset the password.',
  passwordChanged: 'Your password has been changed.',
  passwordReset: 'Your password has been reset. You can sign in now.',
  tooManyAttempts: 'Too many attempts. Please wait a moment and try again.',
  accountLocked: 'Too many failed sign-in attempts for this account. Please try again in a few minutes.',
  socialNotConfigured: 'Social sign-in is not set up on this server.',
  deleteConfirmWord: 'Type DELETE to confirm.',
  reauthRequired: 'Please enter your password to confirm.',
} as const;

export const ROLES = ['user', 'admin'] as const;
export type TRole = (typeof ROLES)[number];

/** What the social sign-in popup posts to its opener (no token: the opener re-reads /api/auth/me). */
export const AUTH_POPUP_MESSAGE_TYPE = 'kaleido:auth-popup';
export const AUTH_POPUP_CHANNEL = 'kaleido-auth';
export interface TAuthPopupMessage {
  type: typeof AUTH_POPUP_MESSAGE_TYPE;
  ok: boolean;
  error?: string;
}
