import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { TJobKind } from '@kaleido/common';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/database.js';
import type { Executor } from '../../platform/db/executor.js';
import { englishOf } from '../../platform/i18n/api-messages.js';
import type { JobObserver, JobOutcome } from '../../platform/observability/job-observer.js';
import type { JobQueue } from '../../platform/queue/index.js';
import type { FileStore } from '../../platform/storage/file-store.js';
import { extensionForContentType } from '../../platform/storage/file-store.js';
import {
  type EditRequest,
  type GenerationContext,
  type GenerationOutput,
  type GenerationProvider,
  type GenerationRequest,
  ProviderError,
  type ToolSource,
  type UpscaleRequest,
} from '../../providers/provider.js';
import { applyWatermark } from '../../providers/watermark.js';
import type { CreditsService } from '../credits/credits.service.js';
import type { AssetsRepository } from '../library/assets.repository.js';
import { readIdList } from '../library/library.presenter.js';
import { lipsyncRequestOf } from '../lipsync/lipsync-job.js';
import { readKeptFrame } from '../realtime/kept-frame.js';
import { type DiagnosticsRecord, providerErrorText, seconds } from './diagnostics.js';
import type { GenerationEvents } from './generation-events.js';
import type { GenerationRow, GenerationsRepository } from './generations.repository.js';
import { makeThumbnail } from './media.js';
import type { ProviderRegistry } from './provider-registry.js';
import { readToolOptions } from './tool-options.js';

export interface RunnerOptions {
  /** A running job's lease; a worker renews it every `heartbeatMs`, and a job whose lease lapsed is recovered. */
  leaseMs: number;
  heartbeatMs: number;
  timeoutMs: { image: number; video: number; model: number };
  /** Attempts before an interrupted job is failed and refunded instead of retried. */
  maxAttempts: number;
  /** Progress is written to the database at most this often per job (events are immediate). */
  progressWriteMs: number;
}

const DEFAULT_RUNNER_OPTIONS: RunnerOptions = {
  leaseMs: 30_000,
  heartbeatMs: 10_000,
  timeoutMs: { image: 5 * 60_000, video: 30 * 60_000, model: 15 * 60_000 },
  maxAttempts: 2,
  progressWriteMs: 500,
};

class Cancelled extends Error {
  override name = 'Cancelled';
}
class TimedOut extends Error {
  override name = 'TimedOut';
}

const INTERRUPTED_MESSAGE = 'The generation was interrupted. Your credits were refunded.';

/** Runs claimed jobs through their provider and settles them: asset + charge, or refund. */
export function createGenerationRunner(deps: {
  database: Database;
  generations: GenerationsRepository;
  assets: AssetsRepository;
  credits: CreditsService;
  registry: ProviderRegistry;
  store: FileStore;
  queue: JobQueue;
  events: GenerationEvents;
  clock: Clock;
  log: FastifyBaseLogger;
  failureMessage(kind: TJobKind): string;
  options?: Partial<RunnerOptions>;
  /** The owner's auto-save setting, read when a job ends (off: the result stays out of the library). */
  autoSave?: (userId: string) => Promise<boolean>;
  /** Whether the job's usage log may keep its prompt text (setting `dataCollection`, read in the transaction). */
  keepsPromptText?: (userId: string, trx: Executor) => Promise<boolean>;
  /** Runs inside the transaction that ends a job (e.g. returning an API key's allowance). */
  onEnded?: (
    row: GenerationRow,
    outcome: 'succeeded' | 'failed' | 'cancelled',
    trx: Executor,
  ) => Promise<void>;
  /** Sees each job's start, provider calls and end (metrics and tracing). */
  observer?: JobObserver;
  /** Runs once a job's end is committed (e.g. a push notification); failures are logged, never thrown. */
  afterEnded?: (
    row: GenerationRow,
    outcome: 'succeeded' | 'failed' | 'cancelled',
    assetId: string | null,
  ) => Promise<void>;
}) {
  const options = { ...DEFAULT_RUNNER_OPTIONS, ...deps.options };
  const controllers = new Map<string, AbortController>();
  const now = () => deps.clock.now();
  const iso = () => now().toISOString();
  const leaseUntil = () => new Date(now().getTime() + options.leaseMs).toISOString();

  /** The generation request of an image or video job; null for a 3D job (render() sends it to generate3d). */
  function requestOf(row: GenerationRow): GenerationRequest | null {
    const options = row.options;
    if (options.kind === 'model') return null;
    const base = {
      prompt: row.prompt,
      negativePrompt: row.negative_prompt ?? undefined,
      model: row.model,
      seed: row.seed,
      width: options.width,
      height: options.height,
      aspectRatio: options.aspectRatio,
      style: options.style,
      resumeState: row.provider_state ? JSON.parse(row.provider_state) : undefined,
      watermark: row.watermark === 1,
    };
    return options.kind === 'image'
      ? { ...base, kind: 'image', imageStyle: options.imageStyle, quality: options.quality }
      : { ...base, kind: 'video', durationSeconds: options.durationSeconds, fps: options.fps };
  }

  async function endWithRefund(
    row: GenerationRow,
    status: 'failed' | 'cancelled',
    error: string,
    code: string,
    diagnostics?: DiagnosticsRecord,
  ) {
    const ended = await deps.database.kysely.transaction().execute(async (trx) => {
      const done = await deps.generations.markEnded(
        row.id,
        {
          status,
          error,
          errorCode: code,
          ...(diagnostics ? { diagnostics: JSON.stringify(diagnostics) } : {}),
          now: iso(),
        },
        trx,
      );
      if (done) {
        await deps.credits.refund(
          row.user_id,
          { monthly: row.reserved_monthly, purchased: row.reserved_purchased },
          row.id,
          trx,
        );
        await deps.onEnded?.(row, status, trx);
      }
      return done;
    });
    if (ended) {
      deps.events.changed(row.id);
      announce(row, status, null);
    }
    return ended;
  }

  function announce(
    row: GenerationRow,
    outcome: 'succeeded' | 'failed' | 'cancelled',
    assetId: string | null,
  ) {
    deps
      .afterEnded?.(row, outcome, assetId)
      .catch((error: unknown) => deps.log.warn({ err: error, jobId: row.id }, 'after-end hook failed'));
  }

  async function settle(
    row: GenerationRow,
    rendered: GenerationOutput,
    diagnostics: DiagnosticsRecord,
  ): Promise<void> {
    // The visible mark, when the job was accepted with one and the provider did not draw it itself.
    const output = row.watermark === 1 ? await applyWatermark(rendered) : rendered;
    // Auto-save as the owner has it now, at the job's end; API-key jobs and 3D objects (whose page keeps
    // no history to save them from) always go to the library.
    const saved =
      row.api_key_id !== null || row.kind === 'model' || ((await deps.autoSave?.(row.user_id)) ?? true);
    const storeStarted = performance.now();
    const assetId = randomUUID();
    const base = `users/${row.user_id}/${assetId}/`;
    const fileKey = `${base}original.${extensionForContentType(output.contentType)}`;
    await deps.store.put(fileKey, output.data, output.contentType);
    const still = output.contentType.startsWith('image/') ? output.data : output.poster;
    const thumbnailKey = still ? `${base}thumbnail.webp` : null;
    if (still && thumbnailKey) await deps.store.put(thumbnailKey, await makeThumbnail(still), 'image/webp');
    diagnostics.stages.push({
      name: 'store',
      seconds: seconds(performance.now() - storeStarted),
      detail: thumbnailKey ? 'file and thumbnail' : 'file',
    });
    const at = iso();
    const settled = await deps.database.kysely.transaction().execute(async (trx) => {
      const done = await deps.generations.markSucceeded(
        row.id,
        {
          assetId,
          details: output.details ? JSON.stringify(output.details) : null,
          diagnostics: JSON.stringify(diagnostics),
          now: at,
        },
        trx,
      );
      if (!done) return false;
      await deps.assets.insert(
        {
          id: assetId,
          user_id: row.user_id,
          generation_id: row.id,
          kind: row.kind,
          prompt: row.prompt,
          settings: row.options,
          file_key: fileKey,
          thumbnail_key: thumbnailKey,
          content_type: output.contentType,
          size_bytes: output.data.length,
          width: output.width,
          height: output.height,
          duration_seconds: output.durationSeconds ?? null,
          fps: output.fps ?? null,
          seed: output.seed,
          provider: row.provider,
          model: output.model,
          created_at: at,
          saved: saved ? 1 : 0,
          tool: row.tool,
          source_asset_ids: row.source_asset_ids,
        },
        trx,
      );
      await deps.assets.insertSources(assetId, readIdList(row.source_asset_ids), trx);
      await deps.credits.charge(
        row.user_id,
        { monthly: row.reserved_monthly, purchased: row.reserved_purchased },
        row.id,
        trx,
      );
      await deps.assets.insertUsageLog(
        {
          id: randomUUID(),
          user_id: row.user_id,
          generation_id: row.id,
          kind: row.kind,
          // Data collection off: the log keeps no prompt text (the asset keeps its own).
          prompt: (await deps.keepsPromptText?.(row.user_id, trx)) === false ? null : row.prompt,
          credits: row.cost,
          api_key_id: row.api_key_id,
          created_at: at,
        },
        trx,
      );
      await deps.onEnded?.(row, 'succeeded', trx);
      return true;
    });
    if (!settled) await deps.store.deletePrefix(base).catch(() => undefined);
    else announce(row, 'succeeded', assetId);
  }

  /** The source asset of a tool job: an image's bytes, or a video copied to a temporary file. */
  async function loadSource(row: GenerationRow, scratch: () => Promise<string>): Promise<ToolSource> {
    const sourceId = readIdList(row.source_asset_ids)[0];
    const asset = sourceId ? await deps.assets.findOwned(sourceId, row.user_id) : undefined;
    const object = asset ? await deps.store.read(asset.file_key) : null;
    if (!asset || !object) {
      throw new ProviderError('invalid_input', 'the source asset is gone', {
        userMessage: englishOf('api.tools.sourceNotFound'),
      });
    }
    if (asset.kind === 'image') {
      const chunks: Buffer[] = [];
      for await (const chunk of object.stream) chunks.push(Buffer.from(chunk));
      return {
        kind: 'image',
        data: Buffer.concat(chunks),
        contentType: asset.content_type,
        width: asset.width,
        height: asset.height,
      };
    }
    const file = join(await scratch(), `source.${extensionForContentType(asset.content_type)}`);
    await pipeline(object.stream, createWriteStream(file));
    return {
      kind: 'video',
      file,
      contentType: asset.content_type,
      width: asset.width,
      height: asset.height,
      durationSeconds: asset.duration_seconds ?? 0,
      fps: asset.fps ?? 0,
    };
  }

  /** Runs a job on its provider: a generation, or a tool's upscale/edit of its source asset. */
  async function render(
    provider: GenerationProvider,
    row: GenerationRow,
    request: GenerationRequest | null,
    context: GenerationContext,
    scratch: () => Promise<string>,
  ): Promise<GenerationOutput> {
    const resumeState = row.provider_state ? JSON.parse(row.provider_state) : undefined;
    if (row.tool === 'generate' && request) return provider.generate(request, context);
    // A 3D object (issue 21): from the prompt, or from the source image when the job has one.
    if (row.tool === '3d' && provider.generate3d) {
      const image = readIdList(row.source_asset_ids).length > 0 ? await loadSource(row, scratch) : undefined;
      if (image && image.kind !== 'image')
        throw new ProviderError('invalid_input', 'a 3D source must be an image');
      return provider.generate3d(
        { model: row.model, prompt: row.prompt, seed: row.seed, image, resumeState },
        context,
      );
    }
    const tool = readToolOptions(row.tool_options);
    // A kept Realtime frame (issue 21) is rendered already: the job stores it as the asset.
    if (tool?.tool === 'realtime') return readKeptFrame(deps.store, row, tool.frameKey);
    const base = {
      model: row.model,
      seed: row.seed,
      watermark: row.watermark === 1,
      resumeState,
      source: await loadSource(row, scratch),
    };
    if (tool?.tool === 'enhance' && provider.upscale) {
      const upscale: UpscaleRequest = {
        ...base,
        scale: tool.scale,
        quality: tool.quality,
        width: row.options.width,
        height: row.options.height,
      };
      return provider.upscale(upscale, context);
    }
    if (tool?.tool === 'edit' && provider.edit) {
      const mask = tool.maskKey ? await deps.store.read(tool.maskKey) : null;
      const maskChunks: Buffer[] = [];
      if (mask) for await (const chunk of mask.stream) maskChunks.push(Buffer.from(chunk));
      const edit: EditRequest = {
        ...base,
        mode: tool.mode,
        prompt: tool.prompt,
        style: tool.style,
        strength: tool.strength,
        target: tool.target,
        mask: mask ? Buffer.concat(maskChunks) : undefined,
      };
      return provider.edit(edit, context);
    }
    if (tool?.tool === 'lipsync' && provider.lipsync) {
      const lipsync = await lipsyncRequestOf(row, base, tool.syncMode, { ...deps, scratch });
      return provider.lipsync(lipsync, context);
    }
    throw new ProviderError('invalid_input', `provider ${provider.id} cannot run this ${row.tool} job`);
  }

  async function run(jobId: string): Promise<void> {
    const row = await deps.generations.claim(jobId, iso(), leaseUntil());
    if (!row) return;
    // The claimed row is the job's whole new state (running, started, progress reset by a requeue).
    deps.events.changed(jobId, row);
    const observation = deps.observer?.started({
      type: row.kind,
      provider: row.provider,
      model: row.model,
      queuedSeconds: row.started_at
        ? Math.max(0, (Date.parse(row.started_at) - Date.parse(row.created_at)) / 1000)
        : 0,
    });
    let outcome: JobOutcome = 'failed';
    const controller = new AbortController();
    controllers.set(jobId, controller);
    const modelTimeout = deps.registry.models().find((entry) => entry.model.id === row.model)
      ?.model.timeoutSeconds;
    const timeout = setTimeout(
      () => controller.abort(new TimedOut()),
      modelTimeout ? modelTimeout * 1000 : options.timeoutMs[row.kind],
    );
    const heartbeat = setInterval(() => {
      deps.generations
        .renewLease(jobId, iso(), leaseUntil())
        .then(({ cancel }) => {
          if (cancel) controller.abort(new Cancelled());
        })
        .catch((error) => deps.log.warn({ err: error, jobId }, 'lease renewal failed'));
    }, options.heartbeatMs);
    let lastWrite = 0;
    const previewKey = `users/${row.user_id}/previews/${jobId}.webp`;
    const context: GenerationContext = {
      signal: controller.signal,
      report(update) {
        const due = Date.now() - lastWrite >= options.progressWriteMs || Boolean(update.preview);
        if (!due) return;
        lastWrite = Date.now();
        const progress = Math.max(0, Math.min(99, Math.round(update.progress)));
        (async () => {
          if (update.preview)
            await deps.store.put(previewKey, update.preview.data, update.preview.contentType);
          const written = await deps.generations.progress(jobId, {
            progress,
            stage: update.stage,
            previewKey: update.preview ? previewKey : undefined,
            now: iso(),
          });
          if (written) {
            deps.events.changed(jobId, {
              progress,
              stage: update.stage,
              ...(update.preview ? { preview_key: previewKey } : {}),
            });
          }
        })().catch((error) => deps.log.warn({ err: error, jobId }, 'progress update failed'));
      },
      checkpoint: (state) => deps.generations.saveProviderState(jobId, state, iso()),
    };
    // Diagnostics (debug mode): time per stage and the provider's own error text.
    const diagnostics: DiagnosticsRecord = {
      stages: row.started_at
        ? [
            {
              name: 'queued',
              seconds: seconds(Date.parse(row.started_at) - Date.parse(row.created_at)),
              detail: row.attempts > 1 ? `attempt ${row.attempts}` : null,
            },
          ]
        : [],
      providerError: null,
    };
    // A temporary folder for a tool job's source file, made on first use and removed at the end.
    let scratchDir: string | null = null;
    const scratch = async () => {
      scratchDir ??= await mkdtemp(join(tmpdir(), 'kaleido-job-'));
      return scratchDir;
    };
    let renderStarted = performance.now();
    let rendering = '';
    let renderRecorded = false;
    const rendered = (outcome: string | null) => {
      renderRecorded = true;
      diagnostics.stages.push({
        name: 'render',
        seconds: seconds(performance.now() - renderStarted),
        detail: outcome ? `${rendering}: ${outcome}` : rendering,
      });
    };
    try {
      let current = row;
      let request = requestOf(row);
      const tried = new Set<string>();
      const failovers: { from: string; to: string; reason: string }[] = [];
      for (;;) {
        tried.add(current.provider);
        renderStarted = performance.now();
        renderRecorded = false;
        rendering = `${current.model} on ${current.provider}`;
        try {
          const provider = deps.registry.provider(current.provider);
          if (!provider)
            throw new ProviderError('unavailable', `provider ${current.provider} is not configured`);
          const attempt = () => render(provider, current, request, context, scratch);
          const output = await (observation
            ? observation.providerCall({ provider: current.provider, model: current.model }, attempt)
            : attempt());
          if (controller.signal.aborted) throw controller.signal.reason;
          rendered(null);
          const finishedAt = now().getTime();
          const startedAt = Date.parse(row.started_at ?? iso());
          await settle(
            current,
            {
              ...output,
              details: {
                ...output.details,
                ...(failovers.length ? { failovers } : {}),
                timings: {
                  queuedSeconds: Math.max(0, (startedAt - Date.parse(row.created_at)) / 1000),
                  runSeconds: Math.max(0, (finishedAt - startedAt) / 1000),
                },
              },
            },
            diagnostics,
          );
          outcome = 'succeeded';
          break;
        } catch (error) {
          // A provider that is down (or still rate limiting after its retries) hands the job to a stand-in
          // of the same failover group: the same reservation, so nobody pays twice.
          // Tool jobs stay on the model chosen for them (a stand-in may not offer the tool).
          if (
            controller.signal.aborted ||
            current.tool !== 'generate' ||
            current.kind === 'model' ||
            !(error instanceof ProviderError) ||
            (error.kind !== 'unavailable' && error.kind !== 'rate_limited')
          ) {
            throw error;
          }
          if (error.kind === 'unavailable') deps.registry.refreshHealth();
          const next = deps.registry.alternatives(current.kind, current.model, tried)[0];
          if (!next) throw error;
          rendered(`${error.kind}, failed over to ${next.model.id}`);
          diagnostics.providerError = providerErrorText(error);
          deps.log.warn(
            { err: error, jobId, from: current.provider, to: next.provider.id },
            'provider unavailable or rate limited; failing over',
          );
          failovers.push({ from: current.model, to: next.model.id, reason: error.message.slice(0, 200) });
          const switched = {
            provider: next.provider.id,
            model: next.model.id,
            details: JSON.stringify({ failovers }),
          };
          if (!(await deps.generations.switchProvider(jobId, { ...switched, now: iso() }))) throw error;
          current = { ...current, provider: next.provider.id, model: next.model.id, provider_state: null };
          const fresh = requestOf(current);
          request = fresh && { ...fresh, resumeState: undefined };
          context.report({ progress: 1, stage: `Switched to ${next.model.name}` });
          deps.events.changed(jobId, { ...switched, provider_state: null });
        }
      }
      deps.events.changed(jobId);
    } catch (error) {
      const reason = controller.signal.aborted ? controller.signal.reason : error;
      if (!renderRecorded) {
        rendered(
          reason instanceof Cancelled ? 'cancelled' : reason instanceof TimedOut ? 'timed out' : 'failed',
        );
      }
      if (!(reason instanceof Cancelled) && !(reason instanceof TimedOut)) {
        diagnostics.providerError = providerErrorText(reason);
      }
      if (reason instanceof Cancelled) {
        outcome = 'cancelled';
        await endWithRefund(
          row,
          'cancelled',
          englishOf('api.generation.cancelled'),
          'CANCELLED',
          diagnostics,
        );
      } else if (reason instanceof TimedOut) {
        outcome = 'timed_out';
        await endWithRefund(row, 'failed', englishOf('api.generation.timedOut'), 'TIMEOUT', diagnostics);
      } else {
        deps.log.warn({ err: error, jobId, provider: row.provider }, 'generation failed');
        const message =
          error instanceof ProviderError && error.options.userMessage
            ? error.options.userMessage
            : deps.failureMessage(row.kind);
        const code = error instanceof ProviderError ? error.kind.toUpperCase() : 'INTERNAL';
        await endWithRefund(row, 'failed', message, code, diagnostics);
      }
    } finally {
      observation?.ended(outcome);
      clearTimeout(timeout);
      clearInterval(heartbeat);
      controllers.delete(jobId);
      await deps.store.delete(previewKey).catch(() => undefined);
      if (scratchDir) await rm(scratchDir, { recursive: true, force: true }).catch(() => undefined);
      const tool = readToolOptions(row.tool_options);
      if (tool?.tool === 'edit' && tool.maskKey) await deps.store.delete(tool.maskKey).catch(() => undefined);
      if (tool?.tool === 'realtime') await deps.store.delete(tool.frameKey).catch(() => undefined);
    }
  }

  return {
    run,

    abortLocal(jobId: string): void {
      controllers.get(jobId)?.abort(new Cancelled());
    },

    /**
     * Recovers what a crash left behind: running jobs whose lease lapsed are queued again (or, after
     * `maxAttempts`, failed and refunded), and queued jobs whose delivery may be lost are re-enqueued.
     * `orphanRunning` treats every running job as lapsed (a single-process start, where none can be alive).
     */
    async recover(
      recoverOptions: { orphanRunning?: boolean } = {},
    ): Promise<{ requeued: number; failed: number }> {
      const at = now();
      const cutoff = recoverOptions.orphanRunning ? new Date(at.getTime() + 365 * 86_400_000) : at;
      let requeued = 0;
      let failed = 0;
      for (const job of await deps.generations.expiredLeases(cutoff.toISOString(), 100)) {
        if (controllers.has(job.id)) continue;
        if (job.attempts < options.maxAttempts) {
          if (await deps.generations.requeue(job.id, cutoff.toISOString())) {
            deps.events.changed(job.id);
            await deps.queue.enqueue(job.id);
            requeued += 1;
          }
        } else {
          const row = await deps.generations.find(job.id);
          if (row && (await endWithRefund(row, 'failed', INTERRUPTED_MESSAGE, 'INTERRUPTED'))) failed += 1;
        }
      }
      const staleBefore = new Date(
        at.getTime() - (recoverOptions.orphanRunning ? -1000 : 60_000),
      ).toISOString();
      for (const job of await deps.generations.staleQueued(staleBefore, 100)) {
        await deps.queue.enqueue(job.id);
      }
      return { requeued, failed };
    },
  };
}

export type GenerationRunner = ReturnType<typeof createGenerationRunner>;
