import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createScheduler } from './scheduler.js';

function recordingLog() {
  const warnings: { details: Record<string, unknown>; message: string }[] = [];
  return {
    warnings,
    log: { warn: (details: Record<string, unknown>, message: string) => warnings.push({ details, message }) },
  };
}

/** A promise the test settles itself, to hold a run open. */
function deferred() {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('createScheduler', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs nothing until started, then each task every interval (at start too when asked)', async () => {
    const { log } = recordingLog();
    const scheduler = createScheduler({ log });
    const runs: string[] = [];
    scheduler.add({ name: 'often', everyMs: 1000, run: async () => runs.push('often') });
    scheduler.add({ name: 'eager', everyMs: 5000, runAtStart: true, run: async () => runs.push('eager') });
    expect(scheduler.names()).toEqual(['often', 'eager']);

    await vi.advanceTimersByTimeAsync(10_000);
    expect(runs).toEqual([]);
    expect(scheduler.started).toBe(false);

    scheduler.start();
    scheduler.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toEqual(['eager']);
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs.filter((name) => name === 'often')).toHaveLength(5);
    expect(runs.filter((name) => name === 'eager')).toHaveLength(2);
    await scheduler.stop();
  });

  it('logs a failing run and keeps that task and the others on schedule', async () => {
    const { log, warnings } = recordingLog();
    const scheduler = createScheduler({ log });
    let healthy = 0;
    let attempts = 0;
    scheduler.add({
      name: 'broken',
      everyMs: 1000,
      failure: 'broken task failed',
      run: async () => {
        attempts += 1;
        throw new Error('boom');
      },
    });
    scheduler.add({
      name: 'thrower',
      everyMs: 1000,
      run: () => {
        throw new Error('synchronous');
      },
    });
    scheduler.add({ name: 'healthy', everyMs: 1000, run: async () => (healthy += 1) });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(3000);

    expect(attempts).toBe(3);
    expect(healthy).toBe(3);
    expect(warnings).toHaveLength(6);
    expect(warnings[0]).toMatchObject({ message: 'broken task failed', details: { task: 'broken' } });
    expect(warnings[0]?.details.err).toBeInstanceOf(Error);
    expect(warnings[1]).toMatchObject({ message: 'scheduled task failed', details: { task: 'thrower' } });
    await scheduler.stop();
  });

  it('never overlaps two runs of one task: a tick during a run is skipped', async () => {
    const { log } = recordingLog();
    const scheduler = createScheduler({ log });
    const held = deferred();
    let started = 0;
    let concurrent = 0;
    let maxConcurrent = 0;
    scheduler.add({
      name: 'slow',
      everyMs: 1000,
      run: async () => {
        started += 1;
        concurrent += 1;
        maxConcurrent = Math.max(maxConcurrent, concurrent);
        if (started === 1) await held.promise;
        concurrent -= 1;
      },
    });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(3500);
    expect(started).toBe(1);
    held.resolve();
    await vi.advanceTimersByTimeAsync(1000);
    expect(started).toBe(2);
    expect(maxConcurrent).toBe(1);
    await scheduler.stop();
  });

  it('stops the timers, waits for the run under way, and can start again', async () => {
    const { log } = recordingLog();
    const scheduler = createScheduler({ log });
    const held = deferred();
    let runs = 0;
    let finished = false;
    scheduler.add({
      name: 'job',
      everyMs: 1000,
      run: async () => {
        runs += 1;
        if (runs === 1) {
          await held.promise;
          finished = true;
        }
      },
    });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(1000);
    let stopped = false;
    const stopping = scheduler.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    held.resolve();
    await stopping;
    expect(finished).toBe(true);
    expect(scheduler.started).toBe(false);

    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toBe(1);
    scheduler.start();
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(2);
    await scheduler.stop();
  });

  it('starts a task added after start, and refuses a duplicate name or a non-positive interval', async () => {
    const { log } = recordingLog();
    const scheduler = createScheduler({ log });
    scheduler.start();
    let runs = 0;
    scheduler.add({ name: 'late', everyMs: 500, run: async () => (runs += 1) });
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(2);
    expect(() => scheduler.add({ name: 'late', everyMs: 500, run: async () => undefined })).toThrow(/late/);
    expect(() => scheduler.add({ name: 'never', everyMs: 0, run: async () => undefined })).toThrow(/everyMs/);
    await scheduler.stop();
  });
});
