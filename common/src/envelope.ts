import { z } from 'zod';
import { ERRORS, type TErrorCode } from './errors.js';

/** One problem of a refused request: the field (dotted path; empty for the whole body) and what is wrong. */
export const ZProblemDetail = z
  .object({
    path: z
      .string()
      .meta({ description: 'The field, as a dotted path (`settings.style`); empty for the whole request.' }),
    message: z.string().meta({ description: "What is wrong with it, in the request's language." }),
  })
  .meta({ id: 'ProblemDetail' });

/** Every API answer is `{ success: true, data }` or `{ success: false, error }` (spec section 7). */
export const ZErrorEnvelope = z
  .object({
    success: z.literal(false),
    error: z.string().meta({ description: "What went wrong, in the request's language (Accept-Language)." }),
    code: z
      .enum(Object.keys(ERRORS) as [TErrorCode, ...TErrorCode[]])
      .optional()
      .meta({ description: 'The stable, machine-readable code: branch on it, not on the message.' }),
    details: z
      .union([
        z.array(ZProblemDetail).meta({ description: 'VALIDATION_FAILED: every problem of the request.' }),
        z.record(z.string(), z.unknown()).meta({
          description: 'Other codes: facts about the refusal (e.g. the generation id and credits used).',
        }),
      ])
      .optional()
      .meta({
        description:
          'VALIDATION_FAILED: every problem of the request (field path and message). Other codes: facts about the refusal.',
      }),
  })
  .meta({
    id: 'ErrorEnvelope',
    examples: [
      {
        success: false,
        error: 'prompt: Prompt is required',
        code: 'VALIDATION_FAILED',
        details: [{ path: 'prompt', message: 'Prompt is required' }],
      },
    ],
  });
export type TErrorEnvelope = z.infer<typeof ZErrorEnvelope>;

export function ZSuccessEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data });
}

export type TSuccessEnvelope<T> = { success: true; data: T };

/** The answer of a call that removed something: which one. */
export const ZDeleted = z.object({ id: z.string() }).meta({ id: 'Deleted' });
export type TDeleted = z.infer<typeof ZDeleted>;
export type TEnvelope<T> = TSuccessEnvelope<T> | TErrorEnvelope;

export const ZHealthResponse = z
  .object({
    success: z.boolean(),
    /** "degraded": the database answers but a generation provider is down. */
    status: z.enum(['ok', 'degraded', 'error']),
    version: z.string(),
    uptimeSeconds: z.number().int().nonnegative(),
    database: z.enum(['sqlite', 'postgres']),
    error: z.string().optional(),
    providers: z
      .array(z.object({ id: z.string(), name: z.string(), ok: z.boolean(), detail: z.string().optional() }))
      .optional(),
  })
  .meta({ id: 'HealthResponse' });
export type THealthResponse = z.infer<typeof ZHealthResponse>;

/** `GET /health/live`: the process is up and its event loop turns (no dependency is asked). */
export const ZLivenessResponse = z
  .object({
    success: z.literal(true),
    status: z.literal('alive'),
    uptimeSeconds: z.number().int().nonnegative(),
  })
  .meta({ id: 'LivenessResponse' });
export type TLivenessResponse = z.infer<typeof ZLivenessResponse>;

/** What `GET /health/ready` checks; a failing one makes it answer 503 and names it. */
export const READINESS_CHECKS = ['database', 'migrations', 'storage', 'queue'] as const;

export const ZReadinessResponse = z
  .object({
    success: z.boolean(),
    status: z.enum(['ready', 'not_ready']),
    checks: z.array(
      z.object({
        name: z.enum(READINESS_CHECKS),
        ok: z.boolean(),
        /** Why it failed, without hosts or upstream messages (the probe needs no sign-in). */
        detail: z.string().optional(),
      }),
    ),
  })
  .meta({ id: 'ReadinessResponse' });
export type TReadinessResponse = z.infer<typeof ZReadinessResponse>;
