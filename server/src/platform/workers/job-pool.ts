import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

export interface WorkerEntry {
  url: URL;
  /** True when running from TypeScript sources (tsx, Vitest): the worker loads tsx first. */
  fromSource: boolean;
}

/**
 * Where a worker script is: `<name>.js` next to the bundle (dist/main.js), or `<name>.ts` next to the
 * calling module when the server runs from sources. `moduleUrl` is the caller's `import.meta.url`.
 */
export function resolveWorkerScript(moduleUrl: string, name: string, label: string): WorkerEntry {
  const here = fileURLToPath(moduleUrl);
  if (!here.endsWith('.ts')) return { url: new URL(`./${name}.js`, moduleUrl), fromSource: false };
  const source = new URL(`./${name}.ts`, moduleUrl);
  // Node 20 ignores `--import tsx` in a worker's execArgv, so a tiny bootstrap registers tsx's
  // loader inside the worker and then imports the TypeScript entry.
  const requireHere = createRequire(moduleUrl);
  const tsxPackage = requireHere.resolve('tsx/package.json');
  const manifest = JSON.parse(readFileSync(tsxPackage, 'utf8')) as {
    exports: Record<string, { import?: { default?: string } } | string>;
  };
  const entry = manifest.exports['./esm/api'];
  const relative = typeof entry === 'object' ? entry.import?.default : undefined;
  if (!relative) throw new Error(`tsx/esm/api not found; cannot start the ${label} worker from sources`);
  const api = pathToFileURL(path.join(path.dirname(tsxPackage), relative)).href;
  const code = `import { register } from ${JSON.stringify(api)};\nregister();\nawait import(${JSON.stringify(source.href)});\n`;
  return { url: new URL(`data:text/javascript,${encodeURIComponent(code)}`), fromSource: true };
}

/** The envelope every pool worker speaks; each protocol adds its own payload to progress and done. */
export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'progress'; id: number }
  | { type: 'process'; id: number; pid: number }
  | { type: 'done'; id: number }
  | { type: 'error'; id: number; error: { name: string; message: string } };

type Of<M, T> = Extract<M, { type: T }>;

/** What differs between pools: names, how a worker starts, and how its messages become results. */
export interface JobPoolConfig<Task, Result, Progress, In extends WorkerMessage> {
  /** Jobs run at once (one thread each). */
  size: number;
  /** How long a cancelled job may take to stop before its thread is terminated. */
  cancelGraceMs: number;
  /** When set, an idle thread ends after this long (gives back memory); otherwise threads stay. */
  idleMs?: number;
  entry: URL;
  /** Thread name, e.g. `kaleido-sketch`. */
  threadName: string;
  /** Names the thread in the crash error: "<workerLabel> exited with code 1". */
  workerLabel: string;
  /** The errors the pool raises itself (the caller's error type, e.g. ProviderError). */
  errors: JobPoolErrors;
  /** The message that starts a job on a worker. */
  start(id: number, task: Task): unknown;
  /** Result and progress payloads cross as structured clones: Buffers arrive as plain Uint8Arrays. */
  result(message: Of<In, 'done'>): Result;
  progress(message: Of<In, 'progress'>): Progress;
  /** Drops a progress message that says nothing new (a video reports every tile of every frame). */
  skipProgress?(previous: Progress | undefined, next: Progress): boolean;
  /** The error a job that failed (not cancelled) rejects with. */
  failure(error: Of<In, 'error'>['error'], task: Task): unknown;
}

export interface JobPoolErrors {
  /** run() after close(). */
  shutDown(): Error;
  /** Queued and running jobs when close() is called. */
  shuttingDown(): Error;
  /** A job whose thread died (error or exit) under it. */
  crashed(cause: unknown): Error;
}

export interface JobContext<Progress> {
  signal: AbortSignal;
  report: (progress: Progress) => void;
}

interface Job<Task, Result, Progress> {
  id: number;
  task: Task;
  signal: AbortSignal;
  report: (progress: Progress) => void;
  resolve: (result: Result) => void;
  reject: (error: unknown) => void;
  /** Child processes (ffmpeg) the job started: a terminated thread would leave them running. */
  pids: Set<number>;
  settled: boolean;
  lastProgress?: Progress;
  onAbort?: () => void;
}

interface Slot<Task, Result, Progress> {
  worker: Worker;
  job: Job<Task, Result, Progress> | null;
  idleTimer?: NodeJS.Timeout;
}

function killQuietly(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/**
 * Worker threads running jobs, one job per thread at a time, for CPU-heavy work kept off the event
 * loop (Sketch renders, the Enhancer). Threads start on demand, are replaced when they crash, may end
 * when idle, and are terminated on close(). A cancelled job is asked to stop; a thread stuck in a long
 * synchronous step past the grace period is terminated with the child processes its job started.
 */
export class JobPool<Task, Result, Progress, In extends WorkerMessage> {
  private readonly slots: Slot<Task, Result, Progress>[] = [];
  private readonly queue: Job<Task, Result, Progress>[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly config: JobPoolConfig<Task, Result, Progress, In>) {}

  /** Number of live worker threads. */
  get threads(): number {
    return this.slots.length;
  }

  run(task: Task, context: JobContext<Progress>): Promise<Result> {
    if (this.closed) return Promise.reject(this.config.errors.shutDown());
    if (context.signal.aborted) return Promise.reject(context.signal.reason);
    return new Promise<Result>((resolve, reject) => {
      const job: Job<Task, Result, Progress> = {
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

  private settle(job: Job<Task, Result, Progress>, outcome: { result: Result } | { error: unknown }): void {
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
        if (this.slots.length >= Math.max(1, this.config.size)) return;
        slot = this.spawn();
      }
      const job = this.queue.shift() as Job<Task, Result, Progress>;
      clearTimeout(slot.idleTimer);
      slot.job = job;
      // A busy thread keeps the process alive; an idle one must not.
      slot.worker.ref();
      slot.worker.postMessage(this.config.start(job.id, job.task));
    }
  }

  private spawn(): Slot<Task, Result, Progress> {
    const worker = new Worker(this.config.entry, { name: this.config.threadName });
    const slot: Slot<Task, Result, Progress> = { worker, job: null };
    this.slots.push(slot);
    worker.on('message', (message: In) => this.onMessage(slot, message));
    worker.on('error', (error) => this.onCrash(slot, error));
    worker.on('exit', (code) =>
      this.onCrash(slot, new Error(`${this.config.workerLabel} exited with code ${code}`)),
    );
    worker.unref();
    return slot;
  }

  private onMessage(slot: Slot<Task, Result, Progress>, message: In): void {
    if (message.type === 'ready') return;
    const job = slot.job;
    if (!job || job.id !== message.id) return;
    switch (message.type) {
      case 'progress': {
        if (job.settled) return;
        const progress = this.config.progress(message as Of<In, 'progress'>);
        if (this.config.skipProgress?.(job.lastProgress, progress)) return;
        job.lastProgress = progress;
        job.report(progress);
        return;
      }
      case 'process':
        job.pids.add(message.pid);
        return;
      case 'done':
        this.release(slot);
        this.settle(job, { result: this.config.result(message as Of<In, 'done'>) });
        break;
      case 'error': {
        this.release(slot);
        const { error } = message;
        this.settle(job, {
          error:
            job.signal.aborted || error.name === 'AbortError'
              ? (job.signal.reason ?? new DOMException(error.message, 'AbortError'))
              : this.config.failure(error, job.task),
        });
        break;
      }
    }
    this.dispatch();
  }

  private release(slot: Slot<Task, Result, Progress>): void {
    slot.job = null;
    if (this.closed) return; // close() is already terminating it
    slot.worker.unref();
    if (this.config.idleMs === undefined) return;
    slot.idleTimer = setTimeout(() => {
      if (slot.job) return;
      this.remove(slot);
      void slot.worker.terminate();
    }, this.config.idleMs);
    slot.idleTimer.unref();
  }

  private remove(slot: Slot<Task, Result, Progress>): void {
    clearTimeout(slot.idleTimer);
    const index = this.slots.indexOf(slot);
    if (index >= 0) this.slots.splice(index, 1);
  }

  private onCrash(slot: Slot<Task, Result, Progress>, error: unknown): void {
    if (!this.slots.includes(slot)) return;
    this.remove(slot);
    const job = slot.job;
    slot.job = null;
    if (job) {
      for (const pid of job.pids) killQuietly(pid);
      this.settle(job, { error: job.signal.aborted ? job.signal.reason : this.config.errors.crashed(error) });
    }
    if (!this.closed) this.dispatch();
  }

  /** Dequeues a waiting job, or asks its thread to stop and terminates the thread if it does not. */
  private cancel(job: Job<Task, Result, Progress>): void {
    const queued = this.queue.indexOf(job);
    if (queued >= 0) {
      this.queue.splice(queued, 1);
      this.settle(job, { error: job.signal.reason });
      return;
    }
    const slot = this.slots.find((s) => s.job === job);
    if (!slot) return;
    slot.worker.postMessage({ type: 'cancel', id: job.id });
    const timer = setTimeout(() => {
      if (slot.job !== job) return;
      // Stuck in a long synchronous step (a frame, a tile): kill its child processes and the thread.
      for (const pid of job.pids) killQuietly(pid);
      this.remove(slot);
      slot.job = null;
      void slot.worker.terminate();
      this.settle(job, { error: job.signal.reason });
      this.dispatch();
    }, this.config.cancelGraceMs);
    timer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    const shutdown = this.config.errors.shuttingDown();
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
