import type {
  TGenerationType,
  TImageSettings,
  TModel,
  TStoredGenerationOptions,
  TVideoSettings,
} from '@kaleido/common';
import {
  APP_ROUTES,
  IMAGE_DEFAULTS,
  IMAGE_OPTIONS,
  imageDimensions,
  VIDEO_DEFAULTS,
  VIDEO_OPTIONS,
  videoDimensions,
} from '@kaleido/common/browser';
import type { MessageId } from '../../i18n/catalogs/en';
import type { Translate } from '../../i18n/use-t';

/** The settings object each generator sends (the contract's types). */
export interface GeneratorSettings {
  image: TImageSettings;
  video: TVideoSettings;
}
export type AnySettings = TImageSettings | TVideoSettings;

export type OptionControl = 'menu' | 'chips' | 'segmented';

/** One option of a generator form, described once and drawn by the form (and the library's details). */
export interface OptionField {
  key: string;
  /** The option's name (a catalog id). */
  label: MessageId;
  values: readonly (string | number)[];
  control: OptionControl;
  /** A value's label in the current language. */
  format: (value: string | number, t: Translate) => string;
  /** A longer description of a value (title text). */
  hint?: (value: string | number, t: Translate) => string;
  /** Draws the value's shape (aspect ratios). */
  shape?: boolean;
}

type StyleValue = (typeof IMAGE_OPTIONS.styles)[number] | (typeof VIDEO_OPTIONS.styles)[number];
type ImageStyleValue = (typeof IMAGE_OPTIONS.imageStyles)[number];
type QualityValue = (typeof IMAGE_OPTIONS.qualities)[number];

/** Every style of both generators, by value (a value without a label would be a type error). */
const STYLE_LABELS: Record<StyleValue, MessageId> = {
  realistic: 'generate.style.realistic',
  artistic: 'generate.style.artistic',
  cartoon: 'generate.style.cartoon',
  abstract: 'generate.style.abstract',
  photographic: 'generate.style.photographic',
  'digital-art': 'generate.style.digitalArt',
  'oil-painting': 'generate.style.oilPainting',
  watercolor: 'generate.style.watercolor',
  cinematic: 'generate.style.cinematic',
  animation: 'generate.style.animation',
};

const IMAGE_STYLE_LABELS: Record<ImageStyleValue, MessageId> = {
  default: 'generate.imageStyle.default',
  anime: 'generate.imageStyle.anime',
  'pixel-art': 'generate.imageStyle.pixelArt',
  fantasy: 'generate.imageStyle.fantasy',
  'sci-fi': 'generate.imageStyle.sciFi',
  vintage: 'generate.imageStyle.vintage',
  minimalist: 'generate.imageStyle.minimalist',
  surreal: 'generate.imageStyle.surreal',
};

const QUALITY_LABELS: Record<QualityValue, MessageId> = {
  standard: 'generate.quality.standard',
  high: 'generate.quality.high',
  ultra: 'generate.quality.ultra',
};

/** The label of a value from `labels`; a value the contract does not know (old saved settings) shows as it is. */
function labelFrom(labels: Record<string, MessageId>) {
  return (value: string | number, t: Translate): string => {
    const id = labels[String(value)];
    return id ? t(id) : String(value);
  };
}

/** '1024x1024' → '1024×1024'. */
export function sizeLabel(value: string | number): string {
  return String(value).replace('x', '×');
}

/** '1024x1024' → '1024 px' (an image resolution names its long side). */
export function longSideLabel(value: string | number, t: Translate): string {
  return t('generate.resolution.image', { side: String(value).split('x')[0] ?? '' });
}

/** '1280x720' → '720p' (a video resolution names its short side). */
export function videoResolutionLabel(value: string | number, t: Translate): string {
  return t('generate.resolution.video', { side: String(value).split('x')[1] ?? String(value) });
}

/** The image generator's options in the order the form shows them (spec: style, aspect ratio, resolution, image style, quality). */
export const IMAGE_FIELDS: readonly OptionField[] = [
  {
    key: 'style',
    label: 'generate.field.style',
    values: IMAGE_OPTIONS.styles,
    control: 'menu',
    format: labelFrom(STYLE_LABELS),
  },
  {
    key: 'aspectRatio',
    label: 'generate.field.aspectRatio',
    values: IMAGE_OPTIONS.aspectRatios,
    control: 'chips',
    format: String,
    shape: true,
  },
  {
    key: 'resolution',
    label: 'generate.field.resolution',
    values: IMAGE_OPTIONS.resolutions,
    control: 'segmented',
    format: longSideLabel,
    hint: (value, t) =>
      t('generate.resolution.imageHint', { size: sizeLabel(value), side: String(value).split('x')[0] ?? '' }),
  },
  {
    key: 'imageStyle',
    label: 'generate.field.imageStyle',
    values: IMAGE_OPTIONS.imageStyles,
    control: 'menu',
    format: labelFrom(IMAGE_STYLE_LABELS),
  },
  {
    key: 'quality',
    label: 'generate.field.quality',
    values: IMAGE_OPTIONS.qualities,
    control: 'segmented',
    format: labelFrom(QUALITY_LABELS),
  },
];

/** The video generator's options (spec: style, aspect ratio, duration, resolution; frame rate fixed at 24). */
export const VIDEO_FIELDS: readonly OptionField[] = [
  {
    key: 'style',
    label: 'generate.field.style',
    values: VIDEO_OPTIONS.styles,
    control: 'chips',
    format: labelFrom(STYLE_LABELS),
  },
  {
    key: 'aspectRatio',
    label: 'generate.field.aspectRatio',
    values: VIDEO_OPTIONS.aspectRatios,
    control: 'chips',
    format: String,
    shape: true,
  },
  {
    key: 'duration',
    label: 'generate.field.duration',
    values: VIDEO_OPTIONS.durations,
    control: 'segmented',
    format: (seconds, t) => t('generate.duration.value', { seconds: String(seconds) }),
    hint: (seconds, t) => t('generate.duration.hint', { seconds: Number(seconds) }),
  },
  {
    key: 'resolution',
    label: 'generate.field.resolution',
    values: VIDEO_OPTIONS.resolutions,
    control: 'segmented',
    format: videoResolutionLabel,
    hint: (value, t) =>
      t('generate.resolution.videoHint', { size: sizeLabel(value), side: String(value).split('x')[1] ?? '' }),
  },
  {
    key: 'frameRate',
    label: 'generate.field.frameRate',
    values: VIDEO_OPTIONS.frameRates,
    control: 'segmented',
    format: (fps, t) => t('generate.frameRate.value', { fps: String(fps) }),
  },
];

export const FIELDS: Record<TGenerationType, readonly OptionField[]> = {
  image: IMAGE_FIELDS,
  video: VIDEO_FIELDS,
};

/** What a model can make, as GET /api/models describes it (the fields the form needs). */
type ModelLimits = Pick<
  TModel,
  'maxWidth' | 'maxHeight' | 'aspectRatios' | 'videoDurations' | 'videoFrameRates'
>;

/**
 * The form's fields for a model: only the aspect ratios, durations and frame rates it can make, and the
 * resolutions that fit its size limits at the chosen aspect ratio (a field the model would leave empty
 * keeps its values; the server says why it refuses).
 */
export function fieldsForModel(
  type: TGenerationType,
  model: ModelLimits | undefined,
  aspectRatio: string,
): readonly OptionField[] {
  if (!model) return FIELDS[type];
  const fits = (value: string | number) => {
    if (model.maxWidth === null || model.maxHeight === null) return true;
    const size =
      type === 'image'
        ? imageDimensions({ aspectRatio, resolution: String(value) })
        : videoDimensions({ aspectRatio, resolution: String(value) });
    return size.width <= model.maxWidth && size.height <= model.maxHeight;
  };
  const allowed: Record<string, (value: string | number) => boolean> = {
    aspectRatio: (value) => !model.aspectRatios || model.aspectRatios.includes(String(value)),
    resolution: fits,
    duration: (value) => !model.videoDurations || model.videoDurations.includes(Number(value)),
    frameRate: (value) => !model.videoFrameRates || model.videoFrameRates.includes(Number(value)),
  };
  return FIELDS[type].map((field) => {
    const keep = allowed[field.key];
    if (!keep) return field;
    const values = field.values.filter(keep);
    return values.length ? { ...field, values } : field;
  });
}

/** The settings moved onto values the fields offer (a model change may take an option away). */
export function fitSettings<S extends AnySettings>(settings: S, fields: readonly OptionField[]): S {
  const next: Record<string, unknown> = { ...settings };
  let changed = false;
  for (const field of fields) {
    const value = next[field.key];
    if (
      value !== undefined &&
      !field.values.includes(value as string | number) &&
      field.values[0] !== undefined
    ) {
      next[field.key] = field.values[0];
      changed = true;
    }
  }
  return changed ? (next as S) : settings;
}

export const DEFAULT_SETTINGS: GeneratorSettings = {
  image: { ...IMAGE_DEFAULTS },
  video: { ...VIDEO_DEFAULTS },
};

/** The account settings the generators start from (Settings → Generation). */
export interface AccountGeneratorDefaults {
  defaultImageStyle: string;
  defaultQuality: string;
  defaultVideoLength: number;
}

/** The value of `values` nearest to `target` (the shorter one on a tie), or undefined when there is none. */
export function nearestValue(values: readonly number[], target: number): number | undefined {
  let best: number | undefined;
  for (const value of values) {
    if (best === undefined || Math.abs(value - target) < Math.abs(best - target)) best = value;
    else if (Math.abs(value - target) === Math.abs(best - target) && value < best) best = value;
  }
  return best;
}

/**
 * `settings` with the account's defaults put in (DECISIONS: the generators start from them): the image
 * style and quality, and the video duration nearest to the default length among those `fields` offer
 * (the chosen model's durations). A default the fields do not offer is left alone.
 */
export function withAccountDefaults<S extends AnySettings>(
  type: TGenerationType,
  settings: S,
  account: AccountGeneratorDefaults,
  fields: readonly OptionField[] = FIELDS[type],
): S {
  const offered = (key: string) => fields.find((field) => field.key === key)?.values ?? [];
  const next: Record<string, unknown> = { ...settings };
  if (type === 'image') {
    if (offered('style').includes(account.defaultImageStyle)) next.style = account.defaultImageStyle;
    if (offered('quality').includes(account.defaultQuality)) next.quality = account.defaultQuality;
  } else {
    const durations = offered('duration').filter((value): value is number => typeof value === 'number');
    const duration = nearestValue(durations, account.defaultVideoLength);
    if (duration !== undefined) next.duration = duration;
  }
  const same = Object.keys(next).every((key) => next[key] === settingValue(settings, key));
  return same ? settings : (next as S);
}

/**
 * The value of the option `key` (a field's key) in a form's settings or a job's stored ones, if it
 * has one: the fields name options by string, the settings are typed objects.
 */
export function settingValue(
  settings: AnySettings | TStoredGenerationOptions,
  key: string,
): string | number | undefined {
  const values: Readonly<Partial<Record<string, string | number>>> = settings;
  return values[key];
}

/** Other names the same setting has in saved settings (a job's options also carry durationSeconds and fps). */
const ALIASES: Record<string, string> = { duration: 'durationSeconds', frameRate: 'fps' };

/**
 * The generator settings of `raw` (a history item's or a job's settings, a navigation state): each
 * known option whose value is allowed, the default for the rest. Never throws.
 */
export function settingsFrom<T extends TGenerationType>(type: T, raw: unknown): GeneratorSettings[T] {
  const source = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const settings: Record<string, unknown> = { ...DEFAULT_SETTINGS[type] };
  for (const field of FIELDS[type]) {
    const alias = ALIASES[field.key];
    const candidate = source[field.key] ?? (alias ? source[alias] : undefined);
    if ((field.values as readonly unknown[]).includes(candidate)) settings[field.key] = candidate;
  }
  return settings as GeneratorSettings[T];
}

/** The exact output size of these settings, e.g. { width: 1024, height: 576 }. */
export function outputSize(type: TGenerationType, settings: AnySettings): { width: number; height: number } {
  return type === 'image' ? imageDimensions(settings) : videoDimensions(settings);
}

export const GENERATOR_ROUTES: Record<TGenerationType, string> = {
  image: APP_ROUTES.generateImage,
  video: APP_ROUTES.generateVideo,
};

/**
 * What another screen hands a generator through navigation state: the floating prompt box a prompt,
 * the library's "use these settings again" also the settings and seed.
 */
export interface GeneratorPrefill {
  prompt?: string;
  negativePrompt?: string;
  settings?: Record<string, unknown>;
  seed?: number;
  /** A model to choose (Train's "Generate with it": the person's trained model). */
  model?: string;
}

/** The prefill in a navigation state, or null when there is none. */
export function readPrefill(state: unknown): GeneratorPrefill | null {
  if (!state || typeof state !== 'object') return null;
  const value = state as Record<string, unknown>;
  const prefill: GeneratorPrefill = {};
  if (typeof value.prompt === 'string') prefill.prompt = value.prompt;
  if (typeof value.negativePrompt === 'string') prefill.negativePrompt = value.negativePrompt;
  if (value.settings && typeof value.settings === 'object')
    prefill.settings = value.settings as Record<string, unknown>;
  if (typeof value.seed === 'number' && Number.isInteger(value.seed) && value.seed >= 0)
    prefill.seed = value.seed;
  if (typeof value.model === 'string' && value.model) prefill.model = value.model;
  return Object.keys(prefill).length > 0 ? prefill : null;
}
