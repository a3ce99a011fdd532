import {
  API_KEY_MESSAGES,
  KEY_PLANS,
  type TGenerationType,
  ZErrorEnvelope,
  ZPublicGenerationAccepted,
  ZPublicGenerationResult,
  ZPublicGenerationStatus,
  ZPublicImageRequest,
  ZPublicVideoRequest,
} from '@kaleido/common';
import { z } from 'zod';
import type { OpenApiDocument } from '../../platform/http/openapi.js';
import type { App } from '../../platform/http/route-schemas.js';
import { ZIdempotencyKeyHeaders } from '../../platform/idempotency/idempotency.js';
import type { PublicApiAuth } from './public-api.auth.js';
import type { PublicApiService } from './public-api.service.js';

/** A documented JSON answer (fastify-type-provider-zod's form, read by the OpenAPI document). */
const json = <S extends z.ZodType>(description: string, schema: S) => ({
  description,
  content: { 'application/json': { schema } },
});

/** Error answers, each an error envelope with what it means on this route. */
const errors = (codes: Record<number, string>) =>
  Object.fromEntries(
    Object.entries(codes).map(([status, description]) => [status, json(description, ZErrorEnvelope)]),
  );

const limits = KEY_PLANS.map(
  (plan) => `${plan.name}: ${plan.requestsPerMinute}/min, ${plan.monthlyCredits} credits/month`,
).join('; ');
const keyErrors = {
  401: 'Missing, malformed or unknown API key.',
  403: 'The key is inactive, or its plan does not allow this.',
  429: `Rate limit of the key's plan exceeded (${limits}). See Retry-After and the RateLimit headers.`,
};
const security = [{ apiKey: [] }];

const generateSchema = (kind: TGenerationType) => ({
  operationId: kind === 'image' ? 'generateImage' : 'generateVideo',
  summary: kind === 'image' ? 'Generate an image' : 'Generate a video',
  security,
  headers: ZIdempotencyKeyHeaders,
  response: {
    200: json(kind === 'image' ? 'The image' : 'The video (MP4)', ZPublicGenerationResult),
    202: json('Still running after the wait: poll statusUrl.', ZPublicGenerationAccepted),
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
      const answer = await service.generate(
        auth.callOf(request),
        { kind: 'image', body: request.body },
        request.headers['idempotency-key'],
      );
      return answer.status === 202 ? reply.status(202).send(answer.body) : answer.body;
    },
  );
  app.post(
    '/api/v1/generate/video',
    { ...generate('video'), schema: { ...generateSchema('video'), body: ZPublicVideoRequest } },
    async (request, reply) => {
      const answer = await service.generate(
        auth.callOf(request),
        { kind: 'video', body: request.body },
        request.headers['idempotency-key'],
      );
      return answer.status === 202 ? reply.status(202).send(answer.body) : answer.body;
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
