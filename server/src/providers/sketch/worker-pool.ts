import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import {
  type GenerationOutput,
  type GenerationRequest,
  type ProgressUpdate,
  ProviderError,
} from '../provider.js';
import type { OfflineEdit } from './edit/index.js';
import type { SketchJobOptions } from './job.js';
import type { FromWorker, ToWorker } from './worker-protocol.js';

export interface WorkerEntry {
  url: URL;
  /** True when running from TypeScript sources (tsx, Vitest): the worker loads tsx first. */
  fromSource: boolean;
}

/**
 * Where the worker script is: `sketch-worker.js` next to the bundle (dist/main.js), or the `.ts`
 * source next to this module when the server runs from sources.
 */
export function resolveWorkerEntry(moduleUrl: string = import.meta.url): WorkerEntry {
  const here = fileURLToPath(moduleUrl);
  if (!here.endsWith('.ts')) return { url: new URL('./sketch-worker.js', moduleUrl), fromSource: false };
  const source = new URL('./sketch-worker.ts', moduleUrl);
  // Node 20 ignores `--import tsx` in a worker's execArgv, so a tiny bootstrap registers tsx's
  // loader inside the worker and then imports the TypeScript entry.
  const requireHere = createRequire(moduleUrl);
  const tsxPackage = requireHere.resolve('tsx/package.json');
  const manifest = JSON.parse(readFileSync(tsxPackage, 'utf8')) as {
    exports: Record<string, { import?: { default?: string } } | string>;
  };
  const entry = manifest.exports['./esm/api'];
  const relative = typeof entry === 'object' ? entry.import?.default : undefined;
  if (!relative) throw new Error('tsx/esm/api not found; cannot start the Sketch worker from sources');
  const api = pathToFileURL(path.join(path.dirname(tsxPackage), relative)).href;
  const code = `import { register } from ${JSON.stringify(api)};\nregister();\nawait import(${JSON.stringify(source.href)});\n`;
  return { url: new URL(`data:text/javascript,${encodeURIComponent(code)}`), fromSource: true };
}

interface Job {
  id: number;
  /** A render, or an offline edit of a person's image. */
  task:
    | { type: 'job'; request: GenerationRequest; options: SketchJobOptions }
    | { type: 'edit'; edit: OfflineEdit };
  signal: AbortSignal;
  report: (update: ProgressUpdate) => void;
  resolve: (output: GenerationOutput) => void;
  reject: (error: unknown) => void;
  pids: Set<number>;
  settled: boolean;
  onAbort?: () => void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  /** Set when the slot must not take new jobs (cancel pending, crashed or terminating). */
  retiring: boolean;
}

export interface SketchPoolOptions {
  size: number;
  /** How long a cancelled job may take to stop before its worker is terminated. */
  cancelGraceMs: number;
  entry?: WorkerEntry;
}

function toBuffer(value: unknown): Buffer {
  const bytes = value as Uint8Array;
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function revive(output: GenerationOutput): GenerationOutput {
  const revived: GenerationOutput = { ...output, data: toBuffer(output.data) };
  if (output.poster) revived.poster = toBuffer(output.poster);
  return revived;
}

function reviveUpdate(update: ProgressUpdate): ProgressUpdate {
  return update.preview
    ? { ...update, preview: { ...update.preview, data: toBuffer(update.preview.data) } }
    : update;
}

function killQuietly(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/**
 * A small pool of worker threads rendering Sketch jobs, one job per worker at a time. Workers
 * start on demand, are replaced when they crash, and are terminated on close().
 */
export class SketchWorkerPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;
  private readonly entry: WorkerEntry;

  constructor(private readonly options: SketchPoolOptions) {
    this.entry = options.entry ?? resolveWorkerEntry();
  }

  /** Number of live worker threads. */
  get threads(): number {
    return this.slots.length;
  }

  run(
    request: GenerationRequest,
    options: SketchJobOptions,
    context: { signal: AbortSignal; report: (update: ProgressUpdate) => void },
  ): Promise<GenerationOutput> {
    return this.submit({ type: 'job', request, options }, context);
  }

  /** Runs an offline edit (restyle, expand) in a worker, with the same queue, cancel and crash handling. */
  runEdit(
    edit: OfflineEdit,
    context: { signal: AbortSignal; report: (update: ProgressUpdate) => void },
  ): Promise<GenerationOutput> {
    return this.submit({ type: 'edit', edit }, context);
  }

  private submit(
    task: Job['task'],
    context: { signal: AbortSignal; report: (update: ProgressUpdate) => void },
  ): Promise<GenerationOutput> {
    if (this.closed)
      return Promise.reject(new ProviderError('unavailable', 'The Sketch renderer is shut down.'));
    if (context.signal.aborted) return Promise.reject(context.signal.reason);
    return new Promise<GenerationOutput>((resolve, reject) => {
      const job: Job = {
        id: this.nextId++,
        task,
        signal: context.signal,
        report: context.report,
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

  private settle(job: Job, outcome: { output: GenerationOutput } | { error: unknown }): void {
    if (job.settled) return;
    job.settled = true;
    if (job.onAbort) job.signal.removeEventListener('abort', job.onAbort);
    if ('output' in outcome) job.resolve(outcome.output);
    else job.reject(outcome.error);
  }

  private dispatch(): void {
    while (this.queue.length > 0 && !this.closed) {
      let slot = this.slots.find((s) => !s.job && !s.retiring);
      if (!slot) {
        if (this.slots.length >= Math.max(1, this.options.size)) return;
        slot = this.spawn();
      }
      const job = this.queue.shift() as Job;
      slot.job = job;
      slot.worker.ref();
      const message: ToWorker =
        job.task.type === 'edit'
          ? { type: 'edit', id: job.id, edit: job.task.edit }
          : { type: 'job', id: job.id, request: job.task.request, options: job.task.options };
      slot.worker.postMessage(message);
    }
  }

  private spawn(): Slot {
    const worker = new Worker(this.entry.url, { name: 'kaleido-sketch' });
    const slot: Slot = { worker, job: null, retiring: false };
    this.slots.push(slot);
    worker.on('message', (message: FromWorker) => this.onMessage(slot, message));
    worker.on('error', (error) => this.onCrash(slot, error));
    worker.on('exit', (code) => this.onCrash(slot, new Error(`Sketch worker exited with code ${code}`)));
    worker.unref();
    return slot;
  }

  private onMessage(slot: Slot, message: FromWorker): void {
    if (message.type === 'ready') return;
    const job = slot.job;
    if (!job || job.id !== message.id) return;
    switch (message.type) {
      case 'progress':
        if (!job.settled) job.report(reviveUpdate(message.update));
        return;
      case 'process':
        job.pids.add(message.pid);
        return;
      case 'done':
        this.release(slot);
        this.settle(job, { output: revive(message.output) });
        break;
      case 'error': {
        this.release(slot);
        const { error } = message;
        if (job.signal.aborted || error.name === 'AbortError')
          this.settle(job, { error: job.signal.reason ?? error });
        else
          this.settle(job, {
            error:
              job.task.type === 'edit'
                ? new ProviderError(error.kind ?? 'internal', `Offline edit failed: ${error.message}`)
                : new ProviderError(error.kind ?? 'internal', `Sketch render failed: ${error.message}`, {
                    userMessage: 'The offline Sketch renderer could not produce this output.',
                  }),
          });
        break;
      }
    }
    this.dispatch();
  }

  private release(slot: Slot): void {
    slot.job = null;
    if (slot.retiring) {
      this.remove(slot);
      void slot.worker.terminate();
    } else {
      slot.worker.unref();
    }
  }

  private remove(slot: Slot): void {
    const index = this.slots.indexOf(slot);
    if (index >= 0) this.slots.splice(index, 1);
  }

  private onCrash(slot: Slot, error: unknown): void {
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
                `The Sketch renderer crashed: ${(error as Error)?.message ?? error}`,
                {
                  cause: error,
                  userMessage: 'The offline Sketch renderer crashed; please try again.',
                },
              ),
            },
      );
    }
    if (!this.closed) this.dispatch();
  }

  /** Cancels a job: dequeue it, or ask its worker to stop and terminate the worker if it does not. */
  private cancel(job: Job): void {
    const queued = this.queue.indexOf(job);
    if (queued >= 0) {
      this.queue.splice(queued, 1);
      this.settle(job, { error: job.signal.reason });
      return;
    }
    const slot = this.slots.find((s) => s.job === job);
    if (!slot) return;
    const message: ToWorker = { type: 'cancel', id: job.id };
    slot.worker.postMessage(message);
    const timer = setTimeout(() => {
      if (slot.job !== job) return;
      // The worker is stuck in a long synchronous step: kill its encoder and the thread.
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
    const shutdown = new ProviderError('unavailable', 'The Sketch renderer is shutting down.');
    for (const job of this.queue.splice(0)) this.settle(job, { error: shutdown });
    const slots = this.slots.splice(0);
    for (const slot of slots) {
      slot.retiring = true;
      if (slot.job) {
        for (const pid of slot.job.pids) killQuietly(pid);
        this.settle(slot.job, { error: shutdown });
      }
    }
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }
}
