import type { FastifyInstance } from 'fastify';
import type { Authenticator } from '../auth/authn.js';
import type { UsageService } from './usage.service.js';

export function usageRoutes(app: FastifyInstance, deps: { authn: Authenticator; usage: UsageService }): void {
  app.get('/api/usage/summary', async (request, reply) => {
    const auth = await deps.authn.required(request);
    reply.header('Cache-Control', 'no-store');
    return { success: true, data: await deps.usage.summary(auth.user.id) };
  });
}
