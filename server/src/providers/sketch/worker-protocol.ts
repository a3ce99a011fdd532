import type { GenerationOutput, GenerationRequest, ProgressUpdate, ProviderErrorKind } from '../provider.js';
import type { OfflineEdit } from './edit/index.js';
import type { SketchJobOptions } from './job.js';

/** Messages between the provider (main thread) and a Sketch worker thread. */
export type ToWorker =
  | { type: 'job'; id: number; request: GenerationRequest; options: SketchJobOptions }
  /** An offline edit (restyle, expand) of a person's image: CPU-heavy, so off the event loop too. */
  | { type: 'edit'; id: number; edit: OfflineEdit }
  | { type: 'cancel'; id: number };

export interface SerializedError {
  name: string;
  message: string;
  kind?: ProviderErrorKind;
}

export type FromWorker =
  | { type: 'ready' }
  | { type: 'progress'; id: number; update: ProgressUpdate }
  | { type: 'process'; id: number; pid: number }
  | { type: 'done'; id: number; output: GenerationOutput }
  | { type: 'error'; id: number; error: SerializedError };
