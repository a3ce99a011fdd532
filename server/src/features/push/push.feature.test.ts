import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { browser, type SignedIn, signUp } from '../../../test/factories.js';
import { createFakeProvider } from '../../../test/fake-provider.js';
import {
  browserKeys,
  decryptPush,
  type FakePushService,
  startFakePushService,
  verifyVapid,
} from '../../../test/fakes/fake-push-service.js';
import { createTestContext, type TestContext } from '../../../test/harness.js';

describe('web push', () => {
  let ctx: TestContext;
  let pushService: FakePushService;
  let person: SignedIn;

  beforeEach(async () => {
    pushService = await startFakePushService();
    ctx = await createTestContext({ providers: [createFakeProvider().provider] });
    person = await signUp(ctx.app);
  });
  afterEach(async () => {
    await ctx.close();
    await pushService.close();
  });

  const subscriptions = async () =>
    (
      await ctx.database.kysely
        .selectFrom('push_subscriptions')
        .select(['endpoint', 'user_id'])
        .orderBy('endpoint')
        .execute()
    ).map((row) => row.endpoint);

  it('gives the VAPID public key, and stores, takes over and removes subscriptions', async () => {
    const key = await browser(ctx.app, null).get('/api/push/public-key');
    expect(key.json()).toEqual({ success: true, data: { publicKey: ctx.config.push?.vapidPublicKey } });

    const keys = browserKeys();
    const endpoint = pushService.endpoint('one');
    const body = { endpoint, expirationTime: null, keys: keys.json };
    expect((await browser(ctx.app, null).post('/api/push/subscribe', body)).statusCode).toBe(401);
    expect((await browser(ctx.app, person).post('/api/push/subscribe', { endpoint })).statusCode).toBe(400);
    expect((await browser(ctx.app, person).post('/api/push/subscribe', body)).statusCode).toBe(201);
    // The same browser again (e.g. after a reload): still one subscription.
    expect((await browser(ctx.app, person).post('/api/push/subscribe', body)).statusCode).toBe(201);
    expect(await subscriptions()).toEqual([endpoint]);

    // Another account signs in on that browser: the endpoint now notifies them.
    const other = await signUp(ctx.app);
    await browser(ctx.app, other).post('/api/push/subscribe', body);
    const owner = await ctx.database.kysely
      .selectFrom('push_subscriptions')
      .select('user_id')
      .executeTakeFirstOrThrow();
    expect(owner.user_id).toBe(other.user.id);

    const notMine = await browser(ctx.app, person).post('/api/push/unsubscribe', { endpoint });
    expect(notMine.json().data).toEqual({ removed: false });
    const mine = await browser(ctx.app, other).post('/api/push/unsubscribe', { endpoint });
    expect(mine.json().data).toEqual({ removed: true });
    expect(await subscriptions()).toEqual([]);
  });

  it('sends an encrypted (RFC 8291 aes128gcm), VAPID-signed notification when a generation finishes', async () => {
    const keys = browserKeys();
    await browser(ctx.app, person).post('/api/push/subscribe', {
      endpoint: pushService.endpoint('phone'),
      keys: keys.json,
    });

    const generated = await browser(ctx.app, person).post('/api/generate-image', {
      prompt: 'a lighthouse at dusk',
      settings: { style: 'realistic' },
    });
    expect(generated.statusCode).toBe(200);
    const assetId = generated.json().data.id as string;

    // The job's message, then (10 → 9 credits crosses the low-credit mark) the credits warning.
    const [request, lowCredits] = await pushService.waitFor(2);
    expect(request?.path).toBe('/push/phone');
    expect(request?.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(request?.headers.ttl)).toBeGreaterThan(0);
    const claims = verifyVapid(request?.headers.authorization as string, {
      publicKey: ctx.config.push?.vapidPublicKey ?? '',
      audience: pushService.origin,
    });
    expect(claims.sub).toBe('mailto:ops@example.com');

    const message = JSON.parse(decryptPush(request?.body ?? Buffer.alloc(0), keys));
    expect(message).toEqual({
      title: 'Your image is ready',
      body: 'a lighthouse at dusk',
      url: `/library?asset=${assetId}`,
      tag: `generation-${generated.json().data.generationId}`,
    });

    expect(JSON.parse(decryptPush(lowCredits?.body ?? Buffer.alloc(0), keys))).toEqual({
      title: 'Your credits are running low',
      body: '9 credits left. Top up or change plan to keep creating.',
      url: '/pricing',
      tag: 'low-credits',
    });

    // Below the mark already: the next job does not warn again.
    await browser(ctx.app, person).post('/api/generate-image', { prompt: 'again', settings: {} });
    await pushService.waitFor(3);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(pushService.received).toHaveLength(3);

    // The wrong browser's keys cannot read it.
    expect(() => decryptPush(request?.body ?? Buffer.alloc(0), browserKeys())).toThrow();
  });

  it('says so when a generation fails', async () => {
    await ctx.close();
    const failing = createFakeProvider({ kind: 'fail' });
    ctx = await createTestContext({ providers: [failing.provider] });
    person = await signUp(ctx.app);
    const keys = browserKeys();
    await browser(ctx.app, person).post('/api/push/subscribe', {
      endpoint: pushService.endpoint('laptop'),
      keys: keys.json,
    });
    const response = await browser(ctx.app, person).post('/api/generate-video', {
      prompt: 'waves',
      settings: { style: 'cinematic' },
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    const [request] = await pushService.waitFor(1);
    const message = JSON.parse(decryptPush(request?.body ?? Buffer.alloc(0), keys));
    expect(message).toMatchObject({ title: 'Your video could not be made', url: '/generate/video' });
  });

  it("writes notifications in the person's language", async () => {
    expect((await browser(ctx.app, person).patch('/api/settings', { language: 'de' })).statusCode).toBe(200);
    const keys = browserKeys();
    await browser(ctx.app, person).post('/api/push/subscribe', {
      endpoint: pushService.endpoint('tablet'),
      keys: keys.json,
    });
    await browser(ctx.app, person).post('/api/generate-video', { prompt: 'Wellen am Strand', settings: {} });
    const [done, lowCredits] = await pushService.waitFor(2);
    expect(JSON.parse(decryptPush(done?.body ?? Buffer.alloc(0), keys))).toMatchObject({
      title: 'Dein Video ist fertig',
      body: 'Wellen am Strand',
    });
    const warning = JSON.parse(decryptPush(lowCredits?.body ?? Buffer.alloc(0), keys));
    expect(warning.title).toBe('Deine Credits werden knapp');
    expect(warning.body).toMatch(
      /^Noch \d+ Credits übrig\. Lade auf oder wechsle den Tarif, um weiter zu erstellen\.$/,
    );
  });

  it('removes subscriptions the push service says are gone (404, 410) and keeps the others', async () => {
    const keys = browserKeys();
    const gone = pushService.endpoint('gone', 410);
    const missing = pushService.endpoint('missing', 404);
    const busy = pushService.endpoint('busy', 503);
    const fine = pushService.endpoint('fine', 201);
    for (const endpoint of [gone, missing, busy, fine]) {
      await browser(ctx.app, person).post('/api/push/subscribe', { endpoint, keys: keys.json });
    }
    await browser(ctx.app, person).post('/api/generate-image', { prompt: 'a cat', settings: {} });
    await pushService.waitFor(4);
    await expect.poll(subscriptions).toEqual([busy, fine].sort());
  });

  it('sends nothing to someone who turned desktop notifications off', async () => {
    await browser(ctx.app, person).patch('/api/settings', { desktopNotifications: false });
    await browser(ctx.app, person).post('/api/push/subscribe', {
      endpoint: pushService.endpoint('quiet'),
      keys: browserKeys().json,
    });
    const generated = await browser(ctx.app, person).post('/api/generate-image', {
      prompt: 'silence',
      settings: {},
    });
    expect(generated.statusCode).toBe(200);
    // The notification would leave right after the job's end is committed; give it that moment.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(pushService.received).toHaveLength(0);
  });
});
