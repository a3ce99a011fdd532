import { randomUUID } from 'node:crypto';
import {
  EDIT_MODES,
  ENHANCE_QUALITIES,
  ENHANCE_SCALES,
  enhancePrice,
  IMAGE_OPTIONS,
  PROVIDER_SETUP_DOCS_PATH,
  type TEditMode,
  type TGenerationType,
  TOOL_MESSAGES,
  TOOL_PRICES,
  TOOL_PROVIDERS,
  type TStoredGenerationOptions,
  type TToolModel,
  type TToolsInfo,
  type ZEditRequest,
  type ZEnhanceRequest,
} from '@kaleido/common';
import sharp from 'sharp';
import type { z } from 'zod';
import { AppError } from '../../platform/http/app-error.js';
import type { TLocalizedText } from '../../platform/i18n/api-messages.js';
import type { FileStore } from '../../platform/storage/file-store.js';
import { ENHANCE_LIMITS, offlineVideoSeconds } from '../../providers/enhance/index.js';
import type { ExpandTarget, ModelTool } from '../../providers/provider.js';
import type { GenerationRow } from '../generations/generations.repository.js';
import type { GenerationsService, JobDraft, SubmitOptions } from '../generations/generations.service.js';
import type { ProviderRegistry, ResolvedModel } from '../generations/provider-registry.js';
import type { AssetRow, AssetsRepository } from '../library/assets.repository.js';
import { createLipsyncService } from '../lipsync/lipsync.service.js';
import { createThreeDService } from '../three-d/three-d.service.js';
import type { UploadLimits } from '../uploads/upload-limits.js';

/** An image or video asset (what the tools take). */
type VisualAsset = AssetRow & { kind: TGenerationType; settings: TStoredGenerationOptions };
const isVisual = (row: AssetRow): row is VisualAsset =>
  (row.kind === 'image' || row.kind === 'video') &&
  row.settings.kind !== 'audio' &&
  row.settings.kind !== 'model';

export type EnhanceInput = z.output<typeof ZEnhanceRequest>;
export type EditInput = z.output<typeof ZEditRequest>;

/** The provider tool that does an edit mode (a prompt edit is `prompt-edit` in capabilities). */
const TOOL_OF_MODE: Record<TEditMode, ModelTool> = {
  restyle: 'restyle',
  expand: 'expand',
  inpaint: 'inpaint',
  prompt: 'prompt-edit',
};

/** Providers that run on this installation without an outside service. */
const OFFLINE_PROVIDERS = new Set(['sketch']);

const refuse = (path: string, message: TLocalizedText) =>
  new AppError('VALIDATION_FAILED', message, { problems: [{ path, message }] });

/**
 * The creative tools (issue 16): what the installation can do, and turning an enhance or edit request
 * into a job of the generations engine (same reservation, queue, events, refunds and answers).
 */
export function createToolsService(deps: {
  registry: ProviderRegistry;
  generations: GenerationsService;
  assets: AssetsRepository;
  store: FileStore;
  uploadLimits: UploadLimits;
  /** The model a call naming none takes: the first of `candidates` the person's plan allows (site settings). */
  preferredModel?: (userId: string, candidates: readonly string[]) => Promise<string | undefined>;
}) {
  /** Video Lipsync (issue 21): its own checks and drafts, on the same engine. */
  const lipsync = createLipsyncService(deps);
  /** 3D Objects (issue 21): likewise. */
  const threeD = createThreeDService(deps);

  /** Models offering `tool` whose provider implements the call, for assets of `kind`. */
  function modelsFor(tool: ModelTool, kind?: TGenerationType): ResolvedModel[] {
    return deps.registry
      .models()
      .filter(
        (entry) =>
          entry.model.tools?.includes(tool) &&
          (tool === 'enhance' ? entry.provider.upscale : entry.provider.edit) &&
          (!kind || entry.model.kinds.includes(kind)),
      );
  }

  /** The named model, else the first capable one the person's plan allows (else the first capable). */
  async function chosen(userId: string, tool: ModelTool, kind: TGenerationType, modelId: string | undefined) {
    if (modelId || !deps.preferredModel) return modelId;
    return deps.preferredModel(
      userId,
      modelsFor(tool, kind).map((entry) => entry.model.id),
    );
  }

  function pick(tool: ModelTool, kind: TGenerationType, modelId: string | undefined): ResolvedModel {
    const candidates = modelsFor(tool, kind);
    const found = modelId ? candidates.find((entry) => entry.model.id === modelId) : candidates[0];
    if (found) return found;
    if (modelId) throw refuse('model', { id: TOOL_MESSAGES.unknownModel, values: { model: modelId } });
    const mode = tool === 'prompt-edit' ? 'prompt' : tool;
    throw refuse('mode', {
      id: TOOL_MESSAGES.modeUnavailable,
      values: { providers: TOOL_PROVIDERS[mode].filter((id) => !OFFLINE_PROVIDERS.has(id)).join(', ') },
    });
  }

  /** The largest output long side of an enhance by this model (images, or videos). */
  function maxLongSide(entry: ResolvedModel, kind: TGenerationType): number {
    if (kind === 'video' && OFFLINE_PROVIDERS.has(entry.provider.id))
      return ENHANCE_LIMITS.maxVideoOutputLongSide;
    return entry.model.maxUpscaleLongSide ?? ENHANCE_LIMITS.maxOutputLongSide;
  }

  /** The person's image or video the tool works on (audio uploads are for lipsync, not these tools). */
  async function source(userId: string, assetId: string): Promise<VisualAsset> {
    const row = await deps.assets.findOwned(assetId, userId);
    if (!row) throw new AppError('NOT_FOUND', TOOL_MESSAGES.sourceNotFound);
    if (!isVisual(row)) throw refuse('assetId', TOOL_MESSAGES.sourceNotVisual);
    return row;
  }

  function presentModel(entry: ResolvedModel, up: ReadonlySet<string>, maxOutput: number | null): TToolModel {
    return {
      id: entry.model.id,
      name: entry.model.name,
      provider: entry.provider.id,
      providerName: entry.provider.capabilities().providerName,
      offline: OFFLINE_PROVIDERS.has(entry.provider.id),
      maxOutputLongSide: maxOutput,
      available: up.has(entry.provider.id),
    };
  }

  /** The job's settings: the source's, at the output's size (and the restyle's style). */
  function outputSettings(
    from: VisualAsset,
    size: { width: number; height: number },
    imageStyle?: string,
  ): TStoredGenerationOptions {
    const settings = from.settings;
    if (settings.kind === 'video') return { ...settings, ...size };
    return { ...settings, ...size, ...(imageStyle ? { imageStyle } : {}) };
  }

  /** Where the source sits in the expanded canvas. */
  function expandTarget(from: VisualAsset, expand: NonNullable<EditInput['expand']>): ExpandTarget {
    const { width, height } = from;
    if (expand.margins) {
      const m = expand.margins;
      return {
        width: width + m.left + m.right,
        height: height + m.top + m.bottom,
        offsetX: m.left,
        offsetY: m.top,
      };
    }
    const [a, b] = (expand.aspectRatio ?? '1:1').split(':').map(Number);
    const ratio = (a || 1) / (b || 1);
    const wide = Math.max(width, Math.round(height * ratio));
    const tall = Math.max(height, Math.round(wide / ratio));
    const target = { width: wide, height: tall };
    return {
      ...target,
      offsetX: Math.floor((target.width - width) / 2),
      offsetY: Math.floor((target.height - height) / 2),
    };
  }

  /** The inpaint mask: a PNG of the source's size (base64, or a data URL). */
  async function readMask(mask: string, from: VisualAsset): Promise<Buffer> {
    const data = Buffer.from(mask.replace(/^data:image\/png;base64,/, ''), 'base64');
    const meta = await sharp(data)
      .metadata()
      .catch(() => null);
    if (meta?.format !== 'png' || meta.width !== from.width || meta.height !== from.height) {
      throw refuse('mask', TOOL_MESSAGES.maskInvalid);
    }
    return data;
  }

  async function enhanceDraft(userId: string, input: EnhanceInput): Promise<JobDraft> {
    const from = await source(userId, input.assetId);
    const entry = pick('enhance', from.kind, await chosen(userId, 'enhance', from.kind, input.model));
    const size = { width: from.width * input.scale, height: from.height * input.scale };
    const max = maxLongSide(entry, from.kind);
    if (Math.max(size.width, size.height) > max) {
      throw refuse('scale', { id: TOOL_MESSAGES.outputTooLarge, values: { ...size, max } });
    }
    if (from.kind === 'video' && OFFLINE_PROVIDERS.has(entry.provider.id)) {
      // The offline engine's length limits (every frame goes through the network), refused before
      // anything is charged rather than by the job.
      const maxSeconds = offlineVideoSeconds(from.fps ?? 30);
      if ((from.duration_seconds ?? 0) > maxSeconds) {
        throw refuse('assetId', { id: 'api.uploads.tooLong', values: { maxSeconds } });
      }
    }
    return {
      kind: from.kind,
      prompt: from.prompt,
      options: outputSettings(from, size),
      provider: entry.provider.id,
      model: entry.model.id,
      seed: input.seed ?? from.seed,
      cost: enhancePrice({ ...size, durationSeconds: from.kind === 'video' ? from.duration_seconds : null }),
      tool: 'enhance',
      sourceAssetIds: [from.id],
      toolOptions: { tool: 'enhance', scale: input.scale, quality: input.quality },
    };
  }

  async function editDraft(userId: string, input: EditInput): Promise<JobDraft> {
    const from = await source(userId, input.assetId);
    if (from.kind !== 'image') throw refuse('assetId', TOOL_MESSAGES.sourceNotImage);
    const tool = TOOL_OF_MODE[input.mode];
    const entry = pick(tool, 'image', await chosen(userId, tool, 'image', input.model));
    const target = input.mode === 'expand' && input.expand ? expandTarget(from, input.expand) : undefined;
    const size = target
      ? { width: target.width, height: target.height }
      : { width: from.width, height: from.height };
    if (Math.max(size.width, size.height) > ENHANCE_LIMITS.maxOutputLongSide) {
      throw refuse('expand', {
        id: TOOL_MESSAGES.outputTooLarge,
        values: { ...size, max: ENHANCE_LIMITS.maxOutputLongSide },
      });
    }
    let maskKey: string | undefined;
    if (input.mode === 'inpaint' && input.mask) {
      const mask = await readMask(input.mask, from);
      maskKey = `users/${userId}/masks/${randomUUID()}.png`;
      await deps.store.put(maskKey, mask, 'image/png');
    }
    return {
      kind: 'image',
      prompt: input.prompt ?? from.prompt,
      options: outputSettings(from, size, input.mode === 'restyle' ? input.style : undefined),
      provider: entry.provider.id,
      model: entry.model.id,
      seed: input.seed,
      cost: TOOL_PRICES.edit,
      tool: 'edit',
      sourceAssetIds: [from.id],
      toolOptions: {
        tool: 'edit',
        mode: input.mode,
        ...(input.prompt ? { prompt: input.prompt } : {}),
        ...(input.mode === 'restyle' ? { style: input.style, strength: input.strength } : {}),
        ...(target ? { target } : {}),
        ...(maskKey ? { maskKey } : {}),
      },
    };
  }

  return {
    /** Starts lipsync jobs (`POST /api/tools/lipsync`, `/api/v1/tools/lipsync`). */
    lipsync,
    /** Starts 3D jobs (`POST /api/generate-3d`, `/api/v1/generate/3d`). */
    threeD,

    /** `GET /api/tools`: the modes, their models (available when the provider is up), limits and prices. */
    async info(): Promise<TToolsInfo> {
      const health = await deps.registry.health();
      const up = new Set(health.filter((state) => state.ok).map((state) => state.id));
      const enhanceModels = modelsFor('enhance');
      const mode = (editMode: TEditMode) => {
        const models = modelsFor(TOOL_OF_MODE[editMode], 'image');
        return {
          available: models.length > 0,
          models: models.map((entry) => presentModel(entry, up, null)),
          providers: [...TOOL_PROVIDERS[editMode]],
        };
      };
      const limits = deps.uploadLimits;
      return {
        enhance: {
          available: enhanceModels.length > 0,
          models: enhanceModels.map((entry) => presentModel(entry, up, maxLongSide(entry, 'image'))),
          providers: [...TOOL_PROVIDERS.enhance],
          scales: [...ENHANCE_SCALES],
          qualities: [...ENHANCE_QUALITIES],
          maxOutputLongSide: Math.max(
            ENHANCE_LIMITS.maxOutputLongSide,
            ...enhanceModels.map((entry) => maxLongSide(entry, 'image')),
          ),
          maxVideoOutputLongSide: Math.max(
            ENHANCE_LIMITS.maxVideoOutputLongSide,
            ...modelsFor('enhance', 'video').map((entry) => maxLongSide(entry, 'video')),
          ),
        },
        edit: {
          modes: {
            restyle: mode('restyle'),
            expand: mode('expand'),
            inpaint: mode('inpaint'),
            prompt: mode('prompt'),
          },
          styles: [...IMAGE_OPTIONS.imageStyles],
        },
        prices: { ...TOOL_PRICES },
        uploads: {
          image: { maxBytes: limits.image.maxBytes, maxPixels: limits.image.maxPixels },
          video: { maxBytes: limits.video.maxBytes, maxDurationSeconds: limits.video.maxDurationSeconds },
          audio: { maxBytes: limits.audio.maxBytes, maxDurationSeconds: limits.audio.maxDurationSeconds },
        },
        lipsync: lipsync.info(up),
        docsUrl: PROVIDER_SETUP_DOCS_PATH,
      };
    },

    /**
     * Starts an enhance or edit job (once per Idempotency-Key when one is given). Checks (source,
     * model, sizes, mask) run before anything is reserved; a refusal writes nothing.
     */
    async start(
      userId: string,
      request: { tool: 'enhance'; input: EnhanceInput } | { tool: 'edit'; input: EditInput },
      idempotencyKey: string | undefined,
      options: SubmitOptions = {},
    ): Promise<{ row: GenerationRow; replayed: boolean }> {
      // An inpaint mask is stored before the reservation: a refused job must not leave it behind.
      let maskKey: string | undefined;
      const draft = async () => {
        const made =
          request.tool === 'enhance'
            ? await enhanceDraft(userId, request.input)
            : await editDraft(userId, request.input);
        if (made.toolOptions?.tool === 'edit') maskKey = made.toolOptions.maskKey;
        return made;
      };
      try {
        if (!idempotencyKey)
          return { row: await deps.generations.accept(userId, await draft(), options), replayed: false };
        return await deps.generations.acceptOnce(
          userId,
          { operation: request.tool, body: request.input },
          idempotencyKey,
          draft,
          options,
        );
      } catch (error) {
        if (maskKey) await deps.store.delete(maskKey).catch(() => undefined);
        throw error;
      }
    },

    /**
     * The model an edit in `mode` would use, refused as a job would be (unknown model, no provider):
     * for callers that must check before they store anything (the OpenAI-compatible edits).
     */
    editModel: (mode: TEditMode, modelId?: string): ResolvedModel =>
      pick(TOOL_OF_MODE[mode], 'image', modelId),

    /** The edit modes whose provider exists (for the OpenAPI text and tests). */
    modes: () => EDIT_MODES.filter((editMode) => modelsFor(TOOL_OF_MODE[editMode], 'image').length > 0),
  };
}

export type ToolsService = ReturnType<typeof createToolsService>;
