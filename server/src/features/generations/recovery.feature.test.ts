import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { browser, SAME_ORIGIN, signUp } from '../../../test/factories.js';
import { createFakeProvider } from '../../../test/fake-provider.js';
import {
  createTestContext,
  createTestDatabase,
  type TestDatabase,
  testDatabaseKind,
} from '../../../test/harness.js';
import { fixedClock } from '../../platform/clock.js';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

async function startChild(
  database: TestDatabase['config'],
  dataDir: string,
): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/crash-child.ts'], {
    cwd: serverRoot,
    env: { ...process.env, KALEIDO_CHILD_DB: JSON.stringify(database), DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`child did not start:\n${output}`)), 30_000);
    child.stdout?.on('data', (chunk) => {
      output += chunk;
      const match = /ready (\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    child.on('exit', (code) => reject(new Error(`child exited (${code}):\n${output}`)));
  });
  return { child, base: `http://127.0.0.1:${port}` };
}

describe('crash recovery', () => {
  let dataDir: string;
  let testDatabase: TestDatabase;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'kaleido-crash-'));
    testDatabase = await createTestDatabase(dataDir);
  });
  afterEach(async () => {
    await testDatabase.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('loses no job and no credit when a server is killed mid-job, and charges once after restart', async () => {
    const { child, base } = await startChild(testDatabase.config, dataDir);
    let jobId: string;
    let cookie: string;
    try {
      const signup = await fetch(`${base}/api/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...SAME_ORIGIN },
        body: JSON.stringify({ name: 'Crash', email: 'crash@example.com', password: 'crash test pw' }),
      });
      cookie = (signup.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      const submitted = await fetch(`${base}/api/generate-image?wait=false`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, ...SAME_ORIGIN },
        body: JSON.stringify({ prompt: 'interrupted sunset' }),
      });
      expect(submitted.status).toBe(202);
      jobId = ((await submitted.json()) as { data: { id: string } }).data.id;
      for (let i = 0; i < 200; i++) {
        const response = await fetch(`${base}/api/generations/${jobId}`, { headers: { cookie } });
        const job = (await response.json()) as { data: { status: string } };
        if (job.data.status === 'running') break;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    }

    // The restarted server (a fresh process on the same database) finds the orphaned job. On
    // PostgreSQL another process might still own it, so it waits for the lease to lapse (clock moved on).
    const clock = fixedClock(new Date(Date.now() + 120_000));
    const fake = createFakeProvider({ kind: 'succeed' });
    const ctx = await createTestContext({
      shared: { database: testDatabase.config, dataDir },
      providers: [fake.provider],
      clock: testDatabaseKind() === 'postgres' ? clock : undefined,
    });
    try {
      const session = { cookie };
      for (let i = 0; i < 400; i++) {
        const job = (await browser(ctx.app, session).get(`/api/generations/${jobId}`)).json().data;
        if (job.status === 'succeeded') break;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      const job = (await browser(ctx.app, session).get(`/api/generations/${jobId}`)).json().data;
      expect(job.status).toBe('succeeded');
      const me = (await browser(ctx.app, session).get('/api/auth/me')).json().data;
      expect(me.credits).toBe(9);
      const entries = await ctx.database.kysely
        .selectFrom('credit_ledger')
        .select('kind')
        .where('reference', '=', jobId)
        .execute();
      expect(entries.map((e) => e.kind).sort()).toEqual(['charge', 'reserve']);
      expect(await ctx.database.kysely.selectFrom('assets').select('id').execute()).toHaveLength(1);
      expect(fake.calls).toHaveLength(1);
    } finally {
      await ctx.close();
    }
  }, 60_000);

  it('fails and refunds a job interrupted too many times', async () => {
    const fake = createFakeProvider({ kind: 'succeed' });
    const ctx = await createTestContext({
      shared: { database: testDatabase.config, dataDir },
      providers: [fake.provider],
      config: { workerConcurrency: 0 },
    });
    try {
      const person = await signUp(ctx.app);
      const job = (
        await browser(ctx.app, person).post('/api/generate-video?wait=false', { prompt: 'unlucky' })
      ).json().data;
      // Two attempts already started and died (as a crashed worker leaves them).
      await ctx.database.kysely
        .updateTable('generations')
        .set({ status: 'running', attempts: 2, lease_until: new Date(Date.now() - 1000).toISOString() })
        .where('id', '=', job.id)
        .execute();
    } finally {
      await ctx.close();
    }
    const restarted = await createTestContext({
      shared: { database: testDatabase.config, dataDir },
      providers: [fake.provider],
    });
    try {
      const row = await restarted.database.kysely
        .selectFrom('generations')
        .selectAll()
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        status: 'failed',
        credit_state: 'refunded',
        error: 'The generation was interrupted. Your credits were refunded.',
      });
      const user = await restarted.database.kysely.selectFrom('users').selectAll().executeTakeFirstOrThrow();
      expect(user.credits_monthly).toBe(10);
      expect(fake.calls).toHaveLength(0);
    } finally {
      await restarted.close();
    }
  });
});

describe.runIf(testDatabaseKind() === 'postgres')('several worker processes on PostgreSQL', () => {
  it('never run the same job twice', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kaleido-workers-'));
    const testDatabase = await createTestDatabase(dataDir);
    const fakes = [
      createFakeProvider({ kind: 'succeed', delayMs: 20 }),
      createFakeProvider({ kind: 'succeed', delayMs: 20 }),
    ];
    const [a, b] = await Promise.all(
      fakes.map((fake) =>
        createTestContext({
          shared: { database: testDatabase.config, dataDir },
          providers: [fake.provider],
          config: { workerConcurrency: 2 },
        }),
      ),
    );
    try {
      if (!a || !b) throw new Error('contexts missing');
      const admin = await signUp(a.app);
      await browser(a.app, admin).post('/api/auth/update-credits', { credits: 100 });
      const ids: string[] = [];
      for (let i = 0; i < 30; i++) {
        const app = i % 2 ? b.app : a.app;
        ids.push(
          (await browser(app, admin).post('/api/generate-image?wait=false', { prompt: `shared ${i}` })).json()
            .data.id,
        );
      }
      for (let i = 0; i < 600; i++) {
        const rows = await a.database.kysely.selectFrom('generations').select('status').execute();
        if (rows.every((row) => row.status === 'succeeded')) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const rows = await a.database.kysely.selectFrom('generations').select(['status', 'attempts']).execute();
      expect(rows.every((row) => row.status === 'succeeded' && row.attempts === 1)).toBe(true);
      expect((fakes[0]?.calls.length ?? 0) + (fakes[1]?.calls.length ?? 0)).toBe(30);
      expect((await browser(a.app, admin).get('/api/auth/me')).json().data.credits).toBe(70);
    } finally {
      await a?.close();
      await b?.close();
      await testDatabase.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
