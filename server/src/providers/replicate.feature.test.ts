import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { browser, type SignedIn, signUp } from '../../test/factories.js';
import { type FakeReplicate, startFakeReplicate } from '../../test/fakes/fake-replicate.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { balanceOf, eventsOf, generationOf, providersFrom, until } from '../../test/provider-fixtures.js';

const models = [
  { id: 'flux-schnell', name: 'FLUX.1 [schnell]', model: 'black-forest-labs/flux-schnell', waitSeconds: 1 },
  { id: 'wan-fast', name: 'Wan 2.2 fast', model: 'wan-video/wan-2.2-t2v-fast' },
];

describe('Replicate adapter through the app', () => {
  let ctx: TestContext;
  let replicate: FakeReplicate;
  let person: SignedIn;

  async function setUp(options: { webhooks?: boolean } = {}) {
    replicate = await startFakeReplicate({
      // Deliveries reach the app the way Replicate's would: a POST to the webhook route.
      deliver: async (url, headers, body) => {
        await ctx.app.inject({ method: 'POST', url: new URL(url).pathname, headers, payload: body });
      },
    });
    ctx = await createTestContext({
      providers: providersFrom(
        [
          {
            type: 'replicate',
            baseUrl: `${replicate.url}/v1`,
            apiToken: 'env:TEST_REPLICATE_TOKEN',
            webhooks: options.webhooks ?? false,
            // Polling slower than the run when webhooks carry the updates.
            pollIntervalMs: options.webhooks ? 60_000 : 50,
            models,
          },
        ],
        { TEST_REPLICATE_TOKEN: 'r8_test' },
      ),
      config: { workerConcurrency: 2 },
    });
    person = await signUp(ctx.app);
  }
  afterEach(async () => {
    await ctx?.close();
    await replicate?.close();
  });

  it('creates a prediction with Prefer: wait and a deadline, maps the input, and stores the output', async () => {
    await setUp();
    const response = await browser(ctx.app, person).post('/api/generate-image', {
      prompt: 'a koi pond',
      model: 'flux-schnell',
      seed: 99,
      settings: { aspectRatio: '16:9' },
    });
    expect(response.statusCode).toBe(200);
    const [create] = replicate.creates;
    expect(create?.headers.prefer).toBe('wait=1');
    expect(create?.headers['cancel-after']).toBe('300s');
    expect(create?.body).toEqual({
      input: { prompt: 'a koi pond', aspect_ratio: '16:9', seed: 99, num_outputs: 1, output_format: 'png' },
    });
    const { data } = response.json();
    expect(data.metadata).toMatchObject({
      model: 'flux-schnell',
      provider: 'replicate',
      width: 1024,
      height: 1024,
      seed: 99,
    });
    expect(data.generation.details).toMatchObject({
      predictionId: expect.any(String),
      remoteModel: 'black-forest-labs/flux-schnell',
    });
    expect(await balanceOf(ctx.app, person)).toBe(9);
  });

  it('polls a video prediction, turning tqdm logs into progress events, and stores the MP4', async () => {
    await setUp();
    replicate.state.stepMs = 250;
    const submitted = await browser(ctx.app, person).post('/api/generate-video?wait=false', {
      prompt: 'a paper boat',
      model: 'wan-fast',
      settings: { duration: 5, aspectRatio: '9:16', resolution: '854x480' },
    });
    expect(submitted.statusCode).toBe(202);
    const events = await eventsOf(ctx.app, person, submitted.json().data.id);
    const progress = events
      .filter((event) => event.type === 'progress')
      .map((event) => Number(event.generation.progress));
    expect(progress.some((value) => value >= 25 && value < 100)).toBe(true);
    const done = events.at(-1);
    expect(done?.type).toBe('done');
    expect(replicate.creates[0]?.body.input).toMatchObject({
      num_frames: 120,
      frames_per_second: 24,
      aspect_ratio: '9:16',
      resolution: '480p',
    });
    expect(replicate.creates[0]?.headers.prefer).toBeUndefined();
    expect(done?.generation.asset).toMatchObject({
      metadata: {
        contentType: 'video/mp4',
        width: 1280,
        height: 720,
        durationSeconds: 5,
      },
    });
  });

  it('follows signed webhooks instead of polling, and rejects unsigned, forged and stale ones', async () => {
    await setUp({ webhooks: true });
    const response = await browser(ctx.app, person).post('/api/generate-image', {
      prompt: 'webhooks',
      model: 'flux-schnell',
    });
    expect(response.statusCode).toBe(200);
    expect(replicate.creates[0]?.body).toMatchObject({
      webhook: 'http://localhost:3000/api/webhooks/replicate/replicate',
      webhook_events_filter: ['start', 'logs', 'completed'],
    });
    expect(replicate.deliveries.map((d) => d.status)).toContain('completed:succeeded');

    const body = JSON.stringify({ id: 'x', status: 'succeeded' });
    const url = '/api/webhooks/replicate/replicate';
    const unsigned = await ctx.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(unsigned.statusCode).toBe(401);
    const now = Math.floor(Date.now() / 1000);
    const sign = (id: string, timestamp: number, secret: string) =>
      `v1,${createHmac('sha256', Buffer.from(secret.slice(6), 'base64'))
        .update(`${id}.${timestamp}.${body}`)
        .digest('base64')}`;
    const forged = await ctx.app.inject({
      method: 'POST',
      url,
      headers: {
        'content-type': 'application/json',
        'webhook-id': 'msg_1',
        'webhook-timestamp': String(now),
        'webhook-signature': sign('msg_1', now, 'whsec_AAAAAAAAAAAAAAAAAAAAAAAA'),
      },
      payload: body,
    });
    expect(forged.statusCode).toBe(401);
    const stale = await ctx.app.inject({
      method: 'POST',
      url,
      headers: {
        'content-type': 'application/json',
        'webhook-id': 'msg_2',
        'webhook-timestamp': String(now - 600),
        'webhook-signature': sign('msg_2', now - 600, replicate.secret),
      },
      payload: body,
    });
    expect(stale.statusCode).toBe(401);
    const good = {
      'content-type': 'application/json',
      'webhook-id': 'msg_3',
      'webhook-timestamp': String(now),
      'webhook-signature': sign('msg_3', now, replicate.secret),
    };
    const fresh = await ctx.app.inject({ method: 'POST', url, headers: good, payload: body });
    expect(fresh.json()).toEqual({ success: true, data: { accepted: true } });
    const replay = await ctx.app.inject({ method: 'POST', url, headers: good, payload: body });
    expect(replay.json()).toEqual({ success: true, data: { accepted: false } });
  });

  it('cancels the prediction when the job is cancelled, and refunds', async () => {
    await setUp();
    const id = (
      await browser(ctx.app, person).post('/api/generate-image?wait=false', {
        prompt: 'slow [hold]',
        model: 'flux-schnell',
      })
    ).json().data.id;
    await until(
      async () =>
        (await generationOf(ctx.app, person, id)).status === 'running' && replicate.predictions.size === 1,
    );
    await until(() => [...replicate.predictions.values()][0]?.status === 'processing');
    await browser(ctx.app, person).post(`/api/generations/${id}/cancel`);
    await until(async () => (await generationOf(ctx.app, person, id)).status === 'cancelled');
    await until(() => replicate.cancels.length === 1);
    expect([...replicate.predictions.values()][0]?.status).toBe('canceled');
    expect(await balanceOf(ctx.app, person)).toBe(10);
  });

  it('maps a safety-checker failure to a content-policy refusal and refunds', async () => {
    await setUp();
    const response = await browser(ctx.app, person).post('/api/generate-image', {
      prompt: 'nope [nsfw]',
      model: 'flux-schnell',
    });
    expect(response.statusCode).toBe(502);
    expect(response.json().error).toMatch(/safety checks/);
    expect(await balanceOf(ctx.app, person)).toBe(10);
  });

  it('retries a throttled create after Retry-After', async () => {
    await setUp();
    replicate.state.throttle = 1;
    const response = await browser(ctx.app, person).post('/api/generate-image', {
      prompt: 'popular [429]',
      model: 'flux-schnell',
    });
    expect(response.statusCode).toBe(200);
    expect(replicate.creates).toHaveLength(2);
    expect(replicate.predictions.size).toBe(1);
  });

  it('reads the prediction again when its file URL has expired, and refunds when every URL has', async () => {
    await setUp();
    const refreshed = await browser(ctx.app, person).post('/api/generate-image', {
      prompt: 'late [expire]',
      model: 'flux-schnell',
    });
    expect(refreshed.statusCode).toBe(200);
    const gone = await browser(ctx.app, person).post('/api/generate-image', {
      prompt: 'later [expire-all]',
      model: 'flux-schnell',
    });
    expect(gone.statusCode).toBe(502);
    expect(gone.json().error).toMatch(/expired before Kaleido could save it/);
    expect(await balanceOf(ctx.app, person)).toBe(9);
  });
});
