import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { ProviderError } from '../provider.js';
import type {
  EnhanceResult,
  EnhanceTask,
  FromEnhanceWorker,
  SerializedError,
  ToEnhanceWorker,
} from './protocol.js';

/**
 * Where the worker script is: `enhance-worker.js` next to the bundle (dist/main.js), or the `.ts`
 * source next to this module under tsx/Vitest, started through a bootstrap that registers tsx in the
 * worker (Node 20 ignores `--import tsx` in a worker's execArgv), as the Sketch pool does.
 */
export function resolveEnhanceWorker(moduleUrl: string = import.meta.url): URL {
  const here = fileURLToPath(moduleUrl);
  if (!here.endsWith('.ts')) return new URL('./enhance-worker.js', moduleUrl);
  const source = new URL('./enhance-worker.ts', moduleUrl);
  const requireHere = createRequire(moduleUrl);
  const tsxPackage = requireHere.resolve('tsx/package.json');
  const manifest = JSON.parse(readFileSync(tsxPackage, 'utf8')) as {
    exports: Record<string, { import?: { default?: string } } | string>;
  };
  const entry = manifest.exports['./esm/api'];
  const relative = typeof entry === 'object' ? entry.import?.default : undefined;
  if (!relative) throw new Error('tsx/esm/api not found; cannot start the Enhancer worker from sources');
  const api = pathToFileURL(path.join(path.dirname(tsxPackage), relative)).href;
  const code = `import { register } from ${JSON.stringify(api)};\nregister();\nawait import(${JSON.stringify(source.href)});\n`;
  return new URL(`data:text/javascript,${encodeURIComponent(code)}`);
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

interface Job {
  id: number;
  task: EnhanceTask;
  signal: AbortSignal;
  onProgress: (fraction: number, stage: string) => void;
  resolve: (result: EnhanceResult) => void;
  reject: (error: unknown) => void;
  pids: Set<number>;
  settled: boolean;
  lastStep?: number;
  lastStage?: string;
  onAbort?: () => void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  idleTimer?: NodeJS.Timeout;
}

function killQuietly(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

function revive(error: SerializedError): ProviderError {
  return new ProviderError(error.kind ?? 'internal', `Enhance failed: ${error.message}`, {
    userMessage: error.userMessage ?? 'The offline Enhancer could not produce this output.',
    ...(error.field ? { field: error.field } : {}),
  });
}

/** Worker threads running Enhancer jobs, one job per thread; threads start on demand and end when idle. */
export class EnhanceWorkerPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;
  private readonly entry: URL;

  constructor(private readonly options: EnhancePoolOptions) {
    this.entry = options.entry ?? resolveEnhanceWorker();
  }

  /** Number of live worker threads. */
  get threads(): number {
    return this.slots.length;
  }

  run(
    task: EnhanceTask,
    context: { signal: AbortSignal; onProgress: (fraction: number, stage: string) => void },
  ): Promise<EnhanceResult> {
    if (this.closed) return Promise.reject(new ProviderError('unavailable', 'The Enhancer is shut down.'));
    if (context.signal.aborted) return Promise.reject(context.signal.reason);
    return new Promise<EnhanceResult>((resolve, reject) => {
      const job: Job = {
        id: this.nextId++,
        task,
        signal: context.signal,
        onProgress: context.onProgress,
        resolve,
        reject,
        pids: new Set(),
        settled: false,
      };
      job.onAbort = () => this.cancel(job);
      context.signal.addEventListener('abort', job.onAbort, { once: true });
      this.queue.push(job);
      this.dispatch();
    });
  }

  private settle(job: Job, outcome: { result: EnhanceResult } | { error: unknown }): void {
    if (job.settled) return;
    job.settled = true;
    if (job.onAbort) job.signal.removeEventListener('abort', job.onAbort);
    if ('result' in outcome) job.resolve(outcome.result);
    else job.reject(outcome.error);
  }

  private dispatch(): void {
    while (this.queue.length > 0 && !this.closed) {
      let slot = this.slots.find((s) => !s.job);
      if (!slot) {
        if (this.slots.length >= Math.max(1, this.options.size)) return;
        slot = this.spawn();
      }
      const job = this.queue.shift() as Job;
      clearTimeout(slot.idleTimer);
      slot.job = job;
      slot.worker.ref();
      const message: ToEnhanceWorker = { type: 'job', id: job.id, task: job.task };
      slot.worker.postMessage(message);
    }
  }

  private spawn(): Slot {
    const worker = new Worker(this.entry, { name: 'kaleido-enhance' });
    const slot: Slot = { worker, job: null };
    this.slots.push(slot);
    worker.on('message', (message: FromEnhanceWorker) => this.onMessage(slot, message));
    worker.on('error', (error) => this.onExit(slot, error));
    worker.on('exit', (code) => this.onExit(slot, new Error(`Enhancer worker exited with code ${code}`)));
    worker.unref();
    return slot;
  }

  private onMessage(slot: Slot, message: FromEnhanceWorker): void {
    if (message.type === 'ready') return;
    const job = slot.job;
    if (!job || job.id !== message.id) return;
    switch (message.type) {
      case 'progress': {
        // Forward only a change of stage or of a whole per mille: a video reports every tile of every frame.
        const step = Math.floor(message.fraction * 1000);
        if (job.settled || (step === job.lastStep && message.stage === job.lastStage)) return;
        job.lastStep = step;
        job.lastStage = message.stage;
        job.onProgress(message.fraction, message.stage);
        return;
      }
      case 'process':
        job.pids.add(message.pid);
        return;
      case 'done':
        this.release(slot);
        if (message.result.kind === 'image') {
          const { data } = message.result.image;
          message.result.image.data = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
        }
        this.settle(job, { result: message.result });
        break;
      case 'error':
        this.release(slot);
        this.settle(job, {
          error:
            job.signal.aborted || message.error.name === 'AbortError'
              ? (job.signal.reason ?? new DOMException(message.error.message, 'AbortError'))
              : revive(message.error),
        });
        break;
    }
    this.dispatch();
  }

  private release(slot: Slot): void {
    slot.job = null;
    slot.worker.unref();
    slot.idleTimer = setTimeout(() => {
      if (slot.job) return;
      this.remove(slot);
      void slot.worker.terminate();
    }, this.options.idleMs);
    slot.idleTimer.unref();
  }

  private remove(slot: Slot): void {
    clearTimeout(slot.idleTimer);
    const index = this.slots.indexOf(slot);
    if (index >= 0) this.slots.splice(index, 1);
  }

  private onExit(slot: Slot, error: unknown): void {
    if (!this.slots.includes(slot)) return;
    this.remove(slot);
    const job = slot.job;
    slot.job = null;
    if (job) {
      for (const pid of job.pids) killQuietly(pid);
      this.settle(
        job,
        job.signal.aborted
          ? { error: job.signal.reason }
          : {
              error: new ProviderError(
                'internal',
                `The Enhancer crashed: ${(error as Error)?.message ?? error}`,
                {
                  cause: error,
                  userMessage: 'The offline Enhancer crashed; please try again.',
                },
              ),
            },
      );
    }
    if (!this.closed) this.dispatch();
  }

  /** Dequeues a waiting job, or asks its thread to stop and terminates the thread if it does not. */
  private cancel(job: Job): void {
    const queued = this.queue.indexOf(job);
    if (queued >= 0) {
      this.queue.splice(queued, 1);
      this.settle(job, { error: job.signal.reason });
      return;
    }
    const slot = this.slots.find((s) => s.job === job);
    if (!slot) return;
    const message: ToEnhanceWorker = { type: 'cancel', id: job.id };
    slot.worker.postMessage(message);
    const timer = setTimeout(() => {
      if (slot.job !== job) return;
      // Stuck inside one long tile: kill its ffmpeg and the thread.
      for (const pid of job.pids) killQuietly(pid);
      this.remove(slot);
      slot.job = null;
      void slot.worker.terminate();
      this.settle(job, { error: job.signal.reason });
      this.dispatch();
    }, this.options.cancelGraceMs);
    timer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    const shutdown = new ProviderError('unavailable', 'The Enhancer is shutting down.');
    for (const job of this.queue.splice(0)) this.settle(job, { error: shutdown });
    const slots = this.slots.splice(0);
    for (const slot of slots) {
      clearTimeout(slot.idleTimer);
      if (slot.job) {
        for (const pid of slot.job.pids) killQuietly(pid);
        this.settle(slot.job, { error: shutdown });
      }
    }
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }
}
