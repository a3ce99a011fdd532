import { ZHealthResponse, ZLivenessResponse, ZReadinessResponse } from '@kaleido/common';
import type { App } from '../../platform/http/route-schemas.js';
import type { HealthService } from './health.service.js';

/**
 * `GET /health` and `GET /api/health`: unauthenticated liveness with a database round trip; the
 * orchestrator's probes `GET /health/live` (process up) and `GET /health/ready` (can serve: 503 names
 * the failing part).
 */
export function healthRoutes(app: App, deps: { health: HealthService }): void {
  // The same body either way: 200 when the database answers, 503 when it does not.
  const options = { schema: { response: { 200: ZHealthResponse, 503: ZHealthResponse } } };
  for (const path of ['/health', '/api/health']) {
    app.get(path, options, async (_request, reply) => {
      const { healthy, body } = await deps.health.check();
      return reply
        .status(healthy ? 200 : 503)
        .header('Cache-Control', 'no-store')
        .send(body);
    });
  }
  app.get('/health/live', { schema: { response: { 200: ZLivenessResponse } } }, async (_request, reply) =>
    reply.header('Cache-Control', 'no-store').send(deps.health.live()),
  );
  app.get(
    '/health/ready',
    { schema: { response: { 200: ZReadinessResponse, 503: ZReadinessResponse } } },
    async (request, reply) => {
      const { ready, body } = await deps.health.ready();
      if (!ready) request.log.warn({ checks: body.checks.filter((entry) => !entry.ok) }, 'not ready');
      return reply
        .status(ready ? 200 : 503)
        .header('Cache-Control', 'no-store')
        .send(body);
    },
  );
}
