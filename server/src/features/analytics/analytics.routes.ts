import { ZAnalyticsBatch, ZAnalyticsRecorded, ZSuccessEnvelope } from '@kaleido/common';
import type { App } from '../../platform/http/route-schemas.js';
import type { Authenticator } from '../auth/authn.js';
import type { AnalyticsService } from './analytics.service.js';

/**
 * `POST /api/analytics/events`: a batch from the browser. Always 202 with how many were recorded
 * (0 for anonymous visitors, analytics off or `Sec-GPC: 1`), so the page learns nothing it should not.
 */
export function analyticsRoutes(app: App, deps: { authn: Authenticator; analytics: AnalyticsService }): void {
  app.post(
    '/api/analytics/events',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      bodyLimit: 64 * 1024,
      schema: { body: ZAnalyticsBatch, response: { 202: ZSuccessEnvelope(ZAnalyticsRecorded) } },
    },
    async (request, reply) => {
      const auth = await deps.authn.optional(request);
      const result = await deps.analytics.record(auth?.user.id ?? null, request.body, {
        globalPrivacyControl: request.headers['sec-gpc'] === '1',
      });
      return reply.status(202).send({ success: true, data: result });
    },
  );
}
