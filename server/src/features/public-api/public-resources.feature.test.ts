import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { browser, proKeyHolder, type SignedIn } from '../../../test/factories.js';
import { createFakeProvider } from '../../../test/fake-provider.js';
import { createTestContext, type TestContext } from '../../../test/harness.js';

const until = async (check: () => boolean | Promise<boolean>, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('the public API beyond generating: listing, cancel, async, events, assets, models, account', () => {
  let ctx: TestContext;
  let fake: ReturnType<typeof createFakeProvider>;
  let admin: SignedIn;
  let person: SignedIn;
  let key: string;

  beforeEach(async () => {
    fake = createFakeProvider();
    ctx = await createTestContext({ providers: [fake.provider] });
    // A pro key (60 requests a minute, 2000 credits a month) so the tests are not rate limited.
    ({ admin, person, key } = await proKeyHolder(ctx.app, {
      credits: 50,
      scopes: ['generate', 'library:read', 'library:write', 'account:read'],
    }));
  });
  afterEach(async () => {
    // Jobs still queued behind a held one must not hold in their turn.
    fake.set({ kind: 'succeed' });
    fake.releaseAll();
    await ctx.close();
  });

  const call = (
    url: string,
    options: { method?: 'GET' | 'POST' | 'DELETE'; payload?: object; headers?: object; as?: string } = {},
  ) =>
    ctx.app.inject({
      method: options.method ?? (options.payload ? 'POST' : 'GET'),
      url,
      headers: { authorization: `Bearer ${options.as ?? key}`, ...options.headers },
      ...(options.payload ? { payload: options.payload } : {}),
    });
  /** A job's status read from the database (polling the API would spend the key's rate limit). */
  const statusOf = async (id: string) =>
    (
      await ctx.database.kysely
        .selectFrom('generations')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).status;
  /** A key of another account, with every scope. */
  const otherAccountKey = async () =>
    (
      await browser(ctx.app, admin).post('/api/api-keys/create', {
        name: 'other',
        scopes: ['generate', 'library:read', 'library:write', 'account:read'],
      })
    ).json().data.key as string;
  const balance = async () => (await browser(ctx.app, person).get('/api/auth/me')).json().data.credits;
  const image = async (prompt: string) => {
    const response = await call('/api/v1/generate/image', { payload: { prompt } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { id: string };
  };

  it('lists generations newest first, a page at a time, with status, type and date filters', async () => {
    const made = [];
    for (const prompt of ['one', 'two', 'three']) made.push(await image(prompt));
    fake.set({ kind: 'fail' });
    expect((await call('/api/v1/generate/image', { payload: { prompt: 'four' } })).statusCode).toBe(502);
    // Distinct creation times, an hour apart, so the filters have something to cut.
    const rows = await ctx.database.kysely
      .selectFrom('generations')
      .select(['id', 'prompt'])
      .where('user_id', '=', person.user.id)
      .execute();
    const hours: Record<string, number> = { one: 1, two: 2, three: 3, four: 4 };
    for (const row of rows) {
      const at = new Date(Date.UTC(2026, 0, 1, hours[row.prompt] ?? 0)).toISOString();
      await ctx.database.kysely
        .updateTable('generations')
        .set({ created_at: at })
        .where('id', '=', row.id)
        .execute();
    }

    const first = await call('/api/v1/generations?limit=3');
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json().data;
    expect(page1.items.map((item: { metadata: { prompt: string } }) => item.metadata.prompt)).toEqual([
      'four',
      'three',
      'two',
    ]);
    expect(page1.nextCursor).toEqual(expect.any(String));
    expect(page1.items[0]).toMatchObject({ status: 'failed', type: 'image', url: null });
    expect(page1.items[0].metadata.creditsUsed).toBe(0);
    expect(page1.items[1]).toMatchObject({
      status: 'succeeded',
      statusUrl: `http://localhost:3000/api/v1/generations/${made[2]?.id}`,
      eventsUrl: `http://localhost:3000/api/v1/generations/${made[2]?.id}/events`,
    });
    expect(page1.items[1].url).toMatch(/^http:\/\/localhost:3000\/api\/files\//);
    expect(page1.items[1].metadata).toMatchObject({ width: 1024, height: 1024, seed: expect.any(Number) });
    const page2 = (
      await call(`/api/v1/generations?limit=3&cursor=${encodeURIComponent(page1.nextCursor)}`)
    ).json().data;
    expect(page2.items.map((item: { id: string }) => item.id)).toEqual([made[0]?.id]);
    expect(page2.nextCursor).toBeNull();

    const prompts = async (query: string) =>
      (await call(`/api/v1/generations?${query}`))
        .json()
        .data.items.map((item: { metadata: { prompt: string } }) => item.metadata.prompt);
    expect(await prompts('status=failed')).toEqual(['four']);
    expect(await prompts('status=succeeded&limit=1')).toEqual(['three']);
    expect(await prompts('type=video')).toEqual([]);
    expect(await prompts('created_after=2026-01-01T02:00:00Z&created_before=2026-01-01T04:00:00Z')).toEqual([
      'three',
      'two',
    ]);

    for (const bad of ['cursor=nonsense', 'status=lost', 'created_after=yesterday', 'colour=red']) {
      const response = await call(`/api/v1/generations?${bad}`);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
    // Another account's key sees none of them.
    const theirs = await otherAccountKey();
    expect((await call('/api/v1/generations', { as: theirs })).json().data.items).toEqual([]);
  });

  it('answers 202 at once when asked, with Location and Retry-After, and cancels with a refund', async () => {
    fake.set({ kind: 'hold' });
    const accepted = await call('/api/v1/generate/image', {
      payload: { prompt: 'later' },
      headers: { prefer: 'respond-async' },
    });
    expect(accepted.statusCode, accepted.body).toBe(202);
    const job = accepted.json().data;
    expect(job).toMatchObject({
      status: 'queued',
      statusUrl: `http://localhost:3000/api/v1/generations/${job.id}`,
      eventsUrl: `http://localhost:3000/api/v1/generations/${job.id}/events`,
    });
    expect(accepted.headers.location).toBe(job.statusUrl);
    expect(accepted.headers['retry-after']).toBe('2');
    expect(accepted.headers['preference-applied']).toBe('respond-async');
    const byBody = await call('/api/v1/generate/image', { payload: { prompt: 'later too', wait: false } });
    expect(byBody.statusCode).toBe(202);
    expect(byBody.headers['preference-applied']).toBeUndefined();
    expect(await balance()).toBe(48);

    const status = (await call(`/api/v1/generations/${job.id}`)).json().data;
    expect(status).toMatchObject({
      id: job.id,
      statusUrl: job.statusUrl,
      eventsUrl: job.eventsUrl,
      url: null,
    });

    // The second job is still queued behind the first: cancelling it refunds at once.
    await until(() => fake.heldCount() === 1);
    const cancelled = await call(`/api/v1/generations/${byBody.json().data.id}/cancel`, { method: 'POST' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data).toMatchObject({ status: 'cancelled', metadata: { creditsUsed: 0 } });
    expect(await balance()).toBe(49);
    // The running one is told to stop and refunded when it does.
    expect((await call(`/api/v1/generations/${job.id}/cancel`, { method: 'POST' })).statusCode).toBe(200);
    await until(async () => (await statusOf(job.id)) === 'cancelled');
    expect(await balance()).toBe(50);
    // Both gave the key's monthly allowance back too, the queued one as much as the running one.
    expect((await call('/api/v1/account')).json().data.key.allowance.remaining).toBe(2000);

    const theirs = await otherAccountKey();
    const intruder = await call(`/api/v1/generations/${job.id}/cancel`, { method: 'POST', as: theirs });
    expect(intruder.statusCode).toBe(404);
  });

  it('waits as long as Prefer: wait=N says, then answers 202', async () => {
    fake.set({ kind: 'hold' });
    const startedAt = Date.now();
    const response = await call('/api/v1/generate/image', {
      payload: { prompt: 'slow' },
      headers: { prefer: 'wait=1' },
    });
    expect(response.statusCode).toBe(202);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(900);
    expect(response.headers['preference-applied']).toBe('wait=1');
    fake.set({ kind: 'succeed' });
    fake.releaseAll();
    const quick = await call('/api/v1/generate/image', {
      payload: { prompt: 'quick' },
      headers: { prefer: 'wait=600' },
    });
    expect(quick.statusCode).toBe(200);
    expect(quick.headers['preference-applied']).toBe('wait=60');
  });

  it('streams a job’s progress as server-sent events to its key', async () => {
    fake.set({ kind: 'hold' });
    const job = (
      await call('/api/v1/generate/image', {
        payload: { prompt: 'watch me' },
        headers: { prefer: 'respond-async' },
      })
    ).json().data;
    await until(() => fake.heldCount() === 1);
    const stream = call(`/api/v1/generations/${job.id}/events`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    fake.releaseAll();
    const response = await stream;
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
    const events = response.body
      .split('\n\n')
      .filter((block) => block.startsWith('event:'))
      .map((block) => ({
        type: block.split('\n')[0]?.slice(7),
        data: JSON.parse(block.split('\n')[1]?.slice(6) ?? '{}'),
      }));
    expect(events.at(-1)?.type).toBe('done');
    expect(events.at(-1)?.data.generation).toMatchObject({ id: job.id, status: 'succeeded' });
    expect(events.at(-1)?.data.generation.url).toMatch(/^http:\/\/localhost:3000\/api\/files\//);
    // The stream is recorded like any call of the key, once it ends.
    await until(async () =>
      (
        await ctx.database.kysely
          .selectFrom('api_requests')
          .select('status_code')
          .where('endpoint', '=', 'GET /api/v1/generations/:id/events')
          .execute()
      ).some((row) => row.status_code === 200),
    );

    const theirs = await otherAccountKey();
    expect((await call(`/api/v1/generations/${job.id}/events`, { as: theirs })).statusCode).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/v1/generations/${job.id}/events` })).statusCode,
    ).toBe(401);
  });

  it('searches, reads and deletes library assets; another account gets 404', async () => {
    await image('red fox in snow');
    await image('blue whale');
    await image('red panda');
    const list = (await call('/api/v1/assets?q=red&limit=1')).json().data;
    expect(list.items).toHaveLength(1);
    expect(list.items[0].prompt).toBe('red panda');
    expect(list.items[0].url).toMatch(/^http:\/\/localhost:3000\/api\/files\//);
    const next = (await call(`/api/v1/assets?q=red&limit=1&cursor=${list.nextCursor}`)).json().data;
    expect(next.items.map((item: { prompt: string }) => item.prompt)).toEqual(['red fox in snow']);
    expect(next.nextCursor).toBeNull();
    expect((await call('/api/v1/assets?type=video')).json().data.items).toEqual([]);

    const id = list.items[0].id;
    const one = await call(`/api/v1/assets/${id}`);
    expect(one.json().data).toMatchObject({ id, type: 'image', prompt: 'red panda' });
    const theirs = await otherAccountKey();
    expect((await call(`/api/v1/assets/${id}`, { as: theirs })).statusCode).toBe(404);
    expect((await call(`/api/v1/assets/${id}`, { method: 'DELETE', as: theirs })).statusCode).toBe(404);
    const deleted = await call(`/api/v1/assets/${id}`, { method: 'DELETE' });
    expect(deleted.json()).toEqual({ success: true, data: { id } });
    expect((await call(`/api/v1/assets/${id}`)).statusCode).toBe(404);
    expect((await call('/api/v1/assets')).json().data.items).toHaveLength(2);
  });

  it('lists the models with their capabilities and prices', async () => {
    const models = (await call('/api/v1/models')).json().data;
    expect(models).toEqual([
      expect.objectContaining({
        id: 'fake-1',
        types: ['image', 'video'],
        prices: { image: 1, video: 3 },
        videoDurations: [3, 5, 8],
        default: { image: true, video: true },
      }),
    ]);
  });

  it('reports the balance, the plan and the key’s allowance, limit and usage this month', async () => {
    await image('counted');
    fake.set({ kind: 'fail' });
    await call('/api/v1/generate/image', { payload: { prompt: 'refunded' } });
    const account = await call('/api/v1/account');
    expect(account.statusCode, account.body).toBe(200);
    const data = account.json().data;
    expect(data).toMatchObject({
      plan: 'pro',
      balance: { total: 49 },
      key: {
        name: 'app',
        plan: 'pro',
        allowance: { monthly: 2000, remaining: 1999 },
        rateLimit: { requestsPerMinute: 60 },
        // Two generate calls (one failed, refunded); this call is recorded once answered.
        usageThisMonth: { requests: 2, generations: 2, creditsUsed: 1 },
      },
    });
    expect(data.balance.monthly + data.balance.purchased).toBe(49);
    expect(data.key.usageThisMonth.since).toMatch(/^\d{4}-\d{2}-01T00:00:00\.000Z$/);
    expect((await call('/api/v1/account')).json().data.key.usageThisMonth.requests).toBe(3);
  });

  it('asks each route for its scope; a generate-only key still follows and cancels its own jobs', async () => {
    const scoped = async (scopes: string[]) =>
      (
        await browser(ctx.app, person).post('/api/api-keys/create', {
          name: scopes.join(' '),
          plan: 'pro',
          scopes,
        })
      ).json().data.key as string;
    const generateOnly = await scoped(['generate']);
    const readOnly = await scoped(['library:read']);
    fake.set({ kind: 'hold' });
    const own = (
      await call('/api/v1/generate/image', {
        payload: { prompt: 'own' },
        headers: { prefer: 'respond-async' },
        as: generateOnly,
      })
    ).json().data;
    const other = (
      await call('/api/v1/generate/image', {
        payload: { prompt: 'other' },
        headers: { prefer: 'respond-async' },
      })
    ).json().data;

    // The first job is running (held) before anything is cancelled.
    await until(() => fake.heldCount() === 1);
    for (const [url, method, as] of [
      ['/api/v1/generations', 'GET', generateOnly],
      ['/api/v1/assets', 'GET', generateOnly],
      ['/api/v1/account', 'GET', generateOnly],
      ['/api/v1/models', 'GET', readOnly],
      [`/api/v1/generations/${other.id}/cancel`, 'POST', generateOnly],
      [`/api/v1/generations/${other.id}/events`, 'GET', generateOnly],
      [`/api/v1/generations/${own.id}/cancel`, 'POST', readOnly],
      ['/api/v1/assets/anything', 'DELETE', readOnly],
    ] as const) {
      const response = await call(url, { method, as });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().code).toBe('INSUFFICIENT_SCOPE');
    }
    expect((await call('/api/v1/models', { as: generateOnly })).statusCode).toBe(200);
    expect((await call('/api/v1/generations', { as: readOnly })).statusCode).toBe(200);
    const cancelled = await call(`/api/v1/generations/${own.id}/cancel`, {
      method: 'POST',
      as: generateOnly,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await until(async () => (await statusOf(own.id)) === 'cancelled');
    // The next job holds in its turn (the clean-up releases it).
    await until(() => fake.heldCount() === 1);
  });
});
