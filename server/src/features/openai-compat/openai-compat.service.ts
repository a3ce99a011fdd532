import { createReadStream } from 'node:fs';
import {
  API_KEY_MESSAGES,
  EDIT_DEFAULTS,
  insufficientCreditsMessage,
  type TEditMode,
  TOOL_PRICES,
  type TOpenAIImagesResponse,
  type TOpenAIModelList,
  ZOpenAIImageEditFields,
} from '@kaleido/common';
import sharp from 'sharp';
import type { Clock } from '../../platform/clock.js';
import { AppError } from '../../platform/http/app-error.js';
import { parseInput } from '../../platform/http/validation.js';
import type { FileStore } from '../../platform/storage/file-store.js';
import type { UsersRepository } from '../accounts/users.repository.js';
import type { ApiKeysService } from '../api-keys/api-keys.service.js';
import { totalCredits } from '../credits/balance.js';
import type { GenerationRow } from '../generations/generations.repository.js';
import type { GenerationsService, Prices, SubmitOptions } from '../generations/generations.service.js';
import type { ProviderRegistry, ResolvedModel } from '../generations/provider-registry.js';
import type { AssetsRepository } from '../library/assets.repository.js';
import type { PublicCall } from '../public-api/public-api.auth.js';
import type { ToolsService } from '../tools/tools.service.js';
import type { UploadsService } from '../uploads/uploads.service.js';
import { maskFromOpenAI, type OpenAIEditForm, refuseField, uploadedSize } from './openai-compat.edits.js';
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
  /** The edits' Edit tool and the uploads their images become (issue 16). */
  tools: ToolsService;
  uploads: UploadsService;
  prices: Prices;
  presenter: OpenAICompatPresenter;
  clock: Clock;
  /** When this process started (the models' `created`). */
  startedAt: Date;
  waitMs?: number;
  /** The model a request without one of ours takes: the first the key owner's plan allows (site settings). */
  preferredModel?: (userId: string, candidates: readonly string[]) => Promise<string | undefined>;
  /** The models the key owner's plan may use (site settings); null: all of them. */
  allowedModels?: (userId: string) => Promise<string[] | null>;
}) {
  const waitMs = deps.waitMs ?? OPENAI_WAIT_MS;

  /** The model a request names, or a 400 on `model` (OpenAI clients show `param`). */
  function modelOf(request: OpenAIImageRequest, preferred?: string): ResolvedModel {
    const { model } = request;
    const known = (id: string) =>
      deps.registry
        .models()
        .some(
          (entry) =>
            entry.model.id === id && entry.model.kinds.includes('image') && entry.model.generates !== false,
        );
    try {
      const named = model && isOpenAIModelName(model) && !known(model) ? undefined : model;
      return deps.registry.resolve('image', named ?? preferred);
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

  /**
   * `n` jobs, each charged to the account and the key's allowance; should one be refused, the ones
   * already submitted are cancelled (refunded). `paramOf` names a refused field as the client sent it.
   */
  async function submitAll(
    call: PublicCall,
    n: number,
    submitOne: (options: SubmitOptions) => Promise<GenerationRow>,
    paramOf: (path: string) => string,
  ): Promise<GenerationRow[]> {
    const { key } = call;
    const rows: GenerationRow[] = [];
    const options: SubmitOptions = {
      apiKeyId: key.id,
      withinTransaction: (trx, job) => deps.keys.takeAllowance(key, job.cost, trx),
    };
    try {
      for (let index = 0; index < n; index++) rows.push(await submitOne(options));
    } catch (error) {
      await cancelAll(rows, key.user_id);
      if (error instanceof AppError && error.code === 'INSUFFICIENT_CREDITS')
        call.outcome = 'insufficient_credits';
      throw withParams(error, paramOf);
    }
    return rows;
  }

  /** Waits for the jobs and answers the images made (the failed ones were not charged). */
  async function finish(
    call: PublicCall,
    submitted: readonly GenerationRow[],
    answer: AnswerFormat,
  ): Promise<TOpenAIImagesResponse> {
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
    call.outcome = 'success';
    call.credits = succeeded.reduce((sum, row) => sum + row.cost, 0);
    const results = await Promise.all(succeeded.map((row) => resultOf(row, answer)));
    return deps.presenter.images(deps.clock.now(), results);
  }

  /** The edit's model: a configured one of that id, else (OpenAI's own names) the mode's first. */
  function editModelOf(mode: TEditMode, model: string | undefined): ResolvedModel {
    try {
      return deps.tools.editModel(mode, model);
    } catch (error) {
      if (
        model &&
        isOpenAIModelName(model) &&
        error instanceof AppError &&
        error.code === 'VALIDATION_FAILED'
      )
        return editModelOf(mode, undefined);
      throw withParams(error, editParam);
    }
  }

  /** Removes an upload no job was accepted for (a refused edit leaves nothing behind). */
  async function dropUpload(userId: string, assetId: string): Promise<void> {
    if (await deps.assets.delete(assetId, userId).catch(() => false))
      await deps.store.deletePrefix(`users/${userId}/${assetId}/`).catch(() => undefined);
  }

  /** A finished image as the client asked for it: its signed URL, or its bytes as PNG. */
  async function resultOf(row: GenerationRow, request: AnswerFormat): Promise<OpenAIImageResult> {
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
    /** The models the caller's plan may use, in OpenAI's list shape. */
    async models(call: PublicCall): Promise<TOpenAIModelList> {
      const allowed = (await deps.allowedModels?.(call.key.user_id)) ?? null;
      const entries = deps.registry.models().filter((entry) => !allowed || allowed.includes(entry.model.id));
      return deps.presenter.models(entries, deps.startedAt);
    },

    async generate(call: PublicCall, request: OpenAIImageRequest): Promise<TOpenAIImagesResponse> {
      const generators = deps.registry
        .models()
        .filter((entry) => entry.model.kinds.includes('image') && entry.model.generates !== false)
        .map((entry) => entry.model.id);
      const resolved = modelOf(request, await deps.preferredModel?.(call.key.user_id, generators));
      const price = resolved.model.prices?.image ?? deps.prices.image;
      await checkFunds(call, price * request.n);
      const settings = imageSettingsOf(request, resolved.model);
      const submitted = await submitAll(
        call,
        request.n,
        (options) =>
          deps.generations.submit(
            call.key.user_id,
            { kind: 'image', prompt: request.prompt, settings, model: resolved.model.id },
            options,
          ),
        // The size the model cannot make is the request's `size` (our settings are derived from it).
        (path) => (path.startsWith('settings.') ? 'size' : path),
      );
      return finish(call, submitted, request);
    },

    /**
     * `POST /images/edits`: the image becomes an upload (in the library, the edits' source), and each
     * of the `n` images is an Edit job: an inpaint when a mask came (converted to the tools'
     * convention), else a prompt edit. Everything is checked (fields, a model that can do it, funds,
     * the mask) before the image is stored; a refused edit removes it again.
     */
    async edit(call: PublicCall, form: OpenAIEditForm): Promise<TOpenAIImagesResponse> {
      const request = parseInput(ZOpenAIImageEditFields, form.fields);
      if (!form.image) throw refuseField('image', 'api.openai.imageMissing');
      if (form.extraImages) throw refuseField('image', 'api.openai.oneImage');
      const mode: TEditMode = form.mask ? 'inpaint' : 'prompt';
      const resolved = editModelOf(mode, request.model);
      await checkFunds(call, TOOL_PRICES.edit * request.n);
      const userId = call.key.user_id;
      const size = await uploadedSize(form.image.file);
      // An unreadable image is refused by the upload itself (400/415), before the mask is looked at.
      let mask = form.mask && size ? await maskFromOpenAI(form.mask, size) : undefined;
      const upload = await deps.uploads.upload(userId, {
        stream: createReadStream(form.image.file),
        filename: form.image.filename,
      });
      let submitted: GenerationRow[] = [];
      try {
        if (form.mask && !mask) mask = await maskFromOpenAI(form.mask, upload);
        const input = {
          assetId: upload.id,
          mode,
          prompt: request.prompt,
          strength: EDIT_DEFAULTS.strength,
          model: resolved.model.id,
          ...(mask ? { mask: mask.toString('base64') } : {}),
        };
        submitted = await submitAll(
          call,
          request.n,
          async (options) =>
            (await deps.tools.start(userId, { tool: 'edit', input }, undefined, options)).row,
          editParam,
        );
      } catch (error) {
        if (!submitted.length) await dropUpload(userId, upload.id);
        throw error;
      }
      return finish(call, submitted, request);
    },
  };
}

/** How the client wants its images back, and the prompt they answer with. */
interface AnswerFormat {
  response_format: 'url' | 'b64_json';
  prompt: string;
}

/** An edit's refused field as OpenAI names it: no model can do the mode, so `model`; the source is `image`. */
function editParam(path: string): string {
  if (path === 'mode') return 'model';
  if (path === 'assetId') return 'image';
  return path;
}

/** A validation refusal with its fields renamed by `paramOf`; any other error as it was. */
function withParams(error: unknown, paramOf: (path: string) => string): unknown {
  if (!(error instanceof AppError) || error.code !== 'VALIDATION_FAILED' || !error.problems) return error;
  return new AppError('VALIDATION_FAILED', error.text, {
    problems: error.problems.map((problem) => ({ ...problem, path: paramOf(problem.path) })),
  });
}

export type OpenAICompatService = ReturnType<typeof createOpenAICompatService>;
