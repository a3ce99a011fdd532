import { readFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { browser, type SignedIn, signUp } from '../../../test/factories.js';
import { createFakeProvider } from '../../../test/fake-provider.js';
import {
  createTestContext,
  createTestDatabase,
  type TestContext,
  testDatabaseKind,
} from '../../../test/harness.js';
import { keyUsageAfter } from '../../../test/provider-fixtures.js';
import { documentedRoutes } from '../../platform/http/openapi.js';
import { buildOpenApiDocument } from './openapi.js';

const KEY_SHAPE = /^kal_live_[0-9A-Za-z]{49}$/;

describe('developer API keys and the public API', () => {
  let ctx: TestContext;
  let fake: ReturnType<typeof createFakeProvider>;
  let admin: SignedIn;
  let person: SignedIn;

  beforeEach(async () => {
    fake = createFakeProvider();
    ctx = await createTestContext({ providers: [fake.provider] });
    admin = await signUp(ctx.app);
    person = await signUp(ctx.app);
  });
  afterEach(async () => {
    await ctx.close();
  });

  const createKey = async (who: SignedIn, body: object = { name: 'My app' }) => {
    const response = await browser(ctx.app, who).post('/api/api-keys/create', body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { id: string; key: string; credits: number; keyPreview: string };
  };
  const call = (key: string, url: string, payload?: object, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: payload ? 'POST' : 'GET',
      url,
      headers: { authorization: `Bearer ${key}`, ...headers },
      ...(payload ? { payload } : {}),
    });
  const balance = async (who: SignedIn) =>
    (await browser(ctx.app, who).get('/api/auth/me')).json().data.credits;

  it('creates, lists, reveals, renames, deactivates and deletes a key', async () => {
    const created = await createKey(person, { name: '  Website  ', description: 'Blog images' });
    expect(created.key).toMatch(KEY_SHAPE);
    expect(created).toMatchObject({
      name: 'Website',
      description: 'Blog images',
      plan: 'free',
      credits: 10,
      usageCount: 0,
      rateLimit: { requestsPerMinute: 5 },
      isActive: true,
      lastUsed: null,
      keyPreview: created.key.slice(0, 8),
    });
    const caller = browser(ctx.app, person);
    const list = (await caller.get('/api/api-keys/list')).json().data;
    expect(list).toHaveLength(1);
    expect(JSON.stringify(list)).not.toContain(created.key);
    expect((await caller.get(`/api/api-keys/${created.id}/reveal`)).json().data.key).toBe(created.key);
    expect((await caller.patch(`/api/api-keys/${created.id}`, { name: 'Blog' })).json().data.name).toBe(
      'Blog',
    );
    expect((await caller.post(`/api/api-keys/${created.id}/deactivate`)).json().data.isActive).toBe(false);
    const inactive = await call(created.key, '/api/v1/generate/image', { prompt: 'x' });
    expect(inactive.statusCode).toBe(403);
    expect(inactive.json()).toMatchObject({ success: false, error: 'This API key is inactive.' });
    expect((await caller.post(`/api/api-keys/${created.id}/activate`)).json().data.isActive).toBe(true);
    expect((await caller.delete(`/api/api-keys/${created.id}`)).statusCode).toBe(200);
    expect((await call(created.key, '/api/v1/generate/image', { prompt: 'x' })).statusCode).toBe(401);
  });

  it('validates key input with the spec texts and the tier limits of DECISIONS', async () => {
    const caller = browser(ctx.app, person);
    const cases: [object, number, string][] = [
      [{ name: '   ' }, 400, 'name: Please enter a name for your API key'],
      [{ name: 'x'.repeat(51) }, 400, 'name: Names can be at most 50 characters.'],
      [
        { name: 'ok', description: 'd'.repeat(101) },
        400,
        'description: Descriptions can be at most 100 characters.',
      ],
      [{ name: 'ok', plan: 'basic' }, 403, "Your account's plan does not allow API keys of this plan."],
    ];
    for (const [body, status, error] of cases) {
      const response = await caller.post('/api/api-keys/create', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json().error).toBe(error);
    }
    await browser(ctx.app, admin).post('/api/auth/update-plan', { plan: 'pro', userId: person.user.id });
    expect((await caller.post('/api/api-keys/create', { name: 'pro key', plan: 'pro' })).statusCode).toBe(
      201,
    );
    expect(
      (await caller.post('/api/api-keys/create', { name: 'ent key', plan: 'enterprise' })).statusCode,
    ).toBe(403);
  });

  it('keeps secrets hashed at rest and refuses malformed keys before any lookup', async () => {
    const created = await createKey(person);
    const rows = await ctx.database.kysely.selectFrom('api_keys').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(created.key);
    if (ctx.config.database.kind === 'sqlite') {
      const file = await readFile(ctx.config.database.file);
      expect(file.includes(Buffer.from(created.key))).toBe(false);
    }
    const last = created.key.at(-1) === 'A' ? 'B' : 'A';
    const tampered = `${created.key.slice(0, -1)}${last}`;
    for (const bad of [tampered, 'kal_live_short', 'sk-something']) {
      const response = await call(bad, '/api/v1/generate/image', { prompt: 'x' });
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toBe('Invalid API key.');
    }
    const missing = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/generate/image',
      payload: { prompt: 'x' },
    });
    expect(missing.json().error).toBe('API key required. Send it as "Authorization: Bearer <key>".');
    expect(await ctx.database.kysely.selectFrom('api_requests').select('id').execute()).toEqual([]);
  });

  it('generates an image, charging the account and the key, with the spec response', async () => {
    const created = await createKey(person);
    const response = await call(created.key, '/api/v1/generate/image', {
      prompt: 'lighthouse at golden hour',
      settings: { style: 'cartoon', aspectRatio: '16:9', resolution: '512x512' },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.data.url).toMatch(/^http:\/\/localhost:3000\/api\/files\/.+original\.png\?exp=/);
    expect(body.data.metadata).toMatchObject({
      prompt: 'lighthouse at golden hour',
      model: 'fake-1',
      width: 512,
      height: 288,
    });
    expect(body.metadata).toMatchObject({ creditsUsed: 1, remainingCredits: 9 });
    expect(body.metadata.responseTime).toBeGreaterThanOrEqual(0);
    expect(response.headers['ratelimit-policy']).toBe('"minute";q=5;w=60');
    expect(response.headers['x-ratelimit-remaining']).toBe('4');
    const key = (await browser(ctx.app, person).get('/api/api-keys/list')).json().data[0];
    expect(key).toMatchObject({ credits: 9, usageCount: 1 });
    expect(key.lastUsed).not.toBeNull();
    const status = (await call(created.key, `/api/v1/generations/${body.data.id}`)).json().data;
    expect(status).toMatchObject({ id: body.data.id, status: 'succeeded', type: 'image', progress: 100 });
    const usage = await keyUsageAfter(ctx, person, created.id, 2);
    expect(usage).toMatchObject({
      totalRequests: 2,
      imageRequests: 1,
      videoRequests: 0,
      successRate: 100,
      creditsUsed: 1,
    });
    expect(usage.requestsByDay).toHaveLength(7);
    expect(usage.requestsByDay.at(-1).count).toBe(2);
  });

  it('answers the 6th request in a minute on a free key with 429 and headers, before touching credits', async () => {
    const created = await createKey(person);
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof call>> | undefined;
    for (let i = 0; i < 6; i++) {
      last = await call(created.key, '/api/v1/generate/image', { prompt: `limit ${i}` });
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(Number(last?.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(last?.headers.ratelimit).toMatch(/^"minute";r=0;t=\d+$/);
    expect(await balance(person)).toBe(5);
    const usage = await keyUsageAfter(ctx, person, created.id, 6);
    expect(usage.totalRequests).toBe(6);
    expect(usage.successRate).toBe(100);
  });

  it('refuses with 402 when the account cannot pay, and charges nothing for a failed job', async () => {
    const created = await createKey(person);
    fake.set({ kind: 'fail' });
    const failed = await call(created.key, '/api/v1/generate/image', { prompt: 'doomed' });
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({
      success: false,
      error: 'Failed to generate image',
      details: { creditsUsed: 0 },
    });
    expect(await balance(person)).toBe(10);
    expect((await browser(ctx.app, person).get('/api/api-keys/list')).json().data[0].credits).toBe(10);
    expect((await keyUsageAfter(ctx, person, created.id, 1)).successRate).toBe(0);

    fake.set({ kind: 'succeed' });
    await browser(ctx.app, admin).post('/api/auth/update-credits', { credits: 0, userId: person.user.id });
    const broke = await call(created.key, '/api/v1/generate/image', { prompt: 'no money' });
    expect(broke.statusCode).toBe(402);
    expect(broke.json().error).toBe('Insufficient credits. Image generation requires 1 credit.');
    expect((await browser(ctx.app, person).get('/api/api-keys/list')).json().data[0].credits).toBe(10);
  });

  it('never lets a key spend past its monthly allowance, even with account credits left', async () => {
    const created = await createKey(person);
    await browser(ctx.app, admin).post('/api/auth/update-credits', { credits: 100, userId: person.user.id });
    await ctx.database.kysely.updateTable('api_keys').set({ credits_remaining: 1 }).execute();
    expect((await call(created.key, '/api/v1/generate/image', { prompt: 'last one' })).statusCode).toBe(200);
    const over = await call(created.key, '/api/v1/generate/image', { prompt: 'one more' });
    expect(over.statusCode).toBe(402);
    expect(over.json().error).toBe("Insufficient credits. This API key's monthly allowance is used up.");
    expect(await balance(person)).toBe(99);
  });

  it('returns the same job for a retried Idempotency-Key and charges once', async () => {
    // A pro key (60 requests a minute): retries count against the rate limit like any request.
    await browser(ctx.app, admin).post('/api/auth/update-plan', { plan: 'pro', userId: person.user.id });
    const created = await createKey(person, { name: 'orders', plan: 'pro' });
    const headers = { 'idempotency-key': 'order-42' };
    const first = await call(created.key, '/api/v1/generate/image', { prompt: 'once only' }, headers);
    const retry = await call(created.key, '/api/v1/generate/image', { prompt: 'once only' }, headers);
    expect(first.statusCode).toBe(200);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data.id).toBe(first.json().data.id);
    expect(await balance(person)).toBe(9);
    const different = await call(
      created.key,
      '/api/v1/generate/image',
      { prompt: 'something else' },
      headers,
    );
    expect(different.statusCode).toBe(409);
    expect(different.json().error).toBe('This Idempotency-Key was already used with a different request.');
    const concurrent = await Promise.all(
      Array.from({ length: 3 }, () =>
        call(created.key, '/api/v1/generate/image', { prompt: 'race' }, { 'idempotency-key': 'race-1' }),
      ),
    );
    expect(new Set(concurrent.map((r) => r.json().data.id)).size).toBe(1);
    expect(await balance(person)).toBe(8);
  });

  it('keeps video to plans that include it and to what the model can make', async () => {
    const free = await createKey(person);
    const refused = await call(free.key, '/api/v1/generate/video', { prompt: 'clip' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe("This API key's plan does not include video generation.");
    await browser(ctx.app, admin).post('/api/auth/update-plan', { plan: 'pro', userId: person.user.id });
    const basic = await createKey(person, { name: 'video', plan: 'basic' });
    const ok = await call(basic.key, '/api/v1/generate/video', {
      prompt: 'clip',
      settings: { duration: 3, resolution: '720p' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.metadata).toMatchObject({ width: 1280, height: 720, durationSeconds: 3, fps: 24 });
    expect(ok.json().metadata).toMatchObject({ creditsUsed: 3, remainingCredits: 7 });
    const tooBig = await call(basic.key, '/api/v1/generate/video', {
      prompt: 'clip',
      settings: { resolution: '4K' },
    });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().error).toBe('Fake cannot make 3840×2160 videos (at most 2048×2048).');
    expect(await balance(person)).toBe(7);
  });

  it("hides another person's keys and generations", async () => {
    const mine = await createKey(person);
    const made = (await call(mine.key, '/api/v1/generate/image', { prompt: 'private' })).json().data;
    const theirs = await createKey(admin);
    const intruder = browser(ctx.app, admin);
    for (const response of [
      await intruder.get(`/api/api-keys/${mine.id}/usage`),
      await intruder.get(`/api/api-keys/${mine.id}/reveal`),
      await intruder.patch(`/api/api-keys/${mine.id}`, { name: 'stolen' }),
      await intruder.delete(`/api/api-keys/${mine.id}`),
      await call(theirs.key, `/api/v1/generations/${made.id}`),
    ]) {
      expect(response.statusCode).toBe(404);
    }
  });

  it('issues a personal ck_ key in Settings that works on the public API and can be replaced or revoked', async () => {
    const caller = browser(ctx.app, person);
    expect((await caller.get('/api/settings/api-key')).json().data).toBeNull();
    // The personal key is an integration: it needs the account's integrations on (integrations.feature.test.ts).
    await caller.patch('/api/settings', { integrationsEnabled: true });
    const first = (await caller.post('/api/settings/api-key')).json().data;
    expect(first.key).toMatch(/^ck_[0-9A-Za-z]{49}$/);
    expect(first).toMatchObject({ kind: 'personal', plan: 'free' });
    expect((await call(first.key, '/api/v1/generate/image', { prompt: 'personal' })).statusCode).toBe(200);
    const second = (await caller.post('/api/settings/api-key')).json().data;
    expect((await call(first.key, '/api/v1/generate/image', { prompt: 'old key' })).statusCode).toBe(401);
    expect((await caller.get('/api/api-keys/list')).json().data).toEqual([]);
    await caller.delete('/api/settings/api-key');
    expect((await call(second.key, '/api/v1/generate/image', { prompt: 'revoked' })).statusCode).toBe(401);
  });

  it('serves the OpenAPI document generated from the contracts, identical to the committed copy', async () => {
    const served = (await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const committed = JSON.parse(await readFile(new URL('../../../openapi.json', import.meta.url), 'utf8'));
    expect(served).toEqual(buildOpenApiDocument(documentedRoutes(ctx.app)));
    expect(committed, 'server/openapi.json is stale: run `npm run openapi -w server`').toEqual(served);
    expect(Object.keys(served.paths)).toEqual([
      '/generate/image',
      '/generate/video',
      '/generations/{id}',
      '/generations',
      '/generations/{id}/cancel',
      '/generations/{id}/events',
      '/assets',
      '/assets/{id}',
      '/models',
      '/account',
      // Issue 21's personal models.
      '/trainings',
      '/trainings/{id}',
      '/trainings/{id}/cancel',
      // Issue 16's and 21's tools (the multipart upload route lives in its own plugin scope, registered last).
      '/enhance',
      '/edit',
      '/tools/lipsync',
      '/generate/3d',
      '/uploads',
    ]);
  });
});

describe.runIf(testDatabaseKind() === 'postgres')('rate limits across processes', () => {
  it('share one count between two app instances on PostgreSQL', async () => {
    const { mkdtemp, rm } = await import('node:fs/promises');
    const os = await import('node:os');
    const path = await import('node:path');
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kaleido-rl-'));
    const database = await createTestDatabase(dataDir);
    const shared = { database: database.config, dataDir };
    const a = await createTestContext({ shared, providers: [createFakeProvider().provider] });
    const b = await createTestContext({ shared, providers: [createFakeProvider().provider] });
    try {
      const owner = await signUp(a.app);
      const key = (await browser(a.app, owner).post('/api/api-keys/create', { name: 'shared' })).json().data
        .key;
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const app = i % 2 ? b.app : a.app;
        const response = await app.inject({
          method: 'POST',
          url: '/api/v1/generate/image',
          headers: { authorization: `Bearer ${key}` },
          payload: { prompt: `shared ${i}` },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    } finally {
      await a.close();
      await b.close();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
