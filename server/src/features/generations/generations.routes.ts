import {
  GENERATION_STATUSES,
  generationFailedCode,
  loginRequiredCode,
  type TGeneration,
  type TGenerationFinished,
  type TGenerationType,
  ZAsset,
  ZGeneration,
  ZGenerationDiagnostics,
  ZGenerationFinished,
  ZGenerationStarted,
  ZImageGenerationRequest,
  ZModel,
  ZSuccessEnvelope,
  ZVideoGenerationRequest,
} from '@kaleido/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/http/app-error.js';
import { openEventStream } from '../../platform/http/event-stream.js';
import type { App } from '../../platform/http/route-schemas.js';
import { ZIdempotencyKeyHeaders } from '../../platform/idempotency/idempotency.js';
import type { Authenticator, RequestAuth } from '../auth/authn.js';
import { WATCH_RENEW_MS } from '../notifications/notifications.service.js';
import type { GenerationEvents } from './generation-events.js';
import type { GenerationRow } from './generations.repository.js';
import {
  type GenerationsService,
  type Prices,
  type SubmitInput,
  SYNC_WAIT_MS,
} from './generations.service.js';
import { presentModels } from './models.js';
import type { ProviderRegistry, ResolvedModel } from './provider-registry.js';

const ZListQuery = z.object({
  status: z.enum(GENERATION_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
const ZWaitQuery = z.object({ wait: z.enum(['true', 'false']).default('true') });
const ZJobParams = z.object({ id: z.string() });

/** The generate calls check the session themselves (their 401 names what needs it), as the app document says. */
const SESSION_SECURITY: { [scheme: string]: string[] }[] = [{ session: [] }, { sessionToken: [] }];

/** The spec's answer for a finished generation: `data.url` (and `data.metadata` for videos). */
function finishedAnswer(generation: TGeneration): TGenerationFinished {
  const asset = generation.asset;
  return {
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
  };
}

/**
 * The answer of a call that starts a job (the generators and the tools): waits for it unless told
 * not to, then the result (200), the failure (502/409 error envelope), or the running job (202).
 */
export async function answerJob(
  generations: GenerationsService,
  reply: FastifyReply,
  submitted: GenerationRow,
  wait: boolean,
) {
  const row = wait ? await generations.waitForEnd(submitted.id, SYNC_WAIT_MS) : submitted;
  const generation = await generations.present(row);
  if (row.status === 'failed' || row.status === 'cancelled') {
    throw new AppError(generationFailedCode(row.kind), generations.failureText(row), {
      details: { generation },
    });
  }
  if (row.status === 'succeeded') {
    return reply.status(200).send({ success: true, data: finishedAnswer(generation) });
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
}

/** What the calls that start a job declare besides their body (the generators and the tools). */
export const JOB_START_SCHEMA = {
  security: SESSION_SECURITY,
  querystring: ZWaitQuery,
  headers: ZIdempotencyKeyHeaders,
  response: {
    200: ZSuccessEnvelope(ZGenerationFinished),
    202: ZSuccessEnvelope(ZGenerationStarted),
  },
};

export function generationsRoutes(
  app: App,
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
    /** The models a person's plan may use (null: all), so pickers list only those (site settings). */
    allowedModels?: (userId: string) => Promise<string[] | null>;
    /** The person's own trained models (Train), shown in their pickers only. */
    personalModels?: (userId: string) => Promise<ResolvedModel[]>;
  },
): void {
  const { authn } = deps;
  const signedIn = authn.signedIn;

  /** The person generating: "Please log in to generate …" (401) without a session. */
  async function generator(request: FastifyRequest, kind: TGenerationType): Promise<RequestAuth> {
    const auth = await authn.optional(request);
    if (!auth) throw new AppError(loginRequiredCode(kind));
    return auth;
  }

  /**
   * Submits the job (once per Idempotency-Key: the offline queue replays with one), waits for it
   * unless `?wait=false`, and answers the result (200), the failure, or the running job (202).
   */
  async function generate(
    request: FastifyRequest,
    reply: FastifyReply,
    input: SubmitInput,
    options: { wait: boolean; idempotencyKey: string | undefined },
  ) {
    const auth = await generator(request, input.kind);
    const submitted = options.idempotencyKey
      ? (await deps.generations.submitOnce(auth.user.id, input, options.idempotencyKey)).row
      : await deps.generations.submit(auth.user.id, input);
    return answerJob(deps.generations, reply, submitted, options.wait);
  }

  const generateSchema = JOB_START_SCHEMA;

  app.post(
    '/api/generate-image',
    {
      preValidation: async (request) => void (await generator(request, 'image')),
      schema: { ...generateSchema, body: ZImageGenerationRequest },
    },
    (request, reply) =>
      generate(
        request,
        reply,
        { kind: 'image', ...request.body },
        { wait: request.query.wait === 'true', idempotencyKey: request.headers['idempotency-key'] },
      ),
  );
  app.post(
    '/api/generate-video',
    {
      preValidation: async (request) => void (await generator(request, 'video')),
      schema: { ...generateSchema, body: ZVideoGenerationRequest },
    },
    (request, reply) =>
      generate(
        request,
        reply,
        { kind: 'video', ...request.body },
        { wait: request.query.wait === 'true', idempotencyKey: request.headers['idempotency-key'] },
      ),
  );

  // Signed in: only the models the person's plan may use (their pickers); everyone else sees them all.
  app.get(
    '/api/models',
    { schema: { response: { 200: ZSuccessEnvelope(z.array(ZModel)) } } },
    async (request) => {
      const viewer = await authn.optional(request);
      const allowed = viewer && deps.allowedModels ? await deps.allowedModels(viewer.user.id) : null;
      const personal = viewer && deps.personalModels ? await deps.personalModels(viewer.user.id) : [];
      return {
        success: true as const,
        data: await presentModels(deps.registry, deps.prices, allowed, personal),
      };
    },
  );

  app.get(
    '/api/generations',
    {
      preValidation: signedIn,
      schema: { querystring: ZListQuery, response: { 200: ZSuccessEnvelope(z.array(ZGeneration)) } },
    },
    async (request) => {
      const auth = await authn.required(request);
      const rows = await deps.generations.list(auth.user.id, request.query.status, request.query.limit);
      return {
        success: true as const,
        data: await Promise.all(rows.map((row) => deps.generations.present(row))),
      };
    },
  );

  const job = ZSuccessEnvelope(ZGeneration);

  app.get(
    '/api/generations/:id',
    { preValidation: signedIn, schema: { params: ZJobParams, response: { 200: job } } },
    async (request, reply) => {
      const auth = await authn.required(request);
      reply.header('Cache-Control', 'no-store');
      const row = await deps.generations.get(request.params.id, auth.user.id);
      if (row.status === 'queued' || row.status === 'running') deps.watch?.(row.id, auth.user.id);
      return { success: true as const, data: await deps.generations.present(row) };
    },
  );

  /** Auto-save off: puts the job's result in the library (the history's Save button). */
  app.post(
    '/api/generations/:id/save',
    { preValidation: signedIn, schema: { params: ZJobParams, response: { 200: ZSuccessEnvelope(ZAsset) } } },
    async (request) => {
      const auth = await authn.required(request);
      return { success: true as const, data: await deps.generations.save(request.params.id, auth.user.id) };
    },
  );

  /** Debug mode's per-job diagnostics (job id, model, provider, attempts, failovers, stages, provider error). */
  app.get(
    '/api/generations/:id/diagnostics',
    {
      preValidation: signedIn,
      schema: { params: ZJobParams, response: { 200: ZSuccessEnvelope(ZGenerationDiagnostics) } },
    },
    async (request, reply) => {
      const auth = await authn.required(request);
      reply.header('Cache-Control', 'no-store');
      return {
        success: true as const,
        data: await deps.generations.diagnostics(request.params.id, auth.user.id),
      };
    },
  );

  app.post(
    '/api/generations/:id/cancel',
    { preValidation: signedIn, schema: { params: ZJobParams, response: { 200: job } } },
    async (request) => {
      const auth = await authn.required(request);
      const row = await deps.generations.cancel(request.params.id, auth.user.id);
      return { success: true as const, data: await deps.generations.present(row) };
    },
  );

  /** Server-sent events: the job's state now and at every change, until it ends. */
  app.get<{ Params: { id: string } }>('/api/generations/:id/events', async (request, reply) => {
    const auth = await deps.authn.required(request);
    const first = await deps.generations.get(request.params.id, auth.user.id);
    let stop = () => {};
    // While the stream is open, the job is followed by a page of its owner (see `watch`).
    deps.watch?.(first.id, auth.user.id);
    const watching = setInterval(() => deps.watch?.(first.id, auth.user.id), WATCH_RENEW_MS);
    const stream = openEventStream(request, reply, () => {
      stop();
      clearInterval(watching);
    });
    // This process's changes arrive with their new state; other processes' by a slow poll.
    stop = deps.generations.follow(first, {
      send: (event) => stream.send(event.type, event),
      end: stream.end,
    });
  });
}
