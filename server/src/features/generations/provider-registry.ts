import { AppError } from '../../platform/http/app-error.js';
import type { GenerationKind, GenerationProvider, ModelCapabilities } from '../../providers/provider.js';

export interface ResolvedModel {
  provider: GenerationProvider;
  model: ModelCapabilities;
}

/** The configured providers and their models; the first model able to make a kind is its default. */
export function createProviderRegistry(providers: readonly GenerationProvider[]) {
  const byProvider = new Map(providers.map((provider) => [provider.id, provider]));
  const models = providers.flatMap((provider) =>
    provider.capabilities().models.map((model) => ({ provider, model })),
  );
  return {
    providers: () => [...byProvider.values()],
    provider(id: string): GenerationProvider | undefined {
      return byProvider.get(id);
    },
    models: () => models,
    resolve(kind: GenerationKind, modelId?: string): ResolvedModel {
      const candidates = models.filter((entry) => entry.model.kinds.includes(kind));
      const found = modelId ? candidates.find((entry) => entry.model.id === modelId) : candidates[0];
      if (!found) {
        throw new AppError(
          'VALIDATION_FAILED',
          modelId ? `Unknown model "${modelId}" for ${kind}s.` : `No configured model can make ${kind}s.`,
        );
      }
      return found;
    },
  };
}

export type ProviderRegistry = ReturnType<typeof createProviderRegistry>;
