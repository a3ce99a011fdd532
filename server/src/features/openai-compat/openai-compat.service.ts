import {
  API_KEY_MESSAGES,
  insufficientCreditsMessage,
  type TOpenAIImagesResponse,
  type TOpenAIModelList,
} from '@kaleido/common';
import sharp from 'sharp';
import type { Clock } from '../../platform/clock.js';
import { AppError } from '../../platform/http/app-error.js';
import type { FileStore } from '../../platform/storage/file-store.js';
import type { UsersRepository } from '../accounts/users.repository.js';
import type { ApiKeysService } from '../api-keys/api-keys.service.js';
import { totalCredits } from '../credits/balance.js';
import type { GenerationRow } from '../generations/generations.repository.js';
import type { GenerationsService, Prices } from '../generations/generations.service.js';
import type { ProviderRegistry, ResolvedModel } from '../generations/provider-registry.js';
import type { AssetsRepository } from '../library/assets.repository.js';
import type { PublicCall } from '../public-api/public-api.auth.js';
import { imageSettingsOf, isOpenAIModelName, type OpenAIImageRequest } from './openai-compat.mapping.js';
import type { OpenAICompatPresenter, OpenAIImageResult } from './openai-compat.presenter.js';

/**
 * How long an images call waits for its jobs. OpenAI's Images API answers only once the images exist
 * (its SDKs wait up to 10 minutes), so this waits longer than `/api/v1`'s 25 s before giving up.
 */
export const OPENAI_WAIT_MS = 120_000;

/**
 * The OpenAI Images API on top of the generation engine, once the key is checked (the public API's
 * guard): the request mapped to our settings, `n` jobs charged all or nothing, waited for, and
 * answered in OpenAI's shape; the call's usage record is filled in on the way, as `/api/v1` does.
 */
export function createOpenAICompatService(deps: {
  users: UsersRepository;
  keys: ApiKeysService;
  generations: GenerationsService;
  registry: ProviderRegistry;
  assets: AssetsRepository;
  store: FileStore;
  prices: Prices;
  presenter: OpenAICompatPresenter;
  clock: Clock;
  /** When this process started (the models' `created`). */
  startedAt: Date;
  waitMs?: number;
}) {
  const waitMs = deps.waitMs ?? OPENAI_WAIT_MS;

  /** The model a request names, or a 400 on `model` (OpenAI clients show `param`). */
  function modelOf(request: OpenAIImageRequest): ResolvedModel {
    const { model } = request;
    const known = (id: string) =>
      deps.registry
        .models()
        .some(
          (entry) =>
            entry.model.id === id && entry.model.kinds.includes('image') && entry.model.generates !== false,
        );
    try {
      return deps.registry.resolve(
        'image',
        model && isOpenAIModelName(model) && !known(model) ? undefined : model,
      );
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'VALIDATION_FAILED') throw error;
      throw new AppError('VALIDATION_FAILED', error.text, {
        problems: [{ path: 'model', message: error.text }],
      });
    }
  }

  /**
   * All or nothing: the account and the key must pay for every image before the first is submitted.
   * Each job still reserves in its own transaction; should a concurrent call spend the credits in
   * between, the jobs already submitted are cancelled (refunded) and the refusal answered.
   */
  async function checkFunds(call: PublicCall, total: number): Promise<void> {
    const user = await deps.users.findById(call.key.user_id);
    if (!user || totalCredits(user) < total) {
      call.outcome = 'insufficient_credits';
      throw new AppError('INSUFFICIENT_CREDITS', insufficientCreditsMessage('image', total));
    }
    const { key } = call;
    if (deps.keys.spendable(key) < total) {
      call.outcome = 'insufficient_credits';
      // The key's spend cap, else its monthly allowance, is what stops it (as `takeAllowance` says).
      const spent = key.credits_period < deps.clock.now().toISOString().slice(0, 7) ? 0 : key.credits_spent;
      throw new AppError(
        'INSUFFICIENT_CREDITS',
        key.monthly_spend_cap !== null && spent + total > key.monthly_spend_cap
          ? { id: API_KEY_MESSAGES.spendCapReached, values: { cap: key.monthly_spend_cap, spent } }
          : API_KEY_MESSAGES.allowanceExhausted,
      );
    }
  }

  async function cancelAll(rows: readonly GenerationRow[], userId: string): Promise<void> {
    await Promise.allSettled(rows.map((row) => deps.generations.cancel(row.id, userId)));
  }

  async function submitAll(
    call: PublicCall,
    request: OpenAIImageRequest,
    resolved: ResolvedModel,
  ): Promise<GenerationRow[]> {
    const { key } = call;
    const settings = imageSettingsOf(request, resolved.model);
    const rows: GenerationRow[] = [];
    try {
      for (let index = 0; index < request.n; index++) {
        rows.push(
          await deps.generations.submit(
            key.user_id,
            { kind: 'image', prompt: request.prompt, settings, model: resolved.model.id },
            {
              apiKeyId: key.id,
              withinTransaction: (trx, job) => deps.keys.takeAllowance(key, job.cost, trx),
            },
          ),
        );
      }
    } catch (error) {
      await cancelAll(rows, key.user_id);
      if (error instanceof AppError && error.code === 'INSUFFICIENT_CREDITS')
        call.outcome = 'insufficient_credits';
      // The size the model cannot make is the request's `size` (our settings are derived from it).
      if (error instanceof AppError && error.code === 'VALIDATION_FAILED' && error.problems) {
        throw new AppError('VALIDATION_FAILED', error.text, {
          problems: error.problems.map((problem) =>
            problem.path.startsWith('settings.') ? { ...problem, path: 'size' } : problem,
          ),
        });
      }
      throw error;
    }
    return rows;
  }

  /** A finished image as the client asked for it: its signed URL, or its bytes as PNG. */
  async function resultOf(row: GenerationRow, request: OpenAIImageRequest): Promise<OpenAIImageResult> {
    const asset = row.asset_id ? await deps.assets.find(row.asset_id) : undefined;
    if (!asset) throw new AppError('RESULT_EXPIRED');
    if (request.response_format === 'url') {
      return { format: 'url', fileKey: asset.file_key, prompt: request.prompt };
    }
    const file = await deps.store.read(asset.file_key);
    if (!file) throw new AppError('RESULT_EXPIRED');
    const bytes = Buffer.concat(await file.stream.toArray());
    const png = file.contentType === 'image/png' ? bytes : await sharp(bytes).png().toBuffer();
    return { format: 'b64_json', png, prompt: request.prompt };
  }

  return {
    models(): TOpenAIModelList {
      return deps.presenter.models(deps.registry.models(), deps.startedAt);
    },

    async generate(call: PublicCall, request: OpenAIImageRequest): Promise<TOpenAIImagesResponse> {
      const resolved = modelOf(request);
      const price = resolved.model.prices?.image ?? deps.prices.image;
      await checkFunds(call, price * request.n);
      const submitted = await submitAll(call, request, resolved);
      call.generationId = submitted[0]?.id ?? null;
      const ended = await Promise.all(submitted.map((row) => deps.generations.waitForEnd(row.id, waitMs)));
      // Still running after the wait: stopped and refunded, so a client's retry is not charged twice.
      const unfinished = ended.filter((row) => row.status === 'queued' || row.status === 'running');
      await cancelAll(unfinished, call.key.user_id);
      const succeeded = ended.filter((row) => row.status === 'succeeded');
      const first = ended[0];
      if (!succeeded.length || !first) {
        call.outcome = first?.status === 'cancelled' ? 'cancelled' : 'failed';
        const text = unfinished.length
          ? 'api.generation.timedOut'
          : first
            ? deps.generations.failureText(first)
            : undefined;
        throw new AppError('GENERATION_FAILED_IMAGE', text);
      }
      // Images that failed were not charged; the ones made are answered.
      call.outcome = 'success';
      call.credits = succeeded.reduce((sum, row) => sum + row.cost, 0);
      const results = await Promise.all(succeeded.map((row) => resultOf(row, request)));
      return deps.presenter.images(deps.clock.now(), results);
    },
  };
}

export type OpenAICompatService = ReturnType<typeof createOpenAICompatService>;
