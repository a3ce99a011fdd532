import type { TApiMessageId } from './i18n/messages/en.js';

/** Train (issue 21): kinds, limits, providers and the trained model ids (no zod: safe for the browser bundle). */

export const TRAINING_KINDS = ['style', 'product', 'character'] as const;
export type TTrainingKind = (typeof TRAINING_KINDS)[number];

export const TRAINING_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type TTrainingStatus = (typeof TRAINING_STATUSES)[number];

/** How many images a training takes, and the shape of its trigger word and name. */
export const TRAINING_LIMITS = {
  minImages: 10,
  maxImages: 40,
  triggerWordMaxLength: 40,
  nameMaxLength: 60,
  /** Training steps sent to the provider (its trainers' recommended default). */
  steps: 1000,
} as const;

/** A trigger word: one token of letters and digits (underscore and hyphen inside), so prompts can hold it verbatim. */
export const TRIGGER_WORD_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

/** Providers whose training API Kaleido drives (the "needs an AI provider" state). */
export const TRAINING_PROVIDERS = ['fal', 'replicate'] as const;

/** The model id a succeeded training answers to in the generators (private to its owner). */
export const TRAINED_MODEL_PREFIX = 'trained-';
export function trainedModelId(trainingId: string): string {
  return `${TRAINED_MODEL_PREFIX}${trainingId}`;
}
/** The training id of a trained model id, or null for any other model id. */
export function trainingIdOfModel(modelId: string): string | null {
  return modelId.startsWith(TRAINED_MODEL_PREFIX) ? modelId.slice(TRAINED_MODEL_PREFIX.length) : null;
}

/** Message ids of Train's refusals (values: API_MESSAGE_DEFAULTS). */
export const TRAINING_MESSAGES = {
  tooFewImages: 'api.trainings.tooFewImages',
  tooManyImages: 'api.trainings.tooManyImages',
  duplicateImages: 'api.trainings.duplicateImages',
  notImage: 'api.trainings.notImage',
  triggerWord: 'api.trainings.triggerWord',
  unavailable: 'api.trainings.unavailable',
  notFinished: 'api.trainings.notFinished',
  finished: 'api.trainings.finished',
} as const satisfies Record<string, TApiMessageId>;
