import type { FastifyInstance } from 'fastify';
import type { Authenticator } from '../auth/authn.js';
import { presentCreditStatement } from './credits.presenter.js';
import type { CreditsService } from './credits.service.js';

const LEDGER_ENTRIES = 50;

export function creditsRoutes(
  app: FastifyInstance,
  deps: { authn: Authenticator; credits: CreditsService },
): void {
  app.get('/api/credits', async (request) => {
    const auth = await deps.authn.required(request);
    const { buckets, entries } = await deps.credits.statement(auth.user.id, LEDGER_ENTRIES);
    return { success: true, data: presentCreditStatement(buckets, entries) };
  });
}
