import { ZSuccessEnvelope, ZThreeDInfo, ZThreeDRequest } from '@kaleido/common';
import type { App } from '../../platform/http/route-schemas.js';
import type { Authenticator } from '../auth/authn.js';
import { answerJob, JOB_START_SCHEMA } from '../generations/generations.routes.js';
import type { GenerationsService } from '../generations/generations.service.js';
import type { ToolsService } from '../tools/tools.service.js';

/**
 * 3D Objects (issue 21): `GET /api/tools/3d` (the models and the price) and `POST /api/generate-3d`,
 * which waits for the job like the generators (unless `?wait=false`): 200, the failure, or 202.
 */
export function threeDRoutes(
  app: App,
  deps: { authn: Authenticator; tools: ToolsService; generations: GenerationsService },
): void {
  app.get('/api/tools/3d', { schema: { response: { 200: ZSuccessEnvelope(ZThreeDInfo) } } }, async () => ({
    success: true as const,
    data: await deps.tools.threeD.info(),
  }));

  app.post(
    '/api/generate-3d',
    { preValidation: deps.authn.signedIn, schema: { ...JOB_START_SCHEMA, body: ZThreeDRequest } },
    async (request, reply) => {
      const auth = await deps.authn.required(request);
      const { row } = await deps.tools.threeD.start(
        auth.user.id,
        request.body,
        request.headers['idempotency-key'],
      );
      return answerJob(deps.generations, reply, row, request.query.wait === 'true');
    },
  );
}
