import { z } from 'zod';
import { JOB_KINDS } from './constants.js';

/**
 * Per-job diagnostics (setting `debugMode`, DECISIONS "Settings: what each one does"):
 * `GET /api/generations/:id/diagnostics`, for the job's owner while debug mode is on.
 */
export const ZGenerationStage = z.object({
  /** `queued` (waiting for a worker), `render` (one provider attempt), `store` (files, thumbnail). */
  name: z.enum(['queued', 'render', 'store']),
  seconds: z.number(),
  /** For a render: the model and provider, and whether that attempt failed over or failed. */
  detail: z.string().nullable(),
});
export type TGenerationStage = z.infer<typeof ZGenerationStage>;

export const ZGenerationDiagnostics = z
  .object({
    jobId: z.string(),
    type: z.enum(JOB_KINDS),
    status: z.string(),
    model: z.string(),
    provider: z.string(),
    /** Times a worker claimed the job (a job recovered after a crash is claimed again). */
    attempts: z.number().int(),
    failovers: z.array(z.object({ from: z.string(), to: z.string(), reason: z.string() })),
    queuedSeconds: z.number().nullable(),
    runSeconds: z.number().nullable(),
    stages: z.array(ZGenerationStage),
    /** The code and the message the person was shown. */
    errorCode: z.string().nullable(),
    error: z.string().nullable(),
    /** The provider's own error text (truncated; URLs' query strings and tokens redacted). */
    providerError: z.string().nullable(),
    createdAt: z.string(),
    startedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: 'GenerationDiagnostics' });
export type TGenerationDiagnostics = z.infer<typeof ZGenerationDiagnostics>;
