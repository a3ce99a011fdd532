import { afterEach, describe, expect, it } from 'vitest';
import { browser, type SignedIn, signUp } from '../../test/factories.js';
import { type FakeComfy, startFakeComfy } from '../../test/fakes/fake-comfyui.js';
import { deadUrl } from '../../test/fakes/media.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { balanceOf, eventsOf, generationOf, providersFrom, until } from '../../test/provider-fixtures.js';

const models = [
  {
    id: 'sd15',
    name: 'SD 1.5',
    kind: 'image',
    workflow: 'text-to-image',
    steps: { standard: 5, high: 8, ultra: 10 },
    maxWidth: 1024,
    maxHeight: 1024,
  },
  {
    id: 'wan',
    name: 'Wan 2.1',
    kind: 'video',
    workflow: 'text-to-video',
    steps: 4,
    maxWidth: 1280,
    maxHeight: 1280,
    videoDurations: [3, 5],
    videoFrameRates: [24],
    prices: { video: 5 },
  },
];

describe('ComfyUI adapter through the app', () => {
  let ctx: TestContext;
  let comfy: FakeComfy;
  let person: SignedIn;

  async function setUp(
    options: { servers?: string[]; comfy?: Parameters<typeof startFakeComfy>[0]; models?: unknown[] } = {},
  ) {
    comfy = await startFakeComfy(options.comfy);
    ctx = await createTestContext({
      providers: providersFrom([
        { type: 'comfyui', servers: options.servers ?? [comfy.url], models: options.models ?? models },
      ]),
      config: { workerConcurrency: 2 },
    });
    person = await signUp(ctx.app);
  }

  afterEach(async () => {
    await ctx?.close();
    await comfy?.close();
  });

  it('makes an image: the workflow is filled, events come over its own websocket, the file comes from /view', async () => {
    await setUp();
    const response = await browser(ctx.app, person).post('/api/generate-image', {
      prompt: 'a lighthouse at dawn',
      negativePrompt: 'blurry',
      model: 'sd15',
      seed: 1234,
      settings: { aspectRatio: '4:3', resolution: '512x512', quality: 'standard' },
    });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.metadata).toMatchObject({
      width: 512,
      height: 384,
      seed: 1234,
      model: 'sd15',
      provider: 'comfyui',
      contentType: 'image/png',
    });
    const [job] = comfy.prompts;
    expect(job?.graph['6']?.inputs.text).toBe('a lighthouse at dawn');
    expect(job?.graph['7']?.inputs.text).toBe('blurry');
    expect(job?.graph['3']?.inputs).toMatchObject({ seed: 1234, steps: 5 });
    expect(job?.graph['5']?.inputs).toMatchObject({ width: 512, height: 384 });
    expect(data.generation.details).toMatchObject({ provider: 'comfyui', promptId: job?.id });
    expect(data.generation.details.timings.runSeconds).toBeGreaterThanOrEqual(0);
    const thumb = await ctx.app.inject({ method: 'GET', url: data.thumbnailUrl });
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(await balanceOf(ctx.app, person)).toBe(9);
    expect(comfy.connections()).toBe(0);
  });

  it('streams step progress and sampler previews to the browser’s event stream', async () => {
    await setUp({ comfy: { stepMs: 60 } });
    const submitted = await browser(ctx.app, person).post('/api/generate-image?wait=false', {
      prompt: 'slow painting',
      model: 'sd15',
      settings: { resolution: '512x512', quality: 'ultra' },
    });
    expect(submitted.statusCode).toBe(202);
    const id = submitted.json().data.id;
    const events = await eventsOf(ctx.app, person, id);
    const types = events.map((event) => event.type);
    expect(types).toContain('progress');
    expect(types).toContain('preview');
    expect(types.at(-1)).toBe('done');
    const preview = events.find((event) => event.type === 'preview');
    expect(preview?.generation.previewUrl).toMatch(/^\/api\/files\/.+previews/);
    const stages = events.map((event) => String(event.generation.stage));
    expect(stages.some((stage) => /Sampling step \d+ of 10/.test(stage))).toBe(true);
    const progress = events.filter((e) => e.type !== 'done').map((e) => Number(e.generation.progress));
    expect(Math.max(...progress)).toBeGreaterThan(10);
  });

  it('makes a video from the text-to-video workflow at the model’s own price', async () => {
    await setUp();
    const response = await browser(ctx.app, person).post('/api/generate-video', {
      prompt: 'waves rolling in',
      model: 'wan',
      settings: { duration: 3, aspectRatio: '16:9', resolution: '1280x720' },
    });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.metadata).toMatchObject({
      contentType: 'video/mp4',
      width: 1280,
      height: 720,
      durationSeconds: 3,
      model: 'wan',
    });
    // 3 s at 24 fps as Wan's 4n+1 frames.
    expect(comfy.prompts[0]?.graph['40']?.inputs.length).toBe(73);
    expect(data.generation.cost).toBe(5);
    expect(data.thumbnailUrl).not.toBeNull();
    expect(await balanceOf(ctx.app, person)).toBe(5);
  });

  it('cancels a running job with /interrupt for its prompt id and a queued one with /queue delete', async () => {
    await setUp();
    const first = (
      await browser(ctx.app, person).post('/api/generate-image?wait=false', {
        prompt: 'forever [hold]',
        model: 'sd15',
      })
    ).json().data.id;
    await until(() => comfy.prompts.length === 1);
    const second = (
      await browser(ctx.app, person).post('/api/generate-image?wait=false', {
        prompt: 'next in line',
        model: 'sd15',
      })
    ).json().data.id;
    await until(() => comfy.prompts.length === 2);
    await until(async () => (await generationOf(ctx.app, person, first)).progress > 1);

    await browser(ctx.app, person).post(`/api/generations/${second}/cancel`);
    await until(async () => (await generationOf(ctx.app, person, second)).status === 'cancelled');
    expect(comfy.deletes).toContainEqual({ delete: [comfy.prompts[1]?.id] });
    expect(comfy.interrupts).toHaveLength(0);

    await browser(ctx.app, person).post(`/api/generations/${first}/cancel`);
    await until(async () => (await generationOf(ctx.app, person, first)).status === 'cancelled');
    expect(comfy.interrupts).toContainEqual({ prompt_id: comfy.prompts[0]?.id });
    expect(await balanceOf(ctx.app, person)).toBe(10);
  });

  it('fails and refunds when the workflow errors on the GPU', async () => {
    await setUp();
    const response = await browser(ctx.app, person).post('/api/generate-image', {
      prompt: 'too big [fail]',
      model: 'sd15',
    });
    expect(response.statusCode).toBe(502);
    expect(response.json().details.generation).toMatchObject({ status: 'failed' });
    expect(await balanceOf(ctx.app, person)).toBe(10);
  });

  it('sends jobs to a server of the pool that is up, follows servers that ignore our prompt id, and reports health', async () => {
    const dead = await deadUrl();
    comfy = await startFakeComfy({ ignorePromptId: true });
    ctx = await createTestContext({
      providers: providersFrom([{ type: 'comfyui', servers: [dead, comfy.url], models }]),
    });
    person = await signUp(ctx.app);
    const response = await browser(ctx.app, person).post('/api/generate-image', {
      prompt: 'pool',
      model: 'sd15',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.generation.details.server).toBe(comfy.url);
    const health = (await ctx.app.inject({ method: 'GET', url: '/api/health' })).json();
    expect(health).toMatchObject({ status: 'ok', providers: [{ id: 'comfyui', ok: true }] });
  });

  it('sends a job to the server of the pool with the shortest queue', async () => {
    const other = await startFakeComfy();
    try {
      comfy = await startFakeComfy();
      ctx = await createTestContext({
        providers: providersFrom([{ type: 'comfyui', servers: [comfy.url, other.url], models }]),
        config: { workerConcurrency: 2 },
      });
      person = await signUp(ctx.app);
      const held = (
        await browser(ctx.app, person).post('/api/generate-image?wait=false', {
          prompt: 'long [hold]',
          model: 'sd15',
        })
      ).json().data.id;
      await until(() => comfy.prompts.length + other.prompts.length === 1);
      const busy = comfy.prompts.length === 1 ? comfy : other;
      const idle = busy === comfy ? other : comfy;
      const response = await browser(ctx.app, person).post('/api/generate-image', {
        prompt: 'quick',
        model: 'sd15',
      });
      expect(response.statusCode).toBe(200);
      expect(idle.prompts).toHaveLength(1);
      expect(busy.prompts).toHaveLength(1);
      expect(response.json().data.generation.details.server).toBe(idle.url);
      await browser(ctx.app, person).post(`/api/generations/${held}/cancel`);
    } finally {
      await other.close();
    }
  });

  it('does not use a server lacking the workflow’s files (checked against /object_info); health is degraded', async () => {
    await setUp({ comfy: { checkpoints: ['sdxl.safetensors'] } });
    const response = await browser(ctx.app, person).post('/api/generate-image', {
      prompt: 'x',
      model: 'sd15',
    });
    expect(response.statusCode).toBe(502);
    expect(comfy.prompts).toHaveLength(0);
    expect(await balanceOf(ctx.app, person)).toBe(10);
    const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'degraded', providers: [{ id: 'comfyui', ok: false }] });
    expect(JSON.stringify(health.json())).not.toContain('127.0.0.1');
  });

  it('lists its models with capabilities and prices', async () => {
    await setUp();
    const list = (await browser(ctx.app, person).get('/api/models')).json().data;
    expect(list).toEqual([
      expect.objectContaining({
        id: 'sd15',
        provider: 'comfyui',
        types: ['image'],
        supportsSeed: true,
        supportsNegativePrompt: true,
        prices: { image: 1, video: 3 },
        available: true,
        default: { image: true, video: false },
      }),
      expect.objectContaining({
        id: 'wan',
        types: ['video'],
        videoDurations: [3, 5],
        prices: { image: 1, video: 5 },
      }),
    ]);
  });
});
