import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF protection for cookie-authenticated writes (Fetch Metadata, then Origin). A write to /api that
 * carries the session cookie, and every write to /api/auth (login CSRF), must come from this origin.
 * Bearer-authenticated calls need no check: a cross-site page cannot set Authorization. Only JSON
 * bodies are parsed, so no "simple" cross-site form can deliver a body either.
 */
export function registerCsrfProtection(
  app: FastifyInstance,
  options: {
    appOrigin: string;
    sessionCookie: string;
    /**
     * Paths whose writes carry their own authorisation and must accept cross-site POSTs: the RFC 8058
     * one-click unsubscribe, which mail programs send from anywhere with a signed token in the URL.
     */
    exempt?: readonly string[];
  },
): void {
  const exempt = new Set(options.exempt ?? []);
  app.removeContentTypeParser('text/plain');
  // A synchronous hook: every request passes it, and a read (most of them) is let through at once.
  app.addHook('onRequest', (request, _reply, done) => {
    done(SAFE_METHODS.has(request.method) ? undefined : refusal(request));
  });

  /** The refusal of a write that may be cross-site, or undefined. */
  function refusal(request: FastifyRequest): AppError | undefined {
    if (!request.url.startsWith('/api/')) return;
    if (exempt.has(request.url.split('?')[0] ?? '')) return;
    if (request.headers.authorization?.startsWith('Bearer ')) return;
    const hasSessionCookie = Boolean(request.cookies[options.sessionCookie]);
    if (!hasSessionCookie && !request.url.startsWith('/api/auth/')) return;

    const site = request.headers['sec-fetch-site'];
    if (site !== undefined) {
      if (site === 'same-origin' || site === 'none') return;
      return new AppError('CROSS_SITE_REQUEST');
    }
    const origin = request.headers.origin;
    if (origin !== undefined) {
      if (origin === options.appOrigin) return;
      return new AppError('CROSS_SITE_REQUEST');
    }
    // Browsers send one of the two headers on every cross-site write; a cookie without either is suspect.
    if (hasSessionCookie) return new AppError('CROSS_SITE_REQUEST');
  }
}
