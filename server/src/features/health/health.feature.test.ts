import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ZHealthResponse, ZLivenessResponse, ZReadinessResponse } from '@kaleido/common';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { createTestContext, type TestContext, testDatabaseKind } from '../../../test/harness.js';
import { createDiskStore } from '../../platform/storage/disk-store.js';
import { HEALTH_PING_FRESH_MS } from './health.service.js';

describe('health', () => {
  let ctx: TestContext;
  beforeEach(async () => {
    ctx = await createTestContext();
  });
  afterEach(async () => {
    await ctx.close();
  });

  it.each(['/health', '/api/health'])(
    'GET %s answers ok with version, uptime and database kind',
    async (url) => {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const body = ZHealthResponse.parse(response.json());
      expect(body).toMatchObject({ success: true, status: 'ok', database: testDatabaseKind() });
      expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
      expect(body.uptimeSeconds).toBeGreaterThanOrEqual(0);
    },
  );

  it('answers 503 with status "error" when the database does not answer', async () => {
    await ctx.database.close();
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ success: false, status: 'error', database: testDatabaseKind() });
    expect(response.json().error).toMatch(/^Health check failed/);
  });

  it('asks a database that just answered again only after a moment, and one that failed every time', async () => {
    // Only performance.now() stands still (timers and dates run), so a slow machine cannot age the answer.
    vi.useFakeTimers({ toFake: ['performance'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const pings = vi.spyOn(ctx.database, 'ping');
    const status = async () => (await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode;
    expect([await status(), await status()]).toEqual([200, 200]);
    expect(pings).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(HEALTH_PING_FRESH_MS);
    pings.mockRejectedValue(new Error('database is down'));
    expect([await status(), await status()]).toEqual([503, 503]);
    expect(pings).toHaveBeenCalledTimes(3);

    pings.mockRestore();
    expect(await status()).toBe(200);
  });

  it('needs no authentication and sets no cookie', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['set-cookie']).toBeUndefined();
  });
});

describe('orchestrator probes', () => {
  let ctx: TestContext | undefined;
  afterEach(async () => {
    await ctx?.close();
    ctx = undefined;
  });

  const ready = async () => {
    const response = await ctx?.app.inject({ method: 'GET', url: '/health/ready' });
    if (!response) throw new Error('no app');
    return { status: response.statusCode, body: ZReadinessResponse.parse(response.json()) };
  };

  it('GET /health/live answers while the process runs, even with the database gone', async () => {
    ctx = await createTestContext();
    await ctx.database.close();
    const response = await ctx.app.inject({ method: 'GET', url: '/health/live' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(ZLivenessResponse.parse(response.json())).toMatchObject({ success: true, status: 'alive' });
  });

  it('GET /health/ready is 200 once the database answers, migrations ran, storage writes and the queue runs', async () => {
    ctx = await createTestContext();
    const { status, body } = await ready();
    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      status: 'ready',
      checks: ['database', 'migrations', 'storage', 'queue'].map((name) => ({ name, ok: true })),
    });
  });

  it('a process without workers is ready without a queue', async () => {
    ctx = await createTestContext({ config: { workerConcurrency: 0 } });
    const { status, body } = await ready();
    expect(status).toBe(200);
    expect(body.checks.map((check) => check.name)).toEqual(['database', 'migrations', 'storage']);
  });

  it('answers 503 naming the database when it does not answer', async () => {
    ctx = await createTestContext();
    await ctx.database.close();
    const { status, body } = await ready();
    expect(status).toBe(503);
    expect(body.status).toBe('not_ready');
    expect(body.checks.find((check) => check.name === 'database')).toEqual({
      name: 'database',
      ok: false,
      detail: 'the database does not answer',
    });
    expect(body.checks.find((check) => check.name === 'storage')?.ok).toBe(true);
  });

  it('answers 503 naming the storage when the file store cannot be written', async () => {
    const base = await createTestContext();
    // The store's folder is a regular file: nothing can be written under it.
    const blocked = path.join(base.dataDir, 'not-a-folder');
    await writeFile(blocked, 'x');
    ctx = await createTestContext({
      store: createDiskStore(blocked),
      shared: { database: base.config.database, dataDir: base.dataDir },
    });
    const { status, body } = await ready();
    await base.close();
    expect(status).toBe(503);
    expect(body.checks).toContainEqual({
      name: 'storage',
      ok: false,
      detail: 'the file store is not writable',
    });
    expect(body.checks.find((check) => check.name === 'database')?.ok).toBe(true);
  });

  it('answers 503 naming the migrations when one has not run', async () => {
    ctx = await createTestContext();
    await sql`delete from kysely_migration where name = ${'0012-webhooks'}`.execute(ctx.database.kysely);
    const { status, body } = await ready();
    expect(status).toBe(503);
    expect(body.checks).toContainEqual({
      name: 'migrations',
      ok: false,
      detail: '1 migration(s) not applied yet',
    });
  });
});
