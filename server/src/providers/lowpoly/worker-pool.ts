import { JobPool, resolveWorkerScript, type WorkerEntry } from '../../platform/workers/job-pool.js';
import { type ProgressUpdate, ProviderError, workerPoolErrors } from '../provider.js';
import type { LowPolyResult } from './lowpoly.js';
import type { FromLowPolyWorker, LowPolyTask, ToLowPolyWorker } from './worker-protocol.js';

/**
 * Where the worker script is: `lowpoly-worker.js` next to the bundle (dist/main.js), or the `.ts`
 * source next to this module when the server runs from sources.
 */
export function resolveLowPolyWorkerEntry(moduleUrl: string = import.meta.url): WorkerEntry {
  return resolveWorkerScript(moduleUrl, 'lowpoly-worker', '3D modeller');
}

export interface LowPolyPoolOptions {
  /** Jobs built at once (one thread each). */
  size: number;
  /** How long a cancelled job may take to stop before its thread is terminated. */
  cancelGraceMs: number;
  /** An idle thread ends after this long: 3D jobs are occasional, so its memory is given back. */
  idleMs?: number;
  entry?: WorkerEntry;
}

type Context = { signal: AbortSignal; report: (update: ProgressUpdate) => void };

/** Buffers cross the thread boundary as plain Uint8Arrays. */
function toBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * Worker threads building the offline 3D tool's objects (a GLB and its PNG still take 0.1–0.6 s of
 * CPU, during which the event loop would serve no one). The queue, cancel and crash handling are the
 * generic JobPool's.
 */
export class LowPolyWorkerPool {
  private readonly pool: JobPool<LowPolyTask, LowPolyResult, ProgressUpdate, FromLowPolyWorker>;

  constructor(options: LowPolyPoolOptions) {
    this.pool = new JobPool({
      size: options.size,
      cancelGraceMs: options.cancelGraceMs,
      ...(options.idleMs !== undefined ? { idleMs: options.idleMs } : {}),
      entry: (options.entry ?? resolveLowPolyWorkerEntry()).url,
      threadName: 'kaleido-lowpoly',
      workerLabel: '3D modeller worker',
      errors: workerPoolErrors('3D modeller'),
      start: (id, task): ToLowPolyWorker => ({ type: 'job', id, ...task }),
      result: ({ result }) => ({ ...result, glb: toBuffer(result.glb), poster: toBuffer(result.poster) }),
      progress: ({ update }) => update,
      failure: (error) =>
        new ProviderError(error.kind ?? 'internal', `3D modelling failed: ${error.message}`),
    });
  }

  /** Number of live worker threads. */
  get threads(): number {
    return this.pool.threads;
  }

  run(task: LowPolyTask, context: Context): Promise<LowPolyResult> {
    return this.pool.run(task, context);
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
