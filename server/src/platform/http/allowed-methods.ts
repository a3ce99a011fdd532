import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error.js';

interface RouteShape {
  pattern: RegExp;
  methods: Set<string>;
}

/** A Fastify path (`/api/v1/generations/:id`, `/files/*`) as a regular expression over concrete paths. */
function patternOf(url: string): RegExp {
  const source = url
    .split('/')
    .map((segment) => {
      if (segment === '*') return '.*';
      if (segment.startsWith(':')) return '[^/]+';
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${source}/?$`);
}

/**
 * Which methods each known path answers, so a known path asked with another method is refused with
 * 405 and `Allow` (RFC 9110) instead of a 404 that suggests the path does not exist. Call before the
 * routes are registered: it learns them from Fastify's `onRoute` hook.
 */
export function collectAllowedMethods(app: FastifyInstance) {
  const routes = new Map<string, RouteShape>();
  app.addHook('onRoute', (route) => {
    // A catch-all (the single-page app's) would make every path look known.
    if (route.url === '*' || route.url === '/*') return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const known = routes.get(route.url) ?? { pattern: patternOf(route.url), methods: new Set<string>() };
    for (const method of methods) known.methods.add(method.toUpperCase());
    routes.set(route.url, known);
  });

  /** The methods `path` answers, sorted; empty when no route matches it. */
  function allowedFor(path: string): string[] {
    const allowed = new Set<string>();
    for (const route of routes.values()) {
      if (route.pattern.test(path)) for (const method of route.methods) allowed.add(method);
    }
    // Fastify answers HEAD for every GET route and OPTIONS only where a route declares it.
    if (allowed.has('GET')) allowed.add('HEAD');
    return [...allowed].sort();
  }

  return {
    allowedFor,
    /** The 405 for a request whose path is known but whose method is not; null when the path is unknown. */
    refusal(method: string, path: string): AppError | null {
      const allowed = allowedFor(path);
      if (allowed.length === 0 || allowed.includes(method.toUpperCase())) return null;
      const list = allowed.join(', ');
      return new AppError(
        'METHOD_NOT_ALLOWED',
        { id: 'api.request.methodNotAllowed', values: { method, path, allowed: list } },
        { headers: { Allow: list } },
      );
    },
  };
}

export type AllowedMethods = ReturnType<typeof collectAllowedMethods>;
