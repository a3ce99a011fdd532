import type { TApiMessageId } from './i18n/messages/en.js';

/** Message ids of the developer API key texts (values: API_MESSAGE_DEFAULTS); no zod: safe for the browser bundle. */
export const API_KEY_MESSAGES = {
  nameRequired: 'api.apiKeys.nameRequired',
  nameTooLong: 'api.apiKeys.nameTooLong',
  descriptionTooLong: 'api.apiKeys.descriptionTooLong',
  planNotAllowed: 'api.apiKeys.planNotAllowed',
  keyRequired: 'api.apiKeys.keyRequired',
  keyInvalid: 'api.apiKeys.keyInvalid',
  keyInactive: 'api.apiKeys.keyInactive',
  imageNotAllowed: 'api.apiKeys.imageNotAllowed',
  readNotAllowed: 'api.apiKeys.readNotAllowed',
  videoNotAllowed: 'api.apiKeys.videoNotAllowed',
  allowanceExhausted: 'api.apiKeys.allowanceExhausted',
  idempotencyMismatch: 'api.apiKeys.idempotencyMismatch',
  rateLimited: 'api.apiKeys.rateLimited',
  insufficientScope: 'api.apiKeys.insufficientScope',
  scopesRequired: 'api.apiKeys.scopesRequired',
  keyExpired: 'api.apiKeys.keyExpired',
  expiryInPast: 'api.apiKeys.expiryInPast',
  spendCapInvalid: 'api.apiKeys.spendCapInvalid',
  spendCapReached: 'api.apiKeys.spendCapReached',
  graceInvalid: 'api.apiKeys.graceInvalid',
} as const satisfies Record<string, TApiMessageId>;

/** Developer keys start with `kal_live_`, the personal key of Settings with `ck_` (DECISIONS). */
export const API_KEY_PREFIXES = { developer: 'kal_live_', personal: 'ck_' } as const;

/**
 * The permission slugs of the first public API, still answered as a key's `permissions` (spec field):
 * they are now derived from its scopes and plan (see `API_KEY_SCOPES`).
 */
export const API_KEY_PERMISSIONS = ['images:create', 'videos:create', 'generations:read'] as const;
export type TApiKeyPermission = (typeof API_KEY_PERMISSIONS)[number];

/**
 * What a key may do (issue 15). `generate` makes images and videos (videos only on a plan that
 * includes them) and follows the jobs the key made itself; `library:read` reads the account's
 * generations and assets; `library:write` changes or deletes them; `account:read` reads balance,
 * plan and the key's own usage.
 */
export const API_KEY_SCOPES = ['generate', 'library:read', 'library:write', 'account:read'] as const;
export type TApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** The scopes a new key gets when none are chosen: everything but changing the library. */
export const DEFAULT_API_KEY_SCOPES: readonly TApiKeyScope[] = ['generate', 'library:read', 'account:read'];

/** The scopes equivalent to an old permission (keys made before scopes existed keep working). */
export const SCOPE_OF_PERMISSION: Record<TApiKeyPermission, TApiKeyScope> = {
  'images:create': 'generate',
  'videos:create': 'generate',
  'generations:read': 'library:read',
};

/** A rotated key's previous secret stays valid for 0 to 7 days, as the owner chooses. */
export const API_KEY_ROTATION_GRACE_HOURS_MAX = 7 * 24;

/** The largest monthly spend cap a key may carry, in credits. */
export const API_KEY_SPEND_CAP_MAX = 1_000_000;

/** Public API video resolutions and their pixel sizes (16:9 at the named height). */
export const PUBLIC_VIDEO_RESOLUTIONS = {
  '720p': '1280x720',
  '1080p': '1920x1080',
  '4K': '3840x2160',
} as const;
