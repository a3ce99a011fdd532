import { createFalProvider, type FalProviderConfig, falAppOf } from './fal.js';
import { falFailure, uploadToFalStorage } from './fal-storage.js';
import { readJson, sameOrigin, send } from './http.js';
import { ProviderError } from './provider.js';
import { progressFromLogs } from './replicate.js';
import type { ModelTrainer, RemoteTrainingState, TrainingHandle } from './trainer.js';

/**
 * fal's FLUX LoRA training (Train, issue 21). The images archive goes to fal's storage
 * (`POST {storage}/storage/upload/initiate` → `upload_url` + `file_url`, then `PUT upload_url`), the
 * training is a queue request to `fal-ai/flux-lora-fast-training` (`images_data_url`, `trigger_word`,
 * `steps`, `is_style`, `create_masks`), followed through the queue's status URL; its result's
 * `diffusers_lora_file.url` is the LoRA, used by `fal-ai/flux-lora` with `loras: [{ path, scale }]`.
 * fal has no call to delete a trained file: deleting the model only forgets it here.
 */

export const FAL_TRAINING_ENDPOINT = 'fal-ai/flux-lora-fast-training';
export const FAL_LORA_ENDPOINT = 'fal-ai/flux-lora';

interface FalTrainingHandle extends TrainingHandle {
  statusUrl: string;
  responseUrl: string;
  cancelUrl: string;
}

interface QueueStatus {
  status?: 'IN_QUEUE' | 'IN_PROGRESS' | 'COMPLETED';
  queue_position?: number;
  logs?: { message?: string }[] | null;
  error?: string | null;
  request_id?: string;
  response_url?: string;
  status_url?: string;
  cancel_url?: string;
}

function isHandle(value: TrainingHandle): value is FalTrainingHandle {
  return typeof value.statusUrl === 'string' && typeof value.responseUrl === 'string';
}

export function createFalTrainer(config: FalProviderConfig): ModelTrainer {
  const base = config.queueUrl.replace(/\/+$/, '');
  const provider = config.name;
  const auth = { Authorization: `Key ${config.key}` };
  const app = `${base}/${falAppOf(FAL_TRAINING_ENDPOINT)}`;
  const onQueue = (url: string | undefined, fallback: string) =>
    url && sameOrigin(url, base) ? url : fallback;

  const failure = (response: Response, what: string) => falFailure(provider, response, what);

  return {
    baseModel: 'FLUX.1 [dev] LoRA',
    deletes: false,
    pollMs: config.pollIntervalMs,

    async start(input, signal) {
      const images = await uploadToFalStorage(
        config,
        { data: input.archive, contentType: 'application/zip', fileName: 'images.zip' },
        signal,
      );
      const response = await send(`${base}/${FAL_TRAINING_ENDPOINT}`, {
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          images_data_url: images,
          trigger_word: input.triggerWord,
          steps: input.steps,
          is_style: input.kind === 'style',
          // Masks focus a subject's training on the subject (not for a style).
          create_masks: input.kind !== 'style',
        }),
        signal,
        retry: 'rate-limit',
        provider,
        fetch: config.fetch,
        timeoutMs: 30_000,
      });
      if (!response.ok) throw await failure(response, 'training submit');
      const submitted = await readJson<QueueStatus>(response, provider);
      if (!submitted.request_id) throw new ProviderError('unavailable', `${provider} accepted no request id`);
      const id = encodeURIComponent(submitted.request_id);
      const handle: FalTrainingHandle = {
        remoteId: submitted.request_id,
        statusUrl: onQueue(submitted.status_url, `${app}/requests/${id}/status`),
        responseUrl: onQueue(submitted.response_url, `${app}/requests/${id}`),
        cancelUrl: onQueue(submitted.cancel_url, `${app}/requests/${id}/cancel`),
      };
      return handle;
    },

    async status(handle, signal): Promise<RemoteTrainingState> {
      if (!isHandle(handle)) throw new ProviderError('internal', 'not a fal training handle');
      const url = new URL(handle.statusUrl);
      url.searchParams.set('logs', '1');
      const response = await send(url.toString(), {
        headers: auth,
        signal,
        retry: 'idempotent',
        provider,
        fetch: config.fetch,
        timeoutMs: 30_000,
      });
      if (!response.ok && response.status !== 202) throw await failure(response, 'training status');
      const status = await readJson<QueueStatus>(response, provider);
      if (status.status === 'IN_QUEUE') {
        return {
          status: 'queued',
          progress: 0,
          stage:
            status.queue_position !== undefined
              ? `In ${provider}'s queue (position ${status.queue_position + 1})`
              : `In ${provider}'s queue`,
        };
      }
      if (status.status !== 'COMPLETED') {
        const logs = (status.logs ?? []).map((entry) => entry.message ?? '').join('\n');
        return { status: 'running', progress: progressFromLogs(logs) ?? 1, stage: 'Training' };
      }
      if (status.error) {
        return /cancel/i.test(status.error)
          ? { status: 'cancelled' }
          : { status: 'failed', error: status.error };
      }
      const result = await send(handle.responseUrl, {
        headers: auth,
        signal,
        retry: 'idempotent',
        provider,
        fetch: config.fetch,
        timeoutMs: 30_000,
      });
      if (!result.ok) return { status: 'failed', error: (await failure(result, 'training result')).message };
      const payload = await readJson<{ diffusers_lora_file?: { url?: string } }>(result, provider);
      const weights = payload.diffusers_lora_file?.url;
      if (!weights) return { status: 'failed', error: `${provider} training result holds no LoRA file` };
      return { status: 'succeeded', weightsUrl: weights, version: null };
    },

    async cancel(handle) {
      if (!isHandle(handle)) return;
      await send(handle.cancelUrl, {
        method: 'PUT',
        headers: auth,
        retry: 'idempotent',
        provider,
        fetch: config.fetch,
        timeoutMs: 10_000,
      })
        .then((response) => response.body?.cancel())
        .catch(() => undefined);
    },

    // fal's API has no call to delete a training's output file.
    async remove() {},

    generate(weights, request, context) {
      if (!weights.weightsUrl) throw new ProviderError('internal', 'this trained model has no LoRA file');
      // The adapter's own queue client, with one model: FLUX [dev] with the person's LoRA.
      const lora = createFalProvider({
        ...config,
        models: [
          {
            id: weights.modelId,
            name: weights.modelId,
            kind: 'image',
            endpoint: FAL_LORA_ENDPOINT,
            input: {
              prompt: '{{prompt}}',
              image_size: { width: '{{width}}', height: '{{height}}' },
              seed: '{{seed}}',
              num_images: 1,
              loras: [{ path: weights.weightsUrl, scale: 1 }],
              enable_safety_checker: true,
              output_format: 'png',
            },
            maxWidth: 2048,
            maxHeight: 2048,
          },
        ],
      });
      return lora.generate({ ...request, model: weights.modelId }, context);
    },
  };
}
