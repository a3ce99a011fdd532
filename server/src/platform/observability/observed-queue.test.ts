import { describe, expect, it } from 'vitest';
import { createEmbeddedQueue } from '../queue/embedded-queue.js';
import { observeQueue } from './observed-queue.js';
import { type Tracing, tracing } from './tracing.js';

describe('observeQueue', () => {
  it('says whether it consumes: not before start, yes after, not once stopped', async () => {
    const queue = observeQueue(createEmbeddedQueue(), { name: 'generation', tracing });
    expect(queue.running).toBe(false);
    await queue.start(async () => undefined, 1);
    expect(queue.running).toBe(true);
    await queue.stop();
    expect(queue.running).toBe(false);
  });

  it('runs each job in a span continuing the trace that enqueued it', async () => {
    const spans: { name: string; parent: string | null | undefined }[] = [];
    const recording: Tracing = {
      enabled: true,
      capture: () => '00-trace-of-the-request-01',
      span: (name, _attributes, work, parent) => {
        spans.push({ name, parent });
        return work();
      },
      annotate: () => undefined,
      shutdown: async () => undefined,
    };
    const queue = observeQueue(createEmbeddedQueue(), { name: 'generation', tracing: () => recording });
    const ran: string[] = [];
    await queue.start(async (jobId) => {
      ran.push(jobId);
    }, 1);
    await queue.enqueue('job-1');
    await new Promise((resolve) => setTimeout(resolve, 20));
    await queue.stop();
    expect(ran).toEqual(['job-1']);
    expect(spans).toEqual([{ name: 'kaleido.generation.job', parent: '00-trace-of-the-request-01' }]);
  });
});
