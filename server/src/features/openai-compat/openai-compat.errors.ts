import type { TErrorCode, TLocale, TOpenAIErrorEnvelope } from '@kaleido/common';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/http/app-error.js';
import type { LocaleOf } from '../../platform/http/error-handler.js';
import { apiMessage } from '../../platform/i18n/api-messages.js';

/** OpenAI's `type` and `code` for one of our codes (the status stays the code's own). */
interface OpenAIKind {
  type: string;
  code: string | null;
}

/**
 * Our error codes as OpenAI names them, so its SDKs raise the matching error class. Credits are 402
 * `insufficient_quota`, not OpenAI's 429: SDKs retry a 429, and a retry cannot pay.
 */
const KINDS: Partial<Record<TErrorCode, OpenAIKind>> = {
  AUTHENTICATION_REQUIRED: { type: 'invalid_request_error', code: 'invalid_api_key' },
  AUTHENTICATION_FAILED: { type: 'invalid_request_error', code: 'invalid_api_key' },
  INSUFFICIENT_CREDITS: { type: 'insufficient_quota', code: 'insufficient_quota' },
  RATE_LIMITED: { type: 'requests', code: 'rate_limit_exceeded' },
  VALIDATION_FAILED: { type: 'invalid_request_error', code: 'invalid_value' },
  BAD_REQUEST: { type: 'invalid_request_error', code: 'invalid_request' },
  FORBIDDEN: { type: 'permission_error', code: 'permission_denied' },
  INTEGRATIONS_DISABLED: { type: 'permission_error', code: 'integrations_disabled' },
  // A blocked term (site moderation): OpenAI's own code for a refused prompt.
  CONTENT_BLOCKED: { type: 'invalid_request_error', code: 'content_policy_violation' },
};

/** Fastify's own request errors (a body that is no JSON, too large, not JSON at all). */
const FASTIFY_STATUS: Record<string, { status: number; code: TErrorCode; message: 'json' | 'code' }> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'BAD_REQUEST', message: 'json' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'BAD_REQUEST', message: 'json' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'BAD_REQUEST', message: 'code' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'code' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'code' },
  // @fastify/multipart's (the edits' form): too many parts, or a body that is not multipart.
  FST_FILES_LIMIT: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'code' },
  FST_FIELDS_LIMIT: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'code' },
  FST_PARTS_LIMIT: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'code' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'code' },
};

/** OpenAI's family for a status; the code is ours, lower-cased (`insufficient_scope`, `not_found`). */
function kindOf(code: TErrorCode, status: number): OpenAIKind {
  const type = status >= 500 ? 'server_error' : status === 403 ? 'permission_error' : 'invalid_request_error';
  return KINDS[code] ?? { type, code: code.toLowerCase() };
}

function envelope(message: string, kind: OpenAIKind, param: string | null = null): TOpenAIErrorEnvelope {
  return { error: { message, type: kind.type, param, code: kind.code } };
}

/** An AppError as OpenAI's envelope, in `locale`; `param` is the first problem's field. */
export function openAIErrorOf(error: AppError, locale: TLocale): TOpenAIErrorEnvelope {
  return envelope(
    error.messageIn(locale),
    kindOf(error.code, error.status),
    error.problems?.[0]?.path || null,
  );
}

/**
 * The route-level error handler of the OpenAI-compatible routes: the same errors as everywhere
 * (AppError codes, Fastify's request errors), answered in OpenAI's envelope instead of ours, with
 * the same status and headers (Retry-After). Every other route keeps the global envelope.
 */
export function openAIErrorHandler(localeOf: LocaleOf) {
  return async (error: FastifyError | AppError | Error, request: FastifyRequest, reply: FastifyReply) => {
    const locale = await localeOf(request);
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, error.message);
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.status).send(openAIErrorOf(error, locale));
    }
    const fastifyCode = 'code' in error && typeof error.code === 'string' ? error.code : '';
    const known =
      FASTIFY_STATUS[fastifyCode] ??
      (error instanceof SyntaxError ? FASTIFY_STATUS.FST_ERR_CTP_INVALID_JSON_BODY : undefined);
    if (known) {
      const message = apiMessage(locale, {
        id: known.message === 'json' ? 'api.request.invalidJson' : `api.error.${known.code}`,
      });
      return reply.status(known.status).send(envelope(message, kindOf(known.code, known.status)));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send(envelope(apiMessage(locale, { id: 'api.error.INTERNAL' }), kindOf('INTERNAL', 500)));
  };
}
