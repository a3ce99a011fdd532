import {
  IMAGE_DEFAULTS,
  IMAGE_OPTIONS,
  imageDimensions,
  OPENAI_MODEL_ALIASES,
  type TImageSettings,
  type TOpenAIImageSize,
  type ZOpenAIImageRequest,
} from '@kaleido/common';
import type { z } from 'zod';
import type { ModelCapabilities } from '../../providers/provider.js';

/** An images request as its route's schema parsed it (defaults applied). */
export type OpenAIImageRequest = z.output<typeof ZOpenAIImageRequest>;

type Resolution = (typeof IMAGE_OPTIONS.resolutions)[number];
type AspectRatio = (typeof IMAGE_OPTIONS.aspectRatios)[number];

/**
 * Whether a model id is one of OpenAI's own names, which clients send by default: unless a configured
 * model has that id, it means our default model.
 */
export function isOpenAIModelName(model: string): boolean {
  return (OPENAI_MODEL_ALIASES as readonly string[]).includes(model);
}

const ratioOf = (aspectRatio: string) => {
  const [w, h] = aspectRatio.split(':').map(Number);
  return (w || 1) / (h || 1);
};

/** The aspect ratio, among those the model honours, closest to `width:height` (compared as logarithms). */
function nearestAspectRatio(width: number, height: number, model: ModelCapabilities): AspectRatio {
  const allowed = IMAGE_OPTIONS.aspectRatios.filter(
    (ratio) => !model.aspectRatios || model.aspectRatios.includes(ratio),
  );
  const target = Math.log(width / height);
  const distance = (ratio: string) => Math.abs(Math.log(ratioOf(ratio)) - target);
  return (allowed.length ? allowed : [IMAGE_DEFAULTS.aspectRatio]).reduce((best, ratio) =>
    distance(ratio) < distance(best) ? ratio : best,
  );
}

/**
 * The resolution (our long side) closest to `longSide` among those the model can make at this aspect
 * ratio; a tie goes to the larger one, so a client never gets fewer pixels than it was between. None
 * fits: the smallest, which the submission then refuses with the model's limits.
 */
function nearestResolution(longSide: number, aspectRatio: string, model: ModelCapabilities): Resolution {
  const fitting = IMAGE_OPTIONS.resolutions.filter((resolution) => {
    const size = imageDimensions({ aspectRatio, resolution });
    return size.width <= model.maxWidth && size.height <= model.maxHeight;
  });
  const sideOf = (resolution: string) => Number(resolution.split('x')[0]);
  const distance = (resolution: string) => Math.abs(sideOf(resolution) - longSide);
  return (fitting.length ? fitting : IMAGE_OPTIONS.resolutions.slice(0, 1)).reduce((best, resolution) =>
    distance(resolution) <= distance(best) ? resolution : best,
  );
}

/** An OpenAI size as our aspect ratio and resolution (`auto`: square at our default resolution). */
export function sizeSettings(
  size: TOpenAIImageSize,
  model: ModelCapabilities,
): { aspectRatio: AspectRatio; resolution: Resolution } {
  const [width, height] = size === 'auto' ? [1, 1] : (size.split('x').map(Number) as [number, number]);
  const aspectRatio = nearestAspectRatio(width, height, model);
  const longSide =
    size === 'auto' ? Number(IMAGE_DEFAULTS.resolution.split('x')[0]) : Math.max(width, height);
  return { aspectRatio, resolution: nearestResolution(longSide, aspectRatio, model) };
}

/**
 * OpenAI's `style`: `vivid` ("hyper-real and dramatic") is our digital art, `natural` our
 * photographic; none keeps our default.
 */
const STYLES = { vivid: 'digital-art', natural: 'photographic' } as const;

/** OpenAI's `quality`: its top grades (`hd`, `high`) are our high; the others our standard. */
function qualityOf(quality: OpenAIImageRequest['quality']): TImageSettings['quality'] {
  return quality === 'hd' || quality === 'high' ? 'high' : 'standard';
}

/** The engine's image settings for an OpenAI request made with `model`. */
export function imageSettingsOf(request: OpenAIImageRequest, model: ModelCapabilities): TImageSettings {
  return {
    style: request.style ? STYLES[request.style] : IMAGE_DEFAULTS.style,
    ...sizeSettings(request.size, model),
    imageStyle: 'default',
    quality: qualityOf(request.quality),
  };
}
