import type { JobHandler, JobQueue } from './job-queue.js';

/** In-process FIFO for the single-process default (SQLite). Jobs lost with the process are re-enqueued from the database at start. */
export function createEmbeddedQueue(
  options: { onError?: (jobId: string, error: unknown) => void } = {},
): JobQueue {
  const pending: string[] = [];
  const queued = new Set<string>();
  const running = new Set<Promise<void>>();
  // Delayed jobs (a retry's backoff) wait on a timer; lost with the process, they are re-enqueued
  // from the database at start.
  const timers = new Set<NodeJS.Timeout>();
  let handler: JobHandler | null = null;
  let concurrency = 0;
  let stopped = false;

  function pump(): void {
    while (handler && !stopped && running.size < concurrency && pending.length) {
      const jobId = pending.shift() as string;
      queued.delete(jobId);
      const work = handler(jobId)
        .catch((error) => options.onError?.(jobId, error))
        .finally(() => {
          running.delete(work);
          pump();
        });
      running.add(work);
    }
  }

  // One pump per turn of the event loop, however many jobs were queued in it.
  let pumpScheduled = false;
  function schedulePump(): void {
    if (pumpScheduled) return;
    pumpScheduled = true;
    setImmediate(() => {
      pumpScheduled = false;
      pump();
    });
  }

  function enqueueNow(jobId: string): void {
    if (queued.has(jobId)) return;
    queued.add(jobId);
    pending.push(jobId);
    // Let the caller finish its response first. With every worker busy there is nothing to start:
    // the pump runs again as each job ends.
    if (running.size < concurrency) schedulePump();
  }

  return {
    kind: 'embedded',
    async enqueue(jobId, enqueueOptions) {
      const delay = enqueueOptions?.delayMs ?? 0;
      if (delay <= 0) return enqueueNow(jobId);
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!stopped) enqueueNow(jobId);
      }, delay);
      timer.unref();
      timers.add(timer);
    },
    async start(next, size) {
      handler = next;
      concurrency = size;
      stopped = false;
      pump();
    },
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.allSettled([...running]);
    },
  };
}
