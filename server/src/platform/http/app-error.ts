import { ERRORS, errorMessageId, type TErrorCode, type TLocale } from '@kaleido/common';
import { englishOf, renderText, type TLocalizedText } from '../i18n/api-messages.js';

/** One problem of a request, for the envelope's `details` (translated with the message). */
export interface Problem {
  path: string;
  message: TLocalizedText;
  /**
   * What the error's message is prefixed with, when not `path`: an unknown field's message names the
   * field itself (zod's "Unrecognized key"), so it is prefixed with the object holding it.
   */
  messagePath?: string;
}

/**
 * The one error type of the server. Services throw it with a catalogue code and, optionally, a message
 * of the shared catalog (an id such as `AUTH_MESSAGES.emailTaken`, or `{ id, values }`); the error
 * handler turns it into `{ success: false, error, code }` with the code's HTTP status and the message
 * in the person's language. `message` (logs) is the English text.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly code: TErrorCode;
  readonly status: number;
  /** What the person is told; the code's default message when none is given. */
  readonly text: TLocalizedText;
  /** Problems listed in the envelope's `details` (validation); they take the place of `details`. */
  readonly problems?: readonly Problem[];
  /** The envelope's `details` (for problems: in English). */
  readonly details?: unknown;
  /** Extra response headers, e.g. Retry-After. */
  readonly headers?: Record<string, string>;

  constructor(
    code: TErrorCode,
    message?: TLocalizedText,
    options: {
      details?: unknown;
      problems?: readonly Problem[];
      headers?: Record<string, string>;
      cause?: unknown;
    } = {},
  ) {
    const text = message ?? { id: errorMessageId(code) };
    super(englishOf(text), { cause: options.cause });
    this.code = code;
    this.status = ERRORS[code].status;
    this.text = text;
    this.problems = options.problems;
    this.details = options.problems
      ? options.problems.map((problem) => ({ path: problem.path, message: englishOf(problem.message) }))
      : options.details;
    this.headers = options.headers;
  }

  /** The message in `locale`. */
  messageIn(locale: TLocale): string {
    return renderText(this.text, locale);
  }

  /** The envelope's `details` in `locale`. */
  detailsIn(locale: TLocale): unknown {
    return this.problems
      ? this.problems.map((problem) => ({ path: problem.path, message: renderText(problem.message, locale) }))
      : this.details;
  }
}

/**
 * VALIDATION_FAILED for these problems: the message is the first one, prefixed with its field
 * ("email: Please enter a valid email address."), and `details` lists them all.
 */
export function validationError(problems: readonly Problem[]): AppError {
  const first = problems[0];
  if (!first) return new AppError('VALIDATION_FAILED');
  const prefix = first.messagePath ?? first.path;
  const message: TLocalizedText = prefix
    ? (locale) => `${prefix}: ${renderText(first.message, locale)}`
    : first.message;
  return new AppError('VALIDATION_FAILED', message, { problems });
}
