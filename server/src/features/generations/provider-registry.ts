import type { TGenerationType } from '@kaleido/common';
import { AppError } from '../../platform/http/app-error.js';
import type { GenerationProvider, ModelCapabilities } from '../../providers/provider.js';

export interface ResolvedModel {
  provider: GenerationProvider;
  model: ModelCapabilities;
}

/** The configured providers and their models; the first model able to make a kind is its default. */
export interface ProviderHealthState {
  id: string;
  name: string;
  ok: boolean;
  detail?: string;
}

const HEALTH_TTL_MS = 10_000;

export function createProviderRegistry(
  providers: readonly GenerationProvider[],
  /**
   * Providers that only render jobs already accepted for them (the person's trained models, Train):
   * found by `provider(id)`, never listed, health-checked or offered as a model.
   */
  internal: readonly GenerationProvider[] = [],
) {
  let healthCache: { at: number; value: Promise<ProviderHealthState[]> } | null = null;
  const byProvider = new Map(providers.map((provider) => [provider.id, provider]));
  const internalById = new Map(internal.map((provider) => [provider.id, provider]));
  const models = providers.flatMap((provider) =>
    provider.capabilities().models.map((model) => ({ provider, model })),
  );
  return {
    providers: () => [...byProvider.values()],
    provider(id: string): GenerationProvider | undefined {
      return byProvider.get(id) ?? internalById.get(id);
    },
    models: () => models,
    resolve(kind: TGenerationType, modelId?: string): ResolvedModel {
      // Tool-only models (generates: false) serve the Enhancer and Edit, never the generators.
      const candidates = models.filter(
        (entry) => entry.model.kinds.includes(kind) && entry.model.generates !== false,
      );
      const found = modelId ? candidates.find((entry) => entry.model.id === modelId) : candidates[0];
      if (!found) {
        throw new AppError(
          'VALIDATION_FAILED',
          modelId
            ? { id: 'api.generation.unknownModel', values: { model: modelId, kind } }
            : { id: 'api.generation.noModel', values: { kind } },
        );
      }
      return found;
    },
    /**
     * Stand-ins for a model whose provider is down: models of the same failover group and kind on
     * other providers, in configuration order.
     */
    alternatives(
      kind: TGenerationType,
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
          entry.model.generates !== false &&
          !excludeProviders.has(entry.provider.id),
      );
    },
    /**
     * Each provider's health (providers without a check are up); a slow check counts as down. Answers
     * are reused for 10 s, so polling clients do not multiply calls to the providers.
     */
    health(timeoutMs = 5000): Promise<ProviderHealthState[]> {
      const at = Date.now();
      if (!healthCache || at - healthCache.at > HEALTH_TTL_MS) {
        healthCache = { at, value: checkHealth(timeoutMs) };
      }
      return healthCache.value;
    },
    /** Forgets the reused health answers (a job just found a provider down). */
    refreshHealth(): void {
      healthCache = null;
    },
  };

  async function checkHealth(timeoutMs: number): Promise<ProviderHealthState[]> {
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
  }
}

export type ProviderRegistry = ReturnType<typeof createProviderRegistry>;
