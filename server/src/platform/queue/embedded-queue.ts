import type { JobHandler, JobQueue } from './job-queue.js';

/** In-process FIFO for the single-process default (SQLite). Jobs lost with the process are re-enqueued from the database at start. */
export function createEmbeddedQueue(
  options: { onError?: (jobId: string, error: unknown) => void } = {},
): JobQueue {
  const pending: string[] = [];
  const queued = new Set<string>();
  const running = new Set<Promise<void>>();
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

  return {
    kind: 'embedded',
    async enqueue(jobId) {
      if (queued.has(jobId)) return;
      queued.add(jobId);
      pending.push(jobId);
      // Let the caller finish its response first.
      setImmediate(pump);
    },
    async start(next, size) {
      handler = next;
      concurrency = size;
      stopped = false;
      pump();
    },
    async stop() {
      stopped = true;
      await Promise.allSettled([...running]);
    },
  };
}
