import type { Metrics } from './metrics.js';
import type { Tracing } from './tracing.js';

/** How a job ended, as metrics and spans name it. */
export type JobOutcome = 'succeeded' | 'failed' | 'cancelled' | 'timed_out';

/** What a job is once a worker claimed it (labels only: never the prompt or the owner). */
export interface ObservedJob {
  type: string;
  provider: string;
  model: string;
  /** From acceptance to the claim. */
  queuedSeconds: number;
}

/**
 * The runner's one window onto metrics and tracing: it reports a job's start, each provider call and
 * the end, and this decides what is counted, timed and traced.
 */
export interface JobObserver {
  started(job: ObservedJob): JobObservation;
}

export interface JobObservation {
  /** Times and traces one provider call (a failover makes several). */
  providerCall<T>(call: { provider: string; model: string }, work: () => Promise<T>): Promise<T>;
  ended(outcome: JobOutcome): void;
}

/** Jobs counted and timed in `metrics`, provider calls as child spans of the job's span in `tracing`. */
export function createJobObserver(deps: { metrics: Metrics; tracing: () => Tracing }): JobObserver {
  return {
    started(job) {
      const began = performance.now();
      deps.metrics.jobQueueWait.observe({ type: job.type }, job.queuedSeconds);
      deps.tracing().annotate({
        'kaleido.job.type': job.type,
        'kaleido.job.provider': job.provider,
        'kaleido.job.model': job.model,
      });
      let last = { provider: job.provider, model: job.model };
      let ended = false;
      return {
        async providerCall(call, work) {
          last = call;
          const callBegan = performance.now();
          let outcome = 'failed';
          try {
            const result = await deps
              .tracing()
              .span(
                'kaleido.provider.render',
                { 'kaleido.provider': call.provider, 'kaleido.model': call.model },
                work,
              );
            outcome = 'succeeded';
            return result;
          } finally {
            deps.metrics.providerCallDuration.observe(
              { provider: call.provider, model: call.model, outcome },
              (performance.now() - callBegan) / 1000,
            );
          }
        },
        ended(outcome) {
          if (ended) return;
          ended = true;
          const labels = { type: job.type, provider: last.provider, model: last.model, outcome };
          deps.metrics.jobs.inc(labels);
          deps.metrics.jobDuration.observe(labels, (performance.now() - began) / 1000);
          deps.tracing().annotate({ 'kaleido.job.outcome': outcome });
        },
      };
    },
  };
}
