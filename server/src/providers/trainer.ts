import type { GenerationContext, GenerationOutput, ImageRequest } from './provider.js';

/**
 * A provider's personal-model training (issue 21, Train): a FLUX LoRA trained remotely from a zip of
 * images, followed by polling (the training service calls `status` on each tick of its durable job,
 * with the handle saved after `start`, so a restarted worker follows the same remote training), and
 * then used for generations through the provider's LoRA inference.
 */

export interface TrainingStart {
  /** Kaleido's training id (names remote resources, e.g. Replicate's destination model). */
  id: string;
  triggerWord: string;
  kind: 'style' | 'product' | 'character';
  steps: number;
  /** A zip archive of the images (JPEG files). */
  archive: Buffer;
}

/** What a provider needs to find its training again (stored as JSON with the training). */
export interface TrainingHandle {
  remoteId: string;
  [key: string]: unknown;
}

export type RemoteTrainingState =
  | { status: 'queued'; progress: number; stage: string }
  | { status: 'running'; progress: number; stage: string }
  | { status: 'succeeded'; weightsUrl: string | null; version: string | null }
  | { status: 'failed'; error: string }
  | { status: 'cancelled' };

/** A trained model as the provider knows it. */
export interface TrainedWeights {
  /** fal: the LoRA file's URL. */
  weightsUrl: string | null;
  /** Replicate: `owner/name:version` of the destination model. */
  version: string | null;
  triggerWord: string;
  /** The model id generations record (trained-<training id>). */
  modelId: string;
}

export interface ModelTrainer {
  /** The base model trained on, for the screen ("FLUX.1 [dev] LoRA"). */
  readonly baseModel: string;
  /** Whether `remove` deletes the model at the provider (Replicate) or there is nothing to delete (fal). */
  readonly deletes: boolean;
  /** Between two status reads, when the provider's configuration sets its poll interval; else the service's. */
  readonly pollMs?: number;
  start(input: TrainingStart, signal: AbortSignal): Promise<TrainingHandle>;
  status(handle: TrainingHandle, signal: AbortSignal): Promise<RemoteTrainingState>;
  /** Asks the provider to stop the training (best effort: a finished one stays finished). */
  cancel(handle: TrainingHandle): Promise<void>;
  /** Deletes the trained model where the provider allows it. */
  remove(handle: TrainingHandle, weights: TrainedWeights): Promise<void>;
  /** An image of the trained model through the provider's LoRA inference. */
  generate(
    weights: TrainedWeights,
    request: ImageRequest,
    context: GenerationContext,
  ): Promise<GenerationOutput>;
}
