import { describe, expect, it } from 'vitest';
import { createEmbeddedQueue } from './embedded-queue.js';

const turn = () => new Promise((resolve) => setImmediate(resolve));

/** A handler whose jobs end when the test says so. */
function controlledHandler() {
  const started: string[] = [];
  const finish = new Map<string, () => void>();
  return {
    started,
    end: (jobId: string) => finish.get(jobId)?.(),
    handler: (jobId: string) =>
      new Promise<void>((resolve) => {
        started.push(jobId);
        finish.set(jobId, resolve);
      }),
  };
}

describe('createEmbeddedQueue', () => {
  it('starts jobs queued in one turn after the caller finishes, in order, up to the concurrency', async () => {
    const queue = createEmbeddedQueue();
    const jobs = controlledHandler();
    await queue.start(jobs.handler, 2);
    for (const id of ['a', 'b', 'c', 'd']) await queue.enqueue(id);
    // Nothing starts inside the enqueuing turn (the request answers first).
    expect(jobs.started).toEqual([]);
    await turn();
    expect(jobs.started).toEqual(['a', 'b']);
    // With every worker busy, a job waits for one to end, then starts without another enqueue.
    await queue.enqueue('e');
    await turn();
    expect(jobs.started).toEqual(['a', 'b']);
    jobs.end('a');
    await turn();
    expect(jobs.started).toEqual(['a', 'b', 'c']);
    jobs.end('b');
    jobs.end('c');
    await turn();
    await turn();
    expect(jobs.started).toEqual(['a', 'b', 'c', 'd', 'e']);
    jobs.end('d');
    jobs.end('e');
    await queue.stop();
  });

  it('keeps jobs queued before start and runs each id once while it waits', async () => {
    const queue = createEmbeddedQueue();
    const jobs = controlledHandler();
    await queue.enqueue('early');
    await queue.enqueue('early');
    await turn();
    expect(jobs.started).toEqual([]);
    await queue.start(jobs.handler, 1);
    await turn();
    expect(jobs.started).toEqual(['early']);
    jobs.end('early');
    await turn();
    expect(jobs.started).toEqual(['early']);
    await queue.stop();
  });
});
