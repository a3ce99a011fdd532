import { ZSuccessEnvelope, ZWebhookReceipt } from '@kaleido/common';
import { z } from 'zod';
import { AppError } from '../../platform/http/app-error.js';
import type { App } from '../../platform/http/route-schemas.js';
import type { ReplicateProvider } from '../../providers/replicate.js';
import type { ProviderRegistry } from './provider-registry.js';

/**
 * `POST /api/webhooks/replicate/:providerId`: Replicate's prediction webhooks. The signature is
 * checked over the raw body (so the body is not parsed first, nor declared); unsigned, forged and
 * stale deliveries get 401, replays are acknowledged and ignored.
 */
export function providerWebhookRoutes(app: App, deps: { registry: ProviderRegistry }): void {
  app.register(async (scope: App) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    scope.post(
      '/api/webhooks/replicate/:providerId',
      {
        schema: {
          params: z.object({ providerId: z.string() }),
          response: { 200: ZSuccessEnvelope(ZWebhookReceipt) },
        },
      },
      async (request, reply) => {
        const provider = deps.registry.provider(request.params.providerId) as ReplicateProvider | undefined;
        if (!provider || typeof provider.receiveWebhook !== 'function') {
          throw new AppError('NOT_FOUND', 'api.webhooks.notFound');
        }
        if (!Buffer.isBuffer(request.body)) throw new AppError('BAD_REQUEST', 'api.webhooks.bodyRequired');
        try {
          const fresh = await provider.receiveWebhook(request.headers, request.body);
          return reply.status(200).send({ success: true, data: { accepted: fresh } });
        } catch (error) {
          request.log.warn({ reason: (error as Error).message }, 'webhook rejected');
          throw new AppError('AUTHENTICATION_FAILED', 'api.webhooks.signatureRejected');
        }
      },
    );
  });
}
