import {
  GENERATION_STATUSES,
  loginRequiredCode,
  type TGeneration,
  type TGenerationEvent,
  type TGenerationType,
  type TModel,
  ZImageGenerationRequest,
  ZVideoGenerationRequest,
} from '@kaleido/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/http/app-error.js';
import { parseInput } from '../../platform/http/validation.js';
import type { Authenticator } from '../auth/authn.js';
import { WATCH_RENEW_MS } from '../notifications/notifications.service.js';
import type { GenerationEvents } from './generation-events.js';
import type { GenerationsService, Prices } from './generations.service.js';
import type { ProviderRegistry } from './provider-registry.js';

const ZListQuery = z.object({
  status: z.enum(GENERATION_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
const ZWaitQuery = z.object({ wait: z.enum(['true', 'false']).default('true') });

/** The optional Idempotency-Key header: 1 to 255 characters. */
function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const key = request.headers['idempotency-key'];
  if (key === undefined) return undefined;
  if (Array.isArray(key) || key.length < 1 || key.length > 255) {
    throw new AppError('VALIDATION_FAILED', 'api.request.idempotencyKeyInvalid');
  }
  return key;
}

/** How long the synchronous spec endpoints wait before answering 202 with the job. */
const SYNC_WAIT_MS = 20_000;

/** The spec's answer for a finished generation: `data.url` (and `data.metadata` for videos). */
function finishedAnswer(generation: TGeneration) {
  const asset = generation.asset;
  return {
    success: true,
    data: {
      id: asset?.id ?? generation.id,
      generationId: generation.id,
      url: asset?.url ?? null,
      thumbnailUrl: asset?.thumbnailUrl ?? null,
      downloadUrl: asset?.downloadUrl ?? null,
      prompt: generation.prompt,
      settings: generation.settings,
      metadata: asset
        ? { ...asset.metadata, prompt: generation.prompt, timestamp: asset.createdAt, cost: generation.cost }
        : null,
      generation,
    },
  };
}

export function generationsRoutes(
  app: FastifyInstance,
  deps: {
    authn: Authenticator;
    generations: GenerationsService;
    events: GenerationEvents;
    registry: ProviderRegistry;
    prices: Prices;
    /**
     * An open page of the owner follows this job (polling or the event stream): the long-job e-mail is
     * skipped when a page saw the end. Never throws.
     */
    watch?: (jobId: string, userId: string) => void;
  },
): void {
  const generate = (kind: TGenerationType) => async (request: FastifyRequest, reply: FastifyReply) => {
    const auth = await deps.authn.optional(request);
    if (!auth) throw new AppError(loginRequiredCode(kind));
    const { wait } = parseInput(ZWaitQuery, request.query);
    const idempotencyKey = idempotencyKeyOf(request);
    const input =
      kind === 'image'
        ? { kind, ...parseInput(ZImageGenerationRequest, request.body) }
        : { kind, ...parseInput(ZVideoGenerationRequest, request.body) };
    // With an Idempotency-Key (the offline queue sends one) a repeat gets the first job, charged once.
    const submitted = idempotencyKey
      ? await deps.generations.submitOnce(auth.user.id, input, idempotencyKey)
      : await deps.generations.submit(auth.user.id, input);
    const row = wait === 'true' ? await deps.generations.waitForEnd(submitted.id, SYNC_WAIT_MS) : submitted;
    const generation = await deps.generations.present(row);
    if (row.status === 'succeeded') return finishedAnswer(generation);
    if (row.status === 'failed' || row.status === 'cancelled') {
      const failure = new AppError(
        kind === 'image' ? 'GENERATION_FAILED_IMAGE' : 'GENERATION_FAILED_VIDEO',
        deps.generations.failureText(row),
        { details: { generation } },
      );
      throw failure;
    }
    return reply.status(202).send({
      success: true,
      data: {
        id: generation.id,
        status: generation.status,
        statusUrl: generation.statusUrl,
        eventsUrl: generation.eventsUrl,
        generation,
      },
    });
  };

  app.post('/api/generate-image', generate('image'));
  app.post('/api/generate-video', generate('video'));

  app.get('/api/models', async () => {
    const health = new Map((await deps.registry.health(3000)).map((entry) => [entry.id, entry.ok]));
    const defaults = {
      image: deps.registry.models().find((entry) => entry.model.kinds.includes('image'))?.model.id,
      video: deps.registry.models().find((entry) => entry.model.kinds.includes('video'))?.model.id,
    };
    const data: TModel[] = deps.registry.models().map(({ provider, model }) => ({
      id: model.id,
      name: model.name,
      description: model.description,
      provider: provider.id,
      providerName: provider.capabilities().providerName,
      types: [...model.kinds],
      supportsSeed: model.supportsSeed,
      supportsNegativePrompt: model.supportsNegativePrompt,
      maxWidth: model.maxWidth,
      maxHeight: model.maxHeight,
      aspectRatios: model.aspectRatios ? [...model.aspectRatios] : null,
      videoDurations: model.videoDurations ? [...model.videoDurations] : null,
      videoFrameRates: model.videoFrameRates ? [...model.videoFrameRates] : null,
      prices: {
        image: model.prices?.image ?? deps.prices.image,
        video: model.prices?.video ?? deps.prices.video,
      },
      available: health.get(provider.id) ?? true,
      default: { image: defaults.image === model.id, video: defaults.video === model.id },
    }));
    return { success: true, data };
  });

  app.get('/api/generations', async (request) => {
    const auth = await deps.authn.required(request);
    const query = parseInput(ZListQuery, request.query);
    const rows = await deps.generations.list(auth.user.id, query.status, query.limit);
    return { success: true, data: await Promise.all(rows.map((row) => deps.generations.present(row))) };
  });

  app.get<{ Params: { id: string } }>('/api/generations/:id', async (request, reply) => {
    const auth = await deps.authn.required(request);
    reply.header('Cache-Control', 'no-store');
    const row = await deps.generations.get(request.params.id, auth.user.id);
    if (row.status === 'queued' || row.status === 'running') deps.watch?.(row.id, auth.user.id);
    return { success: true, data: await deps.generations.present(row) };
  });

  /** Auto-save off: puts the job's result in the library (the history's Save button). */
  app.post<{ Params: { id: string } }>('/api/generations/:id/save', async (request) => {
    const auth = await deps.authn.required(request);
    return { success: true, data: await deps.generations.save(request.params.id, auth.user.id) };
  });

  /** Debug mode's per-job diagnostics (job id, model, provider, attempts, failovers, stages, provider error). */
  app.get<{ Params: { id: string } }>('/api/generations/:id/diagnostics', async (request, reply) => {
    const auth = await deps.authn.required(request);
    reply.header('Cache-Control', 'no-store');
    return { success: true, data: await deps.generations.diagnostics(request.params.id, auth.user.id) };
  });

  app.post<{ Params: { id: string } }>('/api/generations/:id/cancel', async (request) => {
    const auth = await deps.authn.required(request);
    const row = await deps.generations.cancel(request.params.id, auth.user.id);
    return { success: true, data: await deps.generations.present(row) };
  });

  /** Server-sent events: the job's state now and at every change, until it ends. */
  app.get<{ Params: { id: string } }>('/api/generations/:id/events', async (request, reply) => {
    const auth = await deps.authn.required(request);
    const first = await deps.generations.get(request.params.id, auth.user.id);
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    let lastSent = '';
    let closed = false;
    const send = (event: TGenerationEvent) => {
      const body = JSON.stringify(event);
      if (body === lastSent || closed) return;
      lastSent = body;
      raw.write(`event: ${event.type}\ndata: ${body}\n\n`);
    };
    const typeOf = (generation: TGeneration): TGenerationEvent['type'] =>
      generation.status === 'succeeded'
        ? 'done'
        : generation.status === 'failed'
          ? 'failed'
          : generation.status === 'cancelled'
            ? 'cancelled'
            : generation.previewUrl
              ? 'preview'
              : 'progress';
    let busy = false;
    const refresh = async () => {
      if (busy || closed) return;
      busy = true;
      try {
        const generation = await deps.generations.present(await deps.generations.get(first.id, auth.user.id));
        const type = typeOf(generation);
        send({ type, generation } as TGenerationEvent);
        if (type === 'done' || type === 'failed' || type === 'cancelled') finish();
      } catch {
        finish();
      } finally {
        busy = false;
      }
    };
    // Other processes' workers are seen by polling; this process's by events.
    const unsubscribe = deps.events.subscribe(first.id, () => void refresh());
    const poll = setInterval(() => void refresh(), 1000);
    const keepAlive = setInterval(() => raw.write(': keep-alive\n\n'), 15_000);
    // While the stream is open, the job is followed by a page of its owner (see `watch`).
    deps.watch?.(first.id, auth.user.id);
    const watching = setInterval(() => deps.watch?.(first.id, auth.user.id), WATCH_RENEW_MS);
    function finish() {
      if (closed) return;
      closed = true;
      unsubscribe();
      clearInterval(poll);
      clearInterval(keepAlive);
      clearInterval(watching);
      raw.end();
    }
    request.raw.on('close', finish);
    raw.write('retry: 2000\n\n');
    await refresh();
  });
}
