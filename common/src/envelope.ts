import { z } from 'zod';

/** Every API answer is `{ success: true, data }` or `{ success: false, error }` (spec section 7). */
export const ZErrorEnvelope = z
  .object({
    success: z.literal(false),
    error: z.string(),
    code: z.string().optional(),
    details: z.unknown().optional(),
  })
  .meta({ id: 'ErrorEnvelope' });
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
