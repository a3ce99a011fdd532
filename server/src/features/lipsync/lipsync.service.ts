import {
  LIPSYNC_MESSAGES,
  LIPSYNC_SECONDS_PER_CREDIT,
  LIPSYNC_SYNC_MODES,
  lipsyncOutputSeconds,
  lipsyncPrice,
  type TLipsyncInfo,
  TOOL_MESSAGES,
  TOOL_PRICES,
  TOOL_PROVIDERS,
  type TStoredVideoOptions,
  type ZLipsyncRequest,
} from '@kaleido/common';
import type { z } from 'zod';
import { AppError } from '../../platform/http/app-error.js';
import type { TLocalizedText } from '../../platform/i18n/api-messages.js';
import { lipsyncMaxSeconds } from '../../providers/lipsync-inputs.js';
import type { GenerationRow } from '../generations/generations.repository.js';
import type { GenerationsService, JobDraft, SubmitOptions } from '../generations/generations.service.js';
import type { ProviderRegistry, ResolvedModel } from '../generations/provider-registry.js';
import type { AssetRow, AssetsRepository } from '../library/assets.repository.js';

export type LipsyncInput = z.output<typeof ZLipsyncRequest>;

type VideoAsset = AssetRow & { kind: 'video'; settings: TStoredVideoOptions };
const isVideo = (row: AssetRow): row is VideoAsset => row.kind === 'video' && row.settings.kind === 'video';

const refuse = (path: string, message: TLocalizedText) =>
  new AppError('VALIDATION_FAILED', message, { problems: [{ path, message }] });

/**
 * Video Lipsync (issue 21): a video and an audio upload of the person's become a job of the
 * generations engine (tool `lipsync`, sources: the video then the audio) on a hosted model that
 * offers it. Everything is checked before anything is reserved; a refusal writes nothing.
 */
export function createLipsyncService(deps: {
  registry: ProviderRegistry;
  generations: GenerationsService;
  assets: AssetsRepository;
  preferredModel?: (userId: string, candidates: readonly string[]) => Promise<string | undefined>;
}) {
  /** Models that offer lipsync on a provider that implements the call. */
  const models = (): ResolvedModel[] =>
    deps.registry
      .models()
      .filter((entry) => entry.model.tools?.includes('lipsync') && Boolean(entry.provider.lipsync));

  async function pick(userId: string, modelId: string | undefined): Promise<ResolvedModel> {
    const candidates = models();
    const wanted =
      modelId ??
      (await deps.preferredModel?.(
        userId,
        candidates.map((entry) => entry.model.id),
      ));
    const found = wanted ? candidates.find((entry) => entry.model.id === wanted) : candidates[0];
    if (found) return found;
    if (modelId) throw refuse('model', { id: TOOL_MESSAGES.unknownModel, values: { model: modelId } });
    if (candidates[0]) return candidates[0];
    throw refuse('model', {
      id: TOOL_MESSAGES.modeUnavailable,
      values: { providers: TOOL_PROVIDERS.lipsync.join(', ') },
    });
  }

  async function draft(userId: string, input: LipsyncInput): Promise<JobDraft> {
    const video = await deps.assets.findOwned(input.videoAssetId, userId);
    const audio = await deps.assets.findOwned(input.audioAssetId, userId);
    if (!video || !audio) throw new AppError('NOT_FOUND', TOOL_MESSAGES.sourceNotFound);
    if (!isVideo(video)) throw refuse('videoAssetId', LIPSYNC_MESSAGES.notVideo);
    if (audio.kind !== 'audio') throw refuse('audioAssetId', LIPSYNC_MESSAGES.notAudio);
    const entry = await pick(userId, input.model);
    // To the tenth of a second, as people read it: a 2.04-second clip fits a 2-second limit.
    const length = lipsyncOutputSeconds(
      input.syncMode,
      video.duration_seconds ?? video.settings.durationSeconds,
      audio.duration_seconds ?? 0,
    );
    const maxSeconds = lipsyncMaxSeconds(entry.model);
    if (length > maxSeconds) {
      throw refuse('audioAssetId', {
        id: LIPSYNC_MESSAGES.tooLong,
        values: { duration: length, maxSeconds },
      });
    }
    return {
      kind: 'video',
      prompt: video.prompt,
      options: { ...video.settings, duration: length, durationSeconds: length },
      provider: entry.provider.id,
      model: entry.model.id,
      seed: video.seed,
      cost: lipsyncPrice(length, TOOL_PRICES.minimum),
      tool: 'lipsync',
      sourceAssetIds: [video.id, audio.id],
      toolOptions: { tool: 'lipsync', syncMode: input.syncMode },
    };
  }

  return {
    /** `GET /api/tools` → `lipsync`: the models (available when their provider is up) and terms. */
    info(up: ReadonlySet<string>): TLipsyncInfo {
      const list = models();
      return {
        available: list.length > 0,
        models: list.map((entry) => ({
          id: entry.model.id,
          name: entry.model.name,
          provider: entry.provider.id,
          providerName: entry.provider.capabilities().providerName,
          available: up.has(entry.provider.id),
          maxOutputSeconds: lipsyncMaxSeconds(entry.model),
        })),
        providers: [...TOOL_PROVIDERS.lipsync],
        syncModes: [...LIPSYNC_SYNC_MODES],
        secondsPerCredit: LIPSYNC_SECONDS_PER_CREDIT,
      };
    },

    /** Starts a lipsync job (once per Idempotency-Key when one is given). */
    async start(
      userId: string,
      input: LipsyncInput,
      idempotencyKey: string | undefined,
      options: SubmitOptions = {},
    ): Promise<{ row: GenerationRow; replayed: boolean }> {
      if (!idempotencyKey)
        return {
          row: await deps.generations.accept(userId, await draft(userId, input), options),
          replayed: false,
        };
      return deps.generations.acceptOnce(
        userId,
        { operation: 'lipsync', body: input },
        idempotencyKey,
        () => draft(userId, input),
        options,
      );
    },
  };
}

export type LipsyncService = ReturnType<typeof createLipsyncService>;
