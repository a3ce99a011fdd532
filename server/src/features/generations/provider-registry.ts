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
    /**
     * Stand-ins for a model whose provider is down: models of the same failover group and kind on
     * other providers, in configuration order.
     */
    alternatives(
      kind: GenerationKind,
      modelId: string,
      excludeProviders: ReadonlySet<string>,
    ): ResolvedModel[] {
      const current = models.find((entry) => entry.model.id === modelId);
      const group = current?.model.failoverGroup;
      if (!group) return [];
      return models.filter(
        (entry) =>
          entry.model.failoverGroup === group &&
          entry.model.kinds.includes(kind) &&
          !excludeProviders.has(entry.provider.id),
      );
    },
    /** Each provider's health (providers without a check are up); a slow check counts as down. */
    async health(timeoutMs = 5000): Promise<{ id: string; name: string; ok: boolean; detail?: string }[]> {
      return Promise.all(
        providers.map(async (provider) => {
          const name = provider.capabilities().providerName;
          if (!provider.health) return { id: provider.id, name, ok: true };
          let timer: NodeJS.Timeout | undefined;
          try {
            const state = await Promise.race([
              provider.health(),
              new Promise<{ ok: false; detail: string }>((resolve) => {
                timer = setTimeout(() => resolve({ ok: false, detail: 'health check timed out' }), timeoutMs);
              }),
            ]);
            return { id: provider.id, name, ...state };
          } catch (error) {
            return { id: provider.id, name, ok: false, detail: (error as Error).message };
          } finally {
            clearTimeout(timer);
          }
        }),
      );
    },
  };
}

export type ProviderRegistry = ReturnType<typeof createProviderRegistry>;
