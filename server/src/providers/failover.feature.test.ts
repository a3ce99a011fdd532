import { afterEach, describe, expect, it } from 'vitest';
import { browser, type SignedIn, signUp } from '../../test/factories.js';
import { type FakeOpenAi, startFakeOpenAi } from '../../test/fakes/fake-openai.js';
import { type FakeReplicate, startFakeReplicate } from '../../test/fakes/fake-replicate.js';
import { deadUrl } from '../../test/fakes/media.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { balanceOf, providersFrom } from '../../test/provider-fixtures.js';

describe('failover between providers', () => {
  let ctx: TestContext;
  let openai: FakeOpenAi | undefined;
  let replicate: FakeReplicate | undefined;
  let person: SignedIn;

  afterEach(async () => {
    await ctx?.close();
    await openai?.close();
    await replicate?.close();
    openai = undefined;
    replicate = undefined;
  });

  it('moves a job from a ComfyUI pool that is down to an OpenAI model of the same group, charging once', async () => {
    openai = await startFakeOpenAi('sk-test');
    ctx = await createTestContext({
      providers: providersFrom([
        {
          type: 'comfyui',
          servers: [await deadUrl()],
          models: [{ id: 'sd15', kind: 'image', workflow: 'text-to-image', failoverGroup: 'photo' }],
        },
        {
          type: 'openai',
          baseUrl: `${openai.url}/v1`,
          apiKey: 'sk-test',
          models: [{ id: 'gpt-image-1', model: 'gpt-image-1', failoverGroup: 'photo', prices: { image: 4 } }],
        },
      ]),
    });
    person = await signUp(ctx.app);
    const response = await browser(ctx.app, person).post('/api/generate-image', {
      prompt: 'a harbour',
      seed: 3,
    });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.generation).toMatchObject({ provider: 'openai', model: 'gpt-image-1', cost: 1 });
    expect(data.generation.details.failovers).toEqual([
      { from: 'sd15', to: 'gpt-image-1', reason: expect.stringContaining('No ComfyUI server can run sd15') },
    ]);
    expect(data.metadata).toMatchObject({ provider: 'openai', model: 'gpt-image-1' });
    expect(openai.requests).toHaveLength(1);
    // The price reserved for the model asked for is charged once, not the stand-in's.
    expect(await balanceOf(ctx.app, person)).toBe(9);
    const ledger = await ctx.database.kysely
      .selectFrom('credit_ledger')
      .select('kind')
      .where('user_id', '=', person.user.id)
      .execute();
    expect(ledger.map((entry) => entry.kind).sort()).toEqual(['charge', 'grant', 'reserve']);
    const health = (await ctx.app.inject({ method: 'GET', url: '/api/health' })).json();
    expect(health.status).toBe('degraded');
    expect(health.providers).toEqual([
      { id: 'comfyui', name: 'ComfyUI', ok: false },
      { id: 'openai', name: 'OpenAI', ok: true },
    ]);
  });

  it('moves a job from an OpenAI-compatible host that is unreachable to Replicate', async () => {
    replicate = await startFakeReplicate();
    ctx = await createTestContext({
      providers: providersFrom([
        {
          type: 'openai',
          baseUrl: `${await deadUrl()}/v1`,
          models: [{ id: 'local-sd', model: 'stablediffusion', maxWidth: 1024, maxHeight: 1024 }],
        },
        {
          type: 'replicate',
          baseUrl: `${replicate.url}/v1`,
          apiToken: 'r8_test',
          pollIntervalMs: 50,
          models: [
            { id: 'flux-schnell', model: 'black-forest-labs/flux-schnell', waitSeconds: 1 },
            { id: 'flux-private', model: 'black-forest-labs/flux-schnell', failoverGroup: null },
          ],
        },
      ]),
    });
    person = await signUp(ctx.app);
    const moved = await browser(ctx.app, person).post('/api/generate-image', {
      prompt: 'fallback',
      model: 'local-sd',
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data.generation).toMatchObject({ provider: 'replicate', model: 'flux-schnell' });
    expect(await balanceOf(ctx.app, person)).toBe(9);
    const models = (await browser(ctx.app, person).get('/api/models')).json().data;
    expect(models.find((model: { id: string }) => model.id === 'local-sd')).toMatchObject({
      available: false,
    });
  });

  it('moves a job whose provider keeps rate limiting beyond what it may wait', async () => {
    openai = await startFakeOpenAi('sk-test');
    openai.state.throttle = 10;
    openai.state.retryAfter = '3600';
    replicate = await startFakeReplicate();
    ctx = await createTestContext({
      providers: providersFrom([
        {
          type: 'openai',
          baseUrl: `${openai.url}/v1`,
          apiKey: 'sk-test',
          models: [{ id: 'gpt-image-1', model: 'gpt-image-1' }],
        },
        {
          type: 'replicate',
          baseUrl: `${replicate.url}/v1`,
          apiToken: 'r8_test',
          pollIntervalMs: 50,
          models: [{ id: 'flux-schnell', model: 'black-forest-labs/flux-schnell', waitSeconds: 1 }],
        },
      ]),
    });
    person = await signUp(ctx.app);
    const response = await browser(ctx.app, person).post('/api/generate-image', { prompt: 'crowded [429]' });
    expect(response.statusCode).toBe(200);
    expect(openai.requests).toHaveLength(1);
    expect(response.json().data.generation).toMatchObject({ provider: 'replicate', model: 'flux-schnell' });
    expect(await balanceOf(ctx.app, person)).toBe(9);
  });

  it('names the field when a model cannot make what is asked, before charging', async () => {
    ctx = await createTestContext({
      providers: providersFrom([
        {
          type: 'comfyui',
          servers: [await deadUrl()],
          models: [
            {
              id: 'wan',
              kind: 'video',
              workflow: 'text-to-video',
              videoDurations: [5],
              maxWidth: 1280,
              maxHeight: 1280,
            },
          ],
        },
      ]),
    });
    person = await signUp(ctx.app);
    const long = await browser(ctx.app, person).post('/api/generate-video', {
      prompt: 'x',
      settings: { duration: 8 },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().details).toEqual([
      { path: 'settings.duration', message: 'wan cannot make 8-second videos.' },
    ]);
    const big = await browser(ctx.app, person).post('/api/generate-video', {
      prompt: 'x',
      settings: { duration: 5, resolution: '1920x1080' },
    });
    expect(big.json().details[0].path).toBe('settings.resolution');
    expect(await balanceOf(ctx.app, person)).toBe(10);
  });

  it('fails and refunds when no stand-in exists', async () => {
    ctx = await createTestContext({
      providers: providersFrom([
        {
          type: 'comfyui',
          servers: [await deadUrl()],
          models: [{ id: 'sd15', kind: 'image', workflow: 'text-to-image' }],
        },
      ]),
    });
    person = await signUp(ctx.app);
    const response = await browser(ctx.app, person).post('/api/generate-image', { prompt: 'nowhere' });
    expect(response.statusCode).toBe(502);
    expect(response.json().error).toBe('Failed to generate image');
    const row = await ctx.database.kysely
      .selectFrom('generations')
      .select(['error_code'])
      .executeTakeFirstOrThrow();
    expect(row.error_code).toBe('UNAVAILABLE');
    expect(await balanceOf(ctx.app, person)).toBe(10);
  });
});
