import { randomUUID } from 'node:crypto';
import type { TGenerationType } from '@kaleido/common';
import WebSocket from 'ws';
import {
  type Downloaded,
  download,
  type FetchLike,
  readJson,
  type SendOptions,
  safeText,
  send,
  sleep,
} from './http.js';
import { toOutput } from './outputs.js';
import {
  type EditRequest,
  type GenerationContext,
  type GenerationOutput,
  type GenerationProvider,
  type GenerationRequest,
  type ModelCapabilities,
  type ProgressUpdate,
  type ProviderCapabilities,
  ProviderError,
  type ProviderHealth,
  type UpscaleRequest,
} from './provider.js';
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
 * ComfyUI adapter (self-hosted GPUs). Each model is an API-format workflow with placeholders. A job
 * opens a websocket with its own client id (ComfyUI only sends a prompt's execution events to the
 * client that queued it), queues the graph with `POST /prompt`, follows `progress`/`executing` events
 * and binary preview frames, falls back to polling `/history/{id}` when the socket is lost, downloads
 * outputs through `/view`, and cancels with `/queue {delete}` (pending) or `/interrupt` (running).
 * Several servers form a pool: a job goes to the healthy server with the shortest queue whose
 * `/object_info` has every node and file the workflow names.
 */

export interface ComfyModelConfig extends TemplatedModelConfig {
  /** The API-format graph with placeholders. */
  workflow: Record<string, unknown>;
  /** Constants for the workflow's own placeholders (checkpoint file names, cfg, sampler, …). */
  values: Record<string, string | number | boolean>;
  /** Sampler steps per quality (images) or for every video. */
  steps: { standard: number; high: number; ultra: number };
}

export interface ComfyProviderConfig {
  id: string;
  name: string;
  /** Base URLs of the servers of the pool, e.g. http://gpu1:8188. */
  servers: string[];
  models: ComfyModelConfig[];
  /** How often /history is polled while the websocket is connected (default 5 s) or lost (1 s). */
  pollIntervalMs?: { connected: number; disconnected: number };
  /** A server that failed is skipped for this long before it is tried again (default 15 s). */
  retryDownAfterMs?: number;
  fetch?: FetchLike;
}

interface ServerState {
  url: string;
  active: number;
  downUntil: number;
  downDetail: string | null;
  /** Per model: what the server lacks for its workflow (empty: usable). */
  validation: Promise<Map<string, string[]>> | null;
  /** When the validation is to be done again (files may be installed or removed meanwhile). */
  validateAgainAt: number;
}

interface ComfyResumeState {
  server: string;
  promptId: string;
  clientId: string;
}

type FileRef = { filename: string; subfolder?: string; type?: string };
type HistoryEntry = {
  outputs?: Record<string, Record<string, unknown>>;
  status?: { status_str?: string; completed?: boolean; messages?: [string, Record<string, unknown>][] };
};

const PROVIDER = 'ComfyUI';
const IMAGE_EXT = /\.(png|jpe?g|webp)$/i;
const VIDEO_EXT = /\.(mp4|webm)$/i;

function isLink(value: unknown): boolean {
  return (
    Array.isArray(value) && value.length === 2 && typeof value[0] === 'string' && typeof value[1] === 'number'
  );
}

/** The graph for one request: the model's constants, then the request's values, with a "" negative prompt. */
function buildWorkflow(model: ComfyModelConfig, request: GenerationRequest): Record<string, unknown> {
  const steps = request.kind === 'image' ? model.steps[request.quality] : model.steps.standard;
  const values = requestValues(request, { steps, constants: model.values });
  values.negative_prompt = request.negativePrompt ?? '';
  return fillTemplate(model.workflow, values) as Record<string, unknown>;
}

type ObjectInfo = Record<
  string,
  { input?: { required?: Record<string, unknown[]>; optional?: Record<string, unknown[]> } }
>;

/** What a server lacks to run a filled workflow: unknown node classes, missing inputs, files not installed. */
export function validateWorkflow(graph: Record<string, unknown>, info: ObjectInfo): string[] {
  const problems: string[] = [];
  for (const [nodeId, raw] of Object.entries(graph)) {
    const node = raw as { class_type?: string; inputs?: Record<string, unknown> };
    const spec = node.class_type ? info[node.class_type] : undefined;
    if (!spec) {
      problems.push(`node ${nodeId}: the server has no node type "${node.class_type}"`);
      continue;
    }
    const inputs = node.inputs ?? {};
    for (const name of Object.keys(spec.input?.required ?? {})) {
      if (!(name in inputs)) problems.push(`node ${nodeId} (${node.class_type}): input "${name}" is missing`);
    }
    for (const [name, value] of Object.entries(inputs)) {
      if (isLink(value)) continue;
      const inputSpec = spec.input?.required?.[name] ?? spec.input?.optional?.[name];
      if (!inputSpec) continue;
      const [first, second] = inputSpec;
      // Image inputs (LoadImage) list the input folder; a job uploads its own file just before it runs.
      if (second && typeof second === 'object' && (second as { image_upload?: boolean }).image_upload)
        continue;
      const choices = Array.isArray(first)
        ? first
        : first === 'COMBO' && second && typeof second === 'object'
          ? (second as { options?: unknown[] }).options
          : undefined;
      if (choices && !choices.includes(value)) {
        problems.push(`node ${nodeId} (${node.class_type}): ${name} "${String(value)}" is not installed`);
      }
    }
  }
  return problems;
}

/** Does the workflow use a node of this class? */
function hasNode(graph: Record<string, unknown>, classType: string): boolean {
  return Object.values(graph).some((node) => (node as { class_type?: string }).class_type === classType);
}

/** The graph of a tool request, with the names of the files uploaded for it. */
function buildToolWorkflow(
  model: ComfyModelConfig,
  request: EditRequest | UpscaleRequest,
  files: { image: string; mask?: string },
): Record<string, unknown> {
  const values = toolValues(request, { steps: model.steps.standard, constants: model.values });
  values.negative_prompt = '';
  values.image = files.image;
  values.mask = files.mask;
  return fillTemplate(model.workflow, values) as Record<string, unknown>;
}

/** A graph to check a tool model's workflow against a server (the file names are never checked). */
function sampleToolGraph(model: ComfyModelConfig): Record<string, unknown> {
  const source = {
    kind: 'image',
    data: Buffer.alloc(0),
    contentType: 'image/png',
    width: 512,
    height: 512,
  } as const;
  const tools = model.tools ?? [];
  const request: EditRequest | UpscaleRequest = tools.includes('enhance')
    ? { model: model.id, source, seed: 1, scale: 2, quality: 'balanced', width: 1024, height: 1024 }
    : {
        model: model.id,
        source,
        seed: 1,
        mode: tools.includes('expand') ? 'expand' : 'restyle',
        style: 'anime',
        target: { width: 768, height: 512, offsetX: 128, offsetY: 0 },
      };
  return buildToolWorkflow(model, request, {
    image: 'kaleido/validation.png',
    mask: 'kaleido/validation-mask.png',
  });
}

/** The graph a server must be able to run for this model. */
function validationGraph(model: ComfyModelConfig): Record<string, unknown> {
  return model.generates === false ? sampleToolGraph(model) : buildWorkflow(model, sampleRequest(model));
}

/** One submission of the adapter: its graph (built on the chosen server) and how its output is read. */
interface ComfyJob {
  /** The kind of file the workflow saves. */
  output: TGenerationType;
  prepare(server: ServerState, signal: AbortSignal): Promise<Record<string, unknown>>;
  finish(
    file: Downloaded,
    meta: { model: string; provider: string; poster?: Buffer; details: Record<string, unknown> },
  ): Promise<GenerationOutput>;
}

function sampleRequest(model: ComfyModelConfig): GenerationRequest {
  const base = {
    prompt: 'validation',
    model: model.id,
    seed: 1,
    width: Math.min(512, model.maxWidth),
    height: Math.min(512, model.maxHeight),
    aspectRatio: '1:1',
    style: 'default',
  };
  return model.kind === 'image'
    ? { ...base, kind: 'image', imageStyle: 'default', quality: 'standard' }
    : {
        ...base,
        kind: 'video',
        durationSeconds: model.videoDurations?.[0] ?? 3,
        fps: model.videoFrameRates?.[0] ?? 16,
      };
}

/** Preview frames: [uint32 type][uint32 image type][bytes], or type 4 with JSON metadata before the image. */
export function parsePreviewFrame(frame: Buffer): ProgressUpdate['preview'] | null {
  if (frame.length < 8) return null;
  const type = frame.readUInt32BE(0);
  if (type === 1) {
    const format = frame.readUInt32BE(4);
    const contentType = format === 2 ? 'image/png' : 'image/jpeg';
    return { data: frame.subarray(8), contentType };
  }
  if (type === 4) {
    const length = frame.readUInt32BE(4);
    if (8 + length > frame.length) return null;
    try {
      const meta = JSON.parse(frame.subarray(8, 8 + length).toString('utf8')) as { image_type?: string };
      const contentType = meta.image_type === 'image/png' ? 'image/png' : 'image/jpeg';
      return { data: frame.subarray(8 + length), contentType };
    } catch {
      return null;
    }
  }
  return null;
}

/** Whole-workflow progress from per-node events: (finished nodes + the running node's step fraction) / nodes. */
class ProgressTracker {
  private readonly finished = new Set<string>();
  private current: string | null = null;
  private fraction = 0;
  started = false;
  stage = 'Waiting in the ComfyUI queue';

  constructor(
    private readonly graph: Record<string, unknown>,
    private readonly total = Object.keys(graph).length,
  ) {}

  cached(nodes: unknown) {
    if (Array.isArray(nodes)) for (const node of nodes) this.finished.add(String(node));
  }

  executing(node: string | null) {
    this.started = true;
    if (this.current) this.finished.add(this.current);
    this.current = node;
    this.fraction = 0;
    if (node) {
      const type = (this.graph[node] as { class_type?: string } | undefined)?.class_type ?? node;
      this.stage = `Running ${type}`;
    }
  }

  step(value: number, max: number) {
    this.started = true;
    this.fraction = max > 0 ? Math.min(1, value / max) : 0;
    this.stage = `Sampling step ${value} of ${max}`;
  }

  private shown = 1;

  /**
   * Never goes back. While a node samples, most of what is left belongs to it (a sampler takes far
   * longer than loaders, encoders and decoders).
   */
  percent(): number {
    if (!this.started) return this.shown;
    const done = this.finished.size / Math.max(1, this.total);
    const estimate = (done + this.fraction * (1 - done) * 0.9) * 100;
    this.shown = Math.max(this.shown, Math.min(98, Math.max(2, estimate)));
    return Math.round(this.shown);
  }
}

export function createComfyProvider(config: ComfyProviderConfig): GenerationProvider {
  const doFetch = config.fetch ?? fetch;
  const poll = config.pollIntervalMs ?? { connected: 5000, disconnected: 1000 };
  const retryDownAfterMs = config.retryDownAfterMs ?? 15_000;
  const models = new Map(config.models.map((model) => [model.id, model]));
  const servers: ServerState[] = config.servers.map((url) => ({
    url: url.replace(/\/+$/, ''),
    active: 0,
    downUntil: 0,
    downDetail: null,
    validation: null,
    validateAgainAt: 0,
  }));

  const capabilities: ProviderCapabilities = {
    providerId: config.id,
    providerName: config.name,
    models: config.models.map(
      (model): ModelCapabilities =>
        templatedModelCapabilities(model, model.workflow, 'Runs on your own ComfyUI servers'),
    ),
  };

  const call = (server: ServerState, path: string, init: Partial<Omit<SendOptions, 'provider'>> = {}) =>
    send(`${server.url}${path}`, { provider: PROVIDER, fetch: doFetch, timeoutMs: 10_000, ...init });

  function markDown(server: ServerState, detail: string) {
    server.downUntil = Date.now() + retryDownAfterMs;
    server.downDetail = detail;
    server.validation = null;
  }

  function validation(server: ServerState): Promise<Map<string, string[]>> {
    if (server.validation && server.validateAgainAt < Date.now()) server.validation = null;
    if (server.validation) return server.validation;
    server.validateAgainAt = Date.now() + 60_000;
    const current = (async () => {
      const response = await call(server, '/object_info', { retry: 'none', timeoutMs: 30_000 });
      if (!response.ok)
        throw new ProviderError('unavailable', `${server.url}/object_info answered ${response.status}`);
      const info = await readJson<ObjectInfo>(response, PROVIDER);
      const results = new Map(
        config.models.map((model) => [model.id, validateWorkflow(validationGraph(model), info)]),
      );
      // A server lacking something is looked at again within a minute; a complete one every ten.
      const lacking = [...results.values()].some((problems) => problems.length);
      server.validateAgainAt = Date.now() + (lacking ? 60_000 : 600_000);
      return results;
    })();
    server.validation = current;
    current.catch(() => {
      if (server.validation === current) server.validation = null;
    });
    return current;
  }

  /** Queue length of a server that can run the model, or the reason it cannot. */
  async function probe(server: ServerState, modelId: string, signal?: AbortSignal): Promise<number | string> {
    if (server.downUntil > Date.now()) return `${server.url}: ${server.downDetail ?? 'down'}`;
    try {
      const problems = (await validation(server)).get(modelId) ?? [];
      if (problems.length) return `${server.url}: ${problems.join('; ')}`;
      const response = await call(server, '/prompt', { signal, timeoutMs: 5000, retry: 'none' });
      const body = await readJson<{ exec_info?: { queue_remaining?: number } }>(response, PROVIDER);
      server.downUntil = 0;
      server.downDetail = null;
      return Number(body.exec_info?.queue_remaining ?? 0);
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      const detail = error instanceof Error ? error.message : String(error);
      markDown(server, detail);
      return `${server.url}: ${detail}`;
    }
  }

  /** The usable server with the shortest queue (our own running jobs break ties). */
  async function pick(modelId: string, exclude: Set<string>, signal: AbortSignal): Promise<ServerState> {
    const candidates = servers.filter((server) => !exclude.has(server.url));
    const probes = await Promise.all(candidates.map((server) => probe(server, modelId, signal)));
    let best: { server: ServerState; load: number } | null = null;
    const reasons: string[] = [];
    candidates.forEach((server, index) => {
      const result = probes[index];
      if (typeof result === 'string') {
        reasons.push(result);
        return;
      }
      const load = (result ?? 0) * 1000 + server.active;
      if (!best || load < best.load) best = { server, load };
    });
    if (!best) {
      throw new ProviderError(
        'unavailable',
        `No ComfyUI server can run ${modelId}: ${reasons.join(' | ') || 'no servers configured'}`,
      );
    }
    return (best as { server: ServerState }).server;
  }

  async function cancelRemote(server: ServerState, promptId: string, started: boolean): Promise<void> {
    try {
      const response = await call(server, '/queue', { timeoutMs: 3000, retry: 'none' });
      const queue = await readJson<{ queue_running?: unknown[][]; queue_pending?: unknown[][] }>(
        response,
        PROVIDER,
      );
      const has = (items: unknown[][] | undefined) => (items ?? []).some((item) => item[1] === promptId);
      if (has(queue.queue_pending)) {
        await call(server, '/queue', { method: 'POST', ...json({ delete: [promptId] }), timeoutMs: 3000 });
      }
      if (has(queue.queue_running)) {
        await call(server, '/interrupt', {
          method: 'POST',
          ...json({ prompt_id: promptId }),
          timeoutMs: 3000,
        });
      }
    } catch {
      // The queue could not be read: delete it if pending; interrupt only if it is known to be ours and running
      // (older servers ignore prompt_id and would stop whatever runs).
      await call(server, '/queue', {
        method: 'POST',
        ...json({ delete: [promptId] }),
        timeoutMs: 3000,
      }).catch(() => undefined);
      if (started) {
        await call(server, '/interrupt', {
          method: 'POST',
          ...json({ prompt_id: promptId }),
          timeoutMs: 3000,
        }).catch(() => undefined);
      }
    }
  }

  async function history(
    server: ServerState,
    promptId: string,
    signal: AbortSignal,
  ): Promise<HistoryEntry | null> {
    const response = await call(server, `/history/${encodeURIComponent(promptId)}`, {
      signal,
      retry: 'idempotent',
    });
    if (!response.ok)
      throw new ProviderError('unavailable', `${server.url}/history answered ${response.status}`);
    const body = await readJson<Record<string, HistoryEntry>>(response, PROVIDER);
    return body[promptId] ?? null;
  }

  function executionFailure(data: Record<string, unknown>): ProviderError {
    const message = String(data.exception_message ?? 'execution error').trim();
    return new ProviderError(
      'internal',
      `ComfyUI failed in ${String(data.node_type ?? 'a node')}: ${message.slice(0, 300)}`,
    );
  }

  /**
   * `POST /upload/image` (multipart: image, type "input", subfolder, overwrite): a tool's source or
   * mask goes to the server that runs the job; answers the name LoadImage takes ("kaleido/<file>").
   */
  async function upload(server: ServerState, data: Buffer, signal: AbortSignal): Promise<string> {
    const form = new FormData();
    form.append(
      'image',
      new Blob([new Uint8Array(data)], { type: 'image/png' }),
      `kaleido-${randomUUID()}.png`,
    );
    form.append('type', 'input');
    form.append('subfolder', 'kaleido');
    form.append('overwrite', 'true');
    const response = await call(server, '/upload/image', {
      method: 'POST',
      body: form,
      signal,
      timeoutMs: 120_000,
      retry: 'idempotent',
    });
    if (!response.ok) {
      throw new ProviderError(
        'unavailable',
        `ComfyUI /upload/image answered ${response.status}: ${(await safeText(response)).slice(0, 200)}`,
      );
    }
    const file = await readJson<{ name?: string; subfolder?: string }>(response, PROVIDER);
    if (!file.name) throw new ProviderError('unavailable', 'ComfyUI /upload/image answered no file name');
    return file.subfolder ? `${file.subfolder}/${file.name}` : file.name;
  }

  /** Runs one submission on one server until it ends; throws `unavailable` when the server is lost. */
  async function runOn(
    server: ServerState,
    model: ComfyModelConfig,
    job: ComfyJob,
    context: GenerationContext,
    resume: ComfyResumeState | null,
  ): Promise<GenerationOutput> {
    const graph = await job.prepare(server, context.signal);
    const clientId = resume?.clientId ?? randomUUID();
    const tracker = new ProgressTracker(graph);
    let promptId = resume?.promptId ?? randomUUID();
    let lastPreview: ProgressUpdate['preview'];
    let lastPreviewAt = 0;
    let settle: ((outcome: { ok: true } | { ok: false; error: Error }) => void) | null = null;
    const ended = new Promise<{ ok: true } | { ok: false; error: Error }>((resolve) => {
      settle = resolve;
    });
    const finish = (outcome: { ok: true } | { ok: false; error: Error }) => settle?.(outcome);

    // The socket first, so no event of our prompt can be missed.
    const socket = await openSocket(
      `${server.url.replace(/^http/, 'ws')}/ws?clientId=${encodeURIComponent(clientId)}`,
    );
    let connected = Boolean(socket);
    socket?.on('close', () => {
      connected = false;
    });
    socket?.on('error', () => {
      connected = false;
    });
    socket?.on('message', (raw: Buffer, isBinary: boolean) => {
      if (isBinary) {
        const preview = parsePreviewFrame(Buffer.isBuffer(raw) ? raw : Buffer.from(raw));
        if (!preview || !tracker.started) return;
        lastPreview = preview;
        if (Date.now() - lastPreviewAt < 1000) return;
        lastPreviewAt = Date.now();
        context.report({ progress: tracker.percent(), stage: tracker.stage, preview });
        return;
      }
      let message: { type?: string; data?: Record<string, unknown> };
      try {
        message = JSON.parse(raw.toString('utf8'));
      } catch {
        return;
      }
      const data = message.data ?? {};
      if (data.prompt_id !== undefined && data.prompt_id !== promptId) return;
      switch (message.type) {
        case 'execution_start':
          tracker.executing(null);
          tracker.stage = 'Starting';
          break;
        case 'execution_cached':
          tracker.cached(data.nodes);
          break;
        case 'executing':
          if (data.node === null || data.node === undefined) {
            if (data.prompt_id === promptId) finish({ ok: true });
            return;
          }
          tracker.executing(String(data.node));
          break;
        case 'progress':
          tracker.step(Number(data.value), Number(data.max));
          break;
        case 'execution_success':
          finish({ ok: true });
          return;
        case 'execution_error':
          finish({ ok: false, error: executionFailure(data) });
          return;
        case 'execution_interrupted':
          finish({
            ok: false,
            error: context.signal.aborted
              ? (context.signal.reason as Error)
              : new ProviderError('internal', 'The ComfyUI job was interrupted on the server'),
          });
          return;
        default:
          return;
      }
      context.report({ progress: tracker.percent(), stage: tracker.stage });
    });

    try {
      if (!resume) {
        const response = await call(server, '/prompt', {
          method: 'POST',
          ...json({ prompt: graph, client_id: clientId, prompt_id: promptId }),
          signal: context.signal,
          timeoutMs: 30_000,
        });
        if (response.status === 400) throw promptRejected(await readJson(response, PROVIDER));
        if (!response.ok) {
          throw new ProviderError(
            'unavailable',
            `ComfyUI /prompt answered ${response.status}: ${(await safeText(response)).slice(0, 200)}`,
          );
        }
        const accepted = await readJson<{ prompt_id?: string; node_errors?: Record<string, unknown> }>(
          response,
          PROVIDER,
        );
        // Older servers ignore our prompt_id and make their own: follow theirs.
        promptId = accepted.prompt_id ?? promptId;
        await context.checkpoint({ server: server.url, promptId, clientId } satisfies ComfyResumeState);
      }
      context.report({ progress: 1, stage: tracker.stage });

      const onAbort = () => finish({ ok: false, error: context.signal.reason as Error });
      context.signal.addEventListener('abort', onAbort, { once: true });
      let entry: HistoryEntry | null = null;
      let failures = 0;
      try {
        for (;;) {
          const outcome = await Promise.race([
            ended,
            sleep(connected ? poll.connected : poll.disconnected).then(() => null),
          ]);
          if (context.signal.aborted) {
            await cancelRemote(server, promptId, tracker.started);
            throw context.signal.reason;
          }
          if (outcome && !outcome.ok) throw outcome.error;
          try {
            entry = await history(server, promptId, context.signal);
            failures = 0;
          } catch (error) {
            if (context.signal.aborted) continue;
            failures += 1;
            if (failures >= 3) throw error;
            continue;
          }
          if (entry) break;
          if (outcome?.ok) {
            // Finished per the socket but history not written yet: look again shortly.
            await sleep(200, context.signal);
          }
        }
      } finally {
        context.signal.removeEventListener('abort', onAbort);
      }
      if (!entry) throw new ProviderError('internal', 'The ComfyUI job ended without a history entry');
      if (entry.status?.status_str === 'error') {
        const failed = entry.status.messages?.find(([type]) => type === 'execution_error');
        const interrupted = entry.status.messages?.some(([type]) => type === 'execution_interrupted');
        if (interrupted) throw new ProviderError('internal', 'The ComfyUI job was interrupted on the server');
        throw failed ? executionFailure(failed[1]) : new ProviderError('internal', 'The ComfyUI job failed');
      }
      const file = pickOutput(entry, job.output);
      const query = new URLSearchParams({
        filename: file.filename,
        subfolder: file.subfolder ?? '',
        type: file.type ?? 'output',
      });
      const downloaded = await download(`${server.url}/view?${query}`, {
        provider: PROVIDER,
        fetch: doFetch,
        signal: context.signal,
      });
      context.report({ progress: 99, stage: 'Saving' });
      return await job.finish(downloaded, {
        model: model.id,
        provider: PROVIDER,
        poster: lastPreview?.data,
        details: { provider: config.id, server: server.url, promptId },
      });
    } finally {
      socket?.removeAllListeners('message');
      socket?.on('error', () => undefined);
      socket?.close();
    }
  }

  /** A tool model of this provider that offers `tool`. */
  function toolModel(id: string, tool: Parameters<typeof requireTool>[1]): ComfyModelConfig {
    const model = models.get(id);
    if (!model) throw new ProviderError('invalid_input', `Unknown ComfyUI model "${id}"`);
    requireTool(model.tools, tool, PROVIDER, id);
    return model;
  }

  /** A tool submission: its files are uploaded to the server that runs it, then the graph names them. */
  function toolJob(
    request: EditRequest | UpscaleRequest,
    inputs: { image: Buffer; mask?: Buffer },
  ): ComfyJob {
    return {
      output: 'image',
      async prepare(server, signal) {
        const files = {
          image: await upload(server, inputs.image, signal),
          mask: inputs.mask ? await upload(server, inputs.mask, signal) : undefined,
        };
        return buildToolWorkflow(models.get(request.model) as ComfyModelConfig, request, files);
      },
      async finish(file, meta) {
        const output = await imageOutput(file, { ...meta, seed: request.seed });
        return 'mode' in request ? keepSource(request, output) : output;
      },
    };
  }

  /** Runs a job on the best server, moving to another when a server is lost (resuming a checkpointed prompt first). */
  async function run(
    model: ComfyModelConfig,
    job: ComfyJob,
    resumeValue: unknown,
    context: GenerationContext,
  ): Promise<GenerationOutput> {
    const resumeState = resumeValue as Partial<ComfyResumeState> | undefined;
    const resumeServer =
      resumeState?.promptId && resumeState.clientId
        ? servers.find((server) => server.url === resumeState.server)
        : undefined;
    const tried = new Set<string>();
    let resume = resumeServer ? (resumeState as ComfyResumeState) : null;
    for (;;) {
      const server = resume && resumeServer ? resumeServer : await pick(model.id, tried, context.signal);
      tried.add(server.url);
      server.active += 1;
      try {
        return await runOn(server, model, job, context, resume);
      } catch (error) {
        if (context.signal.aborted) throw context.signal.reason;
        if (!(error instanceof ProviderError && error.kind === 'unavailable')) throw error;
        markDown(server, error.message);
        resume = null;
        if (tried.size >= servers.length) throw error;
        context.report({ progress: 1, stage: 'Moving to another ComfyUI server' });
      } finally {
        server.active -= 1;
      }
    }
  }

  return {
    id: config.id,
    capabilities: () => capabilities,

    async generate(request, context) {
      const model = models.get(request.model);
      if (!model || model.kind !== request.kind || model.generates === false) {
        throw new ProviderError(
          'invalid_input',
          `Unknown ComfyUI model "${request.model}" for ${request.kind}s`,
        );
      }
      return run(
        model,
        {
          output: request.kind,
          prepare: async () => buildWorkflow(model, request),
          finish: (file, meta) => toOutput(file, request, meta),
        },
        request.resumeState,
        context,
      );
    },

    async edit(request, context) {
      const model = toolModel(request.model, toolOfEdit(request.mode));
      const source = sourceImage(request);
      // Checks the prompt the mode needs before anything is uploaded.
      editPrompt(request);
      let inputs: { image: Buffer; mask?: Buffer };
      if (request.mode === 'inpaint') {
        if (!request.mask)
          throw new ProviderError('invalid_input', 'An inpaint needs a mask', { field: 'mask' });
        inputs = {
          image: await sourcePng(request),
          mask: await maskPng(request.mask, source.width, source.height),
        };
      } else if (request.mode === 'expand' && !hasNode(model.workflow, 'ImagePadForOutpaint')) {
        // An inpaint workflow offered for expand: the grown canvas and the mask of its new area.
        inputs = await expandAsInpaint(request, context.signal);
      } else {
        inputs = { image: await sourcePng(request) };
      }
      return run(model, toolJob(request, inputs), request.resumeState, context);
    },

    async upscale(request, context) {
      const model = toolModel(request.model, 'enhance');
      return run(model, toolJob(request, { image: await sourcePng(request) }), request.resumeState, context);
    },

    async health(): Promise<ProviderHealth> {
      const states = await Promise.all(
        servers.map(async (server) => {
          try {
            const response = await call(server, '/system_stats', { timeoutMs: 3000, retry: 'none' });
            await response.body?.cancel().catch(() => undefined);
            if (!response.ok) return `${server.url}: answered ${response.status}`;
            const invalid = [...(await validation(server)).entries()].filter(
              ([, problems]) => problems.length,
            );
            return invalid.length
              ? `${server.url}: ${invalid.map(([id, problems]) => `${id}: ${problems[0]}`).join('; ')}`
              : null;
          } catch (error) {
            return `${server.url}: ${error instanceof Error ? error.message : String(error)}`;
          }
        }),
      );
      const problems = states.filter((state): state is string => state !== null);
      return problems.length === servers.length
        ? { ok: false, detail: problems.join(' | ') }
        : problems.length
          ? {
              ok: true,
              detail: `${servers.length - problems.length} of ${servers.length} servers usable: ${problems.join(' | ')}`,
            }
          : { ok: true };
    },

    async close() {
      // Sockets belong to jobs and close with them.
    },
  };
}

function json(body: unknown) {
  return { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
}

function openSocket(url: string): Promise<WebSocket | null> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url, { handshakeTimeout: 5000 });
    const fail = () => {
      socket.removeAllListeners();
      socket.on('error', () => undefined);
      socket.terminate();
      resolve(null);
    };
    socket.once('open', () => {
      socket.off('error', fail);
      resolve(socket);
    });
    socket.once('error', fail);
  });
}

/** `POST /prompt` 400: the graph failed validation; missing files or node types are the server's fault. */
function promptRejected(body: unknown): ProviderError {
  const { error, node_errors: nodeErrors } = (body ?? {}) as {
    error?: { type?: string; message?: string };
    node_errors?: Record<
      string,
      { class_type?: string; errors?: { type?: string; message?: string; details?: string }[] }
    >;
  };
  const problems = Object.entries(nodeErrors ?? {}).flatMap(([id, node]) =>
    (node.errors ?? []).map((item) => ({ id, classType: node.class_type, ...item })),
  );
  const summary =
    problems.map((item) => `${item.classType ?? item.id}: ${item.details || item.message}`).join('; ') ||
    error?.message ||
    'the workflow was rejected';
  if (problems.some((item) => item.type === 'value_not_in_list')) {
    return new ProviderError('unavailable', `ComfyUI cannot run this workflow: ${summary}`);
  }
  return new ProviderError('invalid_input', `ComfyUI rejected the workflow: ${summary}`, {
    userMessage: 'The model could not take these settings. Try another size or duration.',
  });
}

function pickOutput(entry: HistoryEntry, kind: TGenerationType): FileRef {
  const files: FileRef[] = [];
  for (const output of Object.values(entry.outputs ?? {})) {
    for (const key of ['videos', 'gifs', 'images']) {
      const list = output[key];
      if (Array.isArray(list)) files.push(...(list as FileRef[]).filter((file) => file?.filename));
    }
  }
  const wanted = kind === 'video' ? VIDEO_EXT : IMAGE_EXT;
  const matching = files.filter((file) => wanted.test(file.filename));
  const found = matching.find((file) => (file.type ?? 'output') === 'output') ?? matching[0];
  if (!found) {
    throw new ProviderError(
      'internal',
      `The ComfyUI workflow produced no ${kind} file (got ${files.map((f) => f.filename).join(', ') || 'nothing'})`,
    );
  }
  return found;
}
