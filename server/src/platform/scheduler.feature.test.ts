import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { signUp } from '../../test/factories.js';
import { createTestContext, createTestDatabase } from '../../test/harness.js';
import { fixedClock } from './clock.js';

describe("the app's periodic tasks", () => {
  it('follow the process role and start only when asked (main.ts after listening, tests by option)', async () => {
    const worker = await createTestContext();
    try {
      expect(worker.app.scheduler.names()).toEqual([
        'job-recovery',
        'webhook-recovery',
        'training-recovery',
        'session-sweep',
        'announcement-emails',
        'monthly-resets',
        'unsaved-cleanup',
      ]);
      expect(worker.app.scheduler.started).toBe(false);
    } finally {
      await worker.close();
    }
    // A web-only process keeps its own session sweep; the job-related tasks belong to workers.
    const webOnly = await createTestContext({ config: { workerConcurrency: 0 } });
    try {
      expect(webOnly.app.scheduler.names()).toEqual(['session-sweep']);
    } finally {
      await webOnly.close();
    }
  });

  it('once started, run the monthly resets at once, and stop when the app closes', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kaleido-scheduler-'));
    const testDatabase = await createTestDatabase(dataDir);
    const shared = { database: testDatabase.config, dataDir };
    const clock = fixedClock(new Date('2026-01-15T09:30:00.000Z'));
    try {
      // An account made while no scheduler ran has no billing month yet.
      const before = await createTestContext({ shared, clock });
      try {
        await signUp(before.app);
        expect(
          await before.database.kysely.selectFrom('billing_accounts').select('user_id').execute(),
        ).toEqual([]);
      } finally {
        await before.close();
      }

      const started = await createTestContext({ shared, clock, startScheduler: true });
      try {
        expect(started.app.scheduler.started).toBe(true);
        let months: unknown[] = [];
        for (let i = 0; i < 200 && months.length === 0; i++) {
          months = await started.database.kysely.selectFrom('billing_accounts').select('user_id').execute();
          if (months.length === 0) await new Promise((resolve) => setTimeout(resolve, 25));
        }
        expect(months).toHaveLength(1);
      } finally {
        await started.close();
      }
      expect(started.app.scheduler.started).toBe(false);
    } finally {
      await testDatabase.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
