import type { TGenerationType } from '@kaleido/common';
import type { GenerationRequest, ModelCapabilities } from './provider.js';

/**
 * Placeholder templates: provider inputs (Replicate and fal input objects, ComfyUI workflows) are
 * JSON with `{{name}}` placeholders. A string that is exactly one placeholder takes the value with its
 * type (a number stays a number); a property whose value is such a placeholder with no value is left
 * out; placeholders inside longer strings are interpolated.
 */

export type TemplateValue = string | number | boolean | undefined;
export type TemplateValues = Record<string, TemplateValue>;

const WHOLE = /^\{\{\s*([a-z0-9_]+)\s*\}\}$/i;
const INSIDE = /\{\{\s*([a-z0-9_]+)\s*\}\}/gi;

/** The placeholders Kaleido fills from a request (operators may add constants of their own). */
export const REQUEST_PLACEHOLDERS = [
  'prompt',
  'negative_prompt',
  'seed',
  'width',
  'height',
  'aspect_ratio',
  'resolution',
  'steps',
  'quality',
  'style',
  'frames',
  'frames_4n1',
  'frames_8n1',
  'fps',
  'duration',
  'duration_string',
  // Edits and upscales (tool-inputs.ts): the source image and mask (a URL, data URI or uploaded name)
  'image',
  'mask',
  'scale',
  'scale_string',
  'strength',
  'denoise',
  'source_width',
  'source_height',
  'pad_left',
  'pad_top',
  'pad_right',
  'pad_bottom',
  // Lipsync (issue 21): the video and audio (a URL or data URI) and what to do when their lengths differ
  'video',
  'audio',
  'sync_mode',
] as const;

export function fillTemplate(template: unknown, values: TemplateValues): unknown {
  if (typeof template === 'string') {
    const whole = WHOLE.exec(template);
    if (whole) return values[whole[1] as string];
    return template.replace(INSIDE, (_, name: string) => String(values[name] ?? ''));
  }
  if (Array.isArray(template)) return template.map((item) => fillTemplate(item, values));
  if (template && typeof template === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(template)) {
      const filled = fillTemplate(value, values);
      if (filled !== undefined) out[key] = filled;
    }
    return out;
  }
  return template;
}

/** Every placeholder name used in a template. */
export function placeholdersOf(template: unknown, found = new Set<string>()): Set<string> {
  if (typeof template === 'string') {
    for (const match of template.matchAll(INSIDE)) found.add(match[1] as string);
  } else if (Array.isArray(template)) {
    for (const item of template) placeholdersOf(item, found);
  } else if (template && typeof template === 'object') {
    for (const value of Object.values(template)) placeholdersOf(value, found);
  }
  return found;
}

function frameCount(seconds: number, fps: number, step: number): number {
  const raw = Math.max(1, Math.round(seconds * fps));
  return step === 1 ? raw : Math.round((raw - 1) / step) * step + 1;
}

/**
 * The values of a request for templates. `steps` comes from the model's steps per quality; the
 * resolution is named by the short side ("720p").
 */
export function requestValues(
  request: GenerationRequest,
  extra: { steps?: number; constants?: Record<string, string | number | boolean> } = {},
): TemplateValues {
  const video =
    request.kind === 'video'
      ? {
          frames: frameCount(request.durationSeconds, request.fps, 1),
          frames_4n1: frameCount(request.durationSeconds, request.fps, 4),
          frames_8n1: frameCount(request.durationSeconds, request.fps, 8),
          fps: request.fps,
          duration: request.durationSeconds,
          duration_string: String(request.durationSeconds),
        }
      : {};
  return {
    ...extra.constants,
    prompt: request.prompt,
    negative_prompt: request.negativePrompt || undefined,
    seed: request.seed,
    width: request.width,
    height: request.height,
    aspect_ratio: request.aspectRatio,
    resolution: `${Math.min(request.width, request.height)}p`,
    steps: extra.steps,
    quality: request.kind === 'image' ? request.quality : undefined,
    style: request.style,
    ...video,
  };
}

/**
 * What an operator configures for a model of a templated adapter (a ComfyUI workflow, a Replicate or
 * fal input): its names and kind, and the limits and terms the capabilities announce.
 */
export interface TemplatedModelConfig
  extends Pick<
    ModelCapabilities,
    | 'maxWidth'
    | 'maxHeight'
    | 'aspectRatios'
    | 'videoDurations'
    | 'videoFrameRates'
    | 'prices'
    | 'failoverGroup'
    | 'timeoutSeconds'
    | 'tools'
    | 'maxUpscaleLongSide'
    | 'maxOutputSeconds'
    | 'realtime'
  > {
  id: string;
  name: string;
  /** What it generates; for a tool-only model (an upscaler, a fill model) the kind of asset it works on. */
  kind: TGenerationType;
  /** False: the model only serves its `tools` and is not offered to the generators (default true). */
  generates?: boolean;
  description?: string;
}

/** A templated model's capabilities: seed and negative prompt are supported where the template has their placeholders. */
export function templatedModelCapabilities(
  model: TemplatedModelConfig,
  template: unknown,
  fallbackDescription: string,
): ModelCapabilities {
  const placeholders = placeholdersOf(template);
  return {
    id: model.id,
    name: model.name,
    kinds: [model.kind],
    generates: model.generates === false ? false : undefined,
    description: model.description ?? fallbackDescription,
    supportsSeed: placeholders.has('seed'),
    supportsNegativePrompt: placeholders.has('negative_prompt'),
    maxWidth: model.maxWidth,
    maxHeight: model.maxHeight,
    aspectRatios: model.aspectRatios,
    videoDurations: model.videoDurations,
    videoFrameRates: model.videoFrameRates,
    prices: model.prices,
    failoverGroup: model.failoverGroup,
    timeoutSeconds: model.timeoutSeconds,
    tools: model.tools,
    maxUpscaleLongSide: model.maxUpscaleLongSide,
    maxOutputSeconds: model.maxOutputSeconds,
    realtime: model.realtime,
  };
}
