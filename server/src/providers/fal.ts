import { readFile } from 'node:fs/promises';
import { FAL_3D_PRESETS, fal3dUrl } from './fal-3d.js';
import { createFalRealtimeRenderer } from './fal-realtime.js';
import { uploadToFalStorage } from './fal-storage.js';
import { createFalTrainer } from './fal-trainer.js';
import {
  createHealthRecord,
  type Downloaded,
  download,
  type FetchLike,
  readJson,
  safeText,
  sameOrigin,
  send,
  sleep,
} from './http.js';
import { lipsyncFileName, lipsyncOutput, lipsyncValues } from './lipsync-inputs.js';
import { model3dValues, modelOutput, require3dImage, with3dImage } from './model-still.js';
import { toOutput } from './outputs.js';
import {
  type EditRequest,
  type GenerationContext,
  type GenerationOutput,
  type GenerationProvider,
  type GenerationRequest,
  type LipsyncRequest,
  type Model3dRequest,
  type ModelCapabilities,
  ProviderError,
  type UpscaleRequest,
} from './provider.js';
import { progressFromLogs } from './replicate.js';
import {
  fillTemplate,
  requestValues,
  type TemplatedModelConfig,
  templatedModelCapabilities,
} from './template.js';
import {
  dataUri,
  editPrompt,
  expandAsInpaint,
  imageOutput,
  keepSource,
  maskPng,
  requireTool,
  sourceImage,
  sourcePng,
  toolOfEdit,
  toolValues,
} from './tool-inputs.js';

/**
 * fal queue API (research 5): submit to `{queue}/{endpoint}`, follow `status_url` (queue position,
 * then logs) until COMPLETED, read `response_url`, cancel with `PUT cancel_url`. Authorization is
 * `Key …`, sent only to the configured queue's origin. A completed request may still be an error
 * (`error` on the status, or a non-2xx result); `has_nsfw_concepts` marks a safety-checker refusal.
 */

export interface FalModelConfig extends TemplatedModelConfig {
  /** The endpoint id, e.g. "fal-ai/kling-video/v2.1/master/text-to-video". */
  endpoint: string;
  input: Record<string, unknown>;
  steps?: { standard: number; high: number; ultra: number };
  /** Has a realtime endpoint: the Realtime tool streams its previews (fal-realtime.ts). */
  realtime?: boolean;
}

export interface FalProviderConfig {
  id: string;
  name: string;
  key: string;
  /** Default https://queue.fal.run. */
  queueUrl: string;
  /** fal's storage API (uploads of training archives); default https://rest.alpha.fal.ai. */
  storageUrl?: string;
  /** Where realtime endpoints answer; default wss://fal.run. */
  realtimeUrl?: string;
  models: FalModelConfig[];
  pollIntervalMs?: number;
  fetch?: FetchLike;
}

interface QueueStatus {
  status?: 'IN_QUEUE' | 'IN_PROGRESS' | 'COMPLETED';
  queue_position?: number;
  logs?: { message?: string }[] | null;
  error?: string | null;
  error_type?: string | null;
  request_id?: string;
  response_url?: string;
  status_url?: string;
  cancel_url?: string;
}

interface ResultPayload {
  images?: { url?: string }[];
  image?: { url?: string };
  video?: { url?: string };
  /** 3D endpoints (issue 21): the GLB. */
  model_mesh?: { url?: string };
  model_glb?: { url?: string };
  seed?: number;
  has_nsfw_concepts?: boolean[];
}

type FalHandle = { requestId: string; statusUrl: string; responseUrl: string; cancelUrl: string };

/** `owner/app` of an endpoint id: status, result and cancel live there, without the sub-path. */
export function falAppOf(endpoint: string): string {
  const parts = endpoint.split('/');
  const namespaced = parts[0] === 'workflows' || parts[0] === 'comfy';
  return parts.slice(0, namespaced ? 3 : 2).join('/');
}

export function createFalProvider(config: FalProviderConfig): GenerationProvider {
  const base = config.queueUrl.replace(/\/+$/, '');
  const provider = config.name;
  const models = new Map(config.models.map((model) => [model.id, model]));
  const health = createHealthRecord();
  const pollMs = config.pollIntervalMs ?? 1000;
  const auth = { Authorization: `Key ${config.key}` };

  const capabilities = {
    providerId: config.id,
    providerName: config.name,
    models: config.models.map(
      (model): ModelCapabilities =>
        with3dImage(templatedModelCapabilities(model, model.input, `${model.endpoint} on fal`), model.input),
    ),
  };

  /** A URL from a response, if it is on the queue's origin (the key goes nowhere else); else ours. */
  const onQueue = (url: string | undefined, fallback: string) =>
    url && sameOrigin(url, base) ? url : fallback;

  async function failure(response: Response, what: string): Promise<ProviderError> {
    const text = await safeText(response);
    let detail: unknown = text;
    try {
      detail = (JSON.parse(text) as { detail?: unknown }).detail ?? text;
    } catch {
      // plain text
    }
    const first = Array.isArray(detail)
      ? (detail[0] as { loc?: unknown[]; msg?: string } | undefined)
      : undefined;
    const summary = first
      ? `${(first.loc ?? []).join('.')}: ${first.msg ?? ''}`
      : String(detail).slice(0, 300);
    const message = `${provider} ${what} answered ${response.status}: ${summary}`;
    if (/nsfw|safety|content polic|flagged/i.test(summary)) {
      return new ProviderError('content_policy', message, { userMessage: policyMessage(provider) });
    }
    if (response.status === 422 || response.status === 400) {
      const field = first?.loc ? String(first.loc[first.loc.length - 1]) : undefined;
      return new ProviderError('invalid_input', message, {
        field,
        userMessage: `The model did not accept these settings${field ? ` (${field})` : ''}: ${summary}`,
      });
    }
    return new ProviderError('unavailable', message);
  }

  async function cancel(handle: FalHandle): Promise<void> {
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
  }

  async function run(request: GenerationRequest, context: GenerationContext): Promise<GenerationOutput> {
    const model = models.get(request.model);
    if (!model || model.kind !== request.kind || model.generates === false) {
      throw new ProviderError('invalid_input', `${provider} has no ${request.kind} model "${request.model}"`);
    }
    const input = () =>
      fillTemplate(
        model.input,
        requestValues(request, {
          steps: model.steps
            ? model.steps[request.kind === 'image' ? request.quality : 'standard']
            : undefined,
        }),
      );
    const { file, payload, handle, started } = await submitAndFollow(
      model,
      input,
      request.kind,
      request.resumeState,
      context,
    );
    return toOutput(file, request, {
      model: model.id,
      provider,
      seed: typeof payload.seed === 'number' ? payload.seed : request.seed,
      details: {
        provider: config.id,
        endpoint: model.endpoint,
        requestId: handle.requestId,
        waitedSeconds: Math.round((Date.now() - started) / 100) / 10,
      },
    });
  }

  /** A tool model of this provider that offers `tool`. */
  function toolModel(id: string, tool: Parameters<typeof requireTool>[1]): FalModelConfig {
    const model = models.get(id);
    if (!model) throw new ProviderError('invalid_input', `${provider} has no model "${id}"`);
    requireTool(model.tools, tool, provider, id);
    return model;
  }

  /**
   * An edit or upscale: the source (and mask) are sent as `data:` URIs in the model's input
   * (`{{image}}`, `{{mask}}`), which fal's endpoints take for file inputs; an expand becomes a fill of
   * the grown canvas.
   */
  async function runTool(
    model: FalModelConfig,
    request: EditRequest | UpscaleRequest,
    files: () => Promise<{ image: Buffer; mask?: Buffer }>,
    context: GenerationContext,
  ): Promise<GenerationOutput> {
    const values = toolValues(request, {});
    const input = async () => {
      const { image, mask } = await files();
      return fillTemplate(model.input, {
        ...values,
        image: dataUri(image),
        mask: mask ? dataUri(mask) : undefined,
      });
    };
    const { file, payload, handle, started } = await submitAndFollow(
      model,
      input,
      'image',
      request.resumeState,
      context,
    );
    const output = await imageOutput(file, {
      model: model.id,
      provider,
      seed: typeof payload.seed === 'number' ? payload.seed : request.seed,
      details: {
        provider: config.id,
        endpoint: model.endpoint,
        requestId: handle.requestId,
        waitedSeconds: Math.round((Date.now() - started) / 100) / 10,
      },
    });
    return 'mode' in request ? keepSource(request, output) : output;
  }

  async function edit(request: EditRequest, context: GenerationContext): Promise<GenerationOutput> {
    const model = toolModel(request.model, toolOfEdit(request.mode));
    const source = sourceImage(request);
    editPrompt(request);
    if (request.mode === 'expand')
      return runTool(model, request, () => expandAsInpaint(request, context.signal), context);
    if (request.mode === 'inpaint') {
      const given = request.mask;
      if (!given) throw new ProviderError('invalid_input', 'An inpaint needs a mask', { field: 'mask' });
      return runTool(
        model,
        request,
        async () => ({
          image: await sourcePng(request),
          mask: await maskPng(given, source.width, source.height),
        }),
        context,
      );
    }
    return runTool(model, request, async () => ({ image: await sourcePng(request) }), context);
  }

  async function upscale(request: UpscaleRequest, context: GenerationContext): Promise<GenerationOutput> {
    const model = toolModel(request.model, 'enhance');
    return runTool(model, request, async () => ({ image: await sourcePng(request) }), context);
  }

  /**
   * A lipsync (issue 21): the video and audio, often tens of megabytes, go to fal's storage first
   * (fal-storage.ts) and their URLs into `{{video}}` and `{{audio}}`; the result is `video.url`.
   */
  async function lipsync(request: LipsyncRequest, context: GenerationContext): Promise<GenerationOutput> {
    const model = toolModel(request.model, 'lipsync');
    const stored = async (what: 'video' | 'audio') => {
      const { file, contentType } = request[what];
      return uploadToFalStorage(
        config,
        { data: await readFile(file), contentType, fileName: lipsyncFileName(what, contentType) },
        context.signal,
      );
    };
    const input = async () =>
      fillTemplate(
        model.input,
        lipsyncValues(request, { video: await stored('video'), audio: await stored('audio') }),
      );
    const { file, handle, started } = await submitAndFollow(
      model,
      input,
      'video',
      request.resumeState,
      context,
    );
    return lipsyncOutput(file, request, {
      model: model.id,
      provider,
      details: {
        provider: config.id,
        endpoint: model.endpoint,
        requestId: handle.requestId,
        syncMode: request.syncMode,
        waitedSeconds: Math.round((Date.now() - started) / 100) / 10,
      },
    });
  }

  /** A 3D object (issue 21): the image as a `data:` URI in `{{image}}`; the result is a GLB (fal-3d.ts). */
  async function generate3d(request: Model3dRequest, context: GenerationContext): Promise<GenerationOutput> {
    const model = toolModel(request.model, '3d');
    require3dImage(model.input, request, provider);
    const image = request.image;
    const input = () =>
      fillTemplate(
        model.input,
        model3dValues(request, image ? dataUri(image.data, image.contentType) : undefined),
      );
    const { file, payload, handle, started } = await submitAndFollow(
      model,
      input,
      'model',
      request.resumeState,
      context,
    );
    return modelOutput(file.data, {
      model: model.id,
      provider,
      seed: typeof payload.seed === 'number' ? payload.seed : request.seed,
      details: {
        provider: config.id,
        endpoint: model.endpoint,
        requestId: handle.requestId,
        waitedSeconds: Math.round((Date.now() - started) / 100) / 10,
      },
    });
  }

  /** Submits (or resumes) a queue request, follows it to the end, reads the result and downloads its file. */
  async function submitAndFollow(
    model: FalModelConfig,
    makeInput: () => unknown,
    kind: 'image' | 'video' | 'model',
    resumeState: unknown,
    context: GenerationContext,
  ): Promise<{ file: Downloaded; payload: ResultPayload; handle: FalHandle; started: number }> {
    const app = `${base}/${falAppOf(model.endpoint)}`;
    let handle = resumeState as FalHandle | undefined;
    if (!handle?.requestId) {
      context.report({ progress: 1, stage: `Sending to ${provider}` });
      const input = await makeInput();
      const response = await send(`${base}/${model.endpoint}`, {
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'application/json' },
        body: JSON.stringify(input),
        signal: context.signal,
        retry: 'rate-limit',
        provider,
        fetch: config.fetch,
        timeoutMs: 30_000,
      });
      if (!response.ok) throw await failure(response, 'submit');
      const submitted = await readJson<QueueStatus>(response, provider);
      if (!submitted.request_id) throw new ProviderError('unavailable', `${provider} accepted no request id`);
      const id = encodeURIComponent(submitted.request_id);
      handle = {
        requestId: submitted.request_id,
        statusUrl: onQueue(submitted.status_url, `${app}/requests/${id}/status`),
        responseUrl: onQueue(submitted.response_url, `${app}/requests/${id}`),
        cancelUrl: onQueue(submitted.cancel_url, `${app}/requests/${id}/cancel`),
      };
      await context.checkpoint(handle);
    }
    const started = Date.now();
    let status: QueueStatus = {};
    try {
      for (;;) {
        const url = new URL(handle.statusUrl);
        url.searchParams.set('logs', '1');
        const response = await send(url.toString(), {
          headers: auth,
          signal: context.signal,
          retry: 'idempotent',
          provider,
          fetch: config.fetch,
          timeoutMs: 30_000,
        });
        if (!response.ok && response.status !== 202) throw await failure(response, 'status');
        status = await readJson<QueueStatus>(response, provider);
        if (status.status === 'COMPLETED') break;
        if (status.status === 'IN_QUEUE') {
          context.report({
            progress: 1,
            stage:
              status.queue_position !== undefined
                ? `In ${provider}'s queue (position ${status.queue_position + 1})`
                : `In ${provider}'s queue`,
          });
        } else {
          const logs = (status.logs ?? []).map((entry) => entry.message ?? '').join('\n');
          context.report({ progress: progressFromLogs(logs) ?? 5, stage: 'Generating' });
        }
        await sleep(pollMs, context.signal);
      }
    } catch (error) {
      // Cancelled, or lost track of it (the job may move to another provider): stop paying for it.
      await cancel(handle);
      throw context.signal.aborted ? context.signal.reason : error;
    }
    if (status.error) {
      const policy = /nsfw|safety|content polic|flagged/i.test(status.error);
      throw new ProviderError(
        policy ? 'content_policy' : 'internal',
        `${provider} request failed: ${status.error}`,
        {
          userMessage: policy ? policyMessage(provider) : undefined,
        },
      );
    }
    const result = await send(handle.responseUrl, {
      headers: auth,
      signal: context.signal,
      retry: 'idempotent',
      provider,
      fetch: config.fetch,
      timeoutMs: 30_000,
    });
    if (!result.ok) throw await failure(result, 'result');
    const payload = await readJson<ResultPayload>(result, provider);
    if (payload.has_nsfw_concepts?.some(Boolean)) {
      throw new ProviderError('content_policy', `${provider} safety checker flagged the output`, {
        userMessage: policyMessage(provider),
      });
    }
    const url =
      kind === 'model'
        ? fal3dUrl(payload)
        : kind === 'video'
          ? payload.video?.url
          : (payload.images?.[0]?.url ?? payload.image?.url);
    if (!url) throw new ProviderError('internal', `${provider} result holds no ${kind}`);
    context.report({ progress: 99, stage: 'Saving' });
    const file = await download(url, {
      provider,
      fetch: config.fetch,
      signal: context.signal,
      headers: sameOrigin(url, base) ? auth : undefined,
    });
    return { file, payload, handle, started };
  }

  // Realtime previews (issue 21) of the models marked `realtime`, each with its own connection.
  const realtimeRenderers = config.models
    .filter((model) => model.realtime)
    .map((model) =>
      createFalRealtimeRenderer({
        key: config.key,
        endpoint: model.endpoint,
        model: { id: model.id, name: model.name, provider: config.id, offline: false },
        input: model.input,
        restUrl: config.storageUrl,
        realtimeUrl: config.realtimeUrl,
        fetch: config.fetch,
      }),
    );

  return {
    id: config.id,
    capabilities: () => capabilities,
    generate: (request, context) => health.track(() => run(request, context)),
    edit: (request, context) => health.track(() => edit(request, context)),
    upscale: (request, context) => health.track(() => upscale(request, context)),
    lipsync: (request, context) => health.track(() => lipsync(request, context)),
    generate3d: (request, context) => health.track(() => generate3d(request, context)),
    health: async () => health.state(),
    trainer: createFalTrainer(config),
    realtime: () => realtimeRenderers,
  };
}

function policyMessage(provider: string): string {
  return `This prompt was refused by ${provider}’s safety checks. Please change it and try again; your credits were refunded.`;
}

/** Ready-made inputs for well-known fal endpoints (research 5.4, 7.2). fal wants some numbers as strings. */
export const FAL_PRESETS: Record<string, Omit<FalModelConfig, 'id' | 'name' | 'endpoint'>> = {
  'fal-ai/flux/dev': {
    kind: 'image',
    input: {
      prompt: '{{prompt}}',
      image_size: { width: '{{width}}', height: '{{height}}' },
      seed: '{{seed}}',
      num_images: 1,
      enable_safety_checker: true,
      output_format: 'png',
    },
    maxWidth: 2048,
    maxHeight: 2048,
  },
  'fal-ai/kling-video/v2.1/master/text-to-video': {
    kind: 'video',
    input: {
      prompt: '{{prompt}}',
      negative_prompt: '{{negative_prompt}}',
      aspect_ratio: '{{aspect_ratio}}',
      duration: '{{duration_string}}',
    },
    maxWidth: 1920,
    maxHeight: 1920,
    aspectRatios: ['16:9', '9:16', '1:1'],
    videoDurations: [5],
    videoFrameRates: [24],
  },
  // Tools (issue 16): `{{image}}` and `{{mask}}` are data URIs; a mask is white where the model paints.
  'fal-ai/flux-pro/v1/fill': {
    kind: 'image',
    generates: false,
    tools: ['inpaint', 'expand'],
    input: {
      prompt: '{{prompt}}',
      image_url: '{{image}}',
      mask_url: '{{mask}}',
      seed: '{{seed}}',
      output_format: 'png',
    },
    maxWidth: 2048,
    maxHeight: 2048,
  },
  'fal-ai/flux-pro/kontext': {
    kind: 'image',
    generates: false,
    tools: ['prompt-edit', 'restyle'],
    input: { prompt: '{{prompt}}', image_url: '{{image}}', seed: '{{seed}}', output_format: 'png' },
    maxWidth: 2048,
    maxHeight: 2048,
  },
  'fal-ai/esrgan': {
    kind: 'image',
    generates: false,
    tools: ['enhance'],
    input: { image_url: '{{image}}', scale: '{{scale}}', model: 'RealESRGAN_x4plus', output_format: 'png' },
    maxWidth: 8192,
    maxHeight: 8192,
  },
  'fal-ai/clarity-upscaler': {
    kind: 'image',
    generates: false,
    tools: ['enhance'],
    input: { image_url: '{{image}}', upscale_factor: '{{scale}}', seed: '{{seed}}' },
    maxWidth: 8192,
    maxHeight: 8192,
  },
  // Lipsync (issue 21): `{{video}}` and `{{audio}}` are data URIs; sync.so's lipsync-2 on fal.
  'fal-ai/sync-lipsync/v2': {
    kind: 'video',
    generates: false,
    tools: ['lipsync'],
    input: { video_url: '{{video}}', audio_url: '{{audio}}', model: 'lipsync-2', sync_mode: '{{sync_mode}}' },
    maxWidth: 4096,
    maxHeight: 4096,
    maxOutputSeconds: 300,
  },
  // 3D Objects (issue 21): image-to-3D (`{{image}}` a data URI) and text-to-3D; the GLB's URL: fal3dUrl.
  ...FAL_3D_PRESETS,
};
