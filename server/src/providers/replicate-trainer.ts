import { readJson, safeText, sameOrigin, send } from './http.js';
import { ProviderError } from './provider.js';
import { createReplicateProvider, progressFromLogs, type ReplicateProviderConfig } from './replicate.js';
import type { ModelTrainer, RemoteTrainingState, TrainingHandle } from './trainer.js';

/**
 * Replicate trainings (Train, issue 21). A training writes a new version of a destination model the
 * account owns, so one is made per training (`GET /account` → owner, `POST /models` private, named
 * after the training); the images archive goes through the Files API; the trainer
 * `ostris/flux-dev-lora-trainer` runs at its latest version (`POST /models/{owner}/{name}/versions/
 * {version}/trainings` with `destination`, `input_images`, `trigger_word`, `steps`), followed with
 * `GET /trainings/{id}` (status, tqdm logs; `output.version` when it succeeds) and cancelled with
 * `POST /trainings/{id}/cancel`. Generations run the destination version; deleting removes the
 * version and then the model.
 */

export const REPLICATE_TRAINER_MODEL = 'ostris/flux-dev-lora-trainer';

interface ReplicateTrainingHandle extends TrainingHandle {
  /** `owner/name` of the destination model. */
  destination: string;
  getUrl: string;
  cancelUrl: string;
}

interface Training {
  id?: string;
  status?: 'starting' | 'processing' | 'succeeded' | 'failed' | 'canceled' | 'aborted';
  logs?: string | null;
  error?: unknown;
  output?: { version?: string; weights?: string } | null;
  urls?: { get?: string; cancel?: string };
}

function isHandle(value: TrainingHandle): value is ReplicateTrainingHandle {
  return typeof value.destination === 'string' && typeof value.getUrl === 'string';
}

export function createReplicateTrainer(config: ReplicateProviderConfig): ModelTrainer {
  const base = config.baseUrl.replace(/\/+$/, '');
  const provider = config.name;
  const auth = { Authorization: `Bearer ${config.apiToken}` };
  /** Only ever sends the token to the API's origin. */
  const onApi = (url: string | undefined, fallback: string) =>
    url && sameOrigin(url, base) ? url : fallback;

  async function failure(response: Response, what: string): Promise<ProviderError> {
    const text = (await safeText(response)).slice(0, 300);
    const message = `${provider} ${what} answered ${response.status}: ${text}`;
    return new ProviderError(
      response.status === 422 || response.status === 400 ? 'invalid_input' : 'unavailable',
      message,
    );
  }

  async function call<T>(
    path: string,
    what: string,
    options: { method?: string; body?: unknown; signal?: AbortSignal } = {},
  ): Promise<T> {
    const response = await send(path.startsWith('http') ? path : `${base}${path}`, {
      method: options.method ?? 'GET',
      headers: { ...auth, ...(options.body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
      body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
      signal: options.signal,
      retry: options.method && options.method !== 'GET' ? 'rate-limit' : 'idempotent',
      provider,
      fetch: config.fetch,
      timeoutMs: 30_000,
    });
    if (!response.ok) throw await failure(response, what);
    if (response.status === 204) return undefined as T;
    return readJson<T>(response, provider);
  }

  async function upload(archive: Buffer, signal: AbortSignal): Promise<string> {
    const form = new FormData();
    form.append('content', new Blob([new Uint8Array(archive)], { type: 'application/zip' }), 'images.zip');
    form.append('metadata', JSON.stringify({ source: 'kaleido-train' }));
    const response = await send(`${base}/files`, {
      method: 'POST',
      headers: auth,
      body: form,
      signal,
      retry: 'rate-limit',
      provider,
      fetch: config.fetch,
      timeoutMs: 300_000,
    });
    if (!response.ok) throw await failure(response, 'file upload');
    const file = await readJson<{ id?: string; urls?: { get?: string } }>(response, provider);
    const url = file.urls?.get ?? (file.id ? `${base}/files/${encodeURIComponent(file.id)}` : undefined);
    if (!url) throw new ProviderError('unavailable', `${provider} stored the archive but named no URL`);
    return url;
  }

  return {
    baseModel: 'FLUX.1 [dev] LoRA',
    deletes: true,
    pollMs: config.pollIntervalMs,

    async start(input, signal) {
      const account = await call<{ username?: string }>('/account', 'account', { signal });
      if (!account.username) throw new ProviderError('unavailable', `${provider} named no account`);
      const name = `kaleido-${input.id
        .replace(/[^a-z0-9]/gi, '')
        .slice(0, 24)
        .toLowerCase()}`;
      await call('/models', 'model create', {
        method: 'POST',
        signal,
        body: {
          owner: account.username,
          name,
          visibility: 'private',
          hardware: 'cpu',
          description: 'A personal FLUX LoRA trained by Kaleido',
        },
      });
      const destination = `${account.username}/${name}`;
      const trainer = await call<{ latest_version?: { id?: string } }>(
        `/models/${REPLICATE_TRAINER_MODEL}`,
        'trainer lookup',
        { signal },
      );
      const version = trainer.latest_version?.id;
      if (!version)
        throw new ProviderError('unavailable', `${provider} has no version of ${REPLICATE_TRAINER_MODEL}`);
      const images = await upload(input.archive, signal);
      const training = await call<Training>(
        `/models/${REPLICATE_TRAINER_MODEL}/versions/${encodeURIComponent(version)}/trainings`,
        'training create',
        {
          method: 'POST',
          signal,
          body: {
            destination,
            input: {
              input_images: images,
              trigger_word: input.triggerWord,
              steps: input.steps,
              autocaption: true,
            },
          },
        },
      );
      if (!training.id) throw new ProviderError('unavailable', `${provider} accepted no training id`);
      const id = encodeURIComponent(training.id);
      const handle: ReplicateTrainingHandle = {
        remoteId: training.id,
        destination,
        getUrl: onApi(training.urls?.get, `${base}/trainings/${id}`),
        cancelUrl: onApi(training.urls?.cancel, `${base}/trainings/${id}/cancel`),
      };
      return handle;
    },

    async status(handle, signal): Promise<RemoteTrainingState> {
      if (!isHandle(handle)) throw new ProviderError('internal', 'not a Replicate training handle');
      const training = await call<Training>(handle.getUrl, 'training status', { signal });
      switch (training.status) {
        case 'starting':
          return { status: 'queued', progress: 0, stage: `Starting on ${provider}` };
        case 'processing':
          return { status: 'running', progress: progressFromLogs(training.logs) ?? 1, stage: 'Training' };
        case 'succeeded': {
          const version = training.output?.version;
          if (!version) return { status: 'failed', error: `${provider} training made no version` };
          return { status: 'succeeded', weightsUrl: training.output?.weights ?? null, version };
        }
        case 'canceled':
        case 'aborted':
          return { status: 'cancelled' };
        default:
          return {
            status: 'failed',
            error: String(training.error ?? `${provider} training failed`).slice(0, 500),
          };
      }
    },

    async cancel(handle) {
      if (!isHandle(handle)) return;
      await call(handle.cancelUrl, 'training cancel', { method: 'POST' }).catch(() => undefined);
    },

    async remove(handle, weights) {
      if (!isHandle(handle)) return;
      const versionId = weights.version?.split(':')[1];
      // A model can be deleted only once it has no versions left.
      if (versionId) {
        await call(
          `/models/${handle.destination}/versions/${encodeURIComponent(versionId)}`,
          'version delete',
          {
            method: 'DELETE',
          },
        );
      }
      await call(`/models/${handle.destination}`, 'model delete', { method: 'DELETE' });
    },

    generate(weights, request, context) {
      if (!weights.version) throw new ProviderError('internal', 'this trained model has no version');
      // The adapter's own prediction client, with one model: the trained version.
      const trained = createReplicateProvider({
        ...config,
        webhookUrl: undefined,
        models: [
          {
            id: weights.modelId,
            name: weights.modelId,
            kind: 'image',
            model: weights.version,
            input: {
              prompt: '{{prompt}}',
              aspect_ratio: '{{aspect_ratio}}',
              seed: '{{seed}}',
              num_outputs: 1,
              output_format: 'png',
            },
            waitSeconds: 60,
            maxWidth: 2048,
            maxHeight: 2048,
          },
        ],
      });
      return trained.generate({ ...request, model: weights.modelId }, context);
    },
  };
}
