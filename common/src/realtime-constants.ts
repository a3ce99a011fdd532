import { IMAGE_OPTIONS } from './constants.js';

/**
 * The Realtime tool (issue 21): a drawing and a prompt become an image live, through a WebSocket
 * (`REALTIME_SOCKET_PATH`). Previews cost nothing but are rate limited per person; "Keep" turns the
 * current frame into a library asset through a normal route, at the image price.
 */

export const REALTIME_SOCKET_PATH = '/api/tools/realtime/socket';

/** The side of the square drawing and of the offline frames. */
export const REALTIME_SIZE = 512;

/**
 * The side of a draft frame: after a prompt or style change (a new scene), or where the style's full
 * frame is slow, a frame this size comes first, at once, and the full frame follows unless a newer
 * request supersedes it.
 */
export const REALTIME_DRAFT_SIZE = 256;

/** The styles a preview may ask for: the image generator's. */
export const REALTIME_STYLES = IMAGE_OPTIONS.styles;
export type TRealtimeStyle = (typeof REALTIME_STYLES)[number];

export const REALTIME_LIMITS = {
  /** A drawing's data URL (PNG or WebP, base64) is at most this many characters (~384 KB of image). */
  maxDrawingChars: 512 * 1024,
  /** A prompt is at most this long. */
  maxPromptChars: 1000,
  /** Any one message is at most this many bytes; a larger one closes the socket (1009). */
  maxMessageBytes: 600 * 1024,
  /** The token bucket per person: this many previews at once… */
  burst: 20,
  /** …refilled at this many per second. */
  perSecond: 5,
} as const;

/** Close codes of the socket (4000–4999 are the application's). */
export const REALTIME_CLOSE = {
  /** No session, or an expired one: sign in, then reconnect. */
  unauthenticated: 4401,
  /** The server is stopping. */
  goingAway: 1001,
} as const;

/** Why a preview did not render: the page shows its own text for each. */
export const REALTIME_ERROR_CODES = [
  'invalid_message',
  'drawing_invalid',
  'unknown_model',
  'render_failed',
  'provider_unavailable',
] as const;
export type TRealtimeErrorCode = (typeof REALTIME_ERROR_CODES)[number];
