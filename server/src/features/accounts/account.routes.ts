import { ZAccountExport, ZDeleteAccountRequest, ZSuccessEnvelope } from '@kaleido/common';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { App } from '../../platform/http/route-schemas.js';
import type { AuthService } from '../auth/auth.service.js';
import type { Authenticator } from '../auth/authn.js';
import type { AccountService } from './account.service.js';

/** A DELETE may come without a body: it is read as `{}`, so the confirmation is still asked for. */
async function emptyBodyAsObject(request: FastifyRequest): Promise<void> {
  request.body ??= {};
}

export function accountRoutes(
  app: App,
  deps: { authn: Authenticator; auth: AuthService; account: AccountService },
): void {
  /** The export in the envelope; `?download=1` answers the bare export as a file instead. */
  app.get(
    '/api/account/export',
    {
      preValidation: deps.authn.signedIn,
      schema: {
        querystring: z.object({ download: z.string().optional() }),
        response: {
          200: {
            description: 'The export in the envelope; with `?download=1`, the bare export as a file.',
            content: {
              'application/json': { schema: z.union([ZSuccessEnvelope(ZAccountExport), ZAccountExport]) },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const auth = await deps.authn.required(request);
      const data = await deps.account.export(auth.user.id);
      reply.header('Cache-Control', 'no-store');
      if (request.query.download === '1') {
        const day = new Date().toISOString().slice(0, 10);
        return reply
          .header('Content-Disposition', `attachment; filename="kaleido-export-${day}.json"`)
          .send(data);
      }
      return { success: true as const, data };
    },
  );

  app.delete(
    '/api/account',
    {
      preValidation: [deps.authn.signedIn, emptyBodyAsObject],
      schema: { body: ZDeleteAccountRequest, response: { 200: ZSuccessEnvelope(z.null()) } },
    },
    async (request, reply) => {
      const auth = await deps.authn.required(request);
      await deps.auth.confirmIdentity(auth, request.body.password);
      await deps.account.delete(auth.user.id);
      deps.authn.clearSessionCookie(reply);
      return { success: true as const, data: null };
    },
  );
}
