import { englishOf } from '../../platform/i18n/api-messages.js';
import { ProviderError } from '../provider.js';

/** Options and limits of the offline Enhancer, shared by the API, the worker and the tests. */

export type EnhanceScale = 2 | 4;
export type EnhanceQuality = 'fast' | 'balanced' | 'best';

/** Hard limits of the offline Enhancer, stated on the screen and enforced before any work starts. */
export const ENHANCE_LIMITS = {
  /** Longest side of an enhanced image (8192 px: a 2048² input at ×4). */
  maxOutputLongSide: 8192,
  /** Longest side of an enhanced video frame (1920 px: Full HD; every frame goes through the network on the CPU). */
  maxVideoOutputLongSide: 1920,
  /** Longest input video, in seconds. */
  maxVideoSeconds: 30,
  /** Most frames a video may have (duration × frame rate). */
  maxVideoFrames: 900,
} as const;

export interface EnhanceOptions {
  scale: EnhanceScale;
  quality: EnhanceQuality;
  signal: AbortSignal;
  /** Called with the fraction done (0..1) and a short stage name: "load", "tiles", "frames", "encode". */
  onProgress: (fraction: number, stage: string) => void;
}

export interface EnhanceVideoOptions extends EnhanceOptions {
  /** Where to write the H.264 MP4. */
  outputFile: string;
}

export interface EnhancedImage {
  /** PNG. */
  data: Buffer;
  width: number;
  height: number;
}

export interface EnhancedVideo {
  width: number;
  height: number;
  durationSeconds: number;
  fps: number;
}

/** The size of an enhanced output, without checking limits. */
export function enhanceOutputSize(
  width: number,
  height: number,
  scale: EnhanceScale,
): { width: number; height: number } {
  return { width: width * scale, height: height * scale };
}

export interface VideoProbe {
  width: number;
  height: number;
  durationSeconds: number;
  fps: number;
  hasAudio: boolean;
}

/** The refusal, in the catalog's words (job failure messages are stored in English, like the runner's). */
function tooLarge(message: string): ProviderError {
  return new ProviderError('invalid_input', message, { userMessage: message, field: 'scale' });
}

/** Refuses an image whose output would exceed the stated maximum. */
export function checkImageLimits(width: number, height: number, scale: EnhanceScale): void {
  const out = enhanceOutputSize(width, height, scale);
  const max = ENHANCE_LIMITS.maxOutputLongSide;
  if (Math.max(out.width, out.height) > max) {
    throw tooLarge(englishOf({ id: 'api.tools.outputTooLarge', values: { ...out, max } }));
  }
}

/** Refuses a video whose output, length or frame count would exceed the stated maximums. */
/**
 * The longest video the offline engine takes at this frame rate: frames bound the work, so at a high
 * frame rate the clip may be shorter than maxVideoSeconds.
 */
export function offlineVideoSeconds(fps: number): number {
  return Math.min(
    ENHANCE_LIMITS.maxVideoSeconds,
    Math.floor(ENHANCE_LIMITS.maxVideoFrames / Math.max(1, Math.min(60, fps))),
  );
}

export function checkVideoLimits(probe: VideoProbe, scale: EnhanceScale): void {
  const out = enhanceOutputSize(probe.width, probe.height, scale);
  const max = ENHANCE_LIMITS.maxVideoOutputLongSide;
  if (Math.max(out.width, out.height) > max) {
    throw tooLarge(englishOf({ id: 'api.tools.outputTooLarge', values: { ...out, max } }));
  }
  const maxSeconds = offlineVideoSeconds(probe.fps);
  if (probe.durationSeconds > maxSeconds) {
    throw tooLarge(englishOf({ id: 'api.uploads.tooLong', values: { maxSeconds } }));
  }
}
