import {
  API_KEY_MESSAGES,
  KEY_PLANS,
  type TGenerationType,
  ZPublicGenerationAccepted,
  ZPublicGenerationResult,
  ZPublicGenerationStatus,
  ZPublicImageRequest,
  ZPublicVideoRequest,
} from '@kaleido/common';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { OpenApiDocument } from '../../platform/http/openapi.js';
import type { App } from '../../platform/http/route-schemas.js';
import { ZIdempotencyKeyHeaders } from '../../platform/idempotency/idempotency.js';
import { retryAfterSeconds, type WaitChoice, waitChoice } from './prefer.js';
import type { PublicApiAuth } from './public-api.auth.js';
import type { PublicApiService, PublicGenerateAnswer } from './public-api.service.js';
import { errors, json, security } from './route-docs.js';

const limits = KEY_PLANS.map(
  (plan) => `${plan.name}: ${plan.requestsPerMinute}/min, ${plan.monthlyCredits} credits/month`,
).join('; ');
const keyErrors = {
  401: 'Missing, malformed or unknown API key.',
  403: 'The key is inactive, or its plan does not allow this.',
  429: `Rate limit of the key's plan exceeded (${limits}). See Retry-After and the RateLimit headers.`,
};

/** A generate call's headers: its Idempotency-Key, and RFC 7240 preferences (prefer.ts). */
const ZGenerateHeaders = ZIdempotencyKeyHeaders.safeExtend({
  prefer: z.string().max(200).optional().meta({
    description:
      '`respond-async`: answer 202 at once. `wait=N`: wait up to N seconds (1 to 60) for the result instead of 25.',
  }),
});

const generateSchema = (kind: TGenerationType) => ({
  operationId: kind === 'image' ? 'generateImage' : 'generateVideo',
  summary: kind === 'image' ? 'Generate an image' : 'Generate a video',
  security,
  headers: ZGenerateHeaders,
  response: {
    200: json(kind === 'image' ? 'The image' : 'The video (MP4)', ZPublicGenerationResult),
    202: json(
      'Accepted and still running: asked with `Prefer: respond-async` or `wait: false`, or still running after the wait (25 s, or `Prefer: wait=N` seconds, 1 to 60). `Location` is the status URL, `Retry-After` the seconds before polling it; or follow `eventsUrl`.',
      ZPublicGenerationAccepted,
    ),
    ...errors({
      400:
        kind === 'image'
          ? 'Invalid request.'
          : 'Invalid request, or an option the configured model cannot honour.',
      ...keyErrors,
      402: `Insufficient credits (the account's balance or the key's monthly allowance).`,
      409: 'This Idempotency-Key was used with a different request.',
      502: 'The generation failed; no credits were used.',
    }),
  },
});

/** 200 with the result, or 202 with `Location` (the status URL) and `Retry-After`. */
function sendGenerateAnswer(
  reply: FastifyReply,
  answer: PublicGenerateAnswer,
  choice: WaitChoice,
  kind: TGenerationType,
) {
  if (choice.applied) reply.header('Preference-Applied', choice.applied);
  if (answer.replayed) {
    // Answered once, from the earlier job: logged and marked as a replay (Stripe's header).
    reply.log.info({ generationId: answer.body.data.id }, 'idempotent replay answered');
    reply.header('Idempotent-Replayed', 'true');
  }
  if (answer.status === 200) return answer.body;
  return reply
    .status(202)
    .header('Location', answer.body.data.statusUrl)
    .header('Retry-After', String(retryAfterSeconds(kind)))
    .send(answer.body);
}

/**
 * The public developer API, `/api/v1` with `Authorization: Bearer <key>`: declarations only. The key
 * checks run as hooks before the input is validated (public-api.auth.ts), the work is the service's,
 * the answers the presenter's; every call made with a known key is recorded for its usage figures.
 */
export function publicApiRoutes(
  app: App,
  deps: { auth: PublicApiAuth; service: PublicApiService; openapi: () => OpenApiDocument },
): void {
  const { auth, service } = deps;
  const generate = (kind: TGenerationType) => ({
    preValidation: auth.guard({
      kind,
      permission: kind === 'image' ? 'images:create' : 'videos:create',
      refusal: kind === 'image' ? API_KEY_MESSAGES.imageNotAllowed : API_KEY_MESSAGES.videoNotAllowed,
    }),
    onResponse: auth.record,
  });

  app.post(
    '/api/v1/generate/image',
    { ...generate('image'), schema: { ...generateSchema('image'), body: ZPublicImageRequest } },
    async (request, reply) => {
      const choice = waitChoice(request.headers.prefer, request.body.wait);
      const answer = await service.generate(
        auth.callOf(request),
        { kind: 'image', body: request.body },
        request.headers['idempotency-key'],
        choice.waitMs,
      );
      return sendGenerateAnswer(reply, answer, choice, 'image');
    },
  );
  app.post(
    '/api/v1/generate/video',
    { ...generate('video'), schema: { ...generateSchema('video'), body: ZPublicVideoRequest } },
    async (request, reply) => {
      const choice = waitChoice(request.headers.prefer, request.body.wait);
      const answer = await service.generate(
        auth.callOf(request),
        { kind: 'video', body: request.body },
        request.headers['idempotency-key'],
        choice.waitMs,
      );
      return sendGenerateAnswer(reply, answer, choice, 'video');
    },
  );

  app.get(
    '/api/v1/generations/:id',
    {
      preValidation: auth.guard({
        kind: null,
        permission: 'generations:read',
        refusal: API_KEY_MESSAGES.readNotAllowed,
      }),
      onResponse: auth.record,
      schema: {
        operationId: 'getGeneration',
        summary: 'Status and result of a generation',
        security,
        params: z.object({ id: z.string() }),
        response: {
          200: json('The generation', ZPublicGenerationStatus),
          ...errors({ ...keyErrors, 404: 'No such generation for this account.' }),
        },
      },
    },
    (request) => service.status(auth.callOf(request), request.params.id),
  );

  app.get('/api/v1/openapi.json', async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=300');
    return deps.openapi();
  });
}
