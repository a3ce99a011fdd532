import { JobPool, resolveWorkerScript, type WorkerEntry } from '../../platform/workers/job-pool.js';
import {
  type GenerationOutput,
  type GenerationRequest,
  type ProgressUpdate,
  ProviderError,
  workerPoolErrors,
} from '../provider.js';
import type { OfflineEdit } from './edit/index.js';
import type { SketchJobOptions } from './job.js';
import type { FromWorker, ToWorker } from './worker-protocol.js';

export type { WorkerEntry };

/**
 * Where the worker script is: `sketch-worker.js` next to the bundle (dist/main.js), or the `.ts`
 * source next to this module when the server runs from sources.
 */
export function resolveWorkerEntry(moduleUrl: string = import.meta.url): WorkerEntry {
  return resolveWorkerScript(moduleUrl, 'sketch-worker', 'Sketch');
}

/** A render, or an offline edit of a person's image. */
type SketchTask =
  | { type: 'job'; request: GenerationRequest; options: SketchJobOptions }
  | { type: 'edit'; edit: OfflineEdit };

type Context = { signal: AbortSignal; report: (update: ProgressUpdate) => void };

export interface SketchPoolOptions {
  size: number;
  /** How long a cancelled job may take to stop before its worker is terminated. */
  cancelGraceMs: number;
  entry?: WorkerEntry;
}

/** Buffers cross the thread boundary as plain Uint8Arrays. */
function toBuffer(value: unknown): Buffer {
  const bytes = value as Uint8Array;
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * Worker threads rendering Sketch jobs and offline edits, one job per thread, a fixed maximum of
 * threads that stay once started (the queue, cancel and crash handling are the generic JobPool's).
 */
export class SketchWorkerPool {
  private readonly pool: JobPool<SketchTask, GenerationOutput, ProgressUpdate, FromWorker>;

  constructor(options: SketchPoolOptions) {
    this.pool = new JobPool({
      size: options.size,
      cancelGraceMs: options.cancelGraceMs,
      entry: (options.entry ?? resolveWorkerEntry()).url,
      threadName: 'kaleido-sketch',
      workerLabel: 'Sketch worker',
      errors: workerPoolErrors('Sketch renderer'),
      start: (id, task): ToWorker =>
        task.type === 'edit'
          ? { type: 'edit', id, edit: task.edit }
          : { type: 'job', id, request: task.request, options: task.options },
      result: ({ output }) => ({
        ...output,
        data: toBuffer(output.data),
        ...(output.poster ? { poster: toBuffer(output.poster) } : {}),
      }),
      progress: ({ update }) =>
        update.preview
          ? { ...update, preview: { ...update.preview, data: toBuffer(update.preview.data) } }
          : update,
      failure: (error, task) =>
        task.type === 'edit'
          ? new ProviderError(error.kind ?? 'internal', `Offline edit failed: ${error.message}`)
          : new ProviderError(error.kind ?? 'internal', `Sketch render failed: ${error.message}`, {
              userMessage: 'The offline Sketch renderer could not produce this output.',
            }),
    });
  }

  /** Number of live worker threads. */
  get threads(): number {
    return this.pool.threads;
  }

  run(request: GenerationRequest, options: SketchJobOptions, context: Context): Promise<GenerationOutput> {
    return this.pool.run({ type: 'job', request, options }, context);
  }

  /** Runs an offline edit (restyle, expand) in a worker, with the same queue, cancel and crash handling. */
  runEdit(edit: OfflineEdit, context: Context): Promise<GenerationOutput> {
    return this.pool.run({ type: 'edit', edit }, context);
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
