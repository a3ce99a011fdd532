import {
  ZSuccessEnvelope,
  ZTraining,
  ZTrainingParams,
  ZTrainingRequest,
  ZTrainingsInfo,
} from '@kaleido/common';
import { z } from 'zod';
import type { App } from '../../platform/http/route-schemas.js';
import type { Authenticator } from '../auth/authn.js';
import type { TrainingsService } from './trainings.service.js';

/** Train (issue 21): the person's trainings; each route reaches only the caller's own. */
export function trainingsRoutes(app: App, deps: { authn: Authenticator; trainings: TrainingsService }): void {
  const signedIn = deps.authn.signedIn;

  app.get(
    '/api/trainings',
    { preValidation: signedIn, schema: { response: { 200: ZSuccessEnvelope(ZTrainingsInfo) } } },
    async (request) => {
      const auth = await deps.authn.required(request);
      return { success: true as const, data: await deps.trainings.info(auth.user.id) };
    },
  );

  app.post(
    '/api/trainings',
    {
      preValidation: signedIn,
      schema: { body: ZTrainingRequest, response: { 201: ZSuccessEnvelope(ZTraining) } },
    },
    async (request, reply) => {
      const auth = await deps.authn.required(request);
      const training = await deps.trainings.start(auth.user.id, request.body);
      reply.code(201);
      return { success: true as const, data: training };
    },
  );

  app.get(
    '/api/trainings/:id',
    {
      preValidation: signedIn,
      schema: { params: ZTrainingParams, response: { 200: ZSuccessEnvelope(ZTraining) } },
    },
    async (request) => {
      const auth = await deps.authn.required(request);
      return { success: true as const, data: await deps.trainings.get(auth.user.id, request.params.id) };
    },
  );

  app.post(
    '/api/trainings/:id/cancel',
    {
      preValidation: signedIn,
      schema: { params: ZTrainingParams, response: { 200: ZSuccessEnvelope(ZTraining) } },
    },
    async (request) => {
      const auth = await deps.authn.required(request);
      return { success: true as const, data: await deps.trainings.cancel(auth.user.id, request.params.id) };
    },
  );

  app.delete(
    '/api/trainings/:id',
    {
      preValidation: signedIn,
      schema: {
        params: ZTrainingParams,
        response: { 200: ZSuccessEnvelope(z.object({ id: z.string() })) },
      },
    },
    async (request) => {
      const auth = await deps.authn.required(request);
      return { success: true as const, data: await deps.trainings.remove(auth.user.id, request.params.id) };
    },
  );
}
