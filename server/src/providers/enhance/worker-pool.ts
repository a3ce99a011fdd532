import { JobPool, resolveWorkerScript } from '../../platform/workers/job-pool.js';
import { ProviderError, workerPoolErrors } from '../provider.js';
import type { EnhanceResult, EnhanceTask, FromEnhanceWorker, ToEnhanceWorker } from './protocol.js';

/**
 * Where the worker script is: `enhance-worker.js` next to the bundle (dist/main.js), or the `.ts`
 * source next to this module under tsx/Vitest (through a bootstrap that registers tsx in the worker).
 */
export function resolveEnhanceWorker(moduleUrl: string = import.meta.url): URL {
  return resolveWorkerScript(moduleUrl, 'enhance-worker', 'Enhancer').url;
}

export interface EnhancePoolOptions {
  /** Jobs run at once (one thread each; the network itself is single-threaded WASM). */
  size: number;
  /** How long a cancelled job may take to reach its next tile before its thread is terminated. */
  cancelGraceMs: number;
  /** An idle thread is ended after this long, giving back the WASM heap a large job grew. */
  idleMs: number;
  entry?: URL;
}

interface Progress {
  fraction: number;
  stage: string;
}

/** Worker threads running Enhancer jobs, one job per thread; threads start on demand and end when idle. */
export class EnhanceWorkerPool {
  private readonly pool: JobPool<EnhanceTask, EnhanceResult, Progress, FromEnhanceWorker>;

  constructor(options: EnhancePoolOptions) {
    this.pool = new JobPool({
      size: options.size,
      cancelGraceMs: options.cancelGraceMs,
      idleMs: options.idleMs,
      entry: options.entry ?? resolveEnhanceWorker(),
      threadName: 'kaleido-enhance',
      workerLabel: 'Enhancer worker',
      errors: workerPoolErrors('Enhancer'),
      start: (id, task): ToEnhanceWorker => ({ type: 'job', id, task }),
      result: ({ result }) => {
        if (result.kind === 'image') {
          const { data } = result.image;
          result.image.data = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
        }
        return result;
      },
      progress: ({ fraction, stage }) => ({ fraction, stage }),
      // Only a change of stage or of a whole per mille: a video reports every tile of every frame.
      skipProgress: (previous, next) =>
        previous !== undefined &&
        previous.stage === next.stage &&
        Math.floor(previous.fraction * 1000) === Math.floor(next.fraction * 1000),
      failure: (error) =>
        new ProviderError(error.kind ?? 'internal', `Enhance failed: ${error.message}`, {
          userMessage: error.userMessage ?? 'The offline Enhancer could not produce this output.',
          ...(error.field ? { field: error.field } : {}),
        }),
    });
  }

  /** Number of live worker threads. */
  get threads(): number {
    return this.pool.threads;
  }

  run(
    task: EnhanceTask,
    context: { signal: AbortSignal; onProgress: (fraction: number, stage: string) => void },
  ): Promise<EnhanceResult> {
    return this.pool.run(task, {
      signal: context.signal,
      report: ({ fraction, stage }) => context.onProgress(fraction, stage),
    });
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
