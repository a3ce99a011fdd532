import { createHash, timingSafeEqual } from 'node:crypto';
import { AppError } from '../http/app-error.js';
import type { App } from '../http/route-schemas.js';
import type { Metrics } from './metrics.js';

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/**
 * Counts and times every answer by route template (never the URL, which may carry ids or tokens), and
 * serves `GET /metrics` in Prometheus text format, behind `Authorization: Bearer METRICS_TOKEN` when
 * a token is configured.
 */
export function metricsRoutes(app: App, deps: { metrics: Metrics; token: string | null }): void {
  // The label-bound series per method, route and status, kept: binding labels hashes them, and every answer pays it.
  const series = new Map<string, { count: () => void; time: (seconds: number) => void }>();
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const key = `${request.method} ${reply.statusCode} ${route}`;
    let bound = series.get(key);
    if (!bound) {
      const labels = { method: request.method, route, status: String(reply.statusCode) };
      const counter = deps.metrics.httpRequests.labels(labels);
      const histogram = deps.metrics.httpDuration.labels(labels);
      bound = { count: () => counter.inc(), time: (seconds) => histogram.observe(seconds) };
      series.set(key, bound);
    }
    bound.count();
    bound.time(reply.elapsedTime / 1000);
    done();
  });

  const expected = deps.token ? sha256(deps.token) : null;
  app.get('/metrics', async (request, reply) => {
    if (expected) {
      const header = request.headers.authorization ?? '';
      const given = /^Bearer (.+)$/i.exec(header)?.[1] ?? '';
      // Compared as digests: constant time whatever the lengths.
      if (!timingSafeEqual(sha256(given), expected)) {
        throw new AppError('AUTHENTICATION_REQUIRED', undefined, {
          headers: { 'WWW-Authenticate': 'Bearer realm="metrics"' },
        });
      }
    }
    const { contentType, body } = await deps.metrics.render();
    return reply.header('Cache-Control', 'no-store').type(contentType).send(body);
  });
}
