import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { browser, type SignedIn, signUp } from '../../test/factories.js';
import { type FakeOpenAi, startFakeOpenAi } from '../../test/fakes/fake-openai.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { balanceOf, eventsOf, generationOf, providersFrom, until } from '../../test/provider-fixtures.js';

describe('OpenAI-compatible images adapter through the app', () => {
  let ctx: TestContext;
  let openai: FakeOpenAi;
  let person: SignedIn;

  beforeEach(async () => {
    openai = await startFakeOpenAi('sk-test');
    ctx = await createTestContext({
      providers: providersFrom(
        [
          {
            type: 'openai',
            baseUrl: `${openai.url}/v1`,
            apiKey: 'env:TEST_OPENAI_KEY',
            models: [
              {
                id: 'gpt-image-1',
                model: 'gpt-image-1',
                sizes: ['1024x1024', '1536x1024', '1024x1536'],
                quality: { standard: 'medium', high: 'high', ultra: 'high' },
                extendedFields: false,
                maxWidth: 1536,
                maxHeight: 1536,
                prices: { image: 2 },
              },
              {
                id: 'gpt-image-stream',
                model: 'gpt-image-1',
                sizes: ['1024x1024'],
                extendedFields: false,
                stream: true,
                maxWidth: 1024,
                maxHeight: 1024,
              },
            ],
          },
        ],
        { TEST_OPENAI_KEY: 'sk-test' },
      ),
    });
    person = await signUp(ctx.app);
  });
  afterEach(async () => {
    await ctx.close();
    await openai.close();
  });

  it('maps the aspect ratio to an allowed size, sends no seed, and stores the real size', async () => {
    const response = await browser(ctx.app, person).post('/api/generate-image', {
      prompt: 'a red fox in snow',
      model: 'gpt-image-1',
      seed: 5,
      negativePrompt: 'people',
      settings: { aspectRatio: '3:2', resolution: '1024x1024', quality: 'high' },
    });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(openai.requests[0]?.body).toEqual({
      model: 'gpt-image-1',
      prompt: 'a red fox in snow',
      n: 1,
      size: '1536x1024',
      quality: 'high',
    });
    expect(openai.requests[0]?.authorization).toBe('Bearer sk-test');
    expect(data.metadata).toMatchObject({
      width: 1536,
      height: 1024,
      model: 'gpt-image-1',
      provider: 'openai',
    });
    expect(data.generation.details).toMatchObject({ size: '1536x1024', seedHonoured: false });
    expect(data.generation.cost).toBe(2);
    expect(await balanceOf(ctx.app, person)).toBe(8);
  });

  it('refuses an aspect ratio the model cannot make, with a field message, before charging', async () => {
    const response = await browser(ctx.app, person).post('/api/generate-image', {
      prompt: 'wide',
      model: 'gpt-image-1',
      settings: { aspectRatio: '16:9' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      { path: 'settings.aspectRatio', message: expect.stringContaining('16:9') },
    ]);
    expect(openai.requests).toHaveLength(0);
    const models = (await browser(ctx.app, person).get('/api/models')).json().data;
    expect(models[0]).toMatchObject({
      id: 'gpt-image-1',
      supportsSeed: false,
      supportsNegativePrompt: false,
      aspectRatios: ['1:1', '2:3', '3:2'],
    });
    // The key never reaches the browser.
    const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(JSON.stringify(models) + health.body).not.toContain('sk-test');
  });

  it('reports a content-policy refusal clearly, refunds, and does not retry', async () => {
    const response = await browser(ctx.app, person).post('/api/generate-image', {
      prompt: 'bad [policy]',
      model: 'gpt-image-1',
    });
    expect(response.statusCode).toBe(502);
    expect(response.json().error).toMatch(/content policy/);
    expect(response.json().details.generation.status).toBe('failed');
    expect(openai.requests).toHaveLength(1);
    expect(await balanceOf(ctx.app, person)).toBe(10);
    const row = await ctx.database.kysely
      .selectFrom('generations')
      .select('error_code')
      .executeTakeFirstOrThrow();
    expect(row.error_code).toBe('CONTENT_POLICY');
  });

  it('retries a 429 after its Retry-After and succeeds', async () => {
    openai.state.throttle = 1;
    openai.state.retryAfter = '1';
    const response = await browser(ctx.app, person).post('/api/generate-image', {
      prompt: 'busy [429]',
      model: 'gpt-image-1',
    });
    expect(response.statusCode).toBe(200);
    expect(openai.requests).toHaveLength(2);
    const [first, second] = openai.requests;
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(950);
    expect(await balanceOf(ctx.app, person)).toBe(8);
  });

  it('gives up with a refund when the Retry-After is longer than it may wait', async () => {
    openai.state.throttle = 10;
    openai.state.retryAfter = '3600';
    const response = await browser(ctx.app, person).post('/api/generate-image', {
      prompt: 'busy [429]',
      model: 'gpt-image-1',
    });
    expect(response.statusCode).toBe(502);
    expect(response.json().error).toMatch(/busy right now/);
    expect(openai.requests).toHaveLength(1);
    expect(await balanceOf(ctx.app, person)).toBe(10);
  });

  it('shows streamed partial images as previews', async () => {
    const submitted = await browser(ctx.app, person).post('/api/generate-image?wait=false', {
      prompt: 'streaming',
      model: 'gpt-image-stream',
    });
    const events = await eventsOf(ctx.app, person, submitted.json().data.id);
    expect(openai.requests[0]?.body).toMatchObject({ stream: true, partial_images: 2 });
    expect(events.map((event) => event.type)).toContain('preview');
    expect(events.at(-1)?.type).toBe('done');
  });

  it('cancels by hanging up the request, and refunds', async () => {
    const id = (
      await browser(ctx.app, person).post('/api/generate-image?wait=false', {
        prompt: 'slow [slow]',
        model: 'gpt-image-1',
      })
    ).json().data.id;
    await until(() => openai.requests.length === 1);
    const started = Date.now();
    await browser(ctx.app, person).post(`/api/generations/${id}/cancel`);
    await until(async () => (await generationOf(ctx.app, person, id)).status === 'cancelled');
    expect(Date.now() - started).toBeLessThan(3000);
    await until(() => openai.state.hungUp === 1);
    expect(await balanceOf(ctx.app, person)).toBe(10);
  });
});
