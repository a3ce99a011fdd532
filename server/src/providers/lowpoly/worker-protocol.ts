import type { ProgressUpdate, ProviderErrorKind } from '../provider.js';
import type { LowPolyResult } from './lowpoly.js';

/** What the 3D tool asks a low-poly worker thread to build. */
export interface LowPolyTask {
  prompt: string;
  seed: number;
  posterSize: number;
}

/** Messages between the provider (main thread) and a low-poly worker thread. */
export type ToLowPolyWorker = ({ type: 'job'; id: number } & LowPolyTask) | { type: 'cancel'; id: number };

export interface SerializedError {
  name: string;
  message: string;
  kind?: ProviderErrorKind;
}

export type FromLowPolyWorker =
  | { type: 'ready' }
  | { type: 'progress'; id: number; update: ProgressUpdate }
  | { type: 'done'; id: number; result: LowPolyResult }
  | { type: 'error'; id: number; error: SerializedError };
