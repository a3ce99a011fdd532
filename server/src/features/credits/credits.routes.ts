import { ZCreditStatement, ZSuccessEnvelope } from '@kaleido/common';
import type { App } from '../../platform/http/route-schemas.js';
import type { Authenticator } from '../auth/authn.js';
import { presentCreditStatement } from './credits.presenter.js';
import type { CreditsService } from './credits.service.js';

const LEDGER_ENTRIES = 50;

export function creditsRoutes(app: App, deps: { authn: Authenticator; credits: CreditsService }): void {
  app.get(
    '/api/credits',
    {
      preValidation: deps.authn.signedIn,
      schema: { response: { 200: ZSuccessEnvelope(ZCreditStatement) } },
    },
    async (request) => {
      const auth = await deps.authn.required(request);
      const { buckets, entries } = await deps.credits.statement(auth.user.id, LEDGER_ENTRIES);
      return { success: true as const, data: presentCreditStatement(buckets, entries) };
    },
  );
}
