import { ZHealthResponse } from '@kaleido/common';
import type { App } from '../../platform/http/route-schemas.js';
import type { HealthService } from './health.service.js';

/** `GET /health` and `GET /api/health`: unauthenticated liveness with a database round trip. */
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
}
