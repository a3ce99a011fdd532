import {
  ZReportCreated,
  ZReportInput,
  ZReviewDecisionInput,
  ZReviewDecisionResult,
  ZReviewQueue,
  ZReviewQueueQuery,
  ZSuccessEnvelope,
} from '@kaleido/common';
import { z } from 'zod';
import type { App } from '../../platform/http/route-schemas.js';
import type { Authenticator } from '../auth/authn.js';
import type { ModerationService } from './moderation.service.js';

/** Reports (signed-in people) and the review queue (administrators: 401, then 403, before the input). */
export function moderationRoutes(
  app: App,
  deps: { authn: Authenticator; moderation: ModerationService },
): void {
  const { authn } = deps;

  app.post(
    '/api/reports',
    {
      preValidation: authn.signedIn,
      schema: { body: ZReportInput, response: { 201: ZSuccessEnvelope(ZReportCreated) } },
    },
    async (request, reply) => {
      const auth = await authn.required(request);
      const created = await deps.moderation.report(auth.user.id, request.body);
      return reply.status(201).send({ success: true as const, data: created });
    },
  );

  app.get(
    '/api/admin/reports',
    {
      preValidation: authn.signedInAdmin,
      schema: { querystring: ZReviewQueueQuery, response: { 200: ZSuccessEnvelope(ZReviewQueue) } },
    },
    async (request) => ({ success: true as const, data: await deps.moderation.queue(request.query) }),
  );

  app.post(
    '/api/admin/reports/:itemId/decision',
    {
      preValidation: authn.signedInAdmin,
      schema: {
        params: z.object({ itemId: z.string().max(100) }),
        body: ZReviewDecisionInput,
        response: { 200: ZSuccessEnvelope(ZReviewDecisionResult) },
      },
    },
    async (request) => {
      const current = await authn.admin(request);
      const actor = { id: current.user.id, email: current.user.email, ip: request.ip ?? null };
      return {
        success: true as const,
        data: await deps.moderation.decide(actor, request.params.itemId, request.body),
      };
    },
  );
}
