import { z } from 'zod';
import {
  GENERATION_TYPES,
  IMAGE_DEFAULTS,
  IMAGE_OPTIONS,
  JOB_KINDS,
  MODEL_STILL_SIZE,
  type TJobKind,
  VIDEO_DEFAULTS,
  VIDEO_OPTIONS,
} from './constants.js';
import {
  GENERATION_MESSAGES,
  GENERATION_STATUSES,
  imageDimensions,
  LIBRARY_FILTERS,
  LIBRARY_PAGE_MAX,
  LIBRARY_SORTS,
  PROMPT_MAX_LENGTH,
  videoDimensions,
} from './generation-constants.js';
import { ASSET_KINDS, ASSET_ORIGINS, ASSET_TOOLS, type TAssetKind } from './tools-constants.js';

/** Generation requests, jobs, assets and the library (spec sections 3, 7, 9). */

const prompt = z
  .string({ error: GENERATION_MESSAGES.promptRequired })
  .trim()
  .min(1, GENERATION_MESSAGES.promptRequired)
  .max(PROMPT_MAX_LENGTH, GENERATION_MESSAGES.promptTooLong);

const seed = z
  .number()
  .int()
  .min(0)
  .max(2 ** 31 - 1);

export const ZImageSettings = z.object({
  style: z.enum(IMAGE_OPTIONS.styles).default(IMAGE_DEFAULTS.style),
  aspectRatio: z.enum(IMAGE_OPTIONS.aspectRatios).default(IMAGE_DEFAULTS.aspectRatio),
  resolution: z.enum(IMAGE_OPTIONS.resolutions).default(IMAGE_DEFAULTS.resolution),
  imageStyle: z.enum(IMAGE_OPTIONS.imageStyles).default(IMAGE_DEFAULTS.imageStyle),
  quality: z.enum(IMAGE_OPTIONS.qualities).default(IMAGE_DEFAULTS.quality),
});
export type TImageSettings = z.infer<typeof ZImageSettings>;

export const ZVideoSettings = z.object({
  style: z.enum(VIDEO_OPTIONS.styles).default(VIDEO_DEFAULTS.style),
  aspectRatio: z.enum(VIDEO_OPTIONS.aspectRatios).default(VIDEO_DEFAULTS.aspectRatio),
  duration: z
    .literal(VIDEO_OPTIONS.durations, {
      error: GENERATION_MESSAGES.durationInvalid,
    })
    .default(VIDEO_DEFAULTS.duration),
  frameRate: z
    .literal(VIDEO_OPTIONS.frameRates, {
      error: GENERATION_MESSAGES.frameRateInvalid,
    })
    .default(VIDEO_DEFAULTS.frameRate),
  resolution: z.enum(VIDEO_OPTIONS.resolutions).default(VIDEO_DEFAULTS.resolution),
});
export type TVideoSettings = z.infer<typeof ZVideoSettings>;

/** `POST /api/generate-image` (the spec's request object, plus an optional seed and negative prompt). */
export const ZImageGenerationRequest = z.object({
  prompt,
  negativePrompt: z.string().trim().max(PROMPT_MAX_LENGTH).optional(),
  settings: ZImageSettings.default(ZImageSettings.parse({})),
  seed: seed.optional(),
  model: z.string().max(100).optional(),
});
export type TImageGenerationRequest = z.input<typeof ZImageGenerationRequest>;

/** `POST /api/generate-video`. */
export const ZVideoGenerationRequest = z.object({
  prompt,
  negativePrompt: z.string().trim().max(PROMPT_MAX_LENGTH).optional(),
  settings: ZVideoSettings.default(ZVideoSettings.parse({})),
  seed: seed.optional(),
  model: z.string().max(100).optional(),
});
export type TVideoGenerationRequest = z.input<typeof ZVideoGenerationRequest>;

/*
 * The options a job was accepted with, kept on the job and copied to its asset: the settings as the
 * engine took them plus the exact output size. Values are plain strings and numbers, not the screens'
 * option lists: the public API accepts wider ones (4K, 60 fps), and a list may lose a value that old
 * jobs still carry.
 */
export const ZStoredImageOptions = z.object({
  kind: z.literal('image'),
  style: z.string(),
  aspectRatio: z.string(),
  resolution: z.string(),
  imageStyle: z.string(),
  quality: z.enum(IMAGE_OPTIONS.qualities),
  width: z.number().int(),
  height: z.number().int(),
});
export type TStoredImageOptions = z.infer<typeof ZStoredImageOptions>;

export const ZStoredVideoOptions = z.object({
  kind: z.literal('video'),
  style: z.string(),
  aspectRatio: z.string(),
  resolution: z.string(),
  duration: z.number(),
  frameRate: z.number(),
  width: z.number().int(),
  height: z.number().int(),
  /** The same as `duration` and `frameRate`, under the names the output metadata uses. */
  durationSeconds: z.number(),
  fps: z.number(),
});
export type TStoredVideoOptions = z.infer<typeof ZStoredVideoOptions>;

/**
 * A 3D object job's (and its GLB asset's) settings (issue 21): the file format, and the size of the
 * rendered still that stands for it (the thumbnail's source; an asset row's width and height).
 */
export const ZStoredModelOptions = z.object({
  kind: z.literal('model'),
  format: z.literal('glb'),
  width: z.number().int(),
  height: z.number().int(),
});
export type TStoredModelOptions = z.infer<typeof ZStoredModelOptions>;

/** A job's (and its asset's) `settings`, told apart by `kind` (the job's type). */
export const ZStoredGenerationOptions = z
  .discriminatedUnion('kind', [ZStoredImageOptions, ZStoredVideoOptions, ZStoredModelOptions])
  .meta({ id: 'GenerationSettings' });
export type TStoredGenerationOptions = z.infer<typeof ZStoredGenerationOptions>;

/** A stored value, or `fallback` when it is missing or of another type (rows written before a field existed). */
const kept = <T extends z.ZodType>(schema: T, fallback: z.output<T>) => schema.catch(fallback);
const positiveInt = z.number().int().positive().optional().catch(undefined);

const ZLenientImageOptions = z.object({
  style: kept(z.string(), IMAGE_DEFAULTS.style),
  aspectRatio: kept(z.string(), IMAGE_DEFAULTS.aspectRatio),
  resolution: kept(z.string(), IMAGE_DEFAULTS.resolution),
  imageStyle: kept(z.string(), IMAGE_DEFAULTS.imageStyle),
  quality: kept(z.enum(IMAGE_OPTIONS.qualities), IMAGE_DEFAULTS.quality),
  width: positiveInt,
  height: positiveInt,
});

const ZLenientVideoOptions = z.object({
  style: kept(z.string(), VIDEO_DEFAULTS.style),
  aspectRatio: kept(z.string(), VIDEO_DEFAULTS.aspectRatio),
  resolution: kept(z.string(), VIDEO_DEFAULTS.resolution),
  duration: z.number().positive().optional().catch(undefined),
  frameRate: z.number().positive().optional().catch(undefined),
  width: positiveInt,
  height: positiveInt,
  durationSeconds: z.number().positive().optional().catch(undefined),
  fps: z.number().positive().optional().catch(undefined),
});

/** The stored size, else the one the settings give, else the defaults' (a resolution that is no size). */
function sizeOf(
  stored: { width?: number; height?: number },
  computed: { width: number; height: number },
  fallback: { width: number; height: number },
): { width: number; height: number } {
  if (stored.width && stored.height) return { width: stored.width, height: stored.height };
  return Number.isInteger(computed.width) && Number.isInteger(computed.height) ? computed : fallback;
}

/**
 * Reads a job's or asset's stored options (the JSON text of `generations.options` or `assets.settings`)
 * for a job of type `kind`. Lenient: a missing or unreadable field takes its default, so every row
 * written since the first release (and hand-made ones, e.g. the bench's `{}`) reads. Never throws.
 */
export function readStoredGenerationOptions(kind: TJobKind, json: string): TStoredGenerationOptions {
  let raw: unknown = {};
  try {
    raw = JSON.parse(json);
  } catch {
    // An unreadable column reads as the defaults.
  }
  const source = raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? raw : {};
  if (kind === 'model') {
    const o = z.object({ width: positiveInt, height: positiveInt }).parse(source);
    return { kind, format: 'glb', width: o.width ?? MODEL_STILL_SIZE, height: o.height ?? MODEL_STILL_SIZE };
  }
  if (kind === 'image') {
    const o = ZLenientImageOptions.parse(source);
    const size = sizeOf(o, imageDimensions(o), imageDimensions(IMAGE_DEFAULTS));
    return { kind, ...o, ...size };
  }
  const o = ZLenientVideoOptions.parse(source);
  const duration = o.duration ?? o.durationSeconds ?? VIDEO_DEFAULTS.duration;
  const frameRate = o.frameRate ?? o.fps ?? VIDEO_DEFAULTS.frameRate;
  const size = sizeOf(o, videoDimensions(o), videoDimensions(VIDEO_DEFAULTS));
  return {
    kind,
    style: o.style,
    aspectRatio: o.aspectRatio,
    resolution: o.resolution,
    duration,
    frameRate,
    ...size,
    durationSeconds: o.durationSeconds ?? duration,
    fps: o.fps ?? frameRate,
  };
}

/** An uploaded audio file's facts (no generator makes audio, so it has no generation options). */
export const ZStoredAudioOptions = z.object({
  kind: z.literal('audio'),
  durationSeconds: z.number(),
  /** ffmpeg's codec name as stored, e.g. `pcm_s16le`, `mp3`, `aac`. */
  codec: z.string(),
  sampleRate: z.number().int(),
  channels: z.number().int(),
});
export type TStoredAudioOptions = z.infer<typeof ZStoredAudioOptions>;

/** An asset's `settings`: the options of the job that made it, an audio upload's or a 3D object's facts. */
export const ZAssetSettings = z
  .discriminatedUnion('kind', [
    ZStoredImageOptions,
    ZStoredVideoOptions,
    ZStoredAudioOptions,
    ZStoredModelOptions,
  ])
  .meta({ id: 'AssetSettings' });
export type TAssetSettings = z.infer<typeof ZAssetSettings>;

const ZLenientAudioOptions = z.object({
  durationSeconds: kept(z.number().nonnegative(), 0),
  codec: kept(z.string(), ''),
  sampleRate: kept(z.number().int().nonnegative(), 0),
  channels: kept(z.number().int().nonnegative(), 0),
});

/** Reads an asset's stored settings (`assets.settings`) as `readStoredGenerationOptions` does; never throws. */
export function readStoredAssetSettings(kind: TAssetKind, json: string): TAssetSettings {
  if (kind === 'image' || kind === 'video' || kind === 'model')
    return readStoredGenerationOptions(kind, json);
  let raw: unknown = {};
  try {
    raw = JSON.parse(json);
  } catch {
    // An unreadable column reads as the defaults.
  }
  const source = raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? raw : {};
  return { kind, ...ZLenientAudioOptions.parse(source) };
}

/** The JSON text stored for an asset's `settings` (its `kind` column says the type). */
export function writeStoredAssetSettings(settings: TAssetSettings): string {
  const { kind: _kind, ...stored } = ZAssetSettings.parse(settings);
  return JSON.stringify(stored);
}

/** The JSON text stored for `options` (the row's own `kind` column says the type, so it is left out). */
export function writeStoredGenerationOptions(options: TStoredGenerationOptions): string {
  const { kind: _kind, ...stored } = ZStoredGenerationOptions.parse(options);
  return JSON.stringify(stored);
}

export const ZAsset = z
  .object({
    id: z.string(),
    /** `audio` only for uploads. */
    type: z.enum(ASSET_KINDS),
    url: z.string(),
    thumbnailUrl: z.string().nullable(),
    downloadUrl: z.string(),
    prompt: z.string(),
    settings: ZAssetSettings,
    metadata: z.object({
      size: z.number().int(),
      timestamp: z.string(),
      filename: z.string(),
      contentType: z.string(),
      width: z.number().int(),
      height: z.number().int(),
      durationSeconds: z.number().nullable(),
      fps: z.number().nullable(),
      seed: z.number().int(),
      model: z.string(),
      provider: z.string(),
    }),
    generationId: z.string().nullable(),
    /** In the library (true), or kept only in the generator's history while auto-save is off (false). */
    saved: z.boolean(),
    /** Shared: shown on the owner's public profile and in the gallery, as profile visibility allows. */
    shared: z.boolean(),
    /** Made by a job (`generated`) or brought by its owner (`uploaded`). */
    origin: z.enum(ASSET_ORIGINS),
    /** The tool whose job made it; null for uploads. */
    tool: z.enum(ASSET_TOOLS).nullable(),
    /** The assets it was made from (enhanced or edited from), whether or not they still exist. */
    sourceAssetIds: z.array(z.string()),
    createdAt: z.string(),
  })
  .meta({ id: 'Asset' });
export type TAsset = z.infer<typeof ZAsset>;

export const ZGeneration = z
  .object({
    id: z.string(),
    type: z.enum(JOB_KINDS),
    status: z.enum(GENERATION_STATUSES),
    progress: z.number().int().min(0).max(100),
    stage: z.string().nullable(),
    prompt: z.string(),
    negativePrompt: z.string().nullable(),
    settings: ZStoredGenerationOptions,
    seed: z.number().int(),
    cost: z.number().int(),
    provider: z.string(),
    model: z.string(),
    error: z.string().nullable(),
    previewUrl: z.string().nullable(),
    asset: ZAsset.nullable(),
    /** When the unsaved result was deleted (7 days after the job, auto-save off); `asset` is then null. */
    resultExpiredAt: z.string().nullable(),
    details: z.record(z.string(), z.unknown()).nullable(),
    /** The tool of the job (`generate` for the generators). */
    tool: z.enum(ASSET_TOOLS),
    /** The assets a tool job works on (empty for generations). */
    sourceAssetIds: z.array(z.string()),
    createdAt: z.string(),
    startedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
    statusUrl: z.string(),
    eventsUrl: z.string(),
  })
  .meta({ id: 'Generation' });
export type TGeneration = z.infer<typeof ZGeneration>;

/** `GET /api/models`: a configured model, what it can make and what it costs. */
export const ZModel = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    provider: z.string(),
    providerName: z.string(),
    types: z.array(z.enum(GENERATION_TYPES)),
    supportsSeed: z.boolean(),
    supportsNegativePrompt: z.boolean(),
    maxWidth: z.number().int(),
    maxHeight: z.number().int(),
    /** Aspect ratios the model can honour; null: any. */
    aspectRatios: z.array(z.string()).nullable(),
    videoDurations: z.array(z.number()).nullable(),
    videoFrameRates: z.array(z.number()).nullable(),
    /** Credits per generation of this model (a type it cannot make shows the installation's price). */
    prices: z.object({ image: z.number().int(), video: z.number().int() }),
    /** Whether the provider can take jobs now. */
    available: z.boolean(),
    default: z.object({ image: z.boolean(), video: z.boolean() }),
  })
  .meta({ id: 'Model' });
export type TModel = z.infer<typeof ZModel>;

/** Server-sent events of `GET /api/generations/:id/events`. */
export type TGenerationEvent =
  | { type: 'progress'; generation: TGeneration }
  | { type: 'preview'; generation: TGeneration }
  | { type: 'done'; generation: TGeneration }
  | { type: 'failed'; generation: TGeneration }
  | { type: 'cancelled'; generation: TGeneration };

export const ZLibraryQuery = z.object({
  q: z.string().trim().max(200).optional(),
  type: z.enum(LIBRARY_FILTERS).default('all'),
  sort: z.enum(LIBRARY_SORTS).default('newest'),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(LIBRARY_PAGE_MAX).default(30),
  /** `saved` (the library): saved assets only; `all` (the generator's history): unsaved results too. */
  include: z.enum(['saved', 'all']).default('saved'),
});
export type TLibraryQuery = z.input<typeof ZLibraryQuery>;

export const ZUsageStats = z
  .object({
    totalGenerations: z.number().int(),
    imagesGenerated: z.number().int(),
    videosGenerated: z.number().int(),
    creditsUsed: z.number().int(),
  })
  .meta({ id: 'UsageStats' });
export type TUsageStats = z.infer<typeof ZUsageStats>;

/** A provider's webhook delivery was checked: `accepted` is false for a replay (acknowledged, ignored). */
export const ZWebhookReceipt = z.object({ accepted: z.boolean() }).meta({ id: 'WebhookReceipt' });
