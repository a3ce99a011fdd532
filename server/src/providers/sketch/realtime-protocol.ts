import type { ProviderErrorKind } from '../provider.js';
import type { RealtimeFrame, RealtimeFrameRequest } from './realtime.js';

/** Messages between the Realtime pool (main thread) and its worker thread. */
export type ToRealtimeWorker =
  | { type: 'job'; id: number; request: RealtimeFrameRequest }
  | { type: 'cancel'; id: number };

export type FromRealtimeWorker =
  | { type: 'ready' }
  | { type: 'progress'; id: number }
  | { type: 'process'; id: number; pid: number }
  | { type: 'done'; id: number; frame: RealtimeFrame }
  | { type: 'error'; id: number; error: { name: string; message: string; kind?: ProviderErrorKind } };
