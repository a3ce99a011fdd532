import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/http/app-error.js';
import type { Authenticated, AuthService, IssuedSession } from './auth.service.js';

export interface RequestAuth extends Authenticated {
  via: 'cookie' | 'bearer';
}

/** The session cookie's name: `__Host-` prefixed (Secure, whole origin) behind https. */
export function sessionCookieName(https: boolean): string {
  return https ? '__Host-kaleido_session' : 'kaleido_session';
}

/**
 * Who is calling: the session from `Authorization: Bearer <token>` or the session cookie, resolved
 * at most once per request.
 */
export function createAuthenticator(deps: { auth: AuthService; cookieName: string; https: boolean }) {
  const resolved = new WeakMap<FastifyRequest, Promise<RequestAuth | null>>();

  function credentialOf(request: FastifyRequest): { token: string; via: RequestAuth['via'] } | null {
    const header = request.headers.authorization;
    if (header?.startsWith('Bearer ')) return { token: header.slice('Bearer '.length).trim(), via: 'bearer' };
    const cookie = request.cookies[deps.cookieName];
    return cookie ? { token: cookie, via: 'cookie' } : null;
  }

  async function optional(request: FastifyRequest): Promise<RequestAuth | null> {
    let pending = resolved.get(request);
    if (!pending) {
      const credential = credentialOf(request);
      pending = credential
        ? deps.auth
            .authenticate(credential.token)
            .then((auth) => (auth ? { ...auth, via: credential.via } : null))
        : Promise.resolve(null);
      resolved.set(request, pending);
    }
    return pending;
  }

  async function required(request: FastifyRequest): Promise<RequestAuth> {
    if (!credentialOf(request)) throw new AppError('AUTHENTICATION_REQUIRED');
    const auth = await optional(request);
    if (!auth) throw new AppError('USER_NOT_AUTHENTICATED');
    return auth;
  }

  async function admin(request: FastifyRequest): Promise<RequestAuth> {
    const auth = await required(request);
    if (auth.user.role !== 'admin') throw new AppError('FORBIDDEN', 'api.auth.adminOnly');
    return auth;
  }

  return {
    optional,
    required,
    /**
     * A `preValidation` hook for routes that need a signed-in person: a missing or unknown session is
     * answered (401) before the route's schemas check the input. The handler's `required` reuses it.
     */
    async signedIn(request: FastifyRequest): Promise<void> {
      await required(request);
    },
    /** `signedIn` for administrators only: 401, then 403, both before the input is checked. */
    async signedInAdmin(request: FastifyRequest): Promise<void> {
      await admin(request);
    },
    admin,
    hasCredential: (request: FastifyRequest) => credentialOf(request) !== null,
    setSessionCookie(reply: FastifyReply, issued: IssuedSession): void {
      reply.setCookie(deps.cookieName, issued.token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: deps.https,
        ...(issued.cookieMaxAgeSeconds ? { maxAge: issued.cookieMaxAgeSeconds } : {}),
      });
    },
    clearSessionCookie(reply: FastifyReply): void {
      reply.clearCookie(deps.cookieName, { path: '/', httpOnly: true, sameSite: 'lax', secure: deps.https });
    },
  };
}

export type Authenticator = ReturnType<typeof createAuthenticator>;

export function requestMeta(request: FastifyRequest) {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip ?? null, userAgent: typeof userAgent === 'string' ? userAgent : null };
}
