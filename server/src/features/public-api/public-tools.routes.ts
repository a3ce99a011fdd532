import {
  ZPublicAssetAnswer,
  ZPublicEditRequest,
  ZPublicEnhanceRequest,
  ZPublicGenerationAccepted,
  ZPublicGenerationResult,
  ZPublicLipsyncRequest,
  ZPublicThreeDRequest,
} from '@kaleido/common';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { App } from '../../platform/http/route-schemas.js';
import { ZIdempotencyKeyHeaders } from '../../platform/idempotency/idempotency.js';
import type { UrlSigner } from '../../platform/storage/signed-urls.js';
import { presentAsset } from '../library/library.presenter.js';
import type { ToolsService } from '../tools/tools.service.js';
import type { UploadLimits } from '../uploads/upload-limits.js';
import { incomingFile, UPLOAD_FILE_FIELD, withMultipart } from '../uploads/uploads.routes.js';
import type { UploadsService } from '../uploads/uploads.service.js';
import { retryAfterSeconds, waitChoice } from './prefer.js';
import type { PublicApiAuth } from './public-api.auth.js';
import type { PublicApiPresenter } from './public-api.presenter.js';
import type { PublicApiService, PublicGenerateAnswer } from './public-api.service.js';
import { errors, json, security } from './route-docs.js';

const keyErrors = {
  401: 'Missing, malformed or unknown API key.',
  403: 'The key is inactive, lacks the `generate` scope, or its owner turned integrations off.',
  429: "Rate limit of the key's plan exceeded. See Retry-After and the RateLimit headers.",
};

const ZJobHeaders = ZIdempotencyKeyHeaders.safeExtend({
  prefer: z.string().max(200).optional().meta({
    description:
      '`respond-async`: answer 202 at once. `wait=N`: wait up to N seconds (1 to 60) for the result instead of 25.',
  }),
});

const jobSchema = (operationId: string, summary: string, description: string) => ({
  operationId,
  summary,
  description,
  security,
  headers: ZJobHeaders,
  response: {
    200: json('The result, a new asset whose `sourceAssetIds` name the source', ZPublicGenerationResult),
    202: json(
      'Accepted and still running; follow `statusUrl` or `eventsUrl` (the job under /api/v1/generations).',
      ZPublicGenerationAccepted,
    ),
    ...errors({
      400: 'Invalid request: a mode without what it needs, an output past the model maximum, or a bad mask.',
      ...keyErrors,
      402: "Insufficient credits (the account's balance or the key's monthly allowance).",
      404: 'No such asset in this account.',
      409: 'This Idempotency-Key was used with a different request.',
      502: 'The job failed; no credits were used.',
    }),
  },
});

/** 200 with the result, or 202 with `Location` and `Retry-After`, as the generators answer. */
function send(reply: FastifyReply, answer: PublicGenerateAnswer, applied: string | null) {
  if (applied) reply.header('Preference-Applied', applied);
  if (answer.replayed) reply.header('Idempotent-Replayed', 'true');
  if (answer.status === 200) return answer.body;
  return reply
    .status(202)
    .header('Location', answer.body.data.statusUrl)
    .header('Retry-After', String(retryAfterSeconds('image')))
    .send(answer.body);
}

/**
 * The public API's uploads and creative tools (issue 16): `POST /api/v1/uploads`, `/enhance` and
 * `/edit`, with the generators' key checks, scopes (`generate`), rate limits, credits, idempotency
 * and async answers; the jobs are followed with `GET /api/v1/generations/{id}`.
 */
export function publicToolsRoutes(
  app: App,
  deps: {
    auth: PublicApiAuth;
    service: PublicApiService;
    tools: ToolsService;
    uploads: UploadsService;
    presenter: PublicApiPresenter;
    signer: UrlSigner;
    limits: UploadLimits;
  },
): void {
  const { auth } = deps;
  const guarded = {
    preValidation: auth.guard({ kind: 'image', scope: 'generate' }),
    onResponse: auth.record,
  };

  withMultipart(app, deps.limits, (scope) => {
    scope.post(
      '/api/v1/uploads',
      {
        preValidation: auth.guard({ kind: null, scope: 'generate' }),
        onResponse: auth.record,
        schema: {
          operationId: 'upload',
          summary: 'Upload an image, a video or audio',
          description:
            'Multipart form data with one file in the field `file`: an image (PNG, JPEG, WebP, AVIF, HEIC), a video (MP4, WebM, MOV) or audio (WAV, MP3, M4A; for lipsync). Checked by content (not by name or type), re-encoded (images) or remuxed (videos, audio) without metadata, kept in the library as an upload. Free of charge; counts toward the storage quota.',
          security,
          multipartFiles: UPLOAD_FILE_FIELD,
          response: {
            200: json('The uploaded asset', ZPublicAssetAnswer),
            ...errors({
              400: 'The file is damaged or incomplete, or has too many pixels.',
              ...keyErrors,
              413: 'The file is past its size or duration limit, or the storage quota is full.',
              415: 'Not an image, video or audio file Kaleido takes (by content).',
            }),
          },
        },
      },
      async (request) => {
        const call = auth.callOf(request);
        const row = await deps.uploads.upload(call.key.user_id, await incomingFile(request));
        call.outcome = 'success';
        return { success: true as const, data: deps.presenter.asset(presentAsset(row, deps.signer)) };
      },
    );
  });

  app.post(
    '/api/v1/enhance',
    {
      ...guarded,
      schema: {
        ...jobSchema(
          'enhance',
          'Enhance (upscale) an image or video',
          'Neural super-resolution ×2 or ×4 of an asset of the account. Priced by output size; refunded on failure.',
        ),
        body: ZPublicEnhanceRequest,
      },
    },
    async (request, reply) => {
      const call = auth.callOf(request);
      const choice = waitChoice(request.headers.prefer, request.body.wait);
      const answer = await deps.service.tool(call, request.body, choice.waitMs, (options) =>
        deps.tools.start(
          call.key.user_id,
          { tool: 'enhance', input: request.body },
          request.headers['idempotency-key'],
          options,
        ),
      );
      return send(reply, answer, choice.applied);
    },
  );

  app.post(
    '/api/v1/edit',
    {
      ...guarded,
      schema: {
        ...jobSchema(
          'edit',
          'Edit an image',
          '`restyle` (a style and a strength) and `expand` (an aspect ratio or margins) run offline; `inpaint` (a mask and a prompt) and `prompt` edits need a configured AI provider. One price per edit; refunded on failure.',
        ),
        body: ZPublicEditRequest,
      },
    },
    async (request, reply) => {
      const call = auth.callOf(request);
      const choice = waitChoice(request.headers.prefer, request.body.wait);
      const answer = await deps.service.tool(call, request.body, choice.waitMs, (options) =>
        deps.tools.start(
          call.key.user_id,
          { tool: 'edit', input: request.body },
          request.headers['idempotency-key'],
          options,
        ),
      );
      return send(reply, answer, choice.applied);
    },
  );

  app.post(
    '/api/v1/tools/lipsync',
    {
      // A tool, like the enhance of a video: the key's plan need not include video generation.
      ...guarded,
      schema: {
        ...jobSchema(
          'lipsync',
          'Lip-sync a video to an audio',
          'A video of the account (an upload or a result) with its lips moved to an audio upload, by a hosted model (fal, Replicate). `syncMode` says what happens when the lengths differ. Priced per second of output; refunded on failure.',
        ),
        body: ZPublicLipsyncRequest,
      },
    },
    async (request, reply) => {
      const call = auth.callOf(request);
      const choice = waitChoice(request.headers.prefer, request.body.wait);
      const answer = await deps.service.tool(call, request.body, choice.waitMs, (options) =>
        deps.tools.lipsync.start(call.key.user_id, request.body, request.headers['idempotency-key'], options),
      );
      return send(reply, answer, choice.applied);
    },
  );

  app.post(
    '/api/v1/generate/3d',
    {
      ...guarded,
      schema: {
        ...jobSchema(
          'generate3d',
          'Make a 3D object',
          'A GLB 3D object (type `model`) from a prompt, by the offline low-poly modeller or a hosted model; `imageAssetId` (an image of the account) needs a hosted model. One price per object; refunded on failure.',
        ),
        body: ZPublicThreeDRequest,
      },
    },
    async (request, reply) => {
      const call = auth.callOf(request);
      const choice = waitChoice(request.headers.prefer, request.body.wait);
      const answer = await deps.service.tool(call, request.body, choice.waitMs, (options) =>
        deps.tools.threeD.start(call.key.user_id, request.body, request.headers['idempotency-key'], options),
      );
      return send(reply, answer, choice.applied);
    },
  );
}
