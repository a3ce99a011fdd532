import {
  type TApiKeyScope,
  ZPublicAccount,
  ZPublicAssetAnswer,
  ZPublicAssetPage,
  ZPublicAssetsQuery,
  ZPublicDeleted,
  ZPublicGenerationPage,
  ZPublicGenerationStatus,
  ZPublicGenerationsQuery,
  ZPublicModels,
} from '@kaleido/common';
import { z } from 'zod';
import { openEventStream } from '../../platform/http/event-stream.js';
import type { App } from '../../platform/http/route-schemas.js';
import type { PublicApiAuth } from './public-api.auth.js';
import type { PublicApiPresenter } from './public-api.presenter.js';
import type { PublicResourcesService } from './public-resources.service.js';
import { errors, json, security } from './route-docs.js';

const keyErrors = {
  401: 'Missing, malformed or unknown API key.',
  403: 'The key is inactive (FORBIDDEN), or lacks the scope this call needs (INSUFFICIENT_SCOPE).',
  429: "Rate limit of the key's plan exceeded. See Retry-After and the RateLimit headers.",
};
const ZIdParams = z.object({ id: z.string().max(64) });

/**
 * The public API beyond generating: the owner's jobs (list, cancel, events), library assets, models
 * and the account. Same key checks (hooks before validation) and usage records as the generate calls.
 */
export function publicResourcesRoutes(
  app: App,
  deps: { auth: PublicApiAuth; service: PublicResourcesService; presenter: PublicApiPresenter },
): void {
  const { auth, service } = deps;
  /**
   * The key checks of a route needing `scope`; `ownJobs`: a key with only `generate` may still reach
   * the jobs it made itself (the service then calls `assertOwnJob`).
   */
  const keyed = (scope: TApiKeyScope, ownJobs = false) => ({
    preValidation: auth.guard({ kind: null, scope, ownJobs }),
    onResponse: auth.record,
  });

  app.get(
    '/api/v1/generations',
    {
      ...keyed('library:read'),
      schema: {
        operationId: 'listGenerations',
        summary: 'List generations',
        description:
          "The account's generations, newest first, a page at a time: pass the answer's `nextCursor` as `cursor` for the next page. Filter by status, type and creation time.",
        tags: ['Generations'],
        security,
        querystring: ZPublicGenerationsQuery,
        response: {
          200: json('A page of generations', ZPublicGenerationPage),
          ...errors({ 400: 'Invalid filter or cursor.', ...keyErrors }),
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.generations(auth.callOf(request), request.query),
    }),
  );

  app.post(
    '/api/v1/generations/:id/cancel',
    {
      ...keyed('library:write', true),
      schema: {
        operationId: 'cancelGeneration',
        summary: 'Cancel a generation',
        description:
          'A queued generation ends at once and its credits are refunded; a running one is told to stop and is refunded when it does. A finished one is answered as it is.',
        tags: ['Generations'],
        security,
        params: ZIdParams,
        response: {
          200: json('The generation after the request', ZPublicGenerationStatus),
          ...errors({ ...keyErrors, 404: 'No such generation for this account.' }),
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.cancel(auth.callOf(request), request.params.id),
    }),
  );

  app.get(
    '/api/v1/generations/:id/events',
    {
      ...keyed('library:read', true),
      schema: {
        operationId: 'followGeneration',
        summary: 'Follow a generation (server-sent events)',
        description:
          'A `text/event-stream` of the generation: an event now and at every change (`progress`, `preview`, then `done`, `failed` or `cancelled`), each `data` a JSON object with `type` and `generation` (the generation as its status call shows it). The stream ends with the job.',
        tags: ['Generations'],
        security,
        params: ZIdParams,
        response: {
          200: {
            description: 'The event stream',
            content: { 'text/event-stream': { schema: z.string() } },
          },
          ...errors({ ...keyErrors, 404: 'No such generation for this account.' }),
        },
      },
    },
    async (request, reply) => {
      const call = auth.callOf(request);
      const first = await service.followed(call, request.params.id);
      let stop = () => {};
      const stream = openEventStream(request, reply, () => {
        stop();
        // A hijacked reply skips onResponse: the call is recorded here.
        void auth.record(request, reply);
      });
      stop = service.follow(first, {
        send: (event) =>
          stream.send(event.type, {
            type: event.type,
            generation: deps.presenter.generation(event.generation),
          }),
        end: stream.end,
      });
    },
  );

  app.get(
    '/api/v1/assets',
    {
      ...keyed('library:read'),
      schema: {
        operationId: 'listAssets',
        summary: 'List library assets',
        description:
          "The account's library (saved results), newest first, a page at a time: `q` searches the prompts, `type` keeps images or videos; pass `nextCursor` as `cursor` for the next page.",
        tags: ['Assets'],
        security,
        querystring: ZPublicAssetsQuery,
        response: {
          200: json('A page of assets', ZPublicAssetPage),
          ...errors({ 400: 'Invalid filter or cursor.', ...keyErrors }),
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.assets(auth.callOf(request), request.query),
    }),
  );

  app.get(
    '/api/v1/assets/:id',
    {
      ...keyed('library:read'),
      schema: {
        operationId: 'getAsset',
        summary: 'Get an asset',
        description: 'One asset of the account, with signed URLs of its file, thumbnail and download.',
        tags: ['Assets'],
        security,
        params: ZIdParams,
        response: {
          200: json('The asset', ZPublicAssetAnswer),
          ...errors({ ...keyErrors, 404: 'No such asset for this account.' }),
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.asset(auth.callOf(request), request.params.id),
    }),
  );

  app.delete(
    '/api/v1/assets/:id',
    {
      ...keyed('library:write'),
      schema: {
        operationId: 'deleteAsset',
        summary: 'Delete an asset',
        description: 'Deletes the asset and its files for good.',
        tags: ['Assets'],
        security,
        params: ZIdParams,
        response: {
          200: json('Deleted', ZPublicDeleted),
          ...errors({ ...keyErrors, 404: 'No such asset for this account.' }),
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.deleteAsset(auth.callOf(request), request.params.id, request.log),
    }),
  );

  app.get(
    '/api/v1/models',
    {
      ...keyed('generate'),
      schema: {
        operationId: 'listModels',
        summary: 'List models',
        description:
          'The models this installation offers: what each can make (types, sizes, aspect ratios, video durations and frame rates), its price in credits, whether it can take jobs now, and the defaults.',
        tags: ['Models'],
        security,
        response: { 200: json('The models', ZPublicModels), ...errors(keyErrors) },
      },
    },
    async (request) => ({ success: true as const, data: await service.models(auth.callOf(request)) }),
  );

  app.get(
    '/api/v1/account',
    {
      ...keyed('account:read'),
      schema: {
        operationId: 'getAccount',
        summary: 'Account and key figures',
        description:
          "The account's balance and plan, and the calling key's monthly allowance, rate limit and usage this calendar month (UTC).",
        tags: ['Account'],
        security,
        response: { 200: json('The account', ZPublicAccount), ...errors(keyErrors) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { success: true as const, data: await service.account(auth.callOf(request)) };
    },
  );
}
