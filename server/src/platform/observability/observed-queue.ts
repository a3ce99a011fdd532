import type { JobQueue } from '../queue/index.js';
import type { Tracing } from './tracing.js';

/** A queue that knows whether it is consuming (readiness) and carries each job's trace onward. */
export interface ObservedQueue extends JobQueue {
  /** True between start() and stop(). */
  readonly running: boolean;
}

/** Trace contexts kept for jobs another process may take (pg-boss); the oldest go first. */
const MAX_PARENTS = 10_000;

/**
 * Wraps a queue: with tracing on, the request that enqueued a job is remembered, and the job runs
 * inside a span that continues that trace (in this process; a job another process takes starts its
 * own trace).
 */
export function observeQueue(queue: JobQueue, deps: { name: string; tracing: () => Tracing }): ObservedQueue {
  const parents = new Map<string, string>();
  let running = false;
  return {
    kind: queue.kind,
    get running() {
      return running;
    },
    async enqueue(jobId, options) {
      const parent = deps.tracing().capture();
      if (parent) {
        parents.set(jobId, parent);
        if (parents.size > MAX_PARENTS) parents.delete(parents.keys().next().value as string);
      }
      await queue.enqueue(jobId, options);
    },
    async start(handler, concurrency) {
      await queue.start((jobId) => {
        const parent = parents.get(jobId) ?? null;
        parents.delete(jobId);
        return deps
          .tracing()
          .span(`kaleido.${deps.name}.job`, { 'kaleido.queue': deps.name }, () => handler(jobId), parent);
      }, concurrency);
      running = true;
    },
    async stop() {
      running = false;
      await queue.stop();
    },
  };
}
