import multipart from '@fastify/multipart';
import { TOOL_MESSAGES, ZAsset, ZStorageUsage, ZSuccessEnvelope } from '@kaleido/common';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/http/app-error.js';
import type { App } from '../../platform/http/route-schemas.js';
import type { UrlSigner } from '../../platform/storage/signed-urls.js';
import type { Authenticator } from '../auth/authn.js';
import { presentAsset } from '../library/library.presenter.js';
import type { UploadLimits } from './upload-limits.js';
import type { IncomingFile, UploadsService } from './uploads.service.js';

/** The one file of a multipart upload (field `file`); the rest of the request is ignored. */
export async function incomingFile(request: FastifyRequest): Promise<IncomingFile> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', TOOL_MESSAGES.uploadMissing);
  for await (const part of request.parts()) {
    if (part.type === 'file' && part.fieldname === 'file')
      return { stream: part.file, filename: part.filename };
    if (part.type === 'file') part.file.resume();
  }
  throw new AppError('BAD_REQUEST', TOOL_MESSAGES.uploadMissing);
}

/**
 * Registers multipart parsing for the routes `register` adds (an encapsulated scope: the rest of the
 * app still refuses multipart bodies with 415). Files stream through; the service enforces sizes.
 */
export function withMultipart(app: App, limits: UploadLimits, register: (scope: App) => void): void {
  const largest = Math.max(limits.image.maxBytes, limits.video.maxBytes, limits.audio.maxBytes);
  app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { files: 1, fields: 8, parts: 10, fileSize: largest + 1, fieldSize: 1024 },
      throwFileSizeLimit: false,
    });
    register(scope);
  });
}

export const UPLOAD_FILE_FIELD = [
  {
    name: 'file',
    description: 'The image (PNG, JPEG, WebP, AVIF, HEIC), video (MP4, WebM, MOV) or audio (WAV, MP3, M4A).',
  },
] as const;

/** `POST /api/uploads` and `GET /api/storage` (the profile's storage figure). */
export function uploadsRoutes(
  app: App,
  deps: {
    authn: Authenticator;
    uploads: UploadsService;
    signer: UrlSigner;
    limits: UploadLimits;
  },
): void {
  const signedIn = deps.authn.signedIn;
  withMultipart(app, deps.limits, (scope) => {
    scope.post(
      '/api/uploads',
      {
        preValidation: signedIn,
        schema: { multipartFiles: UPLOAD_FILE_FIELD, response: { 200: ZSuccessEnvelope(ZAsset) } },
      },
      async (request) => {
        const auth = await deps.authn.required(request);
        const row = await deps.uploads.upload(auth.user.id, await incomingFile(request));
        return { success: true as const, data: presentAsset(row, deps.signer) };
      },
    );
  });

  app.get(
    '/api/storage',
    { preValidation: signedIn, schema: { response: { 200: ZSuccessEnvelope(ZStorageUsage) } } },
    async (request, reply) => {
      const auth = await deps.authn.required(request);
      reply.header('Cache-Control', 'no-store');
      return { success: true as const, data: await deps.uploads.quota(auth.user.id) };
    },
  );
}
