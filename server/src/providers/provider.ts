import type { TGenerationType } from '@kaleido/common';
import type { RealtimeRenderer } from './realtime-renderer.js';
import type { ModelTrainer } from './trainer.js';

/**
 * The generation provider interface: the built-in Sketch renderer and every AI service adapter
 * (ComfyUI, OpenAI-compatible, Replicate, fal, …) implement it. A job may take seconds or many minutes;
 * providers report progress, honour cancellation through the AbortSignal, and may checkpoint remote
 * state (e.g. a hosted prediction id) so a restarted worker can resume instead of paying twice.
 */

interface BaseRequest {
  /** Trimmed, non-empty. */
  prompt: string;
  negativePrompt?: string;
  /** The model id of this provider to use. */
  model: string;
  /** Same prompt + options + seed → same output, where the provider supports seeds. */
  seed: number;
  /** Exact output size in pixels. */
  width: number;
  height: number;
  aspectRatio: string;
  style: string;
  /** A checkpoint saved by an earlier attempt of the same job (see GenerationContext.checkpoint). */
  resumeState?: unknown;
  /**
   * The output must carry the visible Kaleido mark (Free plan, or a paid plan's choice). A provider that
   * can draw it itself (Sketch, into every frame) does and says so with `watermarked`; otherwise the
   * runner marks the output afterwards.
   */
  watermark?: boolean;
}

export interface ImageRequest extends BaseRequest {
  kind: 'image';
  /** Spec image styles: default, anime, pixel-art, fantasy, sci-fi, vintage, minimalist, surreal. */
  imageStyle: string;
  quality: 'standard' | 'high' | 'ultra';
}

export interface VideoRequest extends BaseRequest {
  kind: 'video';
  durationSeconds: number;
  fps: number;
}

export type GenerationRequest = ImageRequest | VideoRequest;

/** What a model can do besides generating (shown by `GET /api/tools`, routed by the runner). */
export const MODEL_TOOLS = [
  'enhance',
  'restyle',
  'expand',
  'inpaint',
  'prompt-edit',
  'lipsync',
  '3d',
] as const;
export type ModelTool = (typeof MODEL_TOOLS)[number];

/**
 * The asset a tool works on. Images come as bytes (bounded by the upload limits); videos as a file
 * on local disk, so a long clip is never held in memory.
 */
export type ToolSource =
  | { kind: 'image'; data: Buffer; contentType: string; width: number; height: number }
  | {
      kind: 'video';
      /** Path of the MP4/WebM/MOV on disk (a temporary copy the runner removes afterwards). */
      file: string;
      contentType: string;
      width: number;
      height: number;
      durationSeconds: number;
      fps: number;
    };

interface BaseToolRequest {
  /** The model id of this provider to use. */
  model: string;
  source: ToolSource;
  seed: number;
  /** As for generations: draw the visible mark when asked (see BaseRequest.watermark). */
  watermark?: boolean;
  resumeState?: unknown;
}

/** Super-resolution of an image or a video by `scale`; `quality` picks the model size where there is a choice. */
export interface UpscaleRequest extends BaseToolRequest {
  scale: 2 | 4;
  quality: 'fast' | 'balanced' | 'best';
  /** Exact output size the runner priced (the source's size times `scale`). */
  width: number;
  height: number;
}

/** The new canvas of an expand: the output size and where the source image sits in it. */
export interface ExpandTarget {
  width: number;
  height: number;
  offsetX: number;
  offsetY: number;
}

/**
 * An edit of an image. `restyle` uses `style` and `strength`; `expand` uses `target`; `inpaint` uses
 * `mask` and `prompt`; `prompt` (a prompt edit, "make it night") uses `prompt`.
 */
export interface EditRequest extends BaseToolRequest {
  mode: 'restyle' | 'expand' | 'inpaint' | 'prompt';
  prompt?: string;
  /** One of the shared image styles (IMAGE_OPTIONS.imageStyles). */
  style?: string;
  /** 0..1: how far the result moves from the source. */
  strength?: number;
  target?: ExpandTarget;
  /** PNG of the source's size; white = change, black = keep. */
  mask?: Buffer;
}

/**
 * A lipsync (issue 21): the person's video with its lips moved to `audio`. Both are files on local
 * disk (temporary copies the runner removes); `syncMode` says what happens when their lengths differ.
 */
export interface LipsyncRequest {
  model: string;
  video: Extract<ToolSource, { kind: 'video' }>;
  audio: { file: string; contentType: string; durationSeconds: number };
  syncMode: 'cut_off' | 'loop' | 'bounce' | 'silence' | 'remap';
  seed: number;
  watermark?: boolean;
  resumeState?: unknown;
}

/**
 * A 3D object (issue 21) from a prompt, or from an image (`image`, the job's source asset) with the
 * prompt as a hint where the model takes one. The output is a GLB with a PNG still as its `poster`.
 */
export interface Model3dRequest {
  model: string;
  prompt: string;
  image?: Extract<ToolSource, { kind: 'image' }>;
  seed: number;
  resumeState?: unknown;
}

export interface ProgressUpdate {
  /** 0–100. */
  progress: number;
  /** A short human stage label, e.g. "Rendering frames". */
  stage: string;
  /** A small preview image of the work so far, when the provider has one. */
  preview?: { data: Buffer; contentType: 'image/webp' | 'image/jpeg' | 'image/png' };
}

export interface GenerationContext {
  /** Aborted when the job is cancelled or times out; stop work and reject promptly. */
  signal: AbortSignal;
  report(update: ProgressUpdate): void;
  /** Persists provider state with the job (JSON), passed back as `resumeState` after a restart. */
  checkpoint(state: unknown): Promise<void>;
}

export interface GenerationOutput {
  data: Buffer;
  contentType: 'image/png' | 'image/webp' | 'image/jpeg' | 'video/mp4' | 'video/webm' | 'model/gltf-binary';
  width: number;
  height: number;
  /** Videos only. */
  durationSeconds?: number;
  fps?: number;
  /** The seed actually used (providers without seeds return the requested one and say so in capabilities). */
  seed: number;
  model: string;
  /** A still for thumbnails of videos (a representative frame) and 3D objects (a render), when there is one. */
  poster?: Buffer;
  /** Anything worth showing about how the output was made (e.g. how the prompt was interpreted). */
  details?: Record<string, unknown>;
  /** The provider drew the mark asked for by `request.watermark` (poster included). */
  watermarked?: boolean;
}

export interface ModelCapabilities {
  id: string;
  name: string;
  kinds: readonly TGenerationType[];
  /** Short honest label shown in the UI, e.g. "Offline sketch renderer". */
  description: string;
  supportsSeed: boolean;
  supportsNegativePrompt: boolean;
  maxWidth: number;
  maxHeight: number;
  /** Video durations (seconds) and frame rates this model can produce. */
  videoDurations?: readonly number[];
  videoFrameRates?: readonly number[];
  /** Aspect ratios (e.g. "16:9") the model can honour; absent: any. */
  aspectRatios?: readonly string[];
  /** Credits per generation of this model, from configuration; absent: the installation's prices. */
  prices?: Partial<Record<TGenerationType, number>>;
  /**
   * Models sharing a failover group stand in for each other: when this model's provider is down, a job
   * moves to a model of the same group and kind on another provider. Absent: never a stand-in (Sketch).
   */
  failoverGroup?: string;
  /** How long one job of this model may take before it is stopped (default: the runner's per-kind timeout). */
  timeoutSeconds?: number;
  /** Tools this model offers through the provider's `upscale`/`edit`; absent: generation only. */
  tools?: readonly ModelTool[];
  /** For `enhance`: the largest output long side (px) this model reaches. */
  maxUpscaleLongSide?: number;
  /** For `lipsync`: the longest output (seconds) this model makes. */
  maxOutputSeconds?: number;
  /** For `3d` (issue 21): the model makes its object from an image (its input has `{{image}}`). */
  takesImage?: boolean;
  /** Streams the Realtime tool's previews (issue 21): through `edit` restyle, or the provider's `realtime()`. */
  realtime?: boolean;
  /**
   * False: a tool-only model (an upscaler, a fill model): `kinds` then names what it works on, and the
   * generators never offer it. Absent: it generates its `kinds`.
   */
  generates?: boolean;
}

export interface ProviderCapabilities {
  providerId: string;
  providerName: string;
  models: readonly ModelCapabilities[];
}

/** Errors with a kind, so the engine knows whether to retry, fail over, or tell the user. */
export type ProviderErrorKind =
  | 'content_policy'
  | 'rate_limited'
  | 'unavailable'
  | 'invalid_input'
  | 'timeout'
  /** The provider made the output but it could no longer be downloaded (hosted URLs expire). */
  | 'output_expired'
  | 'internal';

export class ProviderError extends Error {
  override name = 'ProviderError';
  constructor(
    readonly kind: ProviderErrorKind,
    message: string,
    readonly options: {
      retryAfterSeconds?: number;
      userMessage?: string;
      /** For invalid_input: the request field at fault (e.g. "negativePrompt"). */
      field?: string;
      cause?: unknown;
    } = {},
  ) {
    super(message, { cause: options.cause });
  }
}

/** The errors of an offline worker pool (platform/workers/job-pool.ts), named after its service. */
export function workerPoolErrors(service: string) {
  return {
    shutDown: () => new ProviderError('unavailable', `The ${service} is shut down.`),
    shuttingDown: () => new ProviderError('unavailable', `The ${service} is shutting down.`),
    crashed: (cause: unknown) =>
      new ProviderError('internal', `The ${service} crashed: ${(cause as Error)?.message ?? cause}`, {
        cause,
        userMessage: `The offline ${service} crashed; please try again.`,
      }),
  };
}

export interface ProviderHealth {
  ok: boolean;
  /** A short reason when not ok; never a secret. */
  detail?: string;
}

export interface GenerationProvider {
  readonly id: string;
  capabilities(): ProviderCapabilities;
  generate(request: GenerationRequest, context: GenerationContext): Promise<GenerationOutput>;
  /** Super-resolution, for models whose capabilities list `enhance`. */
  upscale?(request: UpscaleRequest, context: GenerationContext): Promise<GenerationOutput>;
  /** Edits, for models whose capabilities list the matching tool (`prompt` mode: `prompt-edit`). */
  edit?(request: EditRequest, context: GenerationContext): Promise<GenerationOutput>;
  /** Lipsync, for models whose capabilities list `lipsync` (issue 21). */
  lipsync?(request: LipsyncRequest, context: GenerationContext): Promise<GenerationOutput>;
  /** Live preview renderers of the models marked `realtime` (issue 21, the Realtime tool). */
  realtime?(): RealtimeRenderer[];
  /** 3D objects (issue 21), for models whose capabilities list `3d`. */
  generate3d?(request: Model3dRequest, context: GenerationContext): Promise<GenerationOutput>;
  /** Personal model training (Train, issue 21), for providers with a training API. */
  trainer?: ModelTrainer;
  /** Whether the provider can take jobs now (shown in /api/health); absent: always up. */
  health?(): Promise<ProviderHealth>;
  /** Releases workers, sockets and pools. */
  close?(): Promise<void>;
}
