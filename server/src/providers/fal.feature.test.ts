import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { browser, type SignedIn, signUp } from '../../test/factories.js';
import { type FakeFal, startFakeFal } from '../../test/fakes/fake-fal.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { balanceOf, eventsOf, generationOf, providersFrom, until } from '../../test/provider-fixtures.js';

describe('fal queue adapter through the app', () => {
  let ctx: TestContext;
  let fal: FakeFal;
  let person: SignedIn;

  beforeEach(async () => {
    fal = await startFakeFal('fal-key-test');
    ctx = await createTestContext({
      providers: providersFrom(
        [
          {
            type: 'fal',
            key: 'env:TEST_FAL_KEY',
            queueUrl: fal.url,
            // The fake answers by poll count (3 queued, 4 working): polled no faster than progress
            // is written (runnerOptions below), every stage shows in the events.
            pollIntervalMs: 45,
            models: [
              { id: 'kling', name: 'Kling 2.1', endpoint: 'fal-ai/kling-video/v2.1/master/text-to-video' },
              { id: 'flux-dev', name: 'FLUX dev', endpoint: 'fal-ai/flux/dev' },
            ],
          },
        ],
        { TEST_FAL_KEY: 'fal-key-test' },
      ),
      config: { workerConcurrency: 2 },
      runnerOptions: { progressWriteMs: 40 },
    });
    person = await signUp(ctx.app);
  });
  afterEach(async () => {
    await ctx.close();
    await fal.close();
  });

  it('submits to the endpoint with Key auth, shows the queue position and logs, and stores the video', async () => {
    const submitted = await browser(ctx.app, person).post('/api/generate-video?wait=false', {
      prompt: 'a hot-air balloon',
      negativePrompt: 'text',
      model: 'kling',
      settings: { duration: 5, aspectRatio: '1:1', resolution: '1280x720' },
    });
    expect(submitted.statusCode).toBe(202);
    const events = await eventsOf(ctx.app, person, submitted.json().data.id);
    expect(fal.submits[0]).toEqual({
      path: '/fal-ai/kling-video/v2.1/master/text-to-video',
      authorization: 'Key fal-key-test',
      body: { prompt: 'a hot-air balloon', negative_prompt: 'text', aspect_ratio: '1:1', duration: '5' },
    });
    const stages = events.map((event) => String(event.generation.stage));
    expect(stages.some((stage) => /queue \(position \d\)/.test(stage))).toBe(true);
    expect(events.some((event) => event.type === 'progress' && Number(event.generation.progress) >= 30)).toBe(
      true,
    );
    const done = events.at(-1);
    expect(done?.type).toBe('done');
    expect(done?.generation).toMatchObject({ model: 'kling', provider: 'fal', seed: expect.any(Number) });
    expect(done?.generation.asset).toMatchObject({
      metadata: { contentType: 'video/mp4', width: 1280, height: 720, seed: 4242 },
    });
    expect(await balanceOf(ctx.app, person)).toBe(7);
  });

  it('refuses an image the safety checker flagged, and refunds', async () => {
    const response = await browser(ctx.app, person).post('/api/generate-image', {
      prompt: 'flagged [nsfw]',
      model: 'flux-dev',
    });
    expect(response.statusCode).toBe(502);
    expect(response.json().error).toMatch(/safety checks/);
    expect(await balanceOf(ctx.app, person)).toBe(10);
  });

  it('turns a 422 into a field message, and retries a 429', async () => {
    const invalid = await browser(ctx.app, person).post('/api/generate-video', {
      prompt: 'bad [422]',
      model: 'kling',
      settings: { duration: 5, aspectRatio: '16:9' },
    });
    expect(invalid.statusCode).toBe(502);
    expect(invalid.json().error).toMatch(/\(duration\)/);
    fal.state.throttle = 1;
    const throttled = await browser(ctx.app, person).post('/api/generate-image', {
      prompt: 'busy [429]',
      model: 'flux-dev',
    });
    expect(throttled.statusCode).toBe(200);
    expect(fal.submits.filter((submit) => submit.path === '/fal-ai/flux/dev')).toHaveLength(2);
    expect(await balanceOf(ctx.app, person)).toBe(9);
  });

  it('cancels the queued request with PUT cancel when the job is cancelled', async () => {
    const id = (
      await browser(ctx.app, person).post('/api/generate-image?wait=false', {
        prompt: 'long [hold]',
        model: 'flux-dev',
      })
    ).json().data.id;
    await until(() => [...fal.requests.values()].some((request) => request.status === 'IN_PROGRESS'));
    await browser(ctx.app, person).post(`/api/generations/${id}/cancel`);
    await until(async () => (await generationOf(ctx.app, person, id)).status === 'cancelled');
    await until(() => fal.cancels.length === 1);
    expect([...fal.requests.values()][0]?.cancelled).toBe(true);
    expect(await balanceOf(ctx.app, person)).toBe(10);
  });
});
