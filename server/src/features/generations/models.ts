import type { TModel } from '@kaleido/common';
import type { Prices } from './generations.service.js';
import type { ProviderRegistry, ResolvedModel } from './provider-registry.js';

/**
 * The configured models as `/api/models` and `/api/v1/models` show them: what each can make, its
 * limits and prices, whether its provider can take jobs now, and the defaults.
 */
export async function presentModels(
  registry: ProviderRegistry,
  prices: Prices,
  /** Only these (a plan's models, site settings); null or absent: every model. */
  allowed?: readonly string[] | null,
  /** The viewer's own trained models (Train, issue 21), listed after the configured ones. */
  personal: readonly ResolvedModel[] = [],
): Promise<TModel[]> {
  const health = new Map((await registry.health(3000)).map((entry) => [entry.id, entry.ok]));
  // Tool-only models (an upscaler, a fill model) are the tools' (GET /api/tools), not the generators'.
  const generators = registry
    .models()
    .filter((entry) => entry.model.generates !== false && (!allowed || allowed.includes(entry.model.id)))
    .concat(personal);
  const defaults = {
    image: generators.find((entry) => entry.model.kinds.includes('image'))?.model.id,
    video: generators.find((entry) => entry.model.kinds.includes('video'))?.model.id,
  };
  return generators.map(({ provider, model }) => ({
    id: model.id,
    name: model.name,
    description: model.description,
    provider: provider.id,
    providerName: provider.capabilities().providerName,
    types: [...model.kinds],
    supportsSeed: model.supportsSeed,
    supportsNegativePrompt: model.supportsNegativePrompt,
    maxWidth: model.maxWidth,
    maxHeight: model.maxHeight,
    aspectRatios: model.aspectRatios ? [...model.aspectRatios] : null,
    videoDurations: model.videoDurations ? [...model.videoDurations] : null,
    videoFrameRates: model.videoFrameRates ? [...model.videoFrameRates] : null,
    prices: {
      image: model.prices?.image ?? prices.image,
      video: model.prices?.video ?? prices.video,
    },
    available: health.get(provider.id) ?? true,
    default: { image: defaults.image === model.id, video: defaults.video === model.id },
  }));
}
