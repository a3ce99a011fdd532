import type { z } from 'zod';
import { AppError } from './app-error.js';

/**
 * Parses `input` with a contract schema or throws VALIDATION_FAILED whose message is the first
 * problem (schemas carry the spec's texts as their messages) and whose details list every problem.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  const first = issues[0];
  const message = first
    ? first.path
      ? `${first.path}: ${first.message}`
      : first.message
    : 'Invalid request.';
  throw new AppError('VALIDATION_FAILED', message, { details: issues });
}
