import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/http/app-error.js';
import type { App } from '../../platform/http/route-schemas.js';
import { isWellFormedApiKey } from '../api-keys/key-format.js';
import type { Authenticator, RequestAuth } from '../auth/authn.js';
import type { AdminActor } from './admin.service.js';

/** Every path the guard covers: the console's API, whichever feature registers the route. */
export const ADMIN_PREFIX = '/api/admin/';

/**
 * One check in front of every `/api/admin/*` route, registered before them (a hook of the root, so a
 * route added by any feature is covered even if it forgot its own `signedInAdmin`): an API key is
 * refused (403 `API_KEY_NOT_ALLOWED`: administration takes a person's session), then the session
 * must be an administrator's (401, then 403), then, with `ADMIN_REQUIRE_2FA=true`, the administrator
 * must have a second factor (403 `ADMIN_SECOND_FACTOR_REQUIRED`). It runs as `preValidation`, so it
 * answers before the input is read; CSRF (an `onRequest` hook) already ran.
 */
export function registerAdminGuard(
  app: App,
  deps: {
    authn: Authenticator;
    requireSecondFactor: boolean;
    hasSecondFactor: (userId: string) => Promise<boolean>;
  },
): void {
  async function check(request: FastifyRequest): Promise<void> {
    const header = request.headers.authorization;
    if (header?.startsWith('Bearer ') && isWellFormedApiKey(header.slice('Bearer '.length).trim())) {
      throw new AppError('API_KEY_NOT_ALLOWED');
    }
    const auth = await deps.authn.admin(request);
    if (deps.requireSecondFactor && !(await deps.hasSecondFactor(auth.user.id))) {
      throw new AppError('ADMIN_SECOND_FACTOR_REQUIRED');
    }
  }
  // A synchronous hook: every request passes it, and all but the console's go on at once.
  app.addHook('preValidation', (request, _reply, done) => {
    if (!request.url.startsWith(ADMIN_PREFIX)) return done();
    check(request).then(() => done(), done);
  });
}

/** The administrator behind a request, as the audit log names them. */
export async function adminActor(authn: Authenticator, request: FastifyRequest): Promise<AdminActor> {
  const auth: RequestAuth = await authn.admin(request);
  return { id: auth.user.id, email: auth.user.email, ip: request.ip ?? null };
}
