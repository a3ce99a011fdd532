import { randomInt, randomUUID } from 'node:crypto';
import {
  API_KEY_MESSAGES,
  errorMessageId,
  generationFailedCode,
  imageDimensions,
  insufficientCreditsMessage,
  type TAsset,
  type TAssetTool,
  type TGenerationType,
  type TImageSettings,
  type TJobKind,
  type TPlanId,
  type TStoredGenerationOptions,
  videoDimensions,
} from '@kaleido/common';
import type { Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/database.js';
import type { Executor } from '../../platform/db/executor.js';
import type { GenerationStatus } from '../../platform/db/schema.js';
import { AppError } from '../../platform/http/app-error.js';
import { englishOf, type TLocalizedText } from '../../platform/i18n/api-messages.js';
import { type Idempotency, requestHash } from '../../platform/idempotency/idempotency.js';
import type { JobQueue } from '../../platform/queue/index.js';
import type { UrlSigner } from '../../platform/storage/signed-urls.js';
import type { CreditsService } from '../credits/credits.service.js';
import type { AssetsRepository } from '../library/assets.repository.js';
import { presentAsset, readIdList } from '../library/library.presenter.js';
import type { Admission } from '../site-settings/site-settings.service.js';
import { presentDiagnostics } from './diagnostics.js';
import type { GenerationEvents } from './generation-events.js';
import { followGeneration } from './generation-stream.js';
import { presentGeneration } from './generations.presenter.js';
import type { GenerationRow, GenerationsRepository } from './generations.repository.js';
import type { ProviderRegistry, ResolvedModel } from './provider-registry.js';
import type { StoredToolOptions } from './tool-options.js';

export type Prices = Record<TGenerationType, number>;

/** Video settings as the engine takes them: the screens' values, or the public API's wider ones. */
export interface EngineVideoSettings {
  style: string;
  aspectRatio: string;
  duration: number;
  frameRate: number;
  /** `WIDTHxHEIGHT` of the landscape size; the aspect ratio shapes it. */
  resolution: string;
}

export type SubmitInput =
  | {
      kind: 'image';
      prompt: string;
      negativePrompt?: string;
      settings: TImageSettings;
      seed?: number;
      model?: string;
    }
  | {
      kind: 'video';
      prompt: string;
      negativePrompt?: string;
      settings: EngineVideoSettings;
      seed?: number;
      model?: string;
    };

export interface SubmitOptions {
  apiKeyId?: string;
  /**
   * Extra work in the reservation's transaction, once the job's row is written (a key's allowance, the
   * call's usage record); throwing rolls everything back. `remainingCredits`: the balance after the
   * reservation.
   */
  withinTransaction?: (
    trx: Executor,
    job: { id: string; cost: number; remainingCredits: number },
  ) => Promise<void>;
  /** A public API request's own webhook target and event filter (null: every event). */
  webhook?: { url: string; events: readonly string[] | null };
}

/**
 * How long a generate call waits for its job before answering 202 with it (both paths: the public
 * API always, a browser session unless it asks `?wait=false`).
 */
export const SYNC_WAIT_MS = 25_000;

/** What an Idempotency-Key covers for a generation: the whole submitted input, kind included. */
const generationRequestHash = (input: SubmitInput) => requestHash(`${input.kind}\n${JSON.stringify(input)}`);

/** What a job is made of before it is accepted: a generation's, or a tool's (issue 16). */
export interface JobDraft {
  kind: TJobKind;
  prompt: string;
  negativePrompt?: string;
  options: TStoredGenerationOptions;
  provider: string;
  model: string;
  seed?: number;
  cost: number;
  tool?: TAssetTool;
  sourceAssetIds?: readonly string[];
  /** JSON-able options of the tool (scale, mode, …). */
  toolOptions?: StoredToolOptions;
}

const TERMINAL: readonly GenerationStatus[] = ['succeeded', 'failed', 'cancelled'];

/** The ids of the models that generate this kind, in configuration order (the first is the default). */
const generatorsOf = (registry: ProviderRegistry, kind: TGenerationType) =>
  registry
    .models()
    .filter((entry) => entry.model.kinds.includes(kind) && entry.model.generates !== false)
    .map((entry) => entry.model.id);

/** Accepting, reading, waiting for and cancelling generation jobs. Running them is the runner's job. */
export function createGenerationsService(deps: {
  database: Database;
  generations: GenerationsRepository;
  assets: AssetsRepository;
  credits: CreditsService;
  queue: JobQueue;
  registry: ProviderRegistry;
  events: GenerationEvents;
  signer: UrlSigner;
  prices: Prices;
  clock: Clock;
  idempotency: Idempotency;
  /** Aborts a job running in this process (see the runner). */
  abortLocal(jobId: string): void;
  /** The owner's `debugMode` setting: diagnostics are shown only while it is on. */
  debugMode(userId: string): Promise<boolean>;
  /**
   * Whether this person's outputs carry the visible mark (Free plan always; paid plans by their
   * setting). `plan`: the person's plan when the caller has read it already.
   */
  watermarkFor(userId: string, plan?: TPlanId): Promise<boolean>;
  /** A queued job cancelled here ends like one the runner ends: in its transaction (webhook deliveries)… */
  onCancelled?: (row: GenerationRow, trx: Executor) => Promise<void>;
  /** …and once committed. */
  afterCancelled?: (row: GenerationRow) => Promise<void>;
  /**
   * Site rules checked before anything is reserved, for every route (issue 20), with the person read
   * once: blocked terms in the prompts (400 `CONTENT_BLOCKED`), the models the person's plan may use
   * (403 `MODEL_NOT_ALLOWED`), and the model a submit that names none takes (the first the plan allows).
   */
  admission?: (userId: string) => Promise<Admission>;
  /** A model of this person only (a trained model, Train), or null: then the registry decides. */
  personalModel?: (userId: string, kind: TGenerationType, modelId: string) => Promise<ResolvedModel | null>;
}) {
  const now = () => deps.clock.now().toISOString();

  async function present(row: GenerationRow) {
    const asset = row.asset_id ? await deps.assets.find(row.asset_id) : null;
    return presentGeneration(row, asset, deps.signer);
  }

  async function ownedOrNotFound(id: string, userId: string): Promise<GenerationRow> {
    const row = await deps.generations.findOwned(id, userId);
    if (!row) throw new AppError('NOT_FOUND', 'api.generation.notFound');
    return row;
  }

  /**
   * Whether any of these assets shows the visible mark: made by a job that drew it, or by a tool from
   * an asset that did (followed back a few generations; uploads never carry it).
   */
  async function carriesMark(assetIds: readonly string[], depth = 0): Promise<boolean> {
    if (depth > 8) return false;
    for (const assetId of assetIds) {
      const asset = await deps.assets.find(assetId);
      const job = asset?.generation_id ? await deps.generations.find(asset.generation_id) : undefined;
      if (!job) continue;
      if (job.watermark === 1) return true;
      if (job.tool !== 'generate' && (await carriesMark(readIdList(job.source_asset_ids), depth + 1))) {
        return true;
      }
    }
    return false;
  }

  /**
   * Reserves the price and inserts the job in one transaction, then queues it. Throws 402 with the
   * spec's message when the balance is too low; nothing is written then.
   */
  async function accept(
    userId: string,
    draft: JobDraft,
    options: SubmitOptions = {},
    admitted?: Admission,
  ): Promise<GenerationRow> {
    const admission = admitted ?? (await deps.admission?.(userId));
    admission?.admit(draft);
    const { cost } = draft;
    const id = randomUUID();
    const at = now();
    // Decided once, when the job is accepted: a retry or a failover marks the output alike. A tool's
    // source that already carries the mark passes it on in its pixels: a second one is never added.
    const watermark =
      (await deps.watermarkFor(userId, admission?.plan)) && !(await carriesMark(draft.sourceAssetIds ?? []));
    // The row as written: the answer is made from it, without reading it back.
    const row = await deps.database.kysely.transaction().execute(async (trx) => {
      const reservation = await deps.credits.reserve(userId, cost, id, trx);
      if (!reservation) {
        throw new AppError('INSUFFICIENT_CREDITS', insufficientCreditsMessage(draft.kind, cost));
      }
      const inserted: GenerationRow = {
        id,
        user_id: userId,
        kind: draft.kind,
        status: 'queued',
        progress: 0,
        stage: 'Queued',
        prompt: draft.prompt,
        negative_prompt: draft.negativePrompt || null,
        options: draft.options,
        provider: draft.provider,
        model: draft.model,
        seed: draft.seed ?? randomInt(0, 2 ** 31 - 1),
        cost,
        reserved_monthly: reservation.monthly,
        reserved_purchased: reservation.purchased,
        credit_state: 'reserved',
        attempts: 0,
        lease_until: null,
        cancel_requested: 0,
        provider_state: null,
        preview_key: null,
        asset_id: null,
        error: null,
        error_code: null,
        details: null,
        diagnostics: null,
        result_expired_at: null,
        watched_at: null,
        api_key_id: options.apiKeyId ?? null,
        webhook_url: options.webhook?.url ?? null,
        webhook_events: options.webhook?.events ? JSON.stringify(options.webhook.events) : null,
        watermark: watermark ? 1 : 0,
        tool: draft.tool ?? 'generate',
        source_asset_ids: JSON.stringify(draft.sourceAssetIds ?? []),
        tool_options: draft.toolOptions ? JSON.stringify(draft.toolOptions) : null,
        created_at: at,
        started_at: null,
        finished_at: null,
        updated_at: at,
      };
      await deps.generations.insert(inserted, trx);
      await options.withinTransaction?.(trx, { id, cost, remainingCredits: reservation.remaining });
      return inserted;
    });
    await deps.queue.enqueue(id);
    return row;
  }

  return {
    present,

    /** Follows a job for its event stream (see generation-stream); returns `stop`. */
    follow(row: GenerationRow, listener: Parameters<typeof followGeneration>[2]): () => void {
      return followGeneration(deps, row, listener);
    },

    /**
     * Reserves the price and inserts the job in one transaction, then queues it. Throws 402 with the
     * spec's message when the balance is too low; nothing is written then.
     */
    async submit(userId: string, input: SubmitInput, options: SubmitOptions = {}): Promise<GenerationRow> {
      const admission = await deps.admission?.(userId);
      const personal = input.model ? await deps.personalModel?.(userId, input.kind, input.model) : null;
      const { provider, model } =
        personal ??
        deps.registry.resolve(
          input.kind,
          input.model ?? admission?.preferredModel(generatorsOf(deps.registry, input.kind)),
        );
      const cost = model.prices?.[input.kind] ?? deps.prices[input.kind];
      const size = input.kind === 'image' ? imageDimensions(input.settings) : videoDimensions(input.settings);
      // Only what the chosen model can honour is accepted (the public API offers more than the screens).
      // Refusals name the field at fault, like the contract's own validation.
      const refuse = (path: string, message: TLocalizedText) =>
        new AppError('VALIDATION_FAILED', message, { problems: [{ path, message }] });
      const names = { model: model.name, kind: input.kind };
      if (size.width > model.maxWidth || size.height > model.maxHeight) {
        throw refuse('settings.resolution', {
          id: 'api.generation.sizeUnsupported',
          values: {
            ...names,
            width: size.width,
            height: size.height,
            maxWidth: model.maxWidth,
            maxHeight: model.maxHeight,
          },
        });
      }
      if (model.aspectRatios && !model.aspectRatios.includes(input.settings.aspectRatio)) {
        throw refuse('settings.aspectRatio', {
          id: 'api.generation.aspectRatioUnsupported',
          values: {
            ...names,
            aspectRatio: input.settings.aspectRatio,
            aspectRatios: model.aspectRatios.join(', '),
          },
        });
      }
      if (input.kind === 'video') {
        if (model.videoDurations && !model.videoDurations.includes(input.settings.duration)) {
          throw refuse('settings.duration', {
            id: 'api.generation.durationUnsupported',
            values: { ...names, duration: input.settings.duration },
          });
        }
        if (model.videoFrameRates && !model.videoFrameRates.includes(input.settings.frameRate)) {
          throw refuse('settings.frameRate', {
            id: 'api.generation.frameRateUnsupported',
            values: { ...names, frameRate: input.settings.frameRate },
          });
        }
      }
      const stored: TStoredGenerationOptions =
        input.kind === 'image'
          ? { kind: 'image', ...input.settings, ...size }
          : {
              kind: 'video',
              ...input.settings,
              ...size,
              durationSeconds: input.settings.duration,
              fps: input.settings.frameRate,
            };
      return accept(
        userId,
        {
          kind: input.kind,
          prompt: input.prompt,
          negativePrompt: input.negativePrompt,
          options: stored,
          provider: provider.id,
          model: model.id,
          seed: input.seed,
          cost,
        },
        options,
        admission,
      );
    },

    accept,

    /** `accept` once per Idempotency-Key (see submitOnce); `hashOf` is the submitted request. */
    async acceptOnce(
      userId: string,
      request: { operation: string; body: unknown },
      idempotencyKey: string,
      draft: () => Promise<JobDraft>,
      options: SubmitOptions = {},
    ): Promise<{ row: GenerationRow; replayed: boolean }> {
      const { value, replayed } = await deps.idempotency.once(
        {
          caller: { userId, apiKeyId: options.apiKeyId },
          operation: 'generation',
          key: idempotencyKey,
          hash: requestHash(`${request.operation}\n${JSON.stringify(request.body)}`),
          conflict: API_KEY_MESSAGES.idempotencyMismatch,
        },
        {
          replay: (id) => ownedOrNotFound(id, userId),
          create: async (claim) =>
            accept(userId, await draft(), {
              ...options,
              async withinTransaction(trx, job) {
                await options.withinTransaction?.(trx, job);
                await claim(trx, job.id);
              },
            }),
        },
      );
      return { row: value, replayed };
    },

    /**
     * `submit` once per Idempotency-Key of the caller (the API key given in `options.apiKeyId`, else
     * the person: browser sessions, whose offline queue replays with one). A repeat of the same input
     * answers the job the first request started, never reserving again (`replayed`); the same key
     * with another input is refused (409). See platform/idempotency.
     */
    async submitOnce(
      userId: string,
      input: SubmitInput,
      idempotencyKey: string,
      options: SubmitOptions = {},
    ): Promise<{ row: GenerationRow; replayed: boolean }> {
      const { value, replayed } = await deps.idempotency.once(
        {
          caller: { userId, apiKeyId: options.apiKeyId },
          operation: 'generation',
          key: idempotencyKey,
          hash: generationRequestHash(input),
          conflict: API_KEY_MESSAGES.idempotencyMismatch,
        },
        {
          replay: (id) => ownedOrNotFound(id, userId),
          create: (claim) =>
            this.submit(userId, input, {
              ...options,
              async withinTransaction(trx, job) {
                await options.withinTransaction?.(trx, job);
                await claim(trx, job.id);
              },
            }),
        },
      );
      return { row: value, replayed };
    },

    /** Resolves with the job once it has ended, or as it is after `timeoutMs`. */
    async waitForEnd(id: string, timeoutMs: number): Promise<GenerationRow> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const row = await deps.generations.find(id);
        if (!row) throw new AppError('NOT_FOUND', 'api.generation.notFound');
        const remaining = deadline - Date.now();
        if (TERMINAL.includes(row.status) || remaining <= 0) return row;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, Math.min(remaining, 1000));
          // A message with the new state is progress; one without may be the end.
          const unsubscribe = deps.events.subscribe(id, (patch) => {
            if (!patch) done();
          });
          function done() {
            clearTimeout(timer);
            unsubscribe();
            resolve();
          }
        });
      }
    },

    get: ownedOrNotFound,

    /** Per-job diagnostics for the owner (another person's job is not found), only with debug mode on. */
    async diagnostics(id: string, userId: string) {
      const row = await ownedOrNotFound(id, userId);
      if (!(await deps.debugMode(userId))) throw new AppError('DEBUG_MODE_OFF');
      return presentDiagnostics(row);
    },

    /**
     * Puts a finished job's result in the library (auto-save off keeps it only in the history).
     * Idempotent; another person's job is a 404; a result the clean-up deleted is a 410.
     */
    async save(id: string, userId: string): Promise<TAsset> {
      const row = await ownedOrNotFound(id, userId);
      if (row.result_expired_at) throw new AppError('RESULT_EXPIRED');
      if (row.status !== 'succeeded' || !row.asset_id) {
        throw new AppError('CONFLICT', 'api.generation.onlyFinishedCanBeSaved');
      }
      if (!(await deps.assets.markSaved(row.asset_id, userId))) throw new AppError('RESULT_EXPIRED');
      const asset = await deps.assets.findOwned(row.asset_id, userId);
      if (!asset) throw new AppError('RESULT_EXPIRED');
      return presentAsset(asset, deps.signer);
    },

    list(userId: string, status: GenerationStatus | undefined, limit: number) {
      return deps.generations.listOwned(userId, { status, limit });
    },

    /** A queued job ends at once with a refund; a running one is told to stop (the runner refunds). */
    async cancel(id: string, userId: string): Promise<GenerationRow> {
      const row = await ownedOrNotFound(id, userId);
      if (row.status === 'queued') {
        const ended = await deps.database.kysely.transaction().execute(async (trx) => {
          const done = await deps.generations.markEnded(
            id,
            {
              status: 'cancelled',
              error: englishOf('api.generation.cancelled'),
              errorCode: 'CANCELLED',
              now: now(),
            },
            trx,
          );
          if (done) {
            await deps.credits.refund(
              userId,
              { monthly: row.reserved_monthly, purchased: row.reserved_purchased },
              id,
              trx,
            );
            await deps.onCancelled?.(row, trx);
          }
          return done;
        });
        deps.events.changed(id);
        if (ended) await deps.afterCancelled?.(row).catch(() => undefined);
      } else if (row.status === 'running') {
        await deps.generations.requestCancel(id, now());
        deps.abortLocal(id);
      }
      return ownedOrNotFound(id, userId);
    },

    /**
     * What the answer about a failed or cancelled job says: Kaleido's own texts from the catalog (none:
     * the code's default), a provider's own words as they were stored.
     */
    failureText(row: GenerationRow): TLocalizedText | undefined {
      if (row.error_code === 'CANCELLED') return 'api.generation.cancelled';
      if (row.error_code === 'TIMEOUT') return 'api.generation.timedOut';
      const generic = englishOf(errorMessageId(generationFailedCode(row.kind)));
      return row.error && row.error !== generic ? row.error : undefined;
    },
  };
}

export type GenerationsService = ReturnType<typeof createGenerationsService>;
