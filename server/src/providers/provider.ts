/**
 * The generation provider interface: the built-in Sketch renderer and every AI service adapter
 * (ComfyUI, OpenAI-compatible, Replicate, fal, …) implement it. A job may take seconds or many minutes;
 * providers report progress, honour cancellation through the AbortSignal, and may checkpoint remote
 * state (e.g. a hosted prediction id) so a restarted worker can resume instead of paying twice.
 */
export type GenerationKind = 'image' | 'video';

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
  contentType: 'image/png' | 'image/webp' | 'image/jpeg' | 'video/mp4' | 'video/webm';
  width: number;
  height: number;
  /** Videos only. */
  durationSeconds?: number;
  fps?: number;
  /** The seed actually used (providers without seeds return the requested one and say so in capabilities). */
  seed: number;
  model: string;
  /** A still for thumbnails of videos (a representative frame), when the provider can give one. */
  poster?: Buffer;
  /** Anything worth showing about how the output was made (e.g. how the prompt was interpreted). */
  details?: Record<string, unknown>;
}

export interface ModelCapabilities {
  id: string;
  name: string;
  kinds: readonly GenerationKind[];
  /** Short honest label shown in the UI, e.g. "Offline sketch renderer". */
  description: string;
  supportsSeed: boolean;
  supportsNegativePrompt: boolean;
  maxWidth: number;
  maxHeight: number;
  /** Video durations (seconds) and frame rates this model can produce. */
  videoDurations?: readonly number[];
  videoFrameRates?: readonly number[];
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
  | 'internal';

export class ProviderError extends Error {
  override name = 'ProviderError';
  constructor(
    readonly kind: ProviderErrorKind,
    message: string,
    readonly options: { retryAfterSeconds?: number; userMessage?: string; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
  }
}

export interface GenerationProvider {
  readonly id: string;
  capabilities(): ProviderCapabilities;
  generate(request: GenerationRequest, context: GenerationContext): Promise<GenerationOutput>;
  /** Releases workers, sockets and pools. */
  close?(): Promise<void>;
}
