import { LIMITS } from './constants.js';

/** Developer API key texts and key format (no zod: safe for the browser bundle). */
export const API_KEY_MESSAGES = {
  nameRequired: 'Please enter a name for your API key',
  nameTooLong: `Names can be at most ${LIMITS.apiKeyNameMax} characters.`,
  descriptionTooLong: `Descriptions can be at most ${LIMITS.apiKeyDescriptionMax} characters.`,
  planNotAllowed: "Your account's plan does not allow API keys of this plan.",
  keyRequired: 'API key required. Send it as "Authorization: Bearer <key>".',
  keyInvalid: 'Invalid API key.',
  keyInactive: 'This API key is inactive.',
  videoNotAllowed: "This API key's plan does not include video generation.",
  allowanceExhausted: "Insufficient credits. This API key's monthly allowance is used up.",
  idempotencyMismatch: 'This Idempotency-Key was already used with a different request.',
  rateLimited: 'Rate limit exceeded for this API key. Retry after the time in the Retry-After header.',
} as const;

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
