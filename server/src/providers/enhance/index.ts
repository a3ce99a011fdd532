/**
 * The offline neural Enhancer: ESRGAN super-resolution (×2, ×4) with the models shipped inside the
 * `@upscalerjs/esrgan-*` npm packages (fast = slim, balanced = medium, best = thick), run by
 * TensorFlow.js on the WASM backend in worker threads, off the event loop. Images are tiled with
 * overlap and feathered seams so memory stays bounded whatever the size; videos go frame by frame
 * through the same network and are re-encoded as H.264 MP4 with ffmpeg, keeping the audio.
 */
import { ProviderError } from '../provider.js';
import type { EnhancedImage, EnhancedVideo, EnhanceOptions, EnhanceVideoOptions } from './limits.js';
import { type EnhancePoolOptions, EnhanceWorkerPool } from './worker-pool.js';

export {
  /** Refusals (ProviderError `invalid_input`) of an output above ENHANCE_LIMITS, for checks before a job. */
  checkImageLimits,
  checkVideoLimits,
  ENHANCE_LIMITS,
  type EnhancedImage,
  type EnhancedVideo,
  type EnhanceOptions,
  type EnhanceQuality,
  type EnhanceScale,
  type EnhanceVideoOptions,
  enhanceOutputSize,
  offlineVideoSeconds,
  type VideoProbe,
} from './limits.js';

const defaults: EnhancePoolOptions = { size: 1, cancelGraceMs: 15_000, idleMs: 60_000 };
let poolOptions = defaults;
let pool: EnhanceWorkerPool | null = null;

/**
 * Sets how many jobs run at once (each on its own thread) and the pool's timings; takes effect for
 * threads started afterwards. Optional: the defaults run one job at a time.
 */
export function configureEnhancer(options: Partial<EnhancePoolOptions>): void {
  poolOptions = { ...poolOptions, ...options };
  if (pool && pool.threads === 0) pool = null;
}

function getPool(): EnhanceWorkerPool {
  pool ??= new EnhanceWorkerPool(poolOptions);
  return pool;
}

/** Ends the Enhancer's threads (server shutdown); running jobs fail as unavailable. */
export async function closeEnhancer(): Promise<void> {
  const current = pool;
  pool = null;
  await current?.close();
}

/**
 * Upscales a still image (any format sharp reads) and answers a PNG; alpha is kept. Rejects with a
 * ProviderError `invalid_input` when the output would exceed ENHANCE_LIMITS.maxOutputLongSide, and
 * with the signal's reason when cancelled (checked between tiles).
 */
export async function upscaleImage(input: Buffer, options: EnhanceOptions): Promise<EnhancedImage> {
  const { scale, quality, signal, onProgress } = options;
  if (signal.aborted) throw signal.reason;
  const result = await getPool().run({ kind: 'image', input, scale, quality }, { signal, onProgress });
  if (result.kind !== 'image') throw new ProviderError('internal', 'The Enhancer answered a video');
  return result.image;
}

/**
 * Upscales a video (MP4/WebM/MOV on disk) frame by frame into `options.outputFile` as H.264 MP4 with
 * the first audio track as AAC. Refuses (ProviderError `invalid_input`) a clip whose output would
 * exceed ENHANCE_LIMITS (long side, seconds, frames); a cancelled or failed job leaves no output file.
 */
export async function upscaleVideo(
  input: { file: string },
  options: EnhanceVideoOptions,
): Promise<EnhancedVideo> {
  const { scale, quality, signal, onProgress, outputFile } = options;
  if (signal.aborted) throw signal.reason;
  const result = await getPool().run(
    { kind: 'video', file: input.file, outputFile, scale, quality },
    { signal, onProgress },
  );
  if (result.kind !== 'video') throw new ProviderError('internal', 'The Enhancer answered an image');
  return result.video;
}
