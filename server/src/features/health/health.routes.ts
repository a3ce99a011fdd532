import type { FastifyInstance, FastifyReply } from 'fastify';
import type { HealthService } from './health.service.js';

/** `GET /health` and `GET /api/health`: unauthenticated liveness with a database round trip. */
export function healthRoutes(app: FastifyInstance, deps: { health: HealthService }): void {
  const handler = async (_request: unknown, reply: FastifyReply) => {
    const { healthy, body } = await deps.health.check();
    return reply
      .status(healthy ? 200 : 503)
      .header('Cache-Control', 'no-store')
      .send(body);
  };
  app.get('/health', handler);
  app.get('/api/health', handler);
}
