import type { TApiMessageId } from './i18n/messages/en.js';

/** Video Lipsync (issue 21): modes, limits, prices and message ids (no zod: safe for the browser bundle). */

/**
 * What the model does when audio and video differ in length (the sync.so models' `sync_mode`, on fal
 * and Replicate alike): `cut_off` stops at the shorter one; `loop` and `bounce` repeat the video (forward,
 * or forward then backward) to the audio's end; `silence` keeps the whole video and pads the audio;
 * `remap` stretches the video to the audio's length.
 */
export const LIPSYNC_SYNC_MODES = ['cut_off', 'loop', 'bounce', 'silence', 'remap'] as const;
export type TLipsyncSyncMode = (typeof LIPSYNC_SYNC_MODES)[number];

export const LIPSYNC_DEFAULTS = { syncMode: 'cut_off' } as const satisfies { syncMode: TLipsyncSyncMode };

/** The longest output a lipsync model is asked for when its configuration names no limit (seconds). */
export const LIPSYNC_MAX_OUTPUT_SECONDS = 300;

/** Credits per started second of output (never below the tools' minimum). */
export const LIPSYNC_SECONDS_PER_CREDIT = 2;

/**
 * How long the output of `syncMode` lasts, from the two inputs' lengths (the sync.so behaviour matrix),
 * to the tenth of a second as people read it (a 2.04-second clip is a 2-second one).
 */
export function lipsyncOutputSeconds(
  syncMode: TLipsyncSyncMode,
  videoSeconds: number,
  audioSeconds: number,
): number {
  const seconds =
    syncMode === 'cut_off'
      ? Math.min(videoSeconds, audioSeconds)
      : syncMode === 'silence'
        ? Math.max(videoSeconds, audioSeconds)
        : audioSeconds;
  return Math.round(seconds * 10) / 10;
}

/** Credits of a lipsync whose output lasts `seconds`. */
export function lipsyncPrice(seconds: number, minimum = 1): number {
  return Math.max(minimum, Math.ceil(seconds / LIPSYNC_SECONDS_PER_CREDIT - 1e-9));
}

/** Message ids of lipsync's refusals (values: API_MESSAGE_DEFAULTS). */
export const LIPSYNC_MESSAGES = {
  notVideo: 'api.lipsync.notVideo',
  notAudio: 'api.lipsync.notAudio',
  tooLong: 'api.lipsync.tooLong',
} as const satisfies Record<string, TApiMessageId>;
