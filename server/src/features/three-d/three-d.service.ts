import {
  MODEL_STILL_SIZE,
  THREE_D_MESSAGES,
  THREE_D_PRICE,
  TOOL_MESSAGES,
  TOOL_PROVIDERS,
  type TThreeDInfo,
  type ZThreeDRequest,
} from '@kaleido/common';
import type { z } from 'zod';
import { AppError } from '../../platform/http/app-error.js';
import type { TLocalizedText } from '../../platform/i18n/api-messages.js';
import type { GenerationRow } from '../generations/generations.repository.js';
import type { GenerationsService, JobDraft, SubmitOptions } from '../generations/generations.service.js';
import type { ProviderRegistry, ResolvedModel } from '../generations/provider-registry.js';
import type { AssetsRepository } from '../library/assets.repository.js';

export type ThreeDInput = z.output<typeof ZThreeDRequest>;

/** Providers that run on this machine (their models read the prompt only). */
const OFFLINE = new Set(['sketch']);

const refuse = (path: string, message: TLocalizedText) =>
  new AppError('VALIDATION_FAILED', message, { problems: [{ path, message }] });

/**
 * 3D Objects (issue 21): a prompt, and optionally an image of the person's, become a job of the
 * generations engine (kind `model`, tool `3d`, the image as its source) on a model that offers `3d`:
 * the offline low-poly modeller, or a hosted image/text-to-3D model. Everything is checked before
 * anything is reserved; a refusal writes nothing.
 */
export function createThreeDService(deps: {
  registry: ProviderRegistry;
  generations: GenerationsService;
  assets: AssetsRepository;
  preferredModel?: (userId: string, candidates: readonly string[]) => Promise<string | undefined>;
}) {
  /** Models that offer 3D on a provider that implements the call. */
  const models = (): ResolvedModel[] =>
    deps.registry
      .models()
      .filter((entry) => entry.model.tools?.includes('3d') && Boolean(entry.provider.generate3d));
  /** Those that fit the request: image-to-3D models with an image, the others (offline included) without. */
  const fitting = (withImage: boolean): ResolvedModel[] =>
    models().filter(
      (entry) =>
        Boolean(entry.model.takesImage) === withImage && !(withImage && OFFLINE.has(entry.provider.id)),
    );

  async function pick(
    userId: string,
    modelId: string | undefined,
    withImage: boolean,
  ): Promise<ResolvedModel> {
    const all = models();
    if (modelId && !all.some((entry) => entry.model.id === modelId)) {
      throw refuse('model', { id: TOOL_MESSAGES.unknownModel, values: { model: modelId } });
    }
    const candidates = fitting(withImage);
    const hosted = TOOL_PROVIDERS['3d'].filter((id) => !OFFLINE.has(id)).join(', ');
    const wanted =
      modelId ??
      (await deps.preferredModel?.(
        userId,
        candidates.map((entry) => entry.model.id),
      ));
    const found =
      candidates.find((entry) => entry.model.id === wanted) ?? (modelId ? undefined : candidates[0]);
    if (found) return found;
    const chosen = modelId ? all.find((entry) => entry.model.id === modelId) : undefined;
    if (!withImage && (chosen ? chosen.model.takesImage : all.some((entry) => entry.model.takesImage))) {
      // Only image-to-3D models here (or the one asked for is one): they need the image.
      const name = chosen?.model.name ?? all.find((entry) => entry.model.takesImage)?.model.name ?? '';
      throw refuse('imageAssetId', { id: THREE_D_MESSAGES.imageRequired, values: { model: name } });
    }
    if (withImage) {
      throw refuse('imageAssetId', {
        id: THREE_D_MESSAGES.imageNeedsProvider,
        values: { providers: hosted },
      });
    }
    throw refuse('model', { id: TOOL_MESSAGES.modeUnavailable, values: { providers: hosted } });
  }

  async function draft(userId: string, input: ThreeDInput): Promise<JobDraft> {
    const image = input.imageAssetId ? await deps.assets.findOwned(input.imageAssetId, userId) : undefined;
    if (input.imageAssetId && !image) throw new AppError('NOT_FOUND', TOOL_MESSAGES.sourceNotFound);
    if (image && image.kind !== 'image') throw refuse('imageAssetId', THREE_D_MESSAGES.notImage);
    const entry = await pick(userId, input.model, Boolean(image));
    return {
      kind: 'model',
      prompt: input.prompt,
      options: { kind: 'model', format: 'glb', width: MODEL_STILL_SIZE, height: MODEL_STILL_SIZE },
      provider: entry.provider.id,
      model: entry.model.id,
      seed: input.seed,
      cost: THREE_D_PRICE,
      tool: '3d',
      sourceAssetIds: image ? [image.id] : [],
    };
  }

  return {
    /** `GET /api/tools/3d`: the models (available when their provider is up), the price, the providers. */
    async info(): Promise<TThreeDInfo> {
      const health = await deps.registry.health();
      const up = new Set(health.filter((state) => state.ok).map((state) => state.id));
      return {
        models: models().map((entry) => ({
          id: entry.model.id,
          name: entry.model.name,
          provider: entry.provider.id,
          providerName: entry.provider.capabilities().providerName,
          offline: OFFLINE.has(entry.provider.id),
          takesImage: Boolean(entry.model.takesImage),
          available: up.has(entry.provider.id),
        })),
        price: THREE_D_PRICE,
        providers: [...TOOL_PROVIDERS['3d']],
      };
    },

    /** Starts a 3D job (once per Idempotency-Key when one is given). */
    async start(
      userId: string,
      input: ThreeDInput,
      idempotencyKey: string | undefined,
      options: SubmitOptions = {},
    ): Promise<{ row: GenerationRow; replayed: boolean }> {
      if (!idempotencyKey) {
        return {
          row: await deps.generations.accept(userId, await draft(userId, input), options),
          replayed: false,
        };
      }
      return deps.generations.acceptOnce(
        userId,
        { operation: '3d', body: input },
        idempotencyKey,
        () => draft(userId, input),
        options,
      );
    },
  };
}

export type ThreeDService = ReturnType<typeof createThreeDService>;
