import { ZAnalyticsBatch } from '@kaleido/common';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../platform/http/validation.js';
import type { Authenticator } from '../auth/authn.js';
import type { AnalyticsService } from './analytics.service.js';

/**
 * `POST /api/analytics/events`: a batch from the browser. Always 202 with how many were recorded
 * (0 for anonymous visitors, analytics off or `Sec-GPC: 1`), so the page learns nothing it should not.
 */
export function analyticsRoutes(
  app: FastifyInstance,
  deps: { authn: Authenticator; analytics: AnalyticsService },
): void {
  app.post(
    '/api/analytics/events',
    { config: { rateLimit: { max: 60, timeWindow: '1 minute' } }, bodyLimit: 64 * 1024 },
    async (request, reply) => {
      const batch = parseInput(ZAnalyticsBatch, request.body);
      const auth = await deps.authn.optional(request);
      const result = await deps.analytics.record(auth?.user.id ?? null, batch, {
        globalPrivacyControl: request.headers['sec-gpc'] === '1',
      });
      return reply.status(202).send({ success: true, data: result });
    },
  );
}
