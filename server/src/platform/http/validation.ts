import { LOCALES, type TLocale } from '@kaleido/common';
import { z } from 'zod';
import { isApiMessageId, type TLocalizedText } from '../i18n/api-messages.js';
import { type AppError, type Problem, validationError } from './app-error.js';

/** zod's own messages (a check without a message of ours) in each language, from zod's locales. */
const ZOD_LOCALES: Record<TLocale, z.core.$ZodErrorMap> = {
  en: z.locales.en().localeError,
  es: z.locales.es().localeError,
  fr: z.locales.fr().localeError,
  de: z.locales.de().localeError,
  zh: z.locales.zhCN().localeError,
};

function zodMessage(locale: TLocale, issue: z.core.$ZodRawIssue): string | undefined {
  const result = ZOD_LOCALES[locale](issue);
  return typeof result === 'string' ? result : (result?.message ?? undefined);
}

/**
 * What one issue says. A schema's message is a catalog id: its placeholders get the issue's bounds
 * (`min`, `max`) and field (`field`, the last path segment). zod's default message is rendered by
 * zod's locale of each language (here, so the input the issue carries is not kept). Any other text
 * (a schema written with a literal message) is shown as it is.
 */
function issueText(issue: z.core.$ZodIssue): TLocalizedText {
  if (isApiMessageId(issue.message)) {
    const values: Record<string, string | number> = {};
    if (issue.code === 'too_small') values.min = Number(issue.minimum);
    if (issue.code === 'too_big') values.max = Number(issue.maximum);
    const field = issue.path.at(-1);
    if (field !== undefined) values.field = String(field);
    return { id: issue.message, values };
  }
  const raw = issue as unknown as z.core.$ZodRawIssue;
  if (issue.message !== zodMessage('en', raw)) return issue.message;
  const texts = Object.fromEntries(
    LOCALES.map((locale) => [locale, zodMessage(locale, raw) ?? issue.message]),
  ) as Record<TLocale, string>;
  return (locale) => texts[locale];
}

/** zod's English message for one of an issue's unknown keys, so `issueText` translates it by zod's locales. */
function unknownKeyMessage(issue: z.core.$ZodIssueUnrecognizedKeys, key: string): string {
  const raw: z.core.$ZodRawIssue = { ...issue, keys: [key], input: undefined };
  return zodMessage('en', raw) ?? issue.message;
}

/**
 * Parses `input` with a contract schema or throws VALIDATION_FAILED whose message is the first
 * problem (schemas carry catalog ids as their messages) and whose details list every problem, each
 * translated when the error is answered.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = checkInput(schema, input);
  if (result.ok) return result.value;
  throw result.error;
}

/** `parseInput` without the throw: the parsed value, or the VALIDATION_FAILED error to answer. */
export function checkInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
): { ok: true; value: z.output<S> } | { ok: false; error: AppError } {
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return { ok: true, value: result.data };
  const problems: Problem[] = result.error.issues.flatMap((issue) =>
    // An unknown field is refused (strict contracts), one problem per field, at that field's path.
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({
          path: [...issue.path, key].join('.'),
          message: issueText({ ...issue, keys: [key], message: unknownKeyMessage(issue, key) }),
          messagePath: issue.path.join('.'),
        }))
      : [{ path: issue.path.join('.'), message: issueText(issue) }],
  );
  return { ok: false, error: validationError(problems) };
}
