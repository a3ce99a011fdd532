import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closeEnhancer, ENHANCE_LIMITS, upscaleImage, upscaleVideo } from '../enhance/index.js';
import { LOWPOLY_MODEL, lowPoly3d } from '../lowpoly/provider-3d.js';
import { LowPolyWorkerPool } from '../lowpoly/worker-pool.js';
import {
  type EditRequest,
  type GenerationContext,
  type GenerationOutput,
  type GenerationProvider,
  type GenerationRequest,
  type Model3dRequest,
  type ModelCapabilities,
  type ProviderCapabilities,
  ProviderError,
  type UpscaleRequest,
} from '../provider.js';
import { expand, offlineEditOf, restyle } from './edit/index.js';
import { runSketchJob, SKETCH_MODEL_ID, type SketchJobOptions } from './job.js';
import { detectVideoEncoder, type EncoderPreference } from './video-encode.js';
import { SketchWorkerPool, type WorkerEntry } from './worker-pool.js';

const SKETCH_PROVIDER_ID = 'sketch';

const SKETCH_LIMITS = {
  image: { maxWidth: 2048, maxHeight: 2048 },
  /** Landscape 1920×1080 or portrait 1080×1920. */
  video: { maxLongSide: 1920, maxShortSide: 1080, maxDurationSeconds: 10, maxFps: 60 },
  videoDurations: [3, 5, 8, 10],
  videoFrameRates: [24, 30, 60],
} as const;

export const SKETCH_MODEL: ModelCapabilities = {
  id: SKETCH_MODEL_ID,
  name: 'Sketch (offline)',
  kinds: ['image', 'video'],
  description: 'Offline procedural sketch renderer — not an AI model',
  supportsSeed: true,
  supportsNegativePrompt: true,
  maxWidth: SKETCH_LIMITS.image.maxWidth,
  maxHeight: SKETCH_LIMITS.image.maxHeight,
  videoDurations: SKETCH_LIMITS.videoDurations,
  videoFrameRates: SKETCH_LIMITS.videoFrameRates,
  // Offline tools: the neural Enhancer (providers/enhance) and the restyle/expand edits (./edit).
  tools: ['enhance', 'restyle', 'expand'],
  maxUpscaleLongSide: ENHANCE_LIMITS.maxOutputLongSide,
};

/** Adapts an engine's (fraction, stage) progress to the job's 0–100 reports. */
function progressOf(context: GenerationContext): (fraction: number, stage: string) => void {
  return (fraction, stage) =>
    context.report({ progress: Math.max(0, Math.min(99, Math.round(fraction * 100))), stage });
}

/** Super-resolution through the offline Enhancer: images in memory, videos through a temporary file. */
async function sketchUpscale(request: UpscaleRequest, context: GenerationContext): Promise<GenerationOutput> {
  const engine = {
    scale: request.scale,
    quality: request.quality,
    signal: context.signal,
    onProgress: progressOf(context),
  };
  if (request.source.kind === 'image') {
    const out = await upscaleImage(request.source.data, engine);
    return { ...out, contentType: 'image/png', seed: request.seed, model: request.model };
  }
  const dir = await mkdtemp(join(tmpdir(), 'kaleido-enhance-'));
  try {
    const outputFile = join(dir, 'enhanced.mp4');
    const out = await upscaleVideo({ file: request.source.file }, { ...engine, outputFile });
    return {
      data: await readFile(outputFile),
      contentType: 'video/mp4',
      width: out.width,
      height: out.height,
      durationSeconds: out.durationSeconds,
      fps: out.fps,
      seed: request.seed,
      model: request.model,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Restyle and expand offline; inpaint and prompt edits need an AI provider. */
async function sketchEdit(request: EditRequest, context: GenerationContext): Promise<GenerationOutput> {
  if (request.source.kind !== 'image') throw invalid('Sketch edits images only.');
  const common = { seed: request.seed, signal: context.signal, onProgress: progressOf(context) };
  let out: { data: Buffer; width: number; height: number };
  if (request.mode === 'restyle' && request.style) {
    out = await restyle(request.source.data, {
      ...common,
      style: request.style,
      strength: request.strength ?? 0.6,
    });
  } else if (request.mode === 'expand' && request.target) {
    out = await expand(request.source.data, { ...common, target: request.target });
  } else {
    throw invalid(`Sketch cannot do "${request.mode}" edits offline.`);
  }
  return { ...out, contentType: 'image/png', seed: request.seed, model: request.model };
}

export interface SketchProviderOptions {
  /**
   * Worker threads rendering in parallel (default 1; the research VM gains nothing from 2).
   * 0 renders on the calling thread, for tools and debugging.
   */
  poolSize?: number;
  /** 'auto' (default): FFMPEG_PATH, then @ffmpeg-installer/ffmpeg, then the WASM encoder. */
  videoEncoder?: EncoderPreference;
  /** Overrides FFMPEG_PATH. */
  ffmpegPath?: string;
  /** How long a cancelled job may take to stop before its worker is terminated (default 1500 ms). */
  cancelGraceMs?: number;
  /** Overrides where the worker script is found (tests). */
  workerEntry?: WorkerEntry;
  /** Overrides where the 3D modeller's worker script is found (tests). */
  lowPolyWorkerEntry?: WorkerEntry;
}

export interface SketchProvider extends GenerationProvider {
  /** Which video encoder jobs will use (probes ffmpeg once), for health/diagnostics. */
  videoEncoder(): Promise<{ encoder: string; ffmpegPath: string | null }>;
  close(): Promise<void>;
}

function invalid(message: string): ProviderError {
  return new ProviderError('invalid_input', message, { userMessage: message });
}

function validate(request: GenerationRequest): void {
  if (request.model !== SKETCH_MODEL_ID) throw invalid(`Unknown Sketch model "${request.model}".`);
  const { width, height } = request;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 16 || height < 16) {
    throw invalid('Width and height must be whole numbers of at least 16 pixels.');
  }
  if (!request.prompt.trim()) throw invalid('The prompt is empty.');
  if (request.kind === 'image') {
    if (width > SKETCH_LIMITS.image.maxWidth || height > SKETCH_LIMITS.image.maxHeight) {
      throw invalid('Sketch renders images up to 2048×2048.');
    }
    return;
  }
  const long = Math.max(width, height);
  const short = Math.min(width, height);
  if (long > SKETCH_LIMITS.video.maxLongSide || short > SKETCH_LIMITS.video.maxShortSide) {
    throw invalid('Sketch renders videos up to 1920×1080 (or 1080×1920).');
  }
  if (width % 2 || height % 2) throw invalid('Video width and height must be even (H.264 4:2:0).');
  if (!Number.isInteger(request.fps) || request.fps < 1 || request.fps > SKETCH_LIMITS.video.maxFps) {
    throw invalid('Sketch renders videos at up to 60 frames per second.');
  }
  if (!(request.durationSeconds > 0) || request.durationSeconds > SKETCH_LIMITS.video.maxDurationSeconds) {
    throw invalid('Sketch renders videos up to 10 seconds long.');
  }
  if (Math.round(request.durationSeconds * request.fps) < 1) throw invalid('The video would have no frames.');
}

/**
 * The built-in offline "Sketch" generator: a seeded, prompt-aware procedural renderer that draws
 * real images (PNG) and encodes real H.264 MP4 videos without model weights or network access.
 */
export function createSketchProvider(options: SketchProviderOptions = {}): SketchProvider {
  const jobOptions: SketchJobOptions = {
    videoEncoder: options.videoEncoder ?? 'auto',
    ffmpegPath: options.ffmpegPath,
  };
  const poolSize = options.poolSize ?? 1;
  let pool: SketchWorkerPool | null = null;
  // The offline 3D modeller's own thread (issue 21): its jobs never wait behind a long Sketch video.
  let lowPolyPool: LowPolyWorkerPool | null = null;
  let closed = false;
  const capabilities: ProviderCapabilities = {
    providerId: SKETCH_PROVIDER_ID,
    providerName: 'Sketch (built-in, offline)',
    // The offline 3D modeller (issue 21) is offered here too: the one built-in, offline provider.
    models: [SKETCH_MODEL, LOWPOLY_MODEL],
  };
  return {
    id: SKETCH_PROVIDER_ID,
    capabilities: () => capabilities,
    async generate(request: GenerationRequest, context: GenerationContext): Promise<GenerationOutput> {
      if (closed) throw new ProviderError('unavailable', 'The Sketch renderer is shut down.');
      validate(request);
      if (poolSize <= 0) {
        return runSketchJob(request, jobOptions, {
          signal: context.signal,
          report: (u) => context.report(u),
        });
      }
      pool ??= new SketchWorkerPool({
        size: poolSize,
        cancelGraceMs: options.cancelGraceMs ?? 1500,
        ...(options.workerEntry ? { entry: options.workerEntry } : {}),
      });
      return pool.run(request, jobOptions, { signal: context.signal, report: (u) => context.report(u) });
    },
    async upscale(request: UpscaleRequest, context: GenerationContext): Promise<GenerationOutput> {
      if (closed) throw new ProviderError('unavailable', 'The Sketch renderer is shut down.');
      return sketchUpscale(request, context);
    },
    async generate3d(request: Model3dRequest, context: GenerationContext): Promise<GenerationOutput> {
      if (closed) throw new ProviderError('unavailable', 'The Sketch renderer is shut down.');
      if (poolSize <= 0) return lowPoly3d(request, context);
      lowPolyPool ??= new LowPolyWorkerPool({
        size: 1,
        cancelGraceMs: options.cancelGraceMs ?? 1500,
        idleMs: 60_000,
        ...(options.lowPolyWorkerEntry ? { entry: options.lowPolyWorkerEntry } : {}),
      });
      const modeller = lowPolyPool;
      return lowPoly3d(request, context, (prompt, seed, posterSize, steps) =>
        modeller.run({ prompt, seed, posterSize }, steps),
      );
    },
    async edit(request: EditRequest, context: GenerationContext): Promise<GenerationOutput> {
      if (closed) throw new ProviderError('unavailable', 'The Sketch renderer is shut down.');
      if (poolSize <= 0) return sketchEdit(request, context);
      // Restyle and expand take seconds of CPU on large images: a worker thread, never the event loop.
      const edit = offlineEditOf(request);
      pool ??= new SketchWorkerPool({
        size: poolSize,
        cancelGraceMs: options.cancelGraceMs ?? 1500,
        ...(options.workerEntry ? { entry: options.workerEntry } : {}),
      });
      return pool.runEdit(edit, { signal: context.signal, report: (u) => context.report(u) });
    },
    videoEncoder: () => detectVideoEncoder(jobOptions.videoEncoder, jobOptions.ffmpegPath),
    async close() {
      closed = true;
      await pool?.close();
      pool = null;
      await lowPolyPool?.close();
      lowPolyPool = null;
      // The Enhancer's worker (shared by the process, started again on the next use).
      await closeEnhancer();
    },
  };
}
