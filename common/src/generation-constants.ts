import type { TApiMessageId } from './i18n/messages/en.js';

/** Generation limits, sizes and lists (no zod: safe for the browser bundle). */

export const PROMPT_MAX_LENGTH = 2000;

/** Message ids of the generation texts (values: API_MESSAGE_DEFAULTS). */
export const GENERATION_MESSAGES = {
  promptRequired: 'api.generation.promptRequired',
  promptTooLong: 'api.generation.promptTooLong',
  durationInvalid: 'api.generation.durationInvalid',
  frameRateInvalid: 'api.generation.frameRateInvalid',
} as const satisfies Record<string, TApiMessageId>;

function ratio(aspectRatio: string): [number, number] {
  const [w, h] = aspectRatio.split(':').map(Number);
  return [w || 1, h || 1];
}

const even = (value: number, step: number) => Math.max(step, Math.round(value / step) * step);

/**
 * The exact output size of an image: the resolution names the long side (1024x1024 → 1024 px), the
 * aspect ratio shapes it; both sides are multiples of 8.
 */
export function imageDimensions(settings: { aspectRatio: string; resolution: string }): {
  width: number;
  height: number;
} {
  const side = Number(settings.resolution.split('x')[0]);
  const [w, h] = ratio(settings.aspectRatio);
  return w >= h
    ? { width: side, height: even((side * h) / w, 8) }
    : { width: even((side * w) / h, 8), height: side };
}

/**
 * The exact output size of a video: the resolution's height is the short side (1280x720 → 720 px),
 * the aspect ratio shapes it; both sides are even (H.264).
 */
export function videoDimensions(settings: { aspectRatio: string; resolution: string }): {
  width: number;
  height: number;
} {
  const short = Number(settings.resolution.split('x')[1]);
  const [w, h] = ratio(settings.aspectRatio);
  return w >= h
    ? { width: even((short * w) / h, 2), height: short }
    : { width: short, height: even((short * h) / w, 2) };
}

export const GENERATION_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type TGenerationStatus = (typeof GENERATION_STATUSES)[number];

export const LIBRARY_SORTS = ['newest', 'oldest'] as const;
/** `upload`: the account's own uploads, images and videos. */
export const LIBRARY_FILTERS = ['all', 'image', 'video', 'model', 'upload'] as const;
export const LIBRARY_PAGE_MAX = 100;
/** At most this many assets go into one zip download (`GET /api/assets/archive?ids=…`). */
export const LIBRARY_ARCHIVE_MAX = 100;
/** With auto-save off, an unsaved result stays in the generator's history this long, then is deleted. */
export const UNSAVED_RETENTION_DAYS = 7;
