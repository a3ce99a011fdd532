import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { browser, readOutbox, type SignedIn, signUp } from '../../../test/factories.js';
import { createFakeProvider } from '../../../test/fake-provider.js';
import { createTestContext, createTestDatabase, type TestContext } from '../../../test/harness.js';
import { until } from '../../../test/provider-fixtures.js';
import type { Resolver } from '../../platform/net/safe-fetch.js';

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

/** A local receiver: records every request and answers the next planned status (then `fallback`). */
function createReceiver() {
  const received: Received[] = [];
  const plan: number[] = [];
  let fallback = 204;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body, at: Date.now() });
      const status = plan.shift() ?? fallback;
      if (status >= 300 && status < 400) res.writeHead(status, { location: `${url('/moved')}` }).end();
      else res.writeHead(status).end('thanks');
    });
  });
  let port = 0;
  const url = (suffix = '/hook') => `http://127.0.0.1:${port}${suffix}`;
  return {
    received,
    url,
    answer(...statuses: number[]) {
      plan.push(...statuses);
    },
    always(status: number) {
      fallback = status;
    },
    async start() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
    },
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Standard Webhooks verification written from the spec, independent of the server's signing code. */
function verifies(secret: string, request: Received): boolean {
  const id = String(request.headers['webhook-id']);
  const timestamp = String(request.headers['webhook-timestamp']);
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${request.body}`).digest();
  return String(request.headers['webhook-signature'])
    .split(' ')
    .some((entry) => {
      const [version, signature] = entry.split(',');
      if (version !== 'v1' || !signature) return false;
      const given = Buffer.from(signature, 'base64');
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
}

const FAST = { retryDelaysMs: [50, 100, 150], leaseMs: 5_000 };

describe('signed webhooks', () => {
  const receiver = createReceiver();
  let ctx: TestContext;
  let fake: ReturnType<typeof createFakeProvider>;
  let person: SignedIn;

  beforeAll(() => receiver.start());
  afterAll(() => receiver.stop());
  beforeEach(async () => {
    receiver.received.length = 0;
    receiver.always(204);
    fake = createFakeProvider();
    ctx = await createTestContext({ providers: [fake.provider], webhookOptions: FAST });
    person = await signUp(ctx.app);
  });
  afterEach(async () => {
    await ctx.close();
  });

  const caller = () => browser(ctx.app, person);
  const useAccountUrl = async (url = receiver.url()) => {
    const response = await caller().patch('/api/settings', { integrationsEnabled: true, webhookUrl: url });
    expect(response.statusCode, response.body).toBe(200);
  };
  const secret = async () => (await caller().get('/api/webhooks/secret')).json().data.secret as string;
  const deliveries = async () => (await caller().get('/api/webhooks/deliveries')).json().data.items;
  const generate = async () => {
    const response = await caller().post('/api/generate-image?wait=false', { prompt: 'a lighthouse' });
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json().data.id as string;
  };
  const createKey = async () => {
    const response = await caller().post('/api/api-keys/create', { name: 'App' });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { id: string; key: string };
  };
  const callApi = (key: string, payload: object) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/generate/image',
      headers: { authorization: `Bearer ${key}` },
      payload: { wait: false, ...payload },
    });

  it('signs a succeeded generation for the account URL (Standard Webhooks) and logs it', async () => {
    await useAccountUrl();
    const first = await caller().get('/api/webhooks/secret');
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.json().data).toMatchObject({ previousExpiresAt: null, disabledAt: null });
    const signing = first.json().data.secret as string;
    expect(signing).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(await secret()).toBe(signing);
    const rows = await ctx.database.kysely.selectFrom('webhook_secrets').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(signing.slice(6));

    const jobId = await generate();
    await until(() => receiver.received.length === 1);
    const [request] = receiver.received;
    if (!request) throw new Error('no delivery');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['webhook-id']).toMatch(/^msg_/);
    expect(Math.abs(Number(request.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
    expect(verifies(signing, request)).toBe(true);
    expect(verifies(`whsec_${Buffer.alloc(32, 1).toString('base64')}`, request)).toBe(false);
    const payload = JSON.parse(request.body);
    expect(payload).toMatchObject({
      type: 'generation.succeeded',
      data: {
        id: jobId,
        type: 'image',
        status: 'succeeded',
        creditsCharged: 1,
        width: expect.any(Number),
        height: expect.any(Number),
      },
    });
    expect(payload.data.url).toMatch(/^http:\/\/localhost:3000\/api\/files\/.+sig=/);
    await until(async () => (await deliveries())[0]?.state === 'delivered');
    expect((await deliveries())[0]).toMatchObject({
      eventId: request.headers['webhook-id'],
      event: 'generation.succeeded',
      target: receiver.url(),
      attempts: 1,
      lastStatus: 204,
      nextAttemptAt: null,
      generationId: jobId,
    });
  });

  it('sends failed and cancelled events with what was refunded', async () => {
    await useAccountUrl();
    fake.set({ kind: 'fail' });
    const failed = await generate();
    await until(() => receiver.received.length === 1);
    expect(JSON.parse(receiver.received[0]?.body ?? '')).toMatchObject({
      type: 'generation.failed',
      data: { id: failed, status: 'failed', creditsRefunded: 1, error: { code: expect.any(String) } },
    });
    fake.set({ kind: 'hold' });
    const held = await generate();
    await until(() => fake.heldCount() === 1);
    expect((await caller().post(`/api/generations/${held}/cancel`)).statusCode).toBe(200);
    await until(() => receiver.received.length === 2);
    expect(JSON.parse(receiver.received[1]?.body ?? '')).toMatchObject({
      type: 'generation.cancelled',
      data: { id: held, status: 'cancelled', error: { code: 'CANCELLED' } },
    });
  });

  it('retries with backoff until the receiver takes it, then gives up after the last attempt', async () => {
    await useAccountUrl();
    receiver.answer(500, 503, 302);
    await generate();
    await until(() => receiver.received.length === 4);
    const times = receiver.received.map((entry) => entry.at);
    // The waits grow (50, 100, 150 ms ±20 %).
    expect((times[1] ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(35);
    expect((times[3] ?? 0) - (times[2] ?? 0)).toBeGreaterThanOrEqual(110);
    // The same event id (and body) on every attempt, a fresh timestamp signature each time.
    expect(new Set(receiver.received.map((entry) => entry.headers['webhook-id'])).size).toBe(1);
    expect(new Set(receiver.received.map((entry) => entry.body)).size).toBe(1);
    expect(receiver.received.some((entry) => entry.path === '/moved')).toBe(false);
    await until(async () => (await deliveries())[0]?.state === 'delivered');
    expect((await deliveries())[0]).toMatchObject({ attempts: 4, lastStatus: 204 });

    receiver.received.length = 0;
    receiver.always(500);
    await generate();
    await until(async () => (await deliveries())[0]?.state === 'failed');
    expect((await deliveries())[0]).toMatchObject({
      attempts: 4,
      lastStatus: 500,
      lastError: 'HTTP 500',
      nextAttemptAt: null,
    });
    expect(receiver.received).toHaveLength(4);
  });

  it('redelivers on request with the same event id, and sends a test event', async () => {
    await useAccountUrl();
    await generate();
    await until(async () => (await deliveries())[0]?.state === 'delivered');
    const [delivery] = await deliveries();
    const again = await caller().post(`/api/webhooks/deliveries/${delivery.id}/redeliver`);
    expect(again.statusCode, again.body).toBe(200);
    await until(() => receiver.received.length === 2);
    expect(receiver.received[1]?.headers['webhook-id']).toBe(delivery.eventId);
    await until(async () => (await deliveries())[0]?.attempts === 2);

    const test = await caller().post('/api/webhooks/test');
    expect(test.statusCode, test.body).toBe(200);
    expect(test.json().data).toMatchObject({ event: 'webhook.test', state: 'pending', generationId: null });
    await until(() => receiver.received.length === 3);
    expect(JSON.parse(receiver.received[2]?.body ?? '').type).toBe('webhook.test');
    expect(verifies(await secret(), receiver.received[2] as Received)).toBe(true);

    const other = await signUp(ctx.app);
    const foreign = await browser(ctx.app, other).post(`/api/webhooks/deliveries/${delivery.id}/redeliver`);
    expect(foreign.statusCode).toBe(404);
    const none = await browser(ctx.app, other).post('/api/webhooks/test');
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe('Set a webhook URL in Settings before sending a test event');
    expect((await browser(ctx.app, null).get('/api/webhooks/deliveries')).statusCode).toBe(401);
  });

  it('pages the delivery log newest first', async () => {
    await useAccountUrl();
    for (let i = 0; i < 3; i++) await caller().post('/api/webhooks/test');
    await until(() => receiver.received.length === 3);
    const first = (await caller().get('/api/webhooks/deliveries?limit=2')).json().data;
    expect(first.items).toHaveLength(2);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (
      await caller().get(`/api/webhooks/deliveries?limit=2&cursor=${encodeURIComponent(first.nextCursor)}`)
    ).json().data;
    expect(second.items).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
    const ids = [...first.items, ...second.items].map((item: { id: string }) => item.id);
    expect(new Set(ids).size).toBe(3);
  });

  it('signs with both secrets for 24 hours after a rotation', async () => {
    await useAccountUrl();
    const old = await secret();
    const rotated = (await caller().post('/api/webhooks/secret/rotate')).json().data;
    expect(rotated.secret).not.toBe(old);
    expect(new Date(rotated.previousExpiresAt).getTime() - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    await caller().post('/api/webhooks/test');
    await until(() => receiver.received.length === 1);
    const [request] = receiver.received as [Received];
    expect(String(request.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verifies(old, request)).toBe(true);
    expect(verifies(rotated.secret, request)).toBe(true);
    // Once the 24 hours are over, only the new secret signs.
    await ctx.database.kysely
      .updateTable('webhook_secrets')
      .set({ previous_expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect((await caller().get('/api/webhooks/secret')).json().data.previousExpiresAt).toBeNull();
    await caller().post('/api/webhooks/test');
    await until(() => receiver.received.length === 2);
    const later = receiver.received[1] as Received;
    expect(String(later.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(verifies(old, later)).toBe(false);
    expect(verifies(rotated.secret, later)).toBe(true);
  });

  it("delivers to the key's URL and the request's own, with the request's event filter", async () => {
    await caller().patch('/api/settings', { integrationsEnabled: true });
    const key = await createKey();
    await ctx.database.kysely
      .updateTable('api_keys')
      .set({ webhook_url: receiver.url('/key') })
      .where('id', '=', key.id)
      .execute();
    const accepted = await callApi(key.key, { prompt: 'a harbour', webhook: receiver.url('/request') });
    expect(accepted.statusCode, accepted.body).toBe(202);
    await until(() => receiver.received.length === 2);
    expect(receiver.received.map((entry) => entry.path).sort()).toEqual(['/key', '/request']);
    expect(receiver.received[0]?.headers['webhook-id']).toBe(receiver.received[1]?.headers['webhook-id']);

    // The request wants failures only: a success goes to the key's URL alone.
    receiver.received.length = 0;
    const filtered = await callApi(key.key, {
      prompt: 'a quay',
      webhook: receiver.url('/request'),
      webhook_events_filter: ['generation.failed'],
    });
    expect(filtered.statusCode, filtered.body).toBe(202);
    await until(() => receiver.received.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(receiver.received.map((entry) => entry.path)).toEqual(['/key']);

    const invalid = await callApi(key.key, { prompt: 'x', webhook: 'ftp://example.com/hook' });
    expect(invalid.statusCode).toBe(400);
    const badFilter = await callApi(key.key, {
      prompt: 'x',
      webhook: receiver.url('/request'),
      webhook_events_filter: ['generation.exploded'],
    });
    expect(badFilter.statusCode).toBe(400);
  });

  it('disables the account URL when it answers 410 Gone, tells the owner, and resumes when saved again', async () => {
    await useAccountUrl();
    receiver.answer(410);
    await caller().post('/api/webhooks/test');
    await until(async () => (await deliveries())[0]?.state === 'failed');
    expect((await deliveries())[0]).toMatchObject({ attempts: 1, lastStatus: 410 });
    await until(async () => (await caller().get('/api/webhooks/secret')).json().data.disabledAt !== null);
    await until(async () =>
      (await readOutbox(ctx.dataDir)).some((mail) => mail.includes('Your Kaleido webhook URL was disabled')),
    );
    await generate();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.received).toHaveLength(1);
    await useAccountUrl();
    expect((await caller().get('/api/webhooks/secret')).json().data.disabledAt).toBeNull();
    await generate();
    await until(() => receiver.received.length === 2);
  });

  it('disables the account URL once every delivery to it has failed for three days', async () => {
    await useAccountUrl();
    receiver.always(500);
    await caller().post('/api/webhooks/test');
    await until(async () => (await deliveries())[0]?.state === 'failed');
    // One failure is not enough…
    expect((await caller().get('/api/webhooks/secret')).json().data.disabledAt).toBeNull();
    // …but failures going back more than three days, with nothing delivered since, are.
    await ctx.database.kysely
      .updateTable('webhook_deliveries')
      .set({ created_at: new Date(Date.now() - 4 * 24 * 3600_000).toISOString() })
      .execute();
    await caller().post('/api/webhooks/test');
    await until(async () => (await caller().get('/api/webhooks/secret')).json().data.disabledAt !== null);
  });
});

describe('webhook targets and private addresses', () => {
  let ctx: TestContext;
  const resolver: Resolver = async (hostname) => {
    if (hostname === 'sneaky.example') return [{ address: '127.0.0.1', family: 4 }];
    return [{ address: '93.184.216.34', family: 4 }];
  };
  beforeEach(async () => {
    ctx = await createTestContext({
      config: { webhooks: { allowPrivate: false } },
      webhookResolver: resolver,
    });
  });
  afterEach(async () => {
    await ctx.close();
  });

  it('refuses a webhook URL that resolves to a private address when settings are saved', async () => {
    const person = await signUp(ctx.app);
    const caller = browser(ctx.app, person);
    for (const url of [
      'http://127.0.0.1:8080/hook',
      'http://[::1]/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://169.254.169.254/latest',
      'https://sneaky.example/hook',
    ]) {
      const response = await caller.patch('/api/settings', { webhookUrl: url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error).toBe(
        'Webhook URL must point to a public address: it resolves to a private, loopback or reserved one',
      );
    }
    expect(
      (await caller.patch('/api/settings', { webhookUrl: 'https://hooks.example.com/k' })).statusCode,
    ).toBe(200);
    expect((await caller.patch('/api/settings', { webhookUrl: '' })).statusCode).toBe(200);
  });
});

describe('webhook deliveries across a restart', () => {
  const receiver = createReceiver();
  beforeAll(() => receiver.start());
  afterAll(() => receiver.stop());

  it('a new app on the same database delivers the retry that was due', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kaleido-webhooks-'));
    const testDatabase = await createTestDatabase(dataDir);
    const shared = { database: testDatabase.config, dataDir };
    const first = await createTestContext({ shared, webhookOptions: { retryDelaysMs: [1_500] } });
    const serverSecret = first.config.serverSecret;
    try {
      const person = await signUp(first.app);
      const caller = browser(first.app, person);
      await caller.patch('/api/settings', { integrationsEnabled: true, webhookUrl: receiver.url() });
      const signing = (await caller.get('/api/webhooks/secret')).json().data.secret as string;
      receiver.answer(500);
      await caller.post('/api/webhooks/test');
      await until(async () => {
        const row = await first.database.kysely
          .selectFrom('webhook_deliveries')
          .selectAll()
          .executeTakeFirst();
        return row?.attempts === 1 && row.state === 'pending';
      });
      await first.close();
      expect(receiver.received).toHaveLength(1);

      const second = await createTestContext({
        shared,
        config: { serverSecret },
        webhookOptions: { retryDelaysMs: [1_500] },
      });
      try {
        await until(() => receiver.received.length === 2, 20_000);
        expect(receiver.received[1]?.headers['webhook-id']).toBe(receiver.received[0]?.headers['webhook-id']);
        expect(verifies(signing, receiver.received[1] as Received)).toBe(true);
        await until(async () => {
          const row = await second.database.kysely
            .selectFrom('webhook_deliveries')
            .selectAll()
            .executeTakeFirst();
          return row?.state === 'delivered' && row.attempts === 2;
        });
      } finally {
        await second.close();
      }
    } finally {
      await testDatabase.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
