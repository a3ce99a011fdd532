import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppConfig } from './config.js';
import { healthRoutes } from './features/health/health.routes.js';
import { createHealthService } from './features/health/health.service.js';
import { type Clock, systemClock } from './platform/clock.js';
import type { Database } from './platform/db/database.js';
import { registerErrorHandling, sendRouteNotFound } from './platform/http/error-handler.js';
import { registerSecurityHeaders } from './platform/http/security-headers.js';
import { registerSpa, type Spa } from './platform/http/spa.js';
import { loggerOptions } from './platform/logger.js';
import { VERSION } from './version.js';

/** What the app is built from; main.ts makes the real ones, tests make their own. */
export interface AppDeps {
  config: AppConfig;
  database: Database;
  clock?: Clock;
}

const API_PREFIX = /^\/(api|health)(\/|$)/;
const HAS_FILE_EXTENSION = /\/[^/]+\.[a-z0-9]+$/i;

/**
 * Builds the Fastify app: infrastructure first, then feature modules, then the SPA fallback.
 * It does not listen; main.ts does. The database belongs to the caller, who closes it.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const clock = deps.clock ?? systemClock;
  const startedAt = clock.now();

  const app = Fastify({
    logger: loggerOptions(config.logLevel),
    trustProxy: config.trustProxy,
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true },
  });

  registerErrorHandling(app);
  await registerSecurityHeaders(app, { https: config.publicUrl.startsWith('https:') });
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });

  // Feature modules.
  healthRoutes(app, {
    health: createHealthService({ database, version: VERSION, clock, startedAt }),
  });

  // The single-page app and the 404 answer.
  const spa: Spa | null = config.webDistDir ? await registerSpa(app, config.webDistDir) : null;
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isNavigation = request.method === 'GET' || request.method === 'HEAD';
    if (spa && isNavigation && !API_PREFIX.test(pathname) && !HAS_FILE_EXTENSION.test(pathname)) {
      return spa.sendShell(reply, pathname);
    }
    return reply.status(404).send(sendRouteNotFound(request.method, request.url));
  });

  return app;
}
