import { createHmac, timingSafeEqual } from 'node:crypto';
import { openAsBlob } from 'node:fs';
import {
  createHealthRecord,
  download,
  type FetchLike,
  readJson,
  safeText,
  sameOrigin,
  send,
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
import { REPLICATE_3D_PRESETS, replicate3dUrl } from './replicate-3d.js';
import { createReplicateTrainer } from './replicate-trainer.js';
import {
  fillTemplate,
  requestValues,
  type TemplatedModelConfig,
  templatedModelCapabilities,
} from './template.js';
import {
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
 * Replicate predictions. A job creates a prediction for the model (`POST /models/{owner}/{name}/
 * predictions`, or `/predictions` with a version id), with `Prefer: wait` for quick models and a
 * `Cancel-After` deadline, then follows it by polling and, when a public URL and webhook secret are
 * configured, by signed webhooks (Standard Webhooks: HMAC-SHA256 over `id.timestamp.body`). Progress
 * comes from tqdm lines in the logs. Output files are temporary: they are downloaded at once, and an
 * expired URL is refreshed by reading the prediction again.
 */

export interface ReplicateModelConfig extends TemplatedModelConfig {
  /** "owner/name" (official models) or "owner/name:version". */
  model: string;
  /** The prediction input, with placeholders (template.ts). */
  input: Record<string, unknown>;
  /** Seconds to hold the create request open (`Prefer: wait=N`, 1–60); 0: do not wait. */
  waitSeconds: number;
  /** A community model given without a version: its latest version is read and used. */
  community?: boolean;
  steps?: { standard: number; high: number; ultra: number };
}

export interface ReplicateProviderConfig {
  id: string;
  name: string;
  apiToken: string;
  /** Default https://api.replicate.com/v1. */
  baseUrl: string;
  models: ReplicateModelConfig[];
  /** Where Replicate posts webhooks (PUBLIC_URL + the webhook route); absent: polling only. */
  webhookUrl?: string;
  /** The `whsec_…` signing secret; absent: read once from GET /webhooks/default/secret. */
  webhookSecret?: string;
  /** Poll interval while a prediction runs (default 1 s; 5 s when webhooks are on). */
  pollIntervalMs?: number;
  fetch?: FetchLike;
}

export interface Prediction {
  id: string;
  status: 'starting' | 'processing' | 'succeeded' | 'failed' | 'canceled' | 'aborted';
  output?: unknown;
  error?: unknown;
  logs?: string | null;
  metrics?: { predict_time?: number };
  urls?: { get?: string; cancel?: string };
}

export interface ReplicateProvider extends GenerationProvider {
  /**
   * Verifies and applies a webhook delivery. Throws on a bad or stale signature; returns false for a
   * replayed delivery id.
   */
  receiveWebhook(headers: Record<string, string | string[] | undefined>, rawBody: Buffer): Promise<boolean>;
}

const TERMINAL = new Set(['succeeded', 'failed', 'canceled', 'aborted']);
const POLICY = /nsfw|safety|content polic|sensitive|flagged|inappropriate/i;
const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

/** The last tqdm percentage in the logs ("45%|████▌     | 9/20"), if any. */
export function progressFromLogs(logs: string | null | undefined): number | undefined {
  if (!logs) return undefined;
  const lines = logs.trimEnd().split(/\r|\n/).reverse();
  for (const line of lines) {
    const percent = /(\d{1,3})%\|/.exec(line);
    if (percent) return Math.min(100, Number(percent[1]));
    const steps = /\b(\d+)\/(\d+)\s*\[/.exec(line);
    if (steps && Number(steps[2]) > 0) return Math.min(100, (Number(steps[1]) / Number(steps[2])) * 100);
  }
  return undefined;
}

/** The first file URL in a model's output: a string, an array of them, or an object holding one. */
export function firstUrl(output: unknown): string | undefined {
  if (typeof output === 'string') return /^(https?:|data:)/.test(output) ? output : undefined;
  if (Array.isArray(output)) {
    for (const item of output) {
      const url = firstUrl(item);
      if (url) return url;
    }
    return undefined;
  }
  if (output && typeof output === 'object') {
    for (const value of Object.values(output)) {
      const url = firstUrl(value);
      if (url) return url;
    }
  }
  return undefined;
}

/** Standard Webhooks signature check (research 4.5); throws when it does not hold. */
export function verifyStandardWebhook(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  rawBody: Buffer,
  nowSeconds = Math.floor(Date.now() / 1000),
): string {
  const header = (name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const id = header('webhook-id');
  const timestamp = header('webhook-timestamp');
  const signatures = header('webhook-signature');
  if (!id || !timestamp || !signatures) throw new Error('unsigned webhook');
  if (!/^\d+$/.test(timestamp) || Math.abs(nowSeconds - Number(timestamp)) > WEBHOOK_TOLERANCE_SECONDS) {
    throw new Error('stale webhook timestamp');
  }
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.`).update(rawBody).digest();
  const valid = signatures.split(' ').some((entry) => {
    const [version, signature] = entry.split(',');
    if (version !== 'v1' || !signature) return false;
    const given = Buffer.from(signature, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!valid) throw new Error('bad webhook signature');
  return id;
}

export function createReplicateProvider(config: ReplicateProviderConfig): ReplicateProvider {
  const base = config.baseUrl.replace(/\/+$/, '');
  const provider = config.name;
  const models = new Map(config.models.map((model) => [model.id, model]));
  const health = createHealthRecord();
  const listeners = new Map<string, Set<(prediction: Prediction) => void>>();
  const seenDeliveries = new Map<string, number>();
  let secret: Promise<string> | null = config.webhookSecret ? Promise.resolve(config.webhookSecret) : null;
  const pollMs = config.pollIntervalMs ?? (config.webhookUrl ? 5000 : 1000);
  let schemaCheck: Promise<Map<string, string[]>> | null = null;

  /**
   * Each official model's input schema (`latest_version.openapi_schema`) against the configured input:
   * fields it does not have, constants outside its enums, aspect ratios it does not accept. Read once;
   * a model whose schema cannot be read is not judged.
   */
  function schemaProblems(): Promise<Map<string, string[]>> {
    schemaCheck ??= Promise.all(
      config.models.map(async (model): Promise<[string, string[]]> => {
        if (model.model.includes(':')) return [model.id, []];
        try {
          const response = await send(`${base}/models/${model.model}`, {
            headers: auth,
            retry: 'idempotent',
            provider,
            fetch: config.fetch,
            timeoutMs: 15_000,
          });
          if (!response.ok) {
            await response.body?.cancel().catch(() => undefined);
            return [model.id, response.status === 404 ? [`${model.model} does not exist`] : []];
          }
          const body = await readJson<{
            latest_version?: { openapi_schema?: { components?: { schemas?: { Input?: InputSchema } } } };
          }>(response, provider);
          const schema = body.latest_version?.openapi_schema?.components?.schemas?.Input;
          return [model.id, schema ? inputProblems(model, schema) : []];
        } catch {
          return [model.id, []];
        }
      }),
    ).then((entries) => new Map(entries));
    return schemaCheck;
  }

  const capabilities = {
    providerId: config.id,
    providerName: config.name,
    models: config.models.map(
      (model): ModelCapabilities =>
        with3dImage(
          templatedModelCapabilities(model, model.input, `${model.model.split(':')[0]} on Replicate`),
          model.input,
        ),
    ),
  };

  const auth = { Authorization: `Bearer ${config.apiToken}` };

  /** Only ever sends the token to the API's origin, whatever URL a response names. */
  function apiUrl(url: string | undefined, fallback: string): string {
    return url && sameOrigin(url, base) ? url : `${base}${fallback}`;
  }

  async function failure(response: Response): Promise<ProviderError> {
    const text = await safeText(response);
    let problem: {
      detail?: unknown;
      title?: string;
      invalid_fields?: { field?: string; description?: string }[];
    } = {};
    try {
      problem = JSON.parse(text);
    } catch {
      // not problem details
    }
    const detail = typeof problem.detail === 'string' ? problem.detail : text.slice(0, 300);
    const message = `${provider} answered ${response.status}: ${detail}`;
    if (response.status === 422 || response.status === 400) {
      if (POLICY.test(detail)) {
        return new ProviderError('content_policy', message, { userMessage: policyMessage(provider) });
      }
      const field = problem.invalid_fields?.[0]?.field;
      return new ProviderError('invalid_input', message, {
        field,
        userMessage: `The model did not accept these settings${field ? ` (${field})` : ''}: ${detail.slice(0, 200)}`,
      });
    }
    return new ProviderError('unavailable', message);
  }

  async function getPrediction(
    id: string,
    urls: Prediction['urls'],
    signal: AbortSignal,
  ): Promise<Prediction> {
    const response = await send(apiUrl(urls?.get, `/predictions/${encodeURIComponent(id)}`), {
      headers: auth,
      signal,
      retry: 'idempotent',
      provider,
      fetch: config.fetch,
      timeoutMs: 30_000,
    });
    if (!response.ok) throw await failure(response);
    return readJson<Prediction>(response, provider);
  }

  async function cancel(prediction: Prediction): Promise<void> {
    await send(apiUrl(prediction.urls?.cancel, `/predictions/${encodeURIComponent(prediction.id)}/cancel`), {
      method: 'POST',
      headers: auth,
      retry: 'idempotent',
      provider,
      fetch: config.fetch,
      timeoutMs: 10_000,
    })
      .then((response) => response.body?.cancel())
      .catch(() => undefined);
  }

  /**
   * Uploads a tool's input through the Files API (`POST /files`, multipart field `content`) and answers
   * the file's URL, which predictions take as a file input (Replicate reads it with our token).
   */
  async function uploadFile(data: Buffer | Blob, name: string, signal: AbortSignal): Promise<string> {
    const form = new FormData();
    const content = data instanceof Blob ? data : new Blob([new Uint8Array(data)], { type: 'image/png' });
    form.append('content', content, name);
    form.append('metadata', JSON.stringify({ source: 'kaleido' }));
    const response = await send(`${base}/files`, {
      method: 'POST',
      headers: auth,
      body: form,
      signal,
      retry: 'rate-limit',
      provider,
      fetch: config.fetch,
      timeoutMs: 120_000,
    });
    if (!response.ok) throw await failure(response);
    const file = await readJson<{ id?: string; urls?: { get?: string } }>(response, provider);
    const url = file.urls?.get ?? (file.id ? `${base}/files/${encodeURIComponent(file.id)}` : undefined);
    if (!url) throw new ProviderError('unavailable', `${provider} stored the file but named no URL`);
    return url;
  }

  const latestVersions = new Map<string, Promise<string>>();

  /**
   * The latest version id of a community model (`GET /models/{owner}/{name}` → `latest_version.id`):
   * only official models take `POST /models/…/predictions`; the others need `POST /predictions` with a
   * version. Read once per model; a failed read is tried again next time.
   */
  function latestVersion(name: string): Promise<string> {
    let found = latestVersions.get(name);
    if (!found) {
      found = (async () => {
        const response = await send(`${base}/models/${name}`, {
          headers: auth,
          retry: 'idempotent',
          provider,
          fetch: config.fetch,
          timeoutMs: 15_000,
        });
        if (!response.ok) throw await failure(response);
        const body = await readJson<{ latest_version?: { id?: string } }>(response, provider);
        if (!body.latest_version?.id)
          throw new ProviderError('unavailable', `${name} has no version on ${provider}`);
        return body.latest_version.id;
      })();
      latestVersions.set(name, found);
      found.catch(() => latestVersions.delete(name));
    }
    return found;
  }

  async function create(model: ReplicateModelConfig, input: unknown, timeoutSeconds: number) {
    const [name = model.model, pinned] = model.model.split(':');
    const version = pinned ?? (model.community ? await latestVersion(name) : undefined);
    const body: Record<string, unknown> = version ? { version, input } : { input };
    if (config.webhookUrl) {
      body.webhook = config.webhookUrl;
      body.webhook_events_filter = ['start', 'logs', 'completed'];
    }
    const headers: Record<string, string> = {
      ...auth,
      'Content-Type': 'application/json',
      'Cancel-After': `${timeoutSeconds}s`,
    };
    if (model.waitSeconds > 0) headers.Prefer = `wait=${Math.min(60, model.waitSeconds)}`;
    const response = await send(version ? `${base}/predictions` : `${base}/models/${name}/predictions`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      retry: 'rate-limit',
      provider,
      fetch: config.fetch,
      timeoutMs: (Math.min(60, model.waitSeconds) + 30) * 1000,
    });
    if (!response.ok) throw await failure(response);
    return readJson<Prediction>(response, provider);
  }

  /** Resolves with the next webhook update of this prediction, or after `ms`. */
  function nextUpdate(id: string, ms: number, signal: AbortSignal): Promise<Prediction | null> {
    return new Promise((resolve, reject) => {
      const set = listeners.get(id) ?? new Set();
      listeners.set(id, set);
      const done = (value: Prediction | null) => {
        clearTimeout(timer);
        set.delete(listener);
        if (!set.size) listeners.delete(id);
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      };
      const listener = (prediction: Prediction) => done(prediction);
      const onAbort = () => {
        done(null);
        reject(signal.reason);
      };
      const timer = setTimeout(() => done(null), ms);
      set.add(listener);
      signal.addEventListener('abort', onAbort, { once: true });
    });
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
    const timeoutSeconds = model.timeoutSeconds ?? (request.kind === 'image' ? 300 : 1800);
    const { file, prediction, started } = await predict(
      model,
      input,
      timeoutSeconds,
      request.resumeState,
      context,
    );
    return toOutput(file, request, {
      model: model.id,
      provider,
      seed: request.seed,
      details: {
        provider: config.id,
        remoteModel: model.model,
        predictionId: prediction.id,
        predictSeconds: prediction.metrics?.predict_time,
        waitedSeconds: Math.round((Date.now() - started) / 100) / 10,
      },
    });
  }

  /** A tool model of this provider that offers `tool`. */
  function toolModel(id: string, tool: Parameters<typeof requireTool>[1]): ReplicateModelConfig {
    const model = models.get(id);
    if (!model) throw new ProviderError('invalid_input', `${provider} has no model "${id}"`);
    requireTool(model.tools, tool, provider, id);
    return model;
  }

  /**
   * An edit or upscale: the source (and mask) go up through the Files API, their URLs fill the
   * model's input as `{{image}}` and `{{mask}}`; an expand becomes a fill of the grown canvas.
   */
  async function runTool(
    model: ReplicateModelConfig,
    request: EditRequest | UpscaleRequest,
    files: { image: Buffer; mask?: Buffer } | null,
    context: GenerationContext,
  ): Promise<GenerationOutput> {
    const resumed = Boolean((request.resumeState as { predictionId?: string } | undefined)?.predictionId);
    let values = toolValues(request, {});
    if (files && !resumed) {
      context.report({ progress: 1, stage: `Sending the image to ${provider}` });
      values = {
        ...values,
        image: await uploadFile(files.image, 'image.png', context.signal),
        mask: files.mask ? await uploadFile(files.mask, 'mask.png', context.signal) : undefined,
      };
    }
    const timeoutSeconds = model.timeoutSeconds ?? 600;
    const { file, prediction, started } = await predict(
      model,
      () => fillTemplate(model.input, values),
      timeoutSeconds,
      request.resumeState,
      context,
    );
    const output = await imageOutput(file, {
      model: model.id,
      provider,
      seed: request.seed,
      details: {
        provider: config.id,
        remoteModel: model.model,
        predictionId: prediction.id,
        predictSeconds: prediction.metrics?.predict_time,
        waitedSeconds: Math.round((Date.now() - started) / 100) / 10,
      },
    });
    return 'mode' in request ? keepSource(request, output) : output;
  }

  async function edit(request: EditRequest, context: GenerationContext): Promise<GenerationOutput> {
    const model = toolModel(request.model, toolOfEdit(request.mode));
    const source = sourceImage(request);
    editPrompt(request);
    if (request.resumeState) return runTool(model, request, null, context);
    if (request.mode === 'expand') {
      // The grown canvas (margins roughed in) and the mask of its new area: a fill model completes it.
      return runTool(model, request, await expandAsInpaint(request, context.signal), context);
    }
    if (request.mode === 'inpaint') {
      if (!request.mask)
        throw new ProviderError('invalid_input', 'An inpaint needs a mask', { field: 'mask' });
      const mask = await maskPng(request.mask, source.width, source.height);
      return runTool(model, request, { image: await sourcePng(request), mask }, context);
    }
    return runTool(model, request, { image: await sourcePng(request) }, context);
  }

  async function upscale(request: UpscaleRequest, context: GenerationContext): Promise<GenerationOutput> {
    const model = toolModel(request.model, 'enhance');
    if (request.resumeState) return runTool(model, request, null, context);
    return runTool(model, request, { image: await sourcePng(request) }, context);
  }

  /**
   * A lipsync (issue 21): the video and audio go up through the Files API (read from disk, never
   * whole in memory), their URLs fill `{{video}}` and `{{audio}}`; the output is the video's URL.
   */
  async function lipsync(request: LipsyncRequest, context: GenerationContext): Promise<GenerationOutput> {
    const model = toolModel(request.model, 'lipsync');
    let values = lipsyncValues(request);
    if (!(request.resumeState as { predictionId?: string } | undefined)?.predictionId) {
      context.report({ progress: 1, stage: `Sending the video and audio to ${provider}` });
      const upload = async (what: 'video' | 'audio', file: string, contentType: string) =>
        uploadFile(
          await openAsBlob(file, { type: contentType }),
          lipsyncFileName(what, contentType),
          context.signal,
        );
      values = lipsyncValues(request, {
        video: await upload('video', request.video.file, request.video.contentType),
        audio: await upload('audio', request.audio.file, request.audio.contentType),
      });
    }
    const { file, prediction, started } = await predict(
      model,
      () => fillTemplate(model.input, values),
      model.timeoutSeconds ?? 1800,
      request.resumeState,
      context,
    );
    return lipsyncOutput(file, request, {
      model: model.id,
      provider,
      details: {
        provider: config.id,
        remoteModel: model.model,
        predictionId: prediction.id,
        syncMode: request.syncMode,
        predictSeconds: prediction.metrics?.predict_time,
        waitedSeconds: Math.round((Date.now() - started) / 100) / 10,
      },
    });
  }

  /** A 3D object (issue 21): the image goes up through the Files API into `{{image}}`; the GLB is read by name. */
  async function generate3d(request: Model3dRequest, context: GenerationContext): Promise<GenerationOutput> {
    const model = toolModel(request.model, '3d');
    require3dImage(model.input, request, provider);
    let image: string | undefined;
    if (request.image && !(request.resumeState as { predictionId?: string } | undefined)?.predictionId) {
      context.report({ progress: 1, stage: `Sending the image to ${provider}` });
      image = await uploadFile(request.image.data, 'image.png', context.signal);
    }
    const { file, prediction, started } = await predict(
      model,
      () => fillTemplate(model.input, model3dValues(request, image)),
      model.timeoutSeconds ?? 900,
      request.resumeState,
      context,
      replicate3dUrl,
    );
    return modelOutput(file.data, {
      model: model.id,
      provider,
      seed: request.seed,
      details: {
        provider: config.id,
        remoteModel: model.model,
        predictionId: prediction.id,
        predictSeconds: prediction.metrics?.predict_time,
        waitedSeconds: Math.round((Date.now() - started) / 100) / 10,
      },
    });
  }

  /** Creates (or resumes) a prediction, follows it to the end and downloads its file (`pickUrl` names it). */
  async function predict(
    model: ReplicateModelConfig,
    input: () => unknown,
    timeoutSeconds: number,
    resumeState: unknown,
    context: GenerationContext,
    pickUrl: (output: unknown) => string | undefined = firstUrl,
  ): Promise<{ file: Awaited<ReturnType<typeof download>>; prediction: Prediction; started: number }> {
    const resume = resumeState as { predictionId?: string } | undefined;
    let prediction: Prediction;
    if (resume?.predictionId) {
      prediction = await getPrediction(resume.predictionId, undefined, context.signal);
    } else {
      context.report({ progress: 1, stage: `Sending to ${provider}` });
      // The create is not aborted with the job: its answer names the prediction to cancel (an abandoned
      // create would leave a paid prediction running until its Cancel-After deadline).
      prediction = await create(model, input(), timeoutSeconds);
      await context.checkpoint({ predictionId: prediction.id });
      if (context.signal.aborted) {
        await cancel(prediction);
        throw context.signal.reason;
      }
    }
    const started = Date.now();
    try {
      while (!TERMINAL.has(prediction.status)) {
        const percent = progressFromLogs(prediction.logs);
        context.report({
          progress: percent ?? 2,
          stage: prediction.status === 'starting' ? `Starting at ${provider}` : 'Generating',
        });
        const update = await nextUpdate(prediction.id, pollMs, context.signal);
        prediction = update ?? (await getPrediction(prediction.id, prediction.urls, context.signal));
      }
    } catch (error) {
      // Cancelled, or lost track of it (the job may move to another provider): stop paying for it.
      await cancel(prediction);
      throw context.signal.aborted ? context.signal.reason : error;
    }
    if (prediction.status === 'failed') {
      const text =
        typeof prediction.error === 'string' ? prediction.error : JSON.stringify(prediction.error ?? '');
      if (POLICY.test(text)) {
        throw new ProviderError('content_policy', `${provider} refused: ${text.slice(0, 300)}`, {
          userMessage: policyMessage(provider),
        });
      }
      throw new ProviderError('internal', `${provider} prediction failed: ${text.slice(0, 300)}`);
    }
    if (prediction.status !== 'succeeded') {
      throw new ProviderError('internal', `${provider} prediction ended ${prediction.status}`);
    }
    context.report({ progress: 99, stage: 'Saving' });
    const fetchOutput = (current: Prediction) => {
      const url = pickUrl(current.output);
      if (!url) throw new ProviderError('internal', `${provider} prediction succeeded without a file`);
      return download(url, { provider, fetch: config.fetch, signal: context.signal });
    };
    let file: Awaited<ReturnType<typeof download>>;
    try {
      file = await fetchOutput(prediction);
    } catch (error) {
      if (!(error instanceof ProviderError && error.kind === 'output_expired')) throw error;
      // A delivery URL can lapse (e.g. a job resumed after a restart): read the prediction again for fresh ones.
      file = await fetchOutput(await getPrediction(prediction.id, prediction.urls, context.signal));
    }
    return { file, prediction, started };
  }

  return {
    id: config.id,
    capabilities: () => capabilities,
    generate: (request, context) => health.track(() => run(request, context)),
    edit: (request, context) => health.track(() => edit(request, context)),
    upscale: (request, context) => health.track(() => upscale(request, context)),
    lipsync: (request, context) => health.track(() => lipsync(request, context)),
    generate3d: (request, context) => health.track(() => generate3d(request, context)),
    trainer: createReplicateTrainer(config),
    async health() {
      const state = health.state();
      if (!state.ok) return state;
      const problems = [...(await schemaProblems()).entries()]
        .filter(([, list]) => list.length)
        .map(([id, list]) => `${id}: ${list.join('; ')}`);
      return problems.length ? { ok: true, detail: problems.join(' | ') } : state;
    },

    async receiveWebhook(headers, rawBody) {
      secret ??= (async () => {
        const response = await send(`${base}/webhooks/default/secret`, {
          headers: auth,
          retry: 'idempotent',
          provider,
          fetch: config.fetch,
        });
        if (!response.ok) throw await failure(response);
        const { key } = await readJson<{ key?: string }>(response, provider);
        if (!key) throw new Error('Replicate returned no webhook secret');
        return key;
      })();
      secret.catch(() => {
        secret = null;
      });
      const id = verifyStandardWebhook(await secret, headers, rawBody);
      const now = Date.now();
      for (const [delivery, at] of seenDeliveries) {
        if (now - at > WEBHOOK_TOLERANCE_SECONDS * 2000) seenDeliveries.delete(delivery);
      }
      if (seenDeliveries.has(id)) return false;
      seenDeliveries.set(id, now);
      const prediction = JSON.parse(rawBody.toString('utf8')) as Prediction;
      for (const listener of [...(listeners.get(prediction.id) ?? [])]) listener(prediction);
      return true;
    },
  };
}

type InputSchema = { properties?: Record<string, { enum?: unknown[]; type?: string }>; required?: string[] };

/** What the configured input asks of a model that its input schema does not allow. */
function inputProblems(model: ReplicateModelConfig, schema: InputSchema): string[] {
  const properties = schema.properties ?? {};
  const problems: string[] = [];
  for (const [field, value] of Object.entries(model.input)) {
    const property = properties[field];
    if (!property) {
      problems.push(`the model has no input "${field}"`);
      continue;
    }
    const placeholder = typeof value === 'string' && /^\{\{\s*aspect_ratio\s*\}\}$/.test(value);
    if (property.enum && placeholder && model.aspectRatios) {
      const refused = model.aspectRatios.filter((ratio) => !property.enum?.includes(ratio));
      if (refused.length) problems.push(`${field} does not accept ${refused.join(', ')}`);
    } else if (property.enum && typeof value !== 'string' && !property.enum.includes(value)) {
      problems.push(`${field} does not accept ${JSON.stringify(value)}`);
    } else if (
      property.enum &&
      typeof value === 'string' &&
      !value.includes('{{') &&
      !property.enum.includes(value)
    ) {
      problems.push(`${field} does not accept "${value}"`);
    }
  }
  for (const field of schema.required ?? []) {
    if (!(field in model.input)) problems.push(`the model requires "${field}"`);
  }
  return problems;
}

function policyMessage(provider: string): string {
  return `This prompt was refused by ${provider}’s safety checks. Please change it and try again; your credits were refunded.`;
}

/** Ready-made inputs for well-known Replicate models (field names from their API pages; research 4, 7.1). */
export const REPLICATE_PRESETS: Record<string, Omit<ReplicateModelConfig, 'id' | 'name' | 'model'>> = {
  'black-forest-labs/flux-schnell': {
    kind: 'image',
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
    aspectRatios: ['1:1', '16:9', '9:16', '4:3', '3:4', '2:3', '3:2'],
  },
  'wan-video/wan-2.2-t2v-fast': {
    kind: 'video',
    input: {
      prompt: '{{prompt}}',
      num_frames: '{{frames}}',
      aspect_ratio: '{{aspect_ratio}}',
      resolution: '{{resolution}}',
      frames_per_second: '{{fps}}',
      seed: '{{seed}}',
    },
    waitSeconds: 0,
    maxWidth: 1280,
    maxHeight: 1280,
    aspectRatios: ['16:9', '9:16'],
    // 81–121 frames at up to 24 fps: five seconds.
    videoDurations: [5],
    videoFrameRates: [24],
  },
  // Tools (issue 16): `{{image}}` and `{{mask}}` are Files API URLs; a mask is white where the model paints.
  'black-forest-labs/flux-fill-pro': {
    kind: 'image',
    generates: false,
    tools: ['inpaint', 'expand'],
    input: {
      prompt: '{{prompt}}',
      image: '{{image}}',
      mask: '{{mask}}',
      seed: '{{seed}}',
      output_format: 'png',
    },
    waitSeconds: 60,
    maxWidth: 2048,
    maxHeight: 2048,
  },
  'black-forest-labs/flux-kontext-pro': {
    kind: 'image',
    generates: false,
    tools: ['prompt-edit', 'restyle'],
    input: {
      prompt: '{{prompt}}',
      input_image: '{{image}}',
      aspect_ratio: 'match_input_image',
      seed: '{{seed}}',
      output_format: 'png',
    },
    waitSeconds: 60,
    maxWidth: 2048,
    maxHeight: 2048,
  },
  'nightmareai/real-esrgan': {
    kind: 'image',
    generates: false,
    community: true,
    tools: ['enhance'],
    input: { image: '{{image}}', scale: '{{scale}}', face_enhance: false },
    waitSeconds: 60,
    maxWidth: 8192,
    maxHeight: 8192,
  },
  // Lipsync (issue 21): `{{video}}` and `{{audio}}` are Files API URLs; sync.so's lipsync-2.
  'sync/lipsync-2': {
    kind: 'video',
    generates: false,
    tools: ['lipsync'],
    input: { video: '{{video}}', audio: '{{audio}}', sync_mode: '{{sync_mode}}', temperature: 0.5 },
    waitSeconds: 0,
    maxWidth: 4096,
    maxHeight: 4096,
    maxOutputSeconds: 300,
  },
  // 3D Objects (issue 21): image-to-3D, `{{image}}` a Files API URL; the GLB is `model_file`.
  ...REPLICATE_3D_PRESETS,
};
