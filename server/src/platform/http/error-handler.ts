import { ERRORS, type TErrorCode, type TErrorEnvelope, type TLocale } from '@kaleido/common';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { apiMessage } from '../i18n/api-messages.js';
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
const JSON_BODY_ERRORS = new Set(['FST_ERR_CTP_EMPTY_JSON_BODY', 'FST_ERR_CTP_INVALID_JSON_BODY']);

/** `details` as the envelope declares it: the problems of a request (a list) or facts about a refusal (an object). */
function envelopeDetails(details: unknown): TErrorEnvelope['details'] {
  if (Array.isArray(details)) return details as NonNullable<TErrorEnvelope['details']>;
  if (typeof details === 'object' && details !== null) return { ...details };
  return undefined;
}

function envelope(error: string, code: TErrorCode, details?: unknown): TErrorEnvelope {
  const shaped = envelopeDetails(details);
  return shaped === undefined
    ? { success: false, error, code }
    : { success: false, error, code, details: shaped };
}

/** The language an error is answered in (see platform/i18n/request-locale.ts). */
export type LocaleOf = (request: FastifyRequest) => Promise<TLocale>;

/**
 * Maps every error to the `{ success: false, error, code }` envelope, once, for the whole server. The
 * message is in the request's language; `code` stays the stable, machine-readable code.
 */
export function registerErrorHandling(app: FastifyInstance, deps: { localeOf: LocaleOf }): void {
  app.setErrorHandler(async (error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, error.message);
      if (error.headers) reply.headers(error.headers);
      const locale = await deps.localeOf(request);
      return reply
        .status(error.status)
        .send(envelope(error.messageIn(locale), error.code, error.detailsIn(locale)));
    }
    const errorCode = 'code' in error && typeof error.code === 'string' ? error.code : '';
    const fastifyCode = FASTIFY_CODES[errorCode];
    if (fastifyCode) {
      const locale = await deps.localeOf(request);
      const json =
        error instanceof SyntaxError || JSON_BODY_ERRORS.has(errorCode) || /JSON/.test(error.message);
      const message = apiMessage(locale, {
        id: json ? 'api.request.invalidJson' : `api.error.${fastifyCode}`,
      });
      return reply.status(ERRORS[fastifyCode].status).send(envelope(message, fastifyCode));
    }
    if (error instanceof SyntaxError && 'statusCode' in error && error.statusCode === 400) {
      const locale = await deps.localeOf(request);
      return reply
        .status(400)
        .send(envelope(apiMessage(locale, { id: 'api.request.invalidJson' }), 'BAD_REQUEST'));
    }
    const statusCode = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (statusCode >= 400 && statusCode < 500) {
      // A client error raised by a plugin (e.g. a malformed header): say what it was, never a stack.
      return reply.status(statusCode).send(envelope(error.message, 'BAD_REQUEST'));
    }
    request.log.error({ err: error }, 'unhandled error');
    const locale = await deps.localeOf(request);
    return reply.status(500).send(envelope(apiMessage(locale, { id: 'api.error.INTERNAL' }), 'INTERNAL'));
  });
}

/** The 404 answer for API paths, in the envelope and the request's language. */
export async function sendRouteNotFound(
  request: FastifyRequest,
  localeOf: LocaleOf,
): Promise<TErrorEnvelope> {
  const path = request.url.split('?')[0] ?? request.url;
  const message = apiMessage(await localeOf(request), {
    id: 'api.request.routeNotFound',
    values: { method: request.method, path },
  });
  return envelope(message, 'ROUTE_NOT_FOUND');
}
