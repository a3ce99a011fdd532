import {
  type TApiKeyScope,
  ZPublicDeleted,
  ZPublicTrainingAnswer,
  ZPublicTrainingList,
  ZPublicTrainingRequest,
  ZTrainingParams,
} from '@kaleido/common';
import type { App } from '../../platform/http/route-schemas.js';
import type { PublicApiAuth } from '../public-api/public-api.auth.js';
import { errors, json, security } from '../public-api/route-docs.js';
import type { TrainingsService } from './trainings.service.js';

const keyErrors = {
  401: 'Missing, malformed or unknown API key.',
  403: 'The key is inactive (FORBIDDEN), or lacks the scope this call needs (INSUFFICIENT_SCOPE).',
  429: "Rate limit of the key's plan exceeded. See Retry-After and the RateLimit headers.",
};

/** Train through the public API (issue 21): the key owner's trainings, as the app's `/api/trainings`. */
export function publicTrainingsRoutes(
  app: App,
  deps: { auth: PublicApiAuth; trainings: TrainingsService },
): void {
  const { auth, trainings } = deps;
  const keyed = (scope: TApiKeyScope) => ({
    preValidation: auth.guard({ kind: null, scope }),
    onResponse: auth.record,
  });
  /** The call's usage record: this call succeeded (failures are recorded by the error path). */
  const done = <T>(request: Parameters<typeof auth.callOf>[0], data: T) => {
    auth.callOf(request).outcome = 'success';
    return { success: true as const, data };
  };

  app.get(
    '/api/v1/trainings',
    {
      ...keyed('library:read'),
      schema: {
        operationId: 'listTrainings',
        summary: 'List trainings',
        description:
          "The account's personal model trainings (newest first), the providers this server can train with, and the price of a training.",
        tags: ['Trainings'],
        security,
        response: { 200: json('The trainings', ZPublicTrainingList), ...errors(keyErrors) },
      },
    },
    async (request) => done(request, await trainings.info(auth.callOf(request).key.user_id)),
  );

  app.post(
    '/api/v1/trainings',
    {
      ...keyed('generate'),
      schema: {
        operationId: 'createTraining',
        summary: 'Train a personal model',
        description:
          'Trains a personal FLUX LoRA from 10 to 40 of your image assets through a provider that can (fal, Replicate). The price is reserved now, charged when it succeeds and refunded when it fails or is cancelled. Once succeeded, its `modelId` generates like any model, for your keys only.',
        tags: ['Trainings'],
        security,
        body: ZPublicTrainingRequest,
        response: {
          201: json('The training, queued', ZPublicTrainingAnswer),
          ...errors({
            400: 'Invalid input: image count, trigger word, an asset that is not an image, or no provider can train.',
            402: 'Not enough credits.',
            404: 'An asset is not in your library.',
            ...keyErrors,
          }),
        },
      },
    },
    async (request, reply) => {
      const training = await trainings.start(auth.callOf(request).key.user_id, request.body);
      reply.code(201);
      return done(request, training);
    },
  );

  app.get(
    '/api/v1/trainings/:id',
    {
      ...keyed('library:read'),
      schema: {
        operationId: 'getTraining',
        summary: 'Get a training',
        description: 'One training: its state, progress and, once succeeded, the `modelId` to generate with.',
        tags: ['Trainings'],
        security,
        params: ZTrainingParams,
        response: {
          200: json('The training', ZPublicTrainingAnswer),
          ...errors({ 404: 'No such training.', ...keyErrors }),
        },
      },
    },
    async (request) =>
      done(request, await trainings.get(auth.callOf(request).key.user_id, request.params.id)),
  );

  app.post(
    '/api/v1/trainings/:id/cancel',
    {
      ...keyed('generate'),
      schema: {
        operationId: 'cancelTraining',
        summary: 'Cancel a training',
        description:
          'Stops a queued or running training: refunded at once, and the provider is asked to stop.',
        tags: ['Trainings'],
        security,
        params: ZTrainingParams,
        response: {
          200: json('The training, cancelled', ZPublicTrainingAnswer),
          ...errors({ 404: 'No such training.', 409: 'The training has already ended.', ...keyErrors }),
        },
      },
    },
    async (request) =>
      done(request, await trainings.cancel(auth.callOf(request).key.user_id, request.params.id)),
  );

  app.delete(
    '/api/v1/trainings/:id',
    {
      ...keyed('library:write'),
      schema: {
        operationId: 'deleteTraining',
        summary: 'Delete a trained model',
        description:
          'Removes an ended training and its model from your models; Replicate deletes the trained version and model too (fal keeps its file: it has no delete).',
        tags: ['Trainings'],
        security,
        params: ZTrainingParams,
        response: {
          200: json('Deleted', ZPublicDeleted),
          ...errors({ 404: 'No such training.', 409: 'The training is still running.', ...keyErrors }),
        },
      },
    },
    async (request) =>
      done(request, await trainings.remove(auth.callOf(request).key.user_id, request.params.id)),
  );
}
