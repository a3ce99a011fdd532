import type { TLocale } from '@kaleido/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Authenticator } from '../auth/authn.js';
import type { UsageService } from './usage.service.js';

export function usageRoutes(
  app: FastifyInstance,
  deps: {
    authn: Authenticator;
    usage: UsageService;
    /** The language a signed-in request is answered in (the account's setting). */
    localeOf: (request: FastifyRequest) => Promise<TLocale>;
  },
): void {
  app.get('/api/usage/summary', async (request, reply) => {
    const auth = await deps.authn.required(request);
    reply.header('Cache-Control', 'no-store');
    return { success: true, data: await deps.usage.summary(auth.user.id, await deps.localeOf(request)) };
  });
}
