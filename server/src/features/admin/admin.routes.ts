import { ZSuccessEnvelope, ZTwoFactorReset } from '@kaleido/common';
import { z } from 'zod';
import type { App } from '../../platform/http/route-schemas.js';
import type { Authenticator } from '../auth/authn.js';
import type { AdminService } from './admin.service.js';

const ZUserParams = z.object({ id: z.string().max(100) });

/** Administrators' actions on accounts (401, then 403 for everyone else, before the input is read). */
export function adminRoutes(app: App, deps: { authn: Authenticator; admin: AdminService }): void {
  const { authn } = deps;

  app.post(
    '/api/admin/users/:id/reset-2fa',
    {
      preValidation: authn.signedInAdmin,
      schema: { params: ZUserParams, response: { 200: ZSuccessEnvelope(ZTwoFactorReset) } },
    },
    async (request) => {
      const current = await authn.admin(request);
      await deps.admin.resetTwoFactor(current.user.id, request.params.id);
      return { success: true as const, data: { userId: request.params.id, reset: true as const } };
    },
  );
}
