import { ZEditRequest, ZEnhanceRequest, ZSuccessEnvelope, ZToolsInfo } from '@kaleido/common';
import type { App } from '../../platform/http/route-schemas.js';
import type { Authenticator } from '../auth/authn.js';
import { answerJob, JOB_START_SCHEMA } from '../generations/generations.routes.js';
import type { GenerationsService } from '../generations/generations.service.js';
import { lipsyncRoutes } from '../lipsync/lipsync.routes.js';
import { threeDRoutes } from '../three-d/three-d.routes.js';
import type { ToolsService } from './tools.service.js';

/** The creative tools' calls: what the installation can do, and starting enhance and edit jobs. */
export function toolsRoutes(
  app: App,
  deps: { authn: Authenticator; tools: ToolsService; generations: GenerationsService },
): void {
  const signedIn = deps.authn.signedIn;

  app.get('/api/tools', { schema: { response: { 200: ZSuccessEnvelope(ZToolsInfo) } } }, async () => ({
    success: true as const,
    data: await deps.tools.info(),
  }));

  /** Like the generators: waits for the job (unless `?wait=false`), then 200, the failure, or 202. */
  app.post(
    '/api/tools/enhance',
    { preValidation: signedIn, schema: { ...JOB_START_SCHEMA, body: ZEnhanceRequest } },
    async (request, reply) => {
      const auth = await deps.authn.required(request);
      const { row } = await deps.tools.start(
        auth.user.id,
        { tool: 'enhance', input: request.body },
        request.headers['idempotency-key'],
      );
      return answerJob(deps.generations, reply, row, request.query.wait === 'true');
    },
  );

  app.post(
    '/api/tools/edit',
    { preValidation: signedIn, schema: { ...JOB_START_SCHEMA, body: ZEditRequest } },
    async (request, reply) => {
      const auth = await deps.authn.required(request);
      const { row } = await deps.tools.start(
        auth.user.id,
        { tool: 'edit', input: request.body },
        request.headers['idempotency-key'],
      );
      return answerJob(deps.generations, reply, row, request.query.wait === 'true');
    },
  );

  lipsyncRoutes(app, deps);
  threeDRoutes(app, deps);
}
