import { type TLocale, ZSuccessEnvelope, ZUsageLog, ZUsageStats, ZUsageSummary } from '@kaleido/common';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { App } from '../../platform/http/route-schemas.js';
import type { Authenticator } from '../auth/authn.js';
import { presentUsageLog } from './usage.presenter.js';
import type { UsageService } from './usage.service.js';

const ZUsageLogsQuery = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });

export function usageRoutes(
  app: App,
  deps: {
    authn: Authenticator;
    usage: UsageService;
    /** The language a signed-in request is answered in (the account's setting). */
    localeOf: (request: FastifyRequest) => Promise<TLocale>;
  },
): void {
  const signedIn = deps.authn.signedIn;

  app.get(
    '/api/usage/summary',
    { preValidation: signedIn, schema: { response: { 200: ZSuccessEnvelope(ZUsageSummary) } } },
    async (request, reply) => {
      const auth = await deps.authn.required(request);
      reply.header('Cache-Control', 'no-store');
      return {
        success: true as const,
        data: await deps.usage.summary(auth.user.id, await deps.localeOf(request)),
      };
    },
  );

  app.get(
    '/api/usage/stats',
    { preValidation: signedIn, schema: { response: { 200: ZSuccessEnvelope(ZUsageStats) } } },
    async (request) => {
      const auth = await deps.authn.required(request);
      return { success: true as const, data: await deps.usage.stats(auth.user.id) };
    },
  );

  app.get(
    '/api/usage/logs',
    {
      preValidation: signedIn,
      schema: { querystring: ZUsageLogsQuery, response: { 200: ZSuccessEnvelope(z.array(ZUsageLog)) } },
    },
    async (request) => {
      const auth = await deps.authn.required(request);
      const rows = await deps.usage.logs(auth.user.id, request.query.limit);
      return { success: true as const, data: rows.map(presentUsageLog) };
    },
  );
}
