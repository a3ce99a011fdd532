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
} as const satisfies Record<string, TApiMessageId>;

/** Developer keys start with `kal_live_`, the personal key of Settings with `ck_` (DECISIONS). */
export const API_KEY_PREFIXES = { developer: 'kal_live_', personal: 'ck_' } as const;

/** Permission slugs a key can hold. */
export const API_KEY_PERMISSIONS = ['images:create', 'videos:create', 'generations:read'] as const;
export type TApiKeyPermission = (typeof API_KEY_PERMISSIONS)[number];

/** Public API video resolutions and their pixel sizes (16:9 at the named height). */
export const PUBLIC_VIDEO_RESOLUTIONS = {
  '720p': '1280x720',
  '1080p': '1920x1080',
  '4K': '3840x2160',
} as const;
