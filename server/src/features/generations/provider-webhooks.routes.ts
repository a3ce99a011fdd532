import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/http/app-error.js';
import type { ReplicateProvider } from '../../providers/replicate.js';
import type { ProviderRegistry } from './provider-registry.js';

/**
 * `POST /api/webhooks/replicate/:providerId`: Replicate's prediction webhooks. The signature is
 * checked over the raw body (so the body is not parsed first); unsigned, forged and stale deliveries
 * get 401, replays are acknowledged and ignored.
 */
export function providerWebhookRoutes(app: FastifyInstance, deps: { registry: ProviderRegistry }): void {
  app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    scope.post<{ Params: { providerId: string }; Body: Buffer }>(
      '/api/webhooks/replicate/:providerId',
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
