import { z } from 'zod';
import {
  TRAINING_KINDS,
  TRAINING_LIMITS,
  TRAINING_MESSAGES,
  TRAINING_STATUSES,
  TRIGGER_WORD_PATTERN,
} from './trainings-constants.js';

/**
 * Train (issue 21): a personal FLUX LoRA trained through a provider's training API from 10–40 of the
 * person's images. Routes: `POST /api/trainings` (start), `GET /api/trainings` (the person's),
 * `GET /api/trainings/:id`, `POST /api/trainings/:id/cancel`, `DELETE /api/trainings/:id`.
 * A succeeded training is a model of the person's own picker (`trainedModelId`).
 */

export const ZTrainingRequest = z
  .object({
    name: z.string().trim().min(1).max(TRAINING_LIMITS.nameMaxLength),
    triggerWord: z
      .string()
      .trim()
      .min(2)
      .max(TRAINING_LIMITS.triggerWordMaxLength)
      .regex(TRIGGER_WORD_PATTERN, { message: TRAINING_MESSAGES.triggerWord }),
    kind: z.enum(TRAINING_KINDS),
    /** The images to learn from: uploads or results of the person's library. */
    assetIds: z
      .array(z.string().min(1).max(100))
      .min(TRAINING_LIMITS.minImages, { message: TRAINING_MESSAGES.tooFewImages })
      .max(TRAINING_LIMITS.maxImages, { message: TRAINING_MESSAGES.tooManyImages }),
    /** The provider to train with (its id); absent: the first configured one that can. */
    provider: z.string().min(1).max(100).optional(),
  })
  .meta({ id: 'TrainingRequest' });
export type TTrainingRequest = z.input<typeof ZTrainingRequest>;

export const ZTraining = z
  .object({
    id: z.string(),
    name: z.string(),
    triggerWord: z.string(),
    kind: z.enum(TRAINING_KINDS),
    provider: z.string(),
    providerName: z.string(),
    status: z.enum(TRAINING_STATUSES),
    /** 0–100. */
    progress: z.number().int(),
    stage: z.string().nullable(),
    cost: z.number().int(),
    error: z.string().nullable(),
    imageCount: z.number().int(),
    sourceAssetIds: z.array(z.string()),
    /** Succeeded: the id to generate with (`POST /api/generate-image { model }`); else null. */
    modelId: z.string().nullable(),
    /** Deleting the model also deletes it at the provider (Replicate); false: the provider keeps its file (fal). */
    providerDeletes: z.boolean(),
    createdAt: z.string(),
    startedAt: z.string().nullable(),
    completedAt: z.string().nullable(),
  })
  .meta({ id: 'Training' });
export type TTraining = z.infer<typeof ZTraining>;

/** `GET /api/trainings`: the person's trainings (newest first) and what this installation can train with. */
export const ZTrainingsInfo = z
  .object({
    trainings: z.array(ZTraining),
    /** Configured providers that can train; empty: "needs an AI provider" (`providers` can). */
    trainers: z.array(z.object({ id: z.string(), name: z.string(), deletes: z.boolean() })),
    providers: z.array(z.string()),
    price: z.number().int(),
    limits: z.object({ minImages: z.number().int(), maxImages: z.number().int() }),
  })
  .meta({ id: 'TrainingsInfo' });
export type TTrainingsInfo = z.infer<typeof ZTrainingsInfo>;

export const ZTrainingParams = z.object({ id: z.string().min(1).max(100) });

/** `POST /api/v1/trainings`: as the app's call; unknown fields are refused, as on every public body. */
export const ZPublicTrainingRequest = z.strictObject(ZTrainingRequest.shape).meta({
  id: 'PublicTrainingRequest',
  examples: [
    {
      name: 'Watercolour',
      triggerWord: 'KLDWATER',
      kind: 'style',
      assetIds: ['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7', 'a8', 'a9', 'a10'],
    },
  ],
});

/** Public API answers: the envelope around a training, and around the list. */
export const ZPublicTrainingAnswer = z
  .object({ success: z.literal(true), data: ZTraining })
  .meta({ id: 'TrainingAnswer' });
export const ZPublicTrainingList = z
  .object({ success: z.literal(true), data: ZTrainingsInfo })
  .meta({ id: 'TrainingList' });
