import { ERRORS, type TErrorCode } from '@kaleido/common';

/**
 * The one error type of the server. Services throw it with a catalogue code; the error handler turns
 * it into `{ success: false, error, code }` with the code's HTTP status.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly code: TErrorCode;
  readonly status: number;
  readonly details?: unknown;
  /** Extra response headers, e.g. Retry-After. */
  readonly headers?: Record<string, string>;

  constructor(
    code: TErrorCode,
    message?: string,
    options: { details?: unknown; headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(message ?? ERRORS[code].message, { cause: options.cause });
    this.code = code;
    this.status = ERRORS[code].status;
    this.details = options.details;
    this.headers = options.headers;
  }
}
