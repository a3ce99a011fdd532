import { createHash } from 'node:crypto';
import {
  API_KEY_MESSAGES,
  PUBLIC_VIDEO_RESOLUTIONS,
  type TApiKeyPermission,
  type TApiMessageId,
  type TGenerationType,
  ZPublicImageRequest,
  ZPublicVideoRequest,
} from '@kaleido/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../platform/clock.js';
import { fromDbBoolean, isUniqueViolation } from '../../platform/db/dialect.js';
import type { ApiRequestsTable } from '../../platform/db/schema.js';
import { AppError } from '../../platform/http/app-error.js';
import type { RequestLimiter } from '../../platform/http/request-limiter.js';
import { parseInput } from '../../platform/http/validation.js';
import type { UsersRepository } from '../accounts/users.repository.js';
import type { ApiKeyRow, ApiKeysRepository } from '../api-keys/api-keys.repository.js';
import { type ApiKeysService, keyPlan } from '../api-keys/api-keys.service.js';
import { hashApiKey, isWellFormedApiKey } from '../api-keys/key-format.js';
import { totalCredits } from '../credits/balance.js';
import type { GenerationRow } from '../generations/generations.repository.js';
import type { GenerationsService, SubmitInput } from '../generations/generations.service.js';
import type { OpenApiDocument } from './openapi.js';

/** How long the public generate calls wait before answering 202 with a status URL. */
const PUBLIC_SYNC_WAIT_MS = 25_000;

type Outcome = ApiRequestsTable['outcome'];

interface CallContext {
  key: ApiKeyRow | null;
  kind: TGenerationType | null;
  outcome: Outcome;
  credits: number;
  generationId: string | null;
}

/**
 * The public developer API, `/api/v1` with `Authorization: Bearer <key>`. Checks run in this order:
 * key well-formed and known → active (a personal key: and the owner's integrations on) → permission → per-key rate limit → credits → job. Every call
 * made with a known key is recorded for its usage figures.
 */
export function publicApiRoutes(
  app: FastifyInstance,
  deps: {
    keys: ApiKeysService;
    keysRepository: ApiKeysRepository;
    users: UsersRepository;
    generations: GenerationsService;
    limiter: RequestLimiter;
    /** The key owner's integrations switch (it governs the personal key only; developer keys are their own). */
    integrationsEnabled: (userId: string) => Promise<boolean>;
    /** A known key's owner speaks for the request: its errors come in the owner's language. */
    speaksFor: (request: FastifyRequest, userId: string) => void;
    clock: Clock;
    publicUrl: string;
    openapi: () => OpenApiDocument;
  },
): void {
  const contexts = new WeakMap<FastifyRequest, CallContext>();
  const absolute = (path: string | null) => (path ? `${deps.publicUrl}${path}` : null);

  // Record every call made with a known key once the answer is sent (never for malformed or unknown keys).
  app.addHook('onResponse', async (request, reply) => {
    const context = contexts.get(request);
    if (!context?.key) return;
    await deps.keysRepository
      .recordRequest({
        api_key_id: context.key.id,
        user_id: context.key.user_id,
        endpoint: `${request.method} ${request.routeOptions.url ?? request.url}`,
        kind: context.kind,
        outcome: context.outcome,
        status_code: reply.statusCode,
        credits: context.credits,
        latency_ms: Math.round(reply.elapsedTime),
        generation_id: context.generationId,
        created_at: deps.clock.now().toISOString(),
      })
      .catch((error) => request.log.warn({ err: error }, 'could not record an API request'));
  });

  async function authenticate(request: FastifyRequest, context: CallContext): Promise<ApiKeyRow> {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer '))
      throw new AppError('AUTHENTICATION_REQUIRED', API_KEY_MESSAGES.keyRequired);
    const secret = header.slice('Bearer '.length).trim();
    // Malformed keys are refused before any database lookup.
    if (!isWellFormedApiKey(secret)) throw new AppError('AUTHENTICATION_FAILED', API_KEY_MESSAGES.keyInvalid);
    const key = await deps.keysRepository.findByHash(hashApiKey(secret));
    if (!key) throw new AppError('AUTHENTICATION_FAILED', API_KEY_MESSAGES.keyInvalid);
    context.key = key;
    deps.speaksFor(request, key.user_id);
    if (!fromDbBoolean(key.is_active)) {
      context.outcome = 'forbidden';
      throw new AppError('FORBIDDEN', API_KEY_MESSAGES.keyInactive);
    }
    if (key.kind === 'personal' && !(await deps.integrationsEnabled(key.user_id))) {
      context.outcome = 'forbidden';
      throw new AppError('INTEGRATIONS_DISABLED');
    }
    return key;
  }

  function require(
    key: ApiKeyRow,
    permission: TApiKeyPermission,
    context: CallContext,
    message: TApiMessageId,
  ): void {
    if (!(JSON.parse(key.permissions) as string[]).includes(permission)) {
      context.outcome = 'forbidden';
      throw new AppError('FORBIDDEN', message);
    }
  }

  async function limit(key: ApiKeyRow, reply: FastifyReply, context: CallContext): Promise<void> {
    const plan = keyPlan(key.plan);
    const decision = await deps.limiter.consume(key.id, plan.requestsPerMinute);
    reply
      .header('RateLimit-Policy', `"minute";q=${decision.limit};w=60`)
      .header('RateLimit', `"minute";r=${decision.remaining};t=${decision.resetSeconds}`)
      .header('X-RateLimit-Limit', String(decision.limit))
      .header('X-RateLimit-Remaining', String(decision.remaining))
      .header(
        'X-RateLimit-Reset',
        String(Math.ceil(deps.clock.now().getTime() / 1000) + decision.resetSeconds),
      );
    if (!decision.allowed) {
      context.outcome = 'rate_limited';
      throw new AppError('RATE_LIMITED', API_KEY_MESSAGES.rateLimited, {
        headers: { 'Retry-After': String(decision.resetSeconds) },
      });
    }
  }

  async function balanceOf(userId: string): Promise<number> {
    const user = await deps.users.findById(userId);
    return user ? totalCredits(user) : 0;
  }

  async function answer(reply: FastifyReply, row: GenerationRow, context: CallContext, startedAt: number) {
    const generation = await deps.generations.present(row);
    const meta = {
      creditsUsed: row.status === 'failed' || row.status === 'cancelled' ? 0 : row.cost,
      remainingCredits: await balanceOf(row.user_id),
      responseTime: Math.round(performance.now() - startedAt),
    };
    if (row.status === 'succeeded' && generation.asset) {
      context.outcome = 'success';
      context.credits = row.cost;
      return reply.send({
        success: true,
        data: {
          id: row.id,
          url: absolute(generation.asset.url),
          metadata: {
            prompt: row.prompt,
            timestamp: generation.asset.createdAt,
            model: row.model,
            width: generation.asset.metadata.width,
            height: generation.asset.metadata.height,
            seed: row.seed,
            ...(row.kind === 'video'
              ? {
                  durationSeconds: generation.asset.metadata.durationSeconds,
                  fps: generation.asset.metadata.fps,
                }
              : {}),
            thumbnailUrl: absolute(generation.asset.thumbnailUrl),
          },
        },
        metadata: meta,
      });
    }
    if (row.status === 'failed' || row.status === 'cancelled') {
      context.outcome = row.status === 'failed' ? 'failed' : 'cancelled';
      throw new AppError(
        row.kind === 'image' ? 'GENERATION_FAILED_IMAGE' : 'GENERATION_FAILED_VIDEO',
        deps.generations.failureText(row),
        {
          details: { id: row.id, creditsUsed: 0, remainingCredits: meta.remainingCredits },
        },
      );
    }
    context.outcome = 'accepted';
    context.credits = row.cost;
    return reply.status(202).send({
      success: true,
      data: {
        id: row.id,
        status: row.status,
        progress: row.progress,
        statusUrl: absolute(`/api/v1/generations/${row.id}`),
      },
      metadata: meta,
    });
  }

  const generate = (kind: TGenerationType) => async (request: FastifyRequest, reply: FastifyReply) => {
    const startedAt = performance.now();
    const context: CallContext = { key: null, kind, outcome: 'invalid', credits: 0, generationId: null };
    contexts.set(request, context);
    const key = await authenticate(request, context);
    require(key, kind === 'image' ? 'images:create' : 'videos:create', context, kind === 'image'
      ? API_KEY_MESSAGES.imageNotAllowed
      : API_KEY_MESSAGES.videoNotAllowed);
    await limit(key, reply, context);

    let input: SubmitInput;
    if (kind === 'image') {
      const body = parseInput(ZPublicImageRequest, request.body);
      input = {
        kind,
        prompt: body.prompt,
        seed: body.seed,
        model: body.model,
        settings: { ...body.settings, imageStyle: 'default', quality: 'standard' },
      };
    } else {
      const body = parseInput(ZPublicVideoRequest, request.body);
      input = {
        kind,
        prompt: body.prompt,
        seed: body.seed,
        model: body.model,
        settings: {
          style: body.settings.style === 'animated' ? 'animation' : body.settings.style,
          aspectRatio: '16:9',
          duration: body.settings.duration,
          frameRate: body.settings.frameRate,
          resolution: PUBLIC_VIDEO_RESOLUTIONS[body.settings.resolution],
        },
      };
    }

    // Idempotency-Key: a retry gets the same job back and is never charged twice.
    const idempotencyKey = request.headers['idempotency-key'];
    if (
      Array.isArray(idempotencyKey) ||
      (idempotencyKey !== undefined && (idempotencyKey.length < 1 || idempotencyKey.length > 255))
    ) {
      throw new AppError('VALIDATION_FAILED', 'api.request.idempotencyKeyInvalid');
    }
    const requestHash = createHash('sha256')
      .update(`${kind}\n${JSON.stringify(input)}`)
      .digest('hex');
    const replay = async () => {
      const existing = idempotencyKey
        ? await deps.keysRepository.findIdempotency(key.id, idempotencyKey)
        : undefined;
      if (!existing) return null;
      if (existing.request_hash !== requestHash)
        throw new AppError('CONFLICT', API_KEY_MESSAGES.idempotencyMismatch);
      const row = await deps.generations.get(existing.generation_id, key.user_id);
      context.generationId = row.id;
      return answer(
        reply,
        await deps.generations.waitForEnd(row.id, PUBLIC_SYNC_WAIT_MS),
        { ...context },
        startedAt,
      );
    };
    const replayed = await replay();
    if (replayed) {
      // A replay is not a new request for usage purposes: it is not recorded again.
      contexts.delete(request);
      return replayed;
    }

    let submitted: GenerationRow;
    try {
      submitted = await deps.generations.submit(key.user_id, input, {
        apiKeyId: key.id,
        idempotencyKey,
        async withinTransaction(trx, job) {
          await deps.keys.takeAllowance(key, job.cost, trx);
          if (idempotencyKey) {
            await deps.keysRepository.insertIdempotency(
              {
                apiKeyId: key.id,
                key: idempotencyKey,
                requestHash,
                generationId: job.id,
                now: deps.clock.now().toISOString(),
              },
              trx,
            );
          }
        },
      });
    } catch (error) {
      if (isUniqueViolation(error)) {
        const again = await replay();
        if (again) {
          contexts.delete(request);
          return again;
        }
      }
      if (error instanceof AppError && error.code === 'INSUFFICIENT_CREDITS')
        context.outcome = 'insufficient_credits';
      throw error;
    }
    context.generationId = submitted.id;
    return answer(
      reply,
      await deps.generations.waitForEnd(submitted.id, PUBLIC_SYNC_WAIT_MS),
      context,
      startedAt,
    );
  };

  app.post('/api/v1/generate/image', generate('image'));
  app.post('/api/v1/generate/video', generate('video'));

  app.get<{ Params: { id: string } }>('/api/v1/generations/:id', async (request, reply) => {
    const context: CallContext = {
      key: null,
      kind: null,
      outcome: 'invalid',
      credits: 0,
      generationId: null,
    };
    contexts.set(request, context);
    const key = await authenticate(request, context);
    require(key, 'generations:read', context, API_KEY_MESSAGES.readNotAllowed);
    await limit(key, reply, context);
    const row = await deps.generations.get(request.params.id, key.user_id);
    // Status reads are recorded, but they are not generations.
    context.outcome = 'success';
    context.kind = null;
    context.generationId = null;
    const generation = await deps.generations.present(row);
    return {
      success: true,
      data: {
        id: row.id,
        type: row.kind,
        status: row.status,
        progress: row.progress,
        url: absolute(generation.asset?.url ?? null),
        error: row.error,
        metadata: { prompt: row.prompt, timestamp: row.finished_at ?? row.created_at, model: row.model },
      },
    };
  });

  app.get('/api/v1/openapi.json', async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=300');
    return deps.openapi();
  });
}
