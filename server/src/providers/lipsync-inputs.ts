import { LIPSYNC_MAX_OUTPUT_SECONDS, lipsyncOutputSeconds } from '@kaleido/common';
import type { Downloaded } from './http.js';
import { toOutput } from './outputs.js';
import type { GenerationOutput, LipsyncRequest, VideoRequest } from './provider.js';
import type { TemplateValues } from './template.js';

/**
 * What the fal and Replicate adapters share for lipsync (issue 21): the template values of a request
 * (`{{video}}`, `{{audio}}` as the provider takes files, `{{sync_mode}}`) and the finished video as a
 * GenerationOutput with its real size and length.
 */

/** Template values of a lipsync; `video` and `audio` are what the provider reads the files from. */
export function lipsyncValues(
  request: LipsyncRequest,
  files: { video?: string; audio?: string } = {},
): TemplateValues {
  return {
    seed: request.seed,
    sync_mode: request.syncMode,
    video: files.video,
    audio: files.audio,
    source_width: request.video.width,
    source_height: request.video.height,
    duration: lipsyncOutputSeconds(
      request.syncMode,
      request.video.durationSeconds,
      request.audio.durationSeconds,
    ),
  };
}

const EXTENSIONS: Record<string, string> = {
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/quicktime': 'mov',
  'audio/wav': 'wav',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
};

/** A file name for an upload to a provider, whose extension names the format (`video.mp4`). */
export function lipsyncFileName(what: 'video' | 'audio', contentType: string): string {
  const extension = EXTENSIONS[contentType];
  return extension ? `${what}.${extension}` : what;
}

/** The longest output a lipsync model makes (its configuration, else the shared default). */
export function lipsyncMaxSeconds(model: { maxOutputSeconds?: number }): number {
  return model.maxOutputSeconds ?? LIPSYNC_MAX_OUTPUT_SECONDS;
}

/**
 * The provider's video as an output: size, length and frame rate read from the file where the
 * container says, else the source's size and the length the sync mode gives.
 */
export function lipsyncOutput(
  file: Downloaded,
  request: LipsyncRequest,
  meta: { model: string; provider: string; details?: Record<string, unknown> },
): Promise<GenerationOutput> {
  const expected: VideoRequest = {
    kind: 'video',
    prompt: 'lipsync',
    model: request.model,
    seed: request.seed,
    width: request.video.width,
    height: request.video.height,
    aspectRatio: '16:9',
    style: 'default',
    durationSeconds: lipsyncOutputSeconds(
      request.syncMode,
      request.video.durationSeconds,
      request.audio.durationSeconds,
    ),
    fps: request.video.fps || 25,
  };
  return toOutput(file, expected, { ...meta, seed: request.seed });
}
