import type { TApiMessageId } from './i18n/messages/en.js';

/**
 * Public handles, shared creations and first-party analytics: the rules and texts the browser may
 * bundle (no zod here; the schemas are in sharing.ts).
 */

/** A handle: 3–30 characters, lowercase letters, digits, `-` and `_`, starting with a letter or digit. */
export const HANDLE_PATTERN = /^[a-z0-9][a-z0-9_-]{2,29}$/;
export const HANDLE_MIN_LENGTH = 3;
export const HANDLE_MAX_LENGTH = 30;

/** Handles nobody may take: they would read as the product's own pages or staff. */
export const RESERVED_HANDLES: ReadonlySet<string> = new Set([
  'admin',
  'administrator',
  'api',
  'api-docs',
  'api-keys',
  'app',
  'auth',
  'billing',
  'gallery',
  'generate',
  'help',
  'home',
  'kaleido',
  'library',
  'login',
  'logout',
  'me',
  'moderator',
  'null',
  'pricing',
  'profile',
  'root',
  'settings',
  'signin',
  'signup',
  'staff',
  'support',
  'system',
  'tools',
  'undefined',
  'user',
  'users',
  'www',
]);

/** Message ids of the sharing texts. */
export const SHARING_MESSAGES = {
  handleFormat: 'api.sharing.handleFormat',
  handleReserved: 'api.sharing.handleReserved',
  handleTaken: 'api.sharing.handleTaken',
  profileNotFound: 'api.sharing.profileNotFound',
  sharedHiddenHint: 'api.sharing.sharedHiddenHint',
} as const satisfies Record<string, TApiMessageId>;

/** Where a person's public profile lives. */
export const profilePath = (handle: string): string => `/u/${encodeURIComponent(handle)}`;

/**
 * A handle made from a display name: "Zoë O'Brien" → "zoe-obrien"; too short or reserved names get a
 * neutral stem. De-duplication (adding a number) is the server's job.
 */
export function handleFromName(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^[-_]+|[-_]+$/g, '')
    .slice(0, HANDLE_MAX_LENGTH - 5)
    .replace(/[-_]+$/g, '');
  if (slug.length < HANDLE_MIN_LENGTH || RESERVED_HANDLES.has(slug))
    return slug ? `${slug}-creator` : 'creator';
  return slug;
}

/** First-party analytics: the events, the features `feature_used` may name, and the batch limits. */
export const ANALYTICS_EVENT_NAMES = ['page_view', 'feature_used'] as const;
export const ANALYTICS_FEATURES = [
  'generate_image',
  'generate_video',
  'library_search',
  'download',
  'share',
] as const;
export const ANALYTICS_DEVICES = ['mobile', 'tablet', 'desktop'] as const;
export const ANALYTICS_LIMITS = {
  /** Events in one batch. */
  batchMax: 50,
  /** Bytes of one event's properties as JSON. */
  propertiesMaxBytes: 1024,
  pathMax: 200,
  /** How often the browser sends what it collected. */
  flushIntervalMs: 10_000,
} as const;
export type TAnalyticsFeature = (typeof ANALYTICS_FEATURES)[number];
