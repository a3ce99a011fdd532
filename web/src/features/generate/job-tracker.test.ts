import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { FakeEventSource, makeAsset, makeGeneration } from '../../test/generation-fixtures';
import { JobTracker } from './job-tracker';

function tracker(options: Partial<ConstructorParameters<typeof JobTracker>[0]> = {}) {
  const onFinished = vi.fn();
  const fetchGeneration = vi.fn();
  const instance = new JobTracker({
    fetchGeneration,
    openEvents: (url) => new FakeEventSource(url) as unknown as EventSource,
    onFinished,
    ...options,
  });
  return { tracker: instance, onFinished, fetchGeneration };
}

afterEach(() => {
  FakeEventSource.reset();
  vi.useRealTimers();
});

describe('JobTracker', () => {
  it('follows a job through its events and reports its end once, saying whether a page watched it', () => {
    const { tracker: jobs, onFinished } = tracker();
    const listener = vi.fn();
    jobs.subscribe(listener);
    const job = makeGeneration({ status: 'queued' });
    jobs.track(job);
    const stream = FakeEventSource.last(job.eventsUrl);
    expect(stream).toBeDefined();

    const release = jobs.watch(job.id);
    stream?.emit('progress', { ...job, status: 'running', progress: 40, stage: 'Rendering' });
    expect(jobs.get(job.id)?.generation.progress).toBe(40);
    expect(listener).toHaveBeenCalled();

    const done = { ...job, status: 'succeeded' as const, progress: 100, asset: makeAsset() };
    stream?.emit('done', done);
    stream?.emit('done', done);
    expect(onFinished).toHaveBeenCalledTimes(1);
    expect(onFinished).toHaveBeenCalledWith(done, { watched: true });
    expect(stream?.readyState).toBe(2);
    release();
  });

  it('reports an unwatched end as such, and ignores late updates of a finished job', () => {
    const { tracker: jobs, onFinished } = tracker();
    const job = makeGeneration({ status: 'running', progress: 10 });
    jobs.track(job);
    const release = jobs.watch(job.id);
    release();
    const stream = FakeEventSource.last();
    stream?.emit('failed', { ...job, status: 'failed', error: 'The provider broke.' });
    expect(onFinished).toHaveBeenCalledWith(expect.objectContaining({ status: 'failed' }), {
      watched: false,
    });
    jobs.track({ ...job, status: 'running', progress: 50 });
    expect(jobs.get(job.id)?.generation.status).toBe('failed');
  });

  it('polls when there is no event stream', async () => {
    vi.useFakeTimers();
    const { tracker: jobs, fetchGeneration, onFinished } = tracker({ openEvents: () => null, pollMs: 1000 });
    const job = makeGeneration({ status: 'running', progress: 5 });
    fetchGeneration
      .mockResolvedValueOnce({ ...job, progress: 30 })
      .mockResolvedValueOnce({ ...job, progress: 70 })
      .mockResolvedValueOnce({ ...job, status: 'succeeded', progress: 100 });
    jobs.track(job);
    await vi.advanceTimersByTimeAsync(0);
    expect(jobs.get(job.id)?.generation.progress).toBe(30);
    await vi.advanceTimersByTimeAsync(1000);
    expect(jobs.get(job.id)?.generation.progress).toBe(70);
    await vi.advanceTimersByTimeAsync(1000);
    expect(onFinished).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetchGeneration).toHaveBeenCalledTimes(3);
  });

  it('reads the job itself when the stream goes quiet, and forgets a job the server no longer has', async () => {
    vi.useFakeTimers();
    const { tracker: jobs, fetchGeneration } = tracker({ staleMs: 2000 });
    const job = makeGeneration({ status: 'running' });
    fetchGeneration.mockRejectedValue(new ApiError('Not found', { status: 404 }));
    jobs.track(job);
    await vi.advanceTimersByTimeAsync(2500);
    expect(fetchGeneration).toHaveBeenCalledWith(job.id);
    expect(jobs.get(job.id)).toBeUndefined();
  });

  it('lists jobs newest first, marks them seen and stops everything on reset', () => {
    const { tracker: jobs } = tracker();
    const older = makeGeneration({ createdAt: '2026-01-01T00:00:00.000Z', status: 'running' });
    const newer = makeGeneration({ createdAt: '2026-02-01T00:00:00.000Z', status: 'succeeded' });
    jobs.track(older);
    jobs.track(newer);
    expect(jobs.getSnapshot().map((entry) => entry.generation.id)).toEqual([newer.id, older.id]);
    expect(FakeEventSource.instances).toHaveLength(1);
    jobs.markSeen(newer.id);
    expect(jobs.get(newer.id)?.seen).toBe(true);
    jobs.reset();
    expect(jobs.getSnapshot()).toEqual([]);
    expect(FakeEventSource.instances[0]?.readyState).toBe(2);
  });
});
