import { ZLipsyncRequest } from '@kaleido/common';
import type { App } from '../../platform/http/route-schemas.js';
import type { Authenticator } from '../auth/authn.js';
import { answerJob, JOB_START_SCHEMA } from '../generations/generations.routes.js';
import type { GenerationsService } from '../generations/generations.service.js';
import type { ToolsService } from '../tools/tools.service.js';

/**
 * `POST /api/tools/lipsync` (issue 21): like the other tools, waits for the job (unless
 * `?wait=false`), then 200, the failure, or 202.
 */
export function lipsyncRoutes(
  app: App,
  deps: { authn: Authenticator; tools: ToolsService; generations: GenerationsService },
): void {
  app.post(
    '/api/tools/lipsync',
    { preValidation: deps.authn.signedIn, schema: { ...JOB_START_SCHEMA, body: ZLipsyncRequest } },
    async (request, reply) => {
      const auth = await deps.authn.required(request);
      const { row } = await deps.tools.lipsync.start(
        auth.user.id,
        request.body,
        request.headers['idempotency-key'],
      );
      return answerJob(deps.generations, reply, row, request.query.wait === 'true');
    },
  );
}
