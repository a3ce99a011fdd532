import type { ProviderErrorKind } from '../provider.js';
import type { EnhancedImage, EnhancedVideo, EnhanceQuality, EnhanceScale } from './limits.js';

/** What a job asks of the Enhancer worker thread. */
export type EnhanceTask =
  | { kind: 'image'; input: Uint8Array; scale: EnhanceScale; quality: EnhanceQuality }
  | { kind: 'video'; file: string; outputFile: string; scale: EnhanceScale; quality: EnhanceQuality };

export type EnhanceResult = { kind: 'image'; image: EnhancedImage } | { kind: 'video'; video: EnhancedVideo };

export interface SerializedError {
  name: string;
  message: string;
  kind?: ProviderErrorKind;
  userMessage?: string;
  field?: string;
}

/** Messages between the main thread and an Enhancer worker thread. */
export type ToEnhanceWorker = { type: 'job'; id: number; task: EnhanceTask } | { type: 'cancel'; id: number };

export type FromEnhanceWorker =
  | { type: 'ready' }
  | { type: 'progress'; id: number; fraction: number; stage: string }
  | { type: 'process'; id: number; pid: number }
  | { type: 'done'; id: number; result: EnhanceResult }
  | { type: 'error'; id: number; error: SerializedError };
