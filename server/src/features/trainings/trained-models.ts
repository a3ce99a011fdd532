import { trainedModelId, trainingIdOfModel } from '@kaleido/common';
import { type GenerationProvider, type ModelCapabilities, ProviderError } from '../../providers/provider.js';
import type { TrainedWeights } from '../../providers/trainer.js';
import type { ResolvedModel } from '../generations/provider-registry.js';
import type { TrainingRow, TrainingsRepository } from './trainings.repository.js';

/**
 * Trained models in the generators (Train, issue 21). A succeeded training is a model id
 * `trained-<training id>`, offered only to its owner (`personal`, used by `/api/models`, `/api/v1/models`
 * and the generations service's submit), and rendered by one registry provider, `trained`, that hands
 * the job to the training provider's LoRA inference (fal `flux-lora`, Replicate's trained version).
 */

export const TRAINED_PROVIDER_ID = 'trained';

export function createTrainedModels(deps: {
  trainings: TrainingsRepository;
  /** The configured providers (the ones whose `trainer` trained a model). */
  providers: readonly GenerationProvider[];
}) {
  const providerOf = (id: string) => deps.providers.find((provider) => provider.id === id);

  function capabilities(row: TrainingRow): ModelCapabilities {
    const source = providerOf(row.provider);
    const base = source?.trainer?.baseModel ?? 'LoRA';
    return {
      id: trainedModelId(row.id),
      name: row.name,
      kinds: ['image'],
      description: `Your ${row.kind} model (${base} on ${source?.capabilities().providerName ?? row.provider}); trigger word “${row.trigger_word}”`,
      supportsSeed: true,
      supportsNegativePrompt: false,
      maxWidth: 2048,
      maxHeight: 2048,
    };
  }

  function weightsOf(row: TrainingRow): TrainedWeights {
    return {
      weightsUrl: row.weights_url,
      version: row.remote_version,
      triggerWord: row.trigger_word,
      modelId: trainedModelId(row.id),
    };
  }

  const provider: GenerationProvider = {
    id: TRAINED_PROVIDER_ID,
    capabilities: () => ({
      providerId: TRAINED_PROVIDER_ID,
      providerName: 'Your trained models',
      models: [],
    }),
    async generate(request, context) {
      const trainingId = trainingIdOfModel(request.model);
      const row = trainingId ? await deps.trainings.find(trainingId) : undefined;
      if (row?.status !== 'succeeded' || row.deleted_at || request.kind !== 'image') {
        throw new ProviderError('invalid_input', `no trained model "${request.model}"`, {
          userMessage: 'This trained model was deleted.',
        });
      }
      const trainer = providerOf(row.provider)?.trainer;
      if (!trainer) throw new ProviderError('unavailable', `provider ${row.provider} is not configured`);
      // The LoRA answers to its trigger word: a prompt without it gets it in front.
      const word = new RegExp(`(^|\\W)${escapeRegExp(row.trigger_word)}(\\W|$)`, 'i');
      const prompt = word.test(request.prompt) ? request.prompt : `${row.trigger_word} ${request.prompt}`;
      const output = await trainer.generate(weightsOf(row), { ...request, prompt }, context);
      return { ...output, model: trainedModelId(row.id) };
    },
  };

  return {
    provider,

    /** The person's trained models, as the registry's entries (newest first). */
    async personal(userId: string): Promise<ResolvedModel[]> {
      const rows = await deps.trainings.models(userId);
      return rows
        .filter((row) => providerOf(row.provider)?.trainer)
        .map((row) => ({ provider, model: capabilities(row) }));
    },

    /** A trained model of this person by id, else null (someone else's is not theirs to use). */
    async resolve(userId: string, modelId: string): Promise<ResolvedModel | null> {
      const trainingId = trainingIdOfModel(modelId);
      if (!trainingId) return null;
      const row = await deps.trainings.findOwned(userId, trainingId);
      if (row?.status !== 'succeeded' || !providerOf(row.provider)?.trainer) return null;
      return { provider, model: capabilities(row) };
    },
  };
}

export type TrainedModels = ReturnType<typeof createTrainedModels>;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
