import type { TLocale } from '@kaleido/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../../platform/http/validation.js';
import type { Authenticator } from '../auth/authn.js';
import { presentUsageLog } from './usage.presenter.js';
import type { UsageService } from './usage.service.js';

const ZUsageLogsQuery = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });

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

  app.get('/api/usage/stats', async (request) => {
    const auth = await deps.authn.required(request);
    return { success: true, data: await deps.usage.stats(auth.user.id) };
  });

  app.get('/api/usage/logs', async (request) => {
    const auth = await deps.authn.required(request);
    const { limit } = parseInput(ZUsageLogsQuery, request.query);
    const rows = await deps.usage.logs(auth.user.id, limit);
    return { success: true, data: rows.map(presentUsageLog) };
  });
}
