import type { TGenerationType, TJobKind } from './constants.js';
import type { TApiMessageId } from './i18n/messages/en.js';

export type { TApiMessageId } from './i18n/messages/en.js';

/**
 * The error catalogue (spec section 8). Server errors carry a stable `code` and each code has its HTTP
 * status; its default message is `api.error.<CODE>` of the shared catalog (common/src/i18n/messages),
 * which the server answers in the person's language. Texts only the browser shows are in the web catalogs.
 */
export const ERRORS = {
  VALIDATION_FAILED: { status: 400 },
  BAD_REQUEST: { status: 400 },
  UNSUBSCRIBE_LINK_INVALID: { status: 400 },
  AUTHENTICATION_REQUIRED: { status: 401 },
  USER_NOT_AUTHENTICATED: { status: 401 },
  AUTHENTICATION_FAILED: { status: 401 },
  /** The second step of a sign-in (or a passkey sign-in) was not finished in time, or already used. */
  TWO_FACTOR_CHALLENGE_EXPIRED: { status: 401 },
  SOCIAL_LOGIN_FAILED: { status: 401 },
  LOGIN_REQUIRED_IMAGE: { status: 401 },
  LOGIN_REQUIRED_VIDEO: { status: 401 },
  INSUFFICIENT_CREDITS: { status: 402 },
  PAYMENT_DECLINED: { status: 402 },
  FORBIDDEN: { status: 403 },
  /** An API key without the scope a call needs (issue 15). */
  INSUFFICIENT_SCOPE: { status: 403 },
  CROSS_SITE_REQUEST: { status: 403 },
  INTEGRATIONS_DISABLED: { status: 403 },
  DEBUG_MODE_OFF: { status: 403 },
  /** The account was disabled by an administrator: no sign-in, no session, no API key (issue 20). */
  ACCOUNT_DISABLED: { status: 403 },
  /** `/api/admin/*` with an API key: administration takes an administrator's session. */
  API_KEY_NOT_ALLOWED: { status: 403 },
  /** `ADMIN_REQUIRE_2FA=true` and the administrator has no second factor yet. */
  ADMIN_SECOND_FACTOR_REQUIRED: { status: 403 },
  /** The only administrator tried to demote or disable themselves. */
  LAST_ADMINISTRATOR: { status: 409 },
  NOT_FOUND: { status: 404 },
  ROUTE_NOT_FOUND: { status: 404 },
  PROFILE_NOT_FOUND: { status: 404 },
  UNSUBSCRIBE_ACCOUNT_GONE: { status: 404 },
  METHOD_NOT_ALLOWED: { status: 405 },
  CONFLICT: { status: 409 },
  RESULT_EXPIRED: { status: 410 },
  HANDLE_TAKEN: { status: 409 },
  PAYLOAD_TOO_LARGE: { status: 413 },
  UNSUPPORTED_MEDIA_TYPE: { status: 415 },
  RATE_LIMITED: { status: 429 },
  GENERATION_FAILED_IMAGE: { status: 502 },
  GENERATION_FAILED_VIDEO: { status: 502 },
  GENERATION_FAILED_MODEL: { status: 502 },
  /** The job was cancelled (by its owner or an operator) before it finished; nothing was charged. */
  GENERATION_CANCELLED: { status: 409 },
  /** A prompt with a term an administrator blocked (issue 20); refused before anything is charged. */
  CONTENT_BLOCKED: { status: 400 },
  /** The person's plan may not use the chosen model (site settings, issue 20). */
  MODEL_NOT_ALLOWED: { status: 403 },
  /** One report per person and item. */
  ALREADY_REPORTED: { status: 409 },
  /** Sign-ups closed, or invite-only without a (valid) invite link (site settings). */
  SIGNUPS_CLOSED: { status: 403 },
  INVITE_REQUIRED: { status: 403 },
  INVITE_INVALID: { status: 403 },
  INTERNAL: { status: 500 },
  HEALTH_CHECK_FAILED: { status: 503 },
  SERVICE_UNAVAILABLE: { status: 503 },
} as const satisfies Record<string, { status: number }>;

export type TErrorCode = keyof typeof ERRORS;

export function isErrorCode(value: unknown): value is TErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERRORS, value);
}

/** The default message of an error code (a compile error here means a code lacks its catalog entry). */
export function errorMessageId(code: TErrorCode): TApiMessageId {
  return `api.error.${code}`;
}

/** A message of the shared catalog with its placeholders' values: what the server says, before translation. */
export interface TApiMessage {
  id: TApiMessageId;
  values?: Record<string, string | number>;
}

/** 'Insufficient credits. Image generation requires 1 credit.' with the configured price. */
export function insufficientCreditsMessage(type: TJobKind, price: number): TApiMessage {
  return { id: 'api.credits.insufficient', values: { type, price } };
}

export function loginRequiredCode(type: TGenerationType): TErrorCode {
  return type === 'image' ? 'LOGIN_REQUIRED_IMAGE' : 'LOGIN_REQUIRED_VIDEO';
}

export function generationFailedCode(type: TJobKind): TErrorCode {
  if (type === 'model') return 'GENERATION_FAILED_MODEL';
  return type === 'image' ? 'GENERATION_FAILED_IMAGE' : 'GENERATION_FAILED_VIDEO';
}
