import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import multipart from '@fastify/multipart';
import {
  ZOpenAIErrorEnvelope,
  ZOpenAIImageRequest,
  ZOpenAIImagesResponse,
  ZOpenAIModelList,
} from '@kaleido/common';
import type { z } from 'zod';
import type { LocaleOf } from '../../platform/http/error-handler.js';
import type { App } from '../../platform/http/route-schemas.js';
import type { PublicApiAuth } from '../public-api/public-api.auth.js';
import type { UploadLimits } from '../uploads/upload-limits.js';
import { readEditForm } from './openai-compat.edits.js';
import { openAIErrorHandler } from './openai-compat.errors.js';
import type { OpenAICompatService } from './openai-compat.service.js';

/** Where the OpenAI-compatible API lives: a client's base URL is `PUBLIC_URL` + this. */
export const OPENAI_COMPAT_BASE = '/api/openai/v1';

const json = <S extends z.ZodType>(description: string, schema: S) => ({
  description,
  content: { 'application/json': { schema } },
});

const errors = (codes: Record<number, string>) =>
  Object.fromEntries(
    Object.entries(codes).map(([status, description]) => [status, json(description, ZOpenAIErrorEnvelope)]),
  );

const keyErrors = {
  401: 'Missing, malformed, unknown or expired API key (`invalid_api_key`).',
  403: 'The key is inactive, lacks the `generate` scope, or its plan does not include images.',
  429: "The key's rate limit (`rate_limit_exceeded`); see Retry-After.",
};

const description =
  "OpenAI Images API compatibility: `Authorization: Bearer <Kaleido API key>`, OpenAI's request and answer shapes and its error envelope. Charged, limited and recorded like `/api/v1`.";

/**
 * OpenAI's Images API (the subset DECISIONS names) under `/api/openai/v1`, for OpenAI SDKs, Open WebUI
 * and LibreChat. The key checks are the public API's own hooks (same limits, credits, allowance and
 * usage records); errors use OpenAI's envelope through a route-level handler, so every other route
 * keeps ours.
 */
export function openAICompatRoutes(
  app: App,
  deps: { auth: PublicApiAuth; service: OpenAICompatService; localeOf: LocaleOf; limits: UploadLimits },
): void {
  const { auth, service } = deps;
  const errorHandler = openAIErrorHandler(deps.localeOf);
  // Image creation: the `generate` scope (and, to generate, a plan that includes images).
  const guard = (kind: 'image' | null) => auth.guard({ kind, scope: 'generate' });

  app.get(
    `${OPENAI_COMPAT_BASE}/models`,
    {
      preValidation: guard(null),
      onResponse: auth.record,
      errorHandler,
      schema: {
        operationId: 'openaiListModels',
        summary: 'Image models (OpenAI list shape)',
        description,
        response: { 200: json('The image models.', ZOpenAIModelList), ...errors(keyErrors) },
      },
    },
    (request) => {
      const call = auth.callOf(request);
      call.outcome = 'success';
      return service.models(call);
    },
  );

  app.post(
    `${OPENAI_COMPAT_BASE}/images/generations`,
    {
      preValidation: guard('image'),
      onResponse: auth.record,
      errorHandler,
      schema: {
        operationId: 'openaiCreateImage',
        summary: 'Create images (OpenAI Images API)',
        description,
        body: ZOpenAIImageRequest,
        response: {
          200: json('The images, once made.', ZOpenAIImagesResponse),
          ...errors({
            400: 'Invalid request (`invalid_request_error`, `param` names the field), e.g. an unsupported size.',
            ...keyErrors,
            402: "The account's credits or the key's monthly allowance cannot pay for `n` images (`insufficient_quota`).",
            502: 'No image could be made; no credits were used.',
          }),
        },
      },
    },
    (request) => service.generate(auth.callOf(request), request.body),
  );

  // Edits take OpenAI's multipart form: multipart is parsed in this scope only (elsewhere it is a 415).
  const maxBytes = deps.limits.image.maxBytes;
  app.register(async (scope) => {
    await scope.register(multipart, {
      // OpenAI's form: the image (or `image[]`), a mask and a dozen text fields, some we ignore.
      limits: { files: 4, fields: 24, parts: 32, fileSize: maxBytes + 1, fieldSize: 16 * 1024 },
      throwFileSizeLimit: false,
    });
    scope.post(
      `${OPENAI_COMPAT_BASE}/images/edits`,
      {
        preValidation: guard('image'),
        onResponse: auth.record,
        errorHandler,
        schema: {
          operationId: 'openaiEditImage',
          summary: 'Edit an image (OpenAI Images API)',
          description: `${description} Multipart: \`image\`, optional \`mask\` (transparent = change: an inpaint, else a prompt edit), \`prompt\`, \`model\`, \`n\`, \`size\`, \`response_format\`.`,
          response: {
            200: json('The edited images, once made.', ZOpenAIImagesResponse),
            ...errors({
              400: 'Invalid request (`param` names the field): no image, a mask that is no PNG with transparency of the image size, no model that can do the edit.',
              ...keyErrors,
              402: "The account's credits or the key's monthly allowance cannot pay for `n` edits (`insufficient_quota`).",
              413: 'The image is past the upload limit, or the storage quota is full.',
              415: 'Not multipart, or not an image Kaleido takes (by content).',
              502: 'No image could be made; no credits were used.',
            }),
          },
        },
      },
      async (request) => {
        const dir = await mkdtemp(join(tmpdir(), 'kaleido-openai-edit-'));
        try {
          const form = await readEditForm(request, dir, maxBytes);
          return await service.edit(auth.callOf(request), form);
        } finally {
          await rm(dir, { recursive: true, force: true });
        }
      },
    );
  });
}
