import { randomUUID } from 'node:crypto';
import {
  TOOL_MESSAGES,
  TRAINING_LIMITS,
  TRAINING_MESSAGES,
  TRAINING_PRICE,
  TRAINING_PROVIDERS,
  type TTraining,
  type TTrainingsInfo,
  trainedModelId,
  type ZTrainingRequest,
} from '@kaleido/common';
import type { FastifyBaseLogger } from 'fastify';
import { zipSync } from 'fflate';
import sharp from 'sharp';
import type { z } from 'zod';
import type { Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import type { JobQueue } from '../../platform/queue/index.js';
import type { FileStore } from '../../platform/storage/file-store.js';
import { ProviderError } from '../../providers/provider.js';
import type { ModelTrainer, TrainingHandle } from '../../providers/trainer.js';
import type { CreditsService } from '../credits/credits.service.js';
import type { ProviderRegistry } from '../generations/provider-registry.js';
import type { AssetsRepository } from '../library/assets.repository.js';
import type { TrainingRow, TrainingsRepository } from './trainings.repository.js';

/**
 * Train (issue 21). A training is its own record and a durable job of the training queue: each tick
 * claims it (a lease), submits it once (the images zipped, the price reserved when it was accepted) or
 * polls the provider's training once, then releases it and queues the next tick. The remote handle is
 * saved right after the submit, so a restarted worker follows the same remote training; recovery
 * re-queues active trainings whose lease lapsed. Success charges the reservation; failure and cancel
 * refund it, by one guarded end transition.
 */

export interface TrainingOptions {
  /** Between two polls of a running training (default 15 s). */
  pollMs: number;
  /** How long a tick may hold a training (the upload of a 40-image archive included). */
  leaseMs: number;
  /** Submit attempts before a training fails (the provider unreachable). */
  maxAttempts: number;
  /** Long side of the images sent (trainers resize to 512–1024 anyway). */
  imageLongSide: number;
}

const DEFAULT_OPTIONS: TrainingOptions = {
  pollMs: 15_000,
  leaseMs: 10 * 60_000,
  maxAttempts: 3,
  imageLongSide: 1024,
};

export function createTrainingsService(deps: {
  database: Database;
  trainings: TrainingsRepository;
  assets: AssetsRepository;
  credits: CreditsService;
  registry: ProviderRegistry;
  store: FileStore;
  queue: JobQueue;
  clock: Clock;
  log: FastifyBaseLogger;
  options?: Partial<TrainingOptions>;
}) {
  const options = { ...DEFAULT_OPTIONS, ...deps.options };
  const iso = (offsetMs = 0) => new Date(deps.clock.now().getTime() + offsetMs).toISOString();

  function trainers(): { id: string; name: string; trainer: ModelTrainer }[] {
    return deps.registry
      .providers()
      .flatMap((provider) =>
        provider.trainer
          ? [{ id: provider.id, name: provider.capabilities().providerName, trainer: provider.trainer }]
          : [],
      );
  }
  const trainerOf = (providerId: string) => trainers().find((entry) => entry.id === providerId);

  function present(row: TrainingRow): TTraining {
    const entry = trainerOf(row.provider);
    return {
      id: row.id,
      name: row.name,
      triggerWord: row.trigger_word,
      kind: row.kind,
      provider: row.provider,
      providerName: entry?.name ?? row.provider,
      status: row.status,
      progress: row.progress,
      stage: row.stage,
      cost: row.cost,
      error: row.error,
      imageCount: sourceIds(row).length,
      sourceAssetIds: sourceIds(row),
      modelId: row.status === 'succeeded' ? trainedModelId(row.id) : null,
      providerDeletes: entry?.trainer.deletes ?? false,
      createdAt: row.created_at,
      startedAt: row.started_at,
      completedAt: row.completed_at,
    };
  }

  async function owned(userId: string, id: string): Promise<TrainingRow> {
    const row = await deps.trainings.findOwned(userId, id);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  /** Ends an active training once: charged on success, refunded otherwise. False: it had ended already. */
  async function end(
    row: TrainingRow,
    outcome:
      | { status: 'succeeded'; weightsUrl: string | null; version: string | null }
      | { status: 'failed'; error: string }
      | { status: 'cancelled' },
  ): Promise<boolean> {
    const reservation = { monthly: row.reserved_monthly, purchased: row.reserved_purchased };
    return deps.database.kysely.transaction().execute(async (trx) => {
      const moved = await deps.trainings.end(
        row.id,
        outcome.status === 'succeeded'
          ? {
              status: 'succeeded',
              error: null,
              completed_at: iso(),
              weights_url: outcome.weightsUrl,
              remote_version: outcome.version,
              progress: 100,
              stage: null,
            }
          : {
              status: outcome.status,
              error: outcome.status === 'failed' ? outcome.error.slice(0, 500) : null,
              completed_at: iso(),
              stage: null,
            },
        trx,
      );
      if (!moved) return false;
      if (outcome.status === 'succeeded') await deps.credits.charge(row.user_id, reservation, row.id, trx);
      else await deps.credits.refund(row.user_id, reservation, row.id, trx);
      return true;
    });
  }

  /** The images as a zip of JPEGs (at most `imageLongSide`, no metadata), in the order chosen. */
  async function archive(row: TrainingRow): Promise<Buffer> {
    const files: Record<string, Uint8Array> = {};
    let index = 0;
    for (const assetId of sourceIds(row)) {
      const asset = await deps.assets.find(assetId);
      if (!asset || asset.user_id !== row.user_id) continue; // deleted since: train on the rest
      const stored = await deps.store.read(asset.file_key);
      if (!stored) continue;
      const chunks: Buffer[] = [];
      for await (const chunk of stored.stream) chunks.push(chunk as Buffer);
      const jpeg = await sharp(Buffer.concat(chunks))
        .rotate()
        .resize(options.imageLongSide, options.imageLongSide, { fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: 92 })
        .toBuffer();
      index += 1;
      files[`${row.trigger_word}-${String(index).padStart(2, '0')}.jpg`] = jpeg;
    }
    if (index < TRAINING_LIMITS.minImages) {
      throw new ProviderError('invalid_input', `only ${index} of the training's images are still there`, {
        userMessage: 'Some images were deleted before the training started; fewer than 10 remain.',
      });
    }
    // JPEGs are compressed already: stored, not deflated again.
    return Buffer.from(zipSync(files, { level: 0 }));
  }

  async function next(id: string, delayMs: number) {
    await deps.queue.enqueue(id, { delayMs }).catch((error: unknown) => {
      deps.log.error({ err: error, trainingId: id }, 'could not queue a training tick');
    });
  }

  /** One tick of a training (the queue's handler). */
  async function tick(id: string): Promise<void> {
    const row = await deps.trainings.claim(id, iso(), iso(options.leaseMs));
    if (!row) return;
    const entry = trainerOf(row.provider);
    if (!entry) {
      await end(row, { status: 'failed', error: `The provider ${row.provider} is no longer configured.` });
      return;
    }
    const pollMs = entry.trainer.pollMs ?? options.pollMs;
    const signal = AbortSignal.timeout(options.leaseMs - 5_000);
    const handle = row.remote_state ? (JSON.parse(row.remote_state) as TrainingHandle) : null;
    if (!handle) {
      let started: TrainingHandle;
      try {
        started = await entry.trainer.start(
          {
            id: row.id,
            triggerWord: row.trigger_word,
            kind: row.kind,
            steps: TRAINING_LIMITS.steps,
            archive: await archive(row),
          },
          signal,
        );
      } catch (error) {
        const transient =
          error instanceof ProviderError && (error.kind === 'unavailable' || error.kind === 'rate_limited');
        const attempts = row.attempts + 1;
        deps.log.warn({ err: error, trainingId: row.id, attempts }, 'training submit failed');
        if (transient && attempts < options.maxAttempts) {
          await deps.trainings.progress(row.id, {
            attempts,
            stage: 'Retrying',
            nextPollAt: iso(pollMs),
          });
          await next(row.id, pollMs);
          return;
        }
        await end(row, { status: 'failed', error: userText(error) });
        return;
      }
      const saved = await deps.trainings.progress(row.id, {
        remote_id: started.remoteId,
        remote_state: JSON.stringify(started),
        attempts: row.attempts + 1,
        progress: 1,
        stage: `Sent to ${entry.name}`,
        nextPollAt: iso(pollMs),
      });
      // Cancelled while the images were on their way: the provider is told at once.
      if (!saved) await entry.trainer.cancel(started);
      else await next(row.id, pollMs);
      return;
    }
    try {
      const state = await entry.trainer.status(handle, signal);
      if (state.status === 'queued' || state.status === 'running') {
        const written = await deps.trainings.progress(row.id, {
          progress: Math.max(row.progress, Math.min(99, Math.round(state.progress))),
          stage: state.stage,
          nextPollAt: iso(pollMs),
        });
        if (written) await next(row.id, pollMs);
        return;
      }
      await end(row, state);
    } catch (error) {
      // The provider unreachable for a while: the training goes on there; look again later.
      deps.log.warn({ err: error, trainingId: row.id }, 'training status unavailable');
      if (await deps.trainings.progress(row.id, { nextPollAt: iso(pollMs) })) await next(row.id, pollMs);
    }
  }

  return {
    tick,

    async info(userId: string): Promise<TTrainingsInfo> {
      const rows = await deps.trainings.list(userId);
      return {
        trainings: rows.map(present),
        trainers: trainers().map(({ id, name, trainer }) => ({ id, name, deletes: trainer.deletes })),
        providers: [...TRAINING_PROVIDERS],
        price: TRAINING_PRICE,
        limits: { minImages: TRAINING_LIMITS.minImages, maxImages: TRAINING_LIMITS.maxImages },
      };
    },

    async get(userId: string, id: string): Promise<TTraining> {
      return present(await owned(userId, id));
    },

    /** Validates, reserves the price and records the training in one transaction, then queues it. */
    async start(userId: string, input: z.output<typeof ZTrainingRequest>): Promise<TTraining> {
      const available = trainers();
      const entry = input.provider ? available.find((item) => item.id === input.provider) : available[0];
      if (!entry) {
        const message = {
          id: TRAINING_MESSAGES.unavailable,
          values: { providers: TRAINING_PROVIDERS.join(', ') },
        } as const;
        throw input.provider
          ? refuse('provider', { id: 'api.tools.unknownModel', values: { model: input.provider } })
          : new AppError('VALIDATION_FAILED', message);
      }
      if (new Set(input.assetIds).size !== input.assetIds.length) {
        throw refuse('assetIds', TRAINING_MESSAGES.duplicateImages);
      }
      for (const assetId of input.assetIds) {
        const asset = await deps.assets.find(assetId);
        if (!asset || asset.user_id !== userId) throw new AppError('NOT_FOUND', TOOL_MESSAGES.sourceNotFound);
        if (asset.kind !== 'image') throw refuse('assetIds', TRAINING_MESSAGES.notImage);
      }
      const id = randomUUID();
      const at = iso();
      const row = await deps.database.kysely.transaction().execute(async (trx) => {
        const reservation = await deps.credits.reserve(userId, TRAINING_PRICE, id, trx);
        if (!reservation) throw new AppError('INSUFFICIENT_CREDITS');
        const inserted: TrainingRow = {
          id,
          user_id: userId,
          name: input.name,
          trigger_word: input.triggerWord,
          kind: input.kind,
          provider: entry.id,
          status: 'queued',
          progress: 0,
          stage: null,
          cost: TRAINING_PRICE,
          reserved_monthly: reservation.monthly,
          reserved_purchased: reservation.purchased,
          source_asset_ids: JSON.stringify(input.assetIds),
          remote_id: null,
          remote_state: null,
          weights_url: null,
          remote_version: null,
          error: null,
          cancel_requested: 0,
          attempts: 0,
          lease_until: null,
          next_poll_at: at,
          created_at: at,
          started_at: null,
          completed_at: null,
          deleted_at: null,
        };
        const { progress: _progress, cancel_requested: _cancel, attempts: _attempts, ...values } = inserted;
        await deps.trainings.insert(values, trx);
        return inserted;
      });
      await next(id, 0);
      return present(row);
    },

    /** Stops a queued or running training: refunded at once, and the provider asked to stop it. */
    async cancel(userId: string, id: string): Promise<TTraining> {
      const row = await owned(userId, id);
      if (row.status !== 'queued' && row.status !== 'running') {
        throw new AppError('CONFLICT', TRAINING_MESSAGES.finished);
      }
      await end(row, { status: 'cancelled' });
      if (row.remote_state) {
        await trainerOf(row.provider)?.trainer.cancel(JSON.parse(row.remote_state) as TrainingHandle);
      }
      return present(await owned(userId, id));
    },

    /** Removes an ended training (and its model from the picker); the provider deletes it where it can. */
    async remove(userId: string, id: string): Promise<{ id: string }> {
      const row = await owned(userId, id);
      if (row.status === 'queued' || row.status === 'running') {
        throw new AppError('CONFLICT', TRAINING_MESSAGES.notFinished);
      }
      if (row.status === 'succeeded' && row.remote_state) {
        const trainer = trainerOf(row.provider)?.trainer;
        await trainer?.remove(JSON.parse(row.remote_state) as TrainingHandle, {
          weightsUrl: row.weights_url,
          version: row.remote_version,
          triggerWord: row.trigger_word,
          modelId: trainedModelId(row.id),
        });
      }
      await deps.trainings.markDeleted(row.id, iso());
      return { id: row.id };
    },

    /** Queues every active training nobody works on (at start, and every 15 s). */
    async recover(): Promise<void> {
      const now = deps.clock.now().getTime();
      for (const row of await deps.trainings.orphans(iso())) {
        const due = row.next_poll_at ? Date.parse(row.next_poll_at) - now : 0;
        await next(row.id, Math.max(0, due));
      }
    },
  };
}

export type TrainingsService = ReturnType<typeof createTrainingsService>;

function sourceIds(row: Pick<TrainingRow, 'source_asset_ids'>): string[] {
  try {
    const parsed: unknown = JSON.parse(row.source_asset_ids);
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

function refuse(path: string, message: NonNullable<ConstructorParameters<typeof AppError>[1]>): AppError {
  return new AppError('VALIDATION_FAILED', message, { problems: [{ path, message }] });
}

/** What the owner is told about a failed training (never a stack; the provider's own words). */
function userText(error: unknown): string {
  if (error instanceof ProviderError) return error.options.userMessage ?? error.message;
  return 'The training could not be started.';
}
