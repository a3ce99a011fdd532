import {
  generationFailedCode,
  PUBLIC_VIDEO_RESOLUTIONS,
  type ZPublicImageRequest,
  type ZPublicVideoRequest,
} from '@kaleido/common';
import type { z } from 'zod';
import type { Executor } from '../../platform/db/executor.js';
import { AppError } from '../../platform/http/app-error.js';
import type { UsersRepository } from '../accounts/users.repository.js';
import type { ApiKeysService } from '../api-keys/api-keys.service.js';
import { totalCredits } from '../credits/balance.js';
import type { GenerationRow } from '../generations/generations.repository.js';
import {
  type GenerationsService,
  type SubmitInput,
  type SubmitOptions,
  SYNC_WAIT_MS,
} from '../generations/generations.service.js';
import { assertOwnJob, type PublicCall } from './public-api.auth.js';
import type {
  PublicApiPresenter,
  TPublicGenerationAccepted,
  TPublicGenerationResult,
  TPublicGenerationStatus,
} from './public-api.presenter.js';

/** A generate call's body, as its route's schema parsed it. */
export type PublicGenerateRequest =
  | { kind: 'image'; body: z.output<typeof ZPublicImageRequest> }
  | { kind: 'video'; body: z.output<typeof ZPublicVideoRequest> };

/** What a job-starting call's body says besides its work: the wait and its own webhook target. */
export interface PublicJobBody {
  webhook?: string;
  webhook_events_filter?: readonly string[];
}

/** A generate call's answer: the result (200), or the job still running after the wait (202). */
export type PublicGenerateAnswer = (
  | { status: 200; body: TPublicGenerationResult }
  | { status: 202; body: TPublicGenerationAccepted }
) & {
  /** The Idempotency-Key was used before: the earlier job, answered again (never submitted twice). */
  replayed?: true;
};

/** The public API's options mapped onto the engine's: its wider choices, the fixed ones it does not offer. */
function submitInputOf(request: PublicGenerateRequest): SubmitInput {
  const { body } = request;
  if (request.kind === 'image') {
    return {
      kind: 'image',
      prompt: body.prompt,
      seed: body.seed,
      model: body.model,
      settings: { ...request.body.settings, imageStyle: 'default', quality: 'standard' },
    };
  }
  const { settings } = request.body;
  return {
    kind: 'video',
    prompt: body.prompt,
    seed: body.seed,
    model: body.model,
    settings: {
      style: settings.style === 'animated' ? 'animation' : settings.style,
      aspectRatio: '16:9',
      duration: settings.duration,
      frameRate: settings.frameRate,
      resolution: PUBLIC_VIDEO_RESOLUTIONS[settings.resolution],
    },
  };
}

/**
 * The public API's work once the key is checked (public-api.auth.ts): the request mapped to a job,
 * submitted once per Idempotency-Key of the key and charged to the account and the key's allowance,
 * waited for, and answered; the call's usage record is filled in on the way.
 */
export function createPublicApiService(deps: {
  keys: ApiKeysService;
  users: UsersRepository;
  generations: GenerationsService;
  presenter: PublicApiPresenter;
  /** Writes a call's usage record inside the job's transaction (PublicApiAuth.recordAccepted). */
  recordAccepted: (call: PublicCall, generationId: string, trx: Executor) => Promise<void>;
}) {
  async function balanceOf(userId: string): Promise<number> {
    const user = await deps.users.findById(userId);
    return user ? totalCredits(user) : 0;
  }

  /** `balance`: the account's balance when the caller knows it already (the reservation's own update). */
  async function answer(
    call: PublicCall,
    row: GenerationRow,
    balance?: number,
  ): Promise<PublicGenerateAnswer> {
    const meta = {
      creditsUsed: row.status === 'failed' || row.status === 'cancelled' ? 0 : row.cost,
      remainingCredits: balance ?? (await balanceOf(row.user_id)),
      responseTime: Math.round(performance.now() - call.startedAt),
    };
    if (row.status === 'failed' || row.status === 'cancelled') {
      call.outcome = row.status;
      const details = { id: row.id, creditsUsed: 0, remainingCredits: meta.remainingCredits };
      // A cancelled job is not a provider failure: its own code, not a 502.
      if (row.status === 'cancelled') throw new AppError('GENERATION_CANCELLED', undefined, { details });
      throw new AppError(generationFailedCode(row.kind), deps.generations.failureText(row), { details });
    }
    call.credits = row.cost;
    if (row.status === 'succeeded') {
      const generation = await deps.generations.present(row);
      // A result the clean-up deleted (a key replayed days later) has nothing left to answer with.
      if (!generation.asset) throw new AppError('RESULT_EXPIRED');
      call.outcome = 'success';
      return { status: 200, body: deps.presenter.result(row, generation.asset, meta) };
    }
    call.outcome = 'accepted';
    return { status: 202, body: deps.presenter.accepted({ ...row, status: row.status }, meta) };
  }

  /** Submits a job with the key's options, waits for it as asked, and answers it (200, 202 or the failure). */
  async function run(
    call: PublicCall,
    body: PublicJobBody,
    waitMs: number,
    submit: (options: SubmitOptions) => Promise<{ row: GenerationRow; replayed: boolean }>,
  ): Promise<PublicGenerateAnswer> {
    const { key } = call;
    // Answered at once (202): the balance the reservation left, and the usage record written with the
    // job, so the job's end always finds it to settle (see PublicApiAuth.recordAccepted).
    let balance: number | undefined;
    const options: SubmitOptions = {
      apiKeyId: key.id,
      async withinTransaction(trx, job) {
        await deps.keys.takeAllowance(key, job.cost, trx);
        if (waitMs > 0) return;
        balance = job.remainingCredits;
        call.credits = job.cost;
        await deps.recordAccepted(call, job.id, trx);
      },
      // The request's own target (and event filter), stored on its job.
      ...(body.webhook ? { webhook: { url: body.webhook, events: body.webhook_events_filter ?? null } } : {}),
    };
    let submitted: { row: GenerationRow; replayed: boolean };
    try {
      // Idempotency-Key: a retry gets the same job back and is never charged twice.
      submitted = await submit(options);
    } catch (error) {
      // The transaction rolled back, and the usage record written in it with it.
      call.acceptedRecordId = null;
      if (error instanceof AppError && error.code === 'INSUFFICIENT_CREDITS')
        call.outcome = 'insufficient_credits';
      throw error;
    }
    // A replay is not a new request for usage purposes: it is not recorded again.
    if (submitted.replayed) call.recorded = false;
    call.generationId = submitted.row.id;
    const row = waitMs > 0 ? await deps.generations.waitForEnd(submitted.row.id, waitMs) : submitted.row;
    const answered = await answer(call, row, submitted.replayed ? undefined : balance);
    return submitted.replayed ? { ...answered, replayed: true } : answered;
  }

  return {
    /** `waitMs`: how long to wait for the job before answering 202 with it (0: at once). */
    async generate(
      call: PublicCall,
      request: PublicGenerateRequest,
      idempotencyKey: string | undefined,
      waitMs: number = SYNC_WAIT_MS,
    ): Promise<PublicGenerateAnswer> {
      const input = submitInputOf(request);
      return run(call, request.body, waitMs, (options) =>
        idempotencyKey
          ? deps.generations.submitOnce(call.key.user_id, input, idempotencyKey, options)
          : deps.generations
              .submit(call.key.user_id, input, options)
              .then((row) => ({ row, replayed: false })),
      );
    },

    /**
     * A tool's job (enhance, edit: issue 16), started by `start` with the key's options (allowance,
     * usage record, webhook) and answered exactly like a generation.
     */
    tool(
      call: PublicCall,
      body: PublicJobBody,
      waitMs: number,
      start: (options: SubmitOptions) => Promise<{ row: GenerationRow; replayed: boolean }>,
    ): Promise<PublicGenerateAnswer> {
      return run(call, body, waitMs, start);
    },

    async status(call: PublicCall, id: string): Promise<TPublicGenerationStatus> {
      const row = await deps.generations.get(id, call.key.user_id);
      // A key without library:read follows only the jobs it made itself (scopes, issue 15).
      assertOwnJob(call, row.api_key_id);
      // Status reads are recorded, but they are not generations.
      call.outcome = 'success';
      return deps.presenter.status(await deps.generations.present(row));
    },
  };
}

export type PublicApiService = ReturnType<typeof createPublicApiService>;
