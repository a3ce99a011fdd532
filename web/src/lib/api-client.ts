import { currentLocale, translate } from '../i18n/locale-state';

/** A failed API call: the HTTP status (0 when the network failed), the server's error code and its message. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly details: unknown;
  /** The `error` text the server sent, when it sent one (the message falls back to a generic text). */
  readonly serverMessage: string | undefined;

  constructor(
    message: string,
    options: { status: number; code?: string; details?: unknown; serverMessage?: string; cause?: unknown },
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ApiError';
    this.status = options.status;
    this.code = options.code;
    this.details = options.details;
    this.serverMessage = options.serverMessage;
  }

  /** True for 4xx answers: the request itself was refused, so repeating it will not help. */
  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface ApiRequestOptions {
  method?: HttpMethod;
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Calls the Kaleido server and unwraps its `{ success: true, data }` envelope.
 * Throws an {@link ApiError} carrying the server's `error` text for `{ success: false, error }` answers;
 * a non-OK answer without error text says `HTTP error! status: {code}`; a network failure says
 * 'Unknown error occurred' (both in the interface's language). Aborts are re-thrown unchanged so query
 * cancellation stays silent.
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal, headers } = options;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        // The server answers errors (and signed-out e-mails) in the language the interface shows.
        'Accept-Language': currentLocale(),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(translate('app.error.unknown'), { status: 0, code: 'NETWORK_ERROR', cause: error });
  }

  const payload = await readJson(response);
  const envelope = isRecord(payload) ? payload : undefined;
  const errorText = typeof envelope?.error === 'string' && envelope.error ? envelope.error : undefined;
  const code = typeof envelope?.code === 'string' ? envelope.code : undefined;

  if (!response.ok) {
    throw new ApiError(errorText ?? translate('app.error.httpStatus', { status: response.status }), {
      status: response.status,
      code,
      details: envelope?.details,
      serverMessage: errorText,
    });
  }
  if (envelope?.success !== true) {
    throw new ApiError(errorText ?? translate('app.error.unknown'), {
      status: response.status,
      code,
      details: envelope?.details,
      serverMessage: errorText,
    });
  }
  return envelope.data as T;
}

/** Shorthands for {@link apiRequest}. */
export const api = {
  get: <T>(path: string, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE', body }),
};

/** The message to show for any thrown value. */
export function errorMessage(error: unknown, fallback: string = translate('app.error.unknown')): string {
  if (error instanceof ApiError) return error.message;
  return fallback;
}

/**
 * The server's own words for a failure, ready to show, or undefined when it sent none. For a refused
 * form (VALIDATION_FAILED) that is the first field's message without the "field: " prefix the envelope
 * adds, since the form already shows which field it is.
 */
export function serverText(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.code === 'VALIDATION_FAILED' && Array.isArray(error.details)) {
    const first: unknown = error.details[0];
    if (isRecord(first) && typeof first.message === 'string' && first.message) return first.message;
  }
  return error.serverMessage;
}
