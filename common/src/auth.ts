import { z } from 'zod';
import {
  AUTH_MESSAGES,
  DISPLAY_NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  ROLES,
} from './auth-constants.js';
import { PLAN_IDS } from './constants.js';

/** Sign-up, sign-in and account contracts (spec sections 2 Auth, 3 User profile, 5, 6). */

const email = z
  .string({ error: AUTH_MESSAGES.emailInvalid })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: AUTH_MESSAGES.emailInvalid }).max(254, AUTH_MESSAGES.emailInvalid));

const newPassword = z
  .string({ error: AUTH_MESSAGES.passwordRequired })
  .min(PASSWORD_MIN_LENGTH, AUTH_MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordTooLong);

export const ZDisplayName = z
  .string({ error: AUTH_MESSAGES.nameRequired })
  .trim()
  .min(1, AUTH_MESSAGES.nameRequired)
  .max(DISPLAY_NAME_MAX_LENGTH, AUTH_MESSAGES.nameTooLong);

export const ZSignupRequest = z.object({
  name: ZDisplayName,
  email,
  password: newPassword,
  remember: z.boolean().default(false),
  /** The token of an invite link; required while sign-ups are invite-only (site settings). */
  inviteToken: z.string().max(200).optional(),
});
export type TSignupRequest = z.input<typeof ZSignupRequest>;

export const ZLoginRequest = z.object({
  email,
  password: z
    .string({ error: AUTH_MESSAGES.passwordRequired })
    .min(1, AUTH_MESSAGES.passwordRequired)
    .max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordTooLong),
  remember: z.boolean().default(false),
});
export type TLoginRequest = z.input<typeof ZLoginRequest>;

export const ZForgotPasswordRequest = z.object({ email });
export const ZResetPasswordRequest = z.object({
  token: z.string().min(1, AUTH_MESSAGES.resetLinkInvalid).max(200, AUTH_MESSAGES.resetLinkInvalid),
  newPassword,
});
export const ZChangePasswordRequest = z.object({
  currentPassword: z
    .string({ error: AUTH_MESSAGES.passwordFieldsRequired })
    .min(1, AUTH_MESSAGES.passwordFieldsRequired),
  newPassword,
});

/** The signed-in person as `GET /api/auth/me` presents them. */
export const ZMe = z
  .object({
    id: z.string(),
    email: z.string(),
    displayName: z.string(),
    credits: z.number().int().nonnegative(),
    creditsMonthly: z.number().int().nonnegative(),
    creditsPurchased: z.number().int().nonnegative(),
    plan: z.enum(PLAN_IDS),
    role: z.enum(ROLES),
    hasPassword: z.boolean(),
    socialProviders: z.array(z.string()),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Me' });
export type TMe = z.infer<typeof ZMe>;

/** Sign-up and sign-in answer with the person and the session token (also set as an HttpOnly cookie). */
export const ZAuthResult = z.object({ user: ZMe, token: z.string() }).meta({ id: 'AuthResult' });
export type TAuthResult = z.infer<typeof ZAuthResult>;

export const ZSocialProvider = z.object({ id: z.string(), name: z.string() }).meta({ id: 'SocialProvider' });
export type TSocialProvider = z.infer<typeof ZSocialProvider>;

/** `GET /api/auth/validate-access`: the session is valid, and whose it is. */
export const ZAccessCheck = z
  .object({ valid: z.literal(true), userId: z.string(), role: z.enum(ROLES), plan: z.enum(PLAN_IDS) })
  .meta({ id: 'AccessCheck' });
export type TAccessCheck = z.infer<typeof ZAccessCheck>;

/** A confirmation in the request's language (password reset e-mail sent, password changed). */
export const ZMessageResult = z.object({ message: z.string() }).meta({ id: 'MessageResult' });
export type TMessageResult = z.infer<typeof ZMessageResult>;

/** `GET /api/account/export`: everything kept about the person, by feature (profile, settings, …). */
export const ZAccountExport = z.record(z.string(), z.unknown()).meta({ id: 'AccountExport' });
export type TAccountExport = z.infer<typeof ZAccountExport>;

export const ZUpdateCreditsRequest = z.object({
  credits: z.number().int().min(0).max(1_000_000_000),
  userId: z.string().optional(),
});
export const ZUpdatePlanRequest = z.object({ plan: z.enum(PLAN_IDS), userId: z.string().optional() });

export const ZDeleteAccountRequest = z.object({
  confirm: z.literal('DELETE', { error: AUTH_MESSAGES.deleteConfirmWord }),
  password: z.string().max(PASSWORD_MAX_LENGTH).optional(),
});
