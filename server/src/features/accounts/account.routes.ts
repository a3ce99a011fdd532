import { ZDeleteAccountRequest } from '@kaleido/common';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../platform/http/validation.js';
import type { AuthService } from '../auth/auth.service.js';
import type { Authenticator } from '../auth/authn.js';
import type { AccountService } from './account.service.js';

export function accountRoutes(
  app: FastifyInstance,
  deps: { authn: Authenticator; auth: AuthService; account: AccountService },
): void {
  /** The export in the envelope; `?download=1` answers the bare export as a file instead. */
  app.get<{ Querystring: { download?: string } }>('/api/account/export', async (request, reply) => {
    const auth = await deps.authn.required(request);
    const data = await deps.account.export(auth.user.id);
    reply.header('Cache-Control', 'no-store');
    if (request.query.download === '1') {
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('Content-Disposition', `attachment; filename="kaleido-export-${day}.json"`)
        .send(data);
    }
    return { success: true, data };
  });

  app.delete('/api/account', async (request, reply) => {
    const auth = await deps.authn.required(request);
    const input = parseInput(ZDeleteAccountRequest, request.body ?? {});
    await deps.auth.confirmIdentity(auth, input.password);
    await deps.account.delete(auth.user.id);
    deps.authn.clearSessionCookie(reply);
    return { success: true, data: null };
  });
}
