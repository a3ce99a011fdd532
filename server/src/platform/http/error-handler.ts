import { ERRORS, type TErrorEnvelope } from '@kaleido/common';
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from './app-error.js';

/** Fastify's own errors we answer with a catalogue code instead of a 500. */
const FASTIFY_CODES: Record<string, AppError['code']> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'BAD_REQUEST',
  FST_ERR_CTP_INVALID_JSON_BODY: 'BAD_REQUEST',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
  FST_ERR_VALIDATION: 'VALIDATION_FAILED',
};

function envelope(error: string, code: string, details?: unknown): TErrorEnvelope {
  return details === undefined ? { success: false, error, code } : { success: false, error, code, details };
}

/** Maps every error to the `{ success: false, error }` envelope, once, for the whole server. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, error.message);
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.status).send(envelope(error.message, error.code, error.details));
    }
    const fastifyCode =
      'code' in error && typeof error.code === 'string' ? FASTIFY_CODES[error.code] : undefined;
    if (fastifyCode) {
      const message =
        error instanceof SyntaxError || /JSON/.test(error.message) ? 'Invalid JSON body.' : error.message;
      return reply.status(ERRORS[fastifyCode].status).send(envelope(message, fastifyCode));
    }
    if (error instanceof SyntaxError && 'statusCode' in error && error.statusCode === 400) {
      return reply.status(400).send(envelope('Invalid JSON body.', 'BAD_REQUEST'));
    }
    const statusCode = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (statusCode >= 400 && statusCode < 500) {
      // A client error raised by a plugin (e.g. a malformed header): say what it was, never a stack.
      return reply.status(statusCode).send(envelope(error.message, 'BAD_REQUEST'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(envelope(ERRORS.INTERNAL.message, 'INTERNAL'));
  });
}

/** The 404 answer for API paths, in the envelope. */
export function sendRouteNotFound(method: string, url: string): TErrorEnvelope {
  const path = url.split('?')[0] ?? url;
  return envelope(`Route ${method} ${path} not found`, 'ROUTE_NOT_FOUND');
}
