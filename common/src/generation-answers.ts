import { z } from 'zod';
import { ZAsset, ZGeneration } from './generation.js';
import { GENERATION_STATUSES } from './generation-constants.js';

/**
 * The answers of `POST /api/generate-image` and `/api/generate-video` (browser sessions): the spec's
 * finished result (200), or the job still running after the wait (202).
 */

/** 200: the finished job, in the spec's shape (`url`, and `metadata` for the player and the library). */
export const ZGenerationFinished = z
  .object({
    /** The asset's id (the job's while it has none). */
    id: z.string(),
    generationId: z.string(),
    url: z.string().nullable(),
    thumbnailUrl: z.string().nullable(),
    downloadUrl: z.string().nullable(),
    prompt: z.string(),
    settings: ZGeneration.shape.settings,
    metadata: ZAsset.shape.metadata.extend({ prompt: z.string(), cost: z.number().int() }).nullable(),
    generation: ZGeneration,
  })
  .meta({ id: 'GenerationFinished' });
export type TGenerationFinished = z.infer<typeof ZGenerationFinished>;

/** 202: the job, followed through `statusUrl` or its event stream. */
export const ZGenerationStarted = z
  .object({
    id: z.string(),
    status: z.enum(GENERATION_STATUSES),
    statusUrl: z.string(),
    eventsUrl: z.string(),
    generation: ZGeneration,
  })
  .meta({ id: 'GenerationStarted' });
export type TGenerationStarted = z.infer<typeof ZGenerationStarted>;
