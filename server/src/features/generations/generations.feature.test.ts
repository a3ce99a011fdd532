import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { browser, type SignedIn, signUp } from '../../../test/factories.js';
import { createFakeProvider } from '../../../test/fake-provider.js';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { ProviderError } from '../../providers/provider.js';
import { createSketchProvider } from '../../providers/sketch/provider.js';

const until = async (check: () => Promise<boolean>, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('generation engine', () => {
  let ctx: TestContext;
  let fake: ReturnType<typeof createFakeProvider>;
  let person: SignedIn;

  beforeEach(async () => {
    fake = createFakeProvider();
    ctx = await createTestContext({ providers: [fake.provider], config: { workerConcurrency: 2 } });
    person = await signUp(ctx.app);
  });
  afterEach(async () => {
    fake.releaseAll();
    await ctx.close();
  });

  const balance = async (who: SignedIn = person) =>
    (await browser(ctx.app, who).get('/api/auth/me')).json().data.credits;
  const ledgerKinds = async (userId = person.user.id) =>
    (
      await ctx.database.kysely
        .selectFrom('credit_ledger')
        .select(['kind', 'delta_monthly', 'delta_purchased'])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .orderBy('kind')
        .execute()
    ).map((entry) => entry.kind);

  it('generates an image, charges 1 credit, stores it privately and puts it in the library', async () => {
    const response = await browser(ctx.app, person).post('/api/generate-image', {
      prompt: '  golden sunset over the sea  ',
      settings: { style: 'watercolor', aspectRatio: '16:9', resolution: '1024x1024' },
      seed: 42,
    });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.url).toMatch(/^\/api\/files\/users\/.+\/original\.png\?exp=\d+&sig=/);
    expect(data.metadata).toMatchObject({
      width: 1024,
      height: 576,
      seed: 42,
      model: 'fake-1',
      contentType: 'image/png',
    });
    expect(data.generation).toMatchObject({
      status: 'succeeded',
      progress: 100,
      prompt: 'golden sunset over the sea',
      cost: 1,
    });
    expect(fake.calls[0]).toMatchObject({
      kind: 'image',
      width: 1024,
      height: 576,
      style: 'watercolor',
      seed: 42,
    });

    const file = await ctx.app.inject({ method: 'GET', url: data.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    const download = await ctx.app.inject({ method: 'GET', url: data.downloadUrl });
    expect(download.headers['content-disposition']).toBe(
      'attachment; filename="golden-sunset-over-the-sea.png"',
    );
    const tampered = await ctx.app.inject({
      method: 'GET',
      url: data.url.replace('original.png', 'thumbnail.webp'),
    });
    expect(tampered.statusCode).toBe(404);
    const thumb = await ctx.app.inject({ method: 'GET', url: data.thumbnailUrl });
    expect(thumb.headers['content-type']).toBe('image/webp');

    expect(await balance()).toBe(9);
    const kinds = await ledgerKinds();
    expect(kinds).toHaveLength(3);
    expect(kinds).toEqual(expect.arrayContaining(['grant', 'reserve', 'charge']));
    const library = (await browser(ctx.app, person).get('/api/assets')).json().data;
    expect(library.items).toHaveLength(1);
    expect(library.items[0]).toMatchObject({ type: 'image', prompt: 'golden sunset over the sea' });
    const saved = (await browser(ctx.app, person).get('/api/generate-image/saved')).json().data;
    expect(saved[0]).toMatchObject({
      prompt: 'golden sunset over the sea',
      url: expect.any(String),
      timestamp: expect.any(String),
    });
    const stats = (await browser(ctx.app, person).get('/api/usage/stats')).json().data;
    expect(stats).toEqual({ totalGenerations: 1, imagesGenerated: 1, videosGenerated: 0, creditsUsed: 1 });
  });

  it('generates a video for 3 credits with its metadata and a poster thumbnail', async () => {
    const response = await browser(ctx.app, person).post('/api/generate-video', {
      prompt: 'city at night',
      settings: { duration: 3, aspectRatio: '9:16', resolution: '854x480' },
    });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.metadata).toMatchObject({
      width: 480,
      height: 854,
      durationSeconds: 3,
      fps: 24,
      contentType: 'video/mp4',
    });
    expect(data.thumbnailUrl).toContain('thumbnail.webp');
    const range = await ctx.app.inject({ method: 'GET', url: data.url, headers: { range: 'bytes=0-8' } });
    expect(range.statusCode).toBe(206);
    expect(range.body).toBe('fake-mp4:');
    expect(await balance()).toBe(7);
  });

  it('answers the spec texts when signed out and for bad input, writing nothing', async () => {
    const image = await ctx.app.inject({
      method: 'POST',
      url: '/api/generate-image',
      payload: { prompt: 'x' },
    });
    expect(image.statusCode).toBe(401);
    expect(image.json()).toMatchObject({ success: false, error: 'Please log in to generate images' });
    const video = await ctx.app.inject({
      method: 'POST',
      url: '/api/generate-video',
      payload: { prompt: 'x' },
    });
    expect(video.json().error).toBe('Please log in to generate videos');

    const caller = browser(ctx.app, person);
    const cases: [string, object, string][] = [
      ['/api/generate-image', { prompt: '   ' }, 'prompt: Please enter a prompt.'],
      ['/api/generate-image', { prompt: 'x', settings: { style: 'neon' } }, 'settings.style: Invalid option'],
      [
        '/api/generate-video',
        { prompt: 'x', settings: { duration: 7 } },
        'settings.duration: Duration must be one of 3, 5, 8.',
      ],
      ['/api/generate-image', { prompt: 'x', model: 'dall-e-9' }, 'Unknown model "dall-e-9" for images.'],
    ];
    for (const [url, payload, error] of cases) {
      const response = await caller.post(url, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error).toContain(error);
    }
    expect(await balance()).toBe(10);
    expect(await ctx.database.kysely.selectFrom('generations').select('id').execute()).toEqual([]);
  });

  it('refuses a generation the balance cannot pay for, with the spec message', async () => {
    const caller = browser(ctx.app, person);
    for (let i = 0; i < 3; i++)
      expect((await caller.post('/api/generate-video', { prompt: `clip ${i}` })).statusCode).toBe(200);
    const refused = await caller.post('/api/generate-video', { prompt: 'one too many' });
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({
      success: false,
      error: 'Insufficient credits. Video generation requires 3 credits.',
    });
    expect(await balance()).toBe(1);
    expect((await caller.post('/api/generate-image', { prompt: 'fits' })).statusCode).toBe(200);
    const none = await caller.post('/api/generate-image', { prompt: 'nothing left' });
    expect(none.json().error).toBe('Insufficient credits. Image generation requires 1 credit.');
  });

  it('accepts exactly as many of 50 concurrent submissions as the balance pays for', async () => {
    fake.set({ kind: 'hold' });
    const caller = browser(ctx.app, person);
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        caller.post('/api/generate-image?wait=false', { prompt: `burst ${i}` }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 202)).toHaveLength(10);
    expect(statuses.filter((s) => s === 402)).toHaveLength(40);
    expect(await balance()).toBe(0);
    const user = await ctx.database.kysely
      .selectFrom('users')
      .selectAll()
      .where('id', '=', person.user.id)
      .executeTakeFirstOrThrow();
    expect(user.credits_monthly).toBe(0);
    fake.set({ kind: 'succeed' });
    await until(async () => {
      fake.releaseAll();
      const rows = await ctx.database.kysely.selectFrom('generations').select('status').execute();
      return rows.every((row) => row.status === 'succeeded');
    });
    expect((await browser(ctx.app, person).get('/api/assets?limit=100')).json().data.items).toHaveLength(10);
    expect(fake.maxConcurrent()).toBeLessThanOrEqual(2);
    expect(await balance()).toBe(0);
  });

  it('refunds a failed generation to the buckets it came from', async () => {
    fake.set({ kind: 'fail' });
    const failed = await browser(ctx.app, person).post('/api/generate-image', { prompt: 'doomed' });
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ success: false, error: 'Failed to generate image' });
    expect(await balance()).toBe(10);
    const entries = await ctx.database.kysely
      .selectFrom('credit_ledger')
      .select(['kind', 'delta_monthly'])
      .where('user_id', '=', person.user.id)
      .where('kind', 'in', ['reserve', 'refund'])
      .execute();
    expect(entries.map((e) => [e.kind, e.delta_monthly]).sort()).toEqual([
      ['refund', 1],
      ['reserve', -1],
    ]);
    expect((await browser(ctx.app, person).get('/api/assets')).json().data.items).toEqual([]);

    fake.set({
      kind: 'fail',
      error: new ProviderError('content_policy', 'flagged', {
        userMessage: 'This prompt was refused by the content policy.',
      }),
    });
    const refused = await browser(ctx.app, person).post('/api/generate-video', { prompt: 'refused' });
    expect(refused.json().error).toBe('This prompt was refused by the content policy.');
    expect(await balance()).toBe(10);
  });

  it('cancels a queued or running job and refunds it', async () => {
    fake.set({ kind: 'hold' });
    const caller = browser(ctx.app, person);
    const first = (await caller.post('/api/generate-image?wait=false', { prompt: 'one' })).json().data;
    const second = (await caller.post('/api/generate-image?wait=false', { prompt: 'two' })).json().data;
    const third = (await caller.post('/api/generate-image?wait=false', { prompt: 'three' })).json().data;
    await until(async () => fake.heldCount() === 2);
    const queued = (await caller.get(`/api/generations/${third.id}`)).json().data;
    expect(queued.status).toBe('queued');
    const cancelQueued = await caller.post(`/api/generations/${third.id}/cancel`);
    expect(cancelQueued.json().data.status).toBe('cancelled');

    const running = (await caller.get(`/api/generations/${first.id}`)).json().data;
    expect(running).toMatchObject({ status: 'running' });
    await caller.post(`/api/generations/${first.id}/cancel`);
    await until(
      async () => (await caller.get(`/api/generations/${first.id}`)).json().data.status === 'cancelled',
    );
    // Three reserved, two refunded; the second job still holds its credit.
    expect(await balance()).toBe(9);
    fake.releaseAll();
    await until(
      async () => (await caller.get(`/api/generations/${second.id}`)).json().data.status === 'succeeded',
    );
    expect(await balance()).toBe(9);
  });

  it('keeps every job and asset private: another person gets 404', async () => {
    const other = await signUp(ctx.app);
    const mine = (await browser(ctx.app, person).post('/api/generate-image', { prompt: 'mine only' })).json()
      .data;
    const intruder = browser(ctx.app, other);
    for (const response of [
      await intruder.get(`/api/generations/${mine.generationId}`),
      await intruder.post(`/api/generations/${mine.generationId}/cancel`),
      await intruder.get(`/api/generations/${mine.generationId}/events`),
      await intruder.get(`/api/assets/${mine.id}`),
      await intruder.delete(`/api/assets/${mine.id}`),
    ]) {
      expect(response.statusCode).toBe(404);
    }
    expect((await intruder.get('/api/assets')).json().data.items).toEqual([]);
    expect((await intruder.get('/api/generations')).json().data).toEqual([]);
    expect((await browser(ctx.app, person).get(`/api/assets/${mine.id}`)).statusCode).toBe(200);
  });

  it('streams progress, a preview and the end as server-sent events', async () => {
    fake.set({ kind: 'hold' });
    const caller = browser(ctx.app, person);
    const job = (await caller.post('/api/generate-image?wait=false', { prompt: 'streamed' })).json().data;
    // The preview is stored and written to the job after the provider reports it: wait for it, so the
    // stream's first event is the preview rather than a progress snapshot taken before it landed.
    await until(async () => fake.heldCount() === 1);
    await until(async () => Boolean((await caller.get(`/api/generations/${job.id}`)).json().data.previewUrl));
    const stream = caller.get(`/api/generations/${job.id}/events`);
    setTimeout(() => fake.releaseAll(), 300);
    const response = await stream;
    expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
    const events = response.body
      .split('\n\n')
      .filter((block) => block.startsWith('event:'))
      .map((block) => ({
        type: block.split('\n')[0]?.slice(7),
        data: JSON.parse(block.split('\n')[1]?.slice(6) ?? '{}'),
      }));
    expect(events[0]?.type).toBe('preview');
    expect(events[0]?.data.generation).toMatchObject({ status: 'running', progress: 40, stage: 'Rendering' });
    expect(events[0]?.data.generation.previewUrl).toMatch(/previews/);
    expect(events.at(-1)?.type).toBe('done');
    expect(events.at(-1)?.data.generation.asset.url).toMatch(/original\.png/);
  });

  it('searches, filters, sorts and pages the library, and deletes with the files', async () => {
    const caller = browser(ctx.app, person);
    const prompts = ['misty pine forest', 'neon city at night', 'forest river in autumn', 'desert dunes'];
    for (const prompt of prompts) await caller.post('/api/generate-image', { prompt });
    await caller.post('/api/generate-video', { prompt: 'forest drone flight' });

    const forest = (await caller.get('/api/assets?q=forest'))
      .json()
      .data.items.map((a: { prompt: string }) => a.prompt);
    expect(forest.sort()).toEqual(['forest drone flight', 'forest river in autumn', 'misty pine forest']);
    expect((await caller.get('/api/assets?q=fore')).json().data.items).toHaveLength(3);
    expect((await caller.get('/api/assets?q=forest%20river')).json().data.items).toHaveLength(1);
    expect((await caller.get('/api/assets?q=%22%3B%20drop%20table')).json().data.items).toEqual([]);
    expect((await caller.get('/api/assets?type=video')).json().data.items).toHaveLength(1);
    expect((await caller.get('/api/assets?q=forest&type=image')).json().data.items).toHaveLength(2);

    const newest = (await caller.get('/api/assets?sort=newest&limit=2')).json().data;
    expect(newest.items).toHaveLength(2);
    const rest = (await caller.get(`/api/assets?sort=newest&limit=10&cursor=${newest.nextCursor}`)).json()
      .data;
    expect(rest.items).toHaveLength(3);
    expect(rest.nextCursor).toBeNull();
    const all = [...newest.items, ...rest.items].map((a: { id: string }) => a.id);
    expect(new Set(all).size).toBe(5);
    const oldest = (await caller.get('/api/assets?sort=oldest&limit=10'))
      .json()
      .data.items.map((a: { id: string }) => a.id);
    expect(oldest).toEqual([...all].reverse());

    const zip = await caller.get(
      `/api/assets/archive?ids=${newest.items.map((a: { id: string }) => a.id).join(',')}`,
    );
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toMatch(
      /^attachment; filename="kaleido-\d{4}-\d{2}-\d{2}-2-items\.zip"$/,
    );
    const end = zip.rawPayload.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    expect(zip.rawPayload.readUInt16LE(end + 10)).toBe(2);
    expect(zip.rawPayload.includes(Buffer.from('desert-dunes.png'))).toBe(true);
    const stranger = await signUp(ctx.app);
    const foreign = await browser(ctx.app, stranger).get(`/api/assets/archive?ids=${newest.items[0].id}`);
    expect(foreign.statusCode).toBe(404);

    const victim = newest.items[0];
    expect((await caller.delete(`/api/assets/${victim.id}`)).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: victim.url })).statusCode).toBe(404);
    expect((await caller.get('/api/assets')).json().data.items).toHaveLength(4);
  });

  it('exports the library and usage with the account, and deletes the files with it', async () => {
    const caller = browser(ctx.app, person);
    const made = (await caller.post('/api/generate-image', { prompt: 'keepsake' })).json().data;
    const exported = (await caller.get('/api/account/export')).json().data;
    expect(exported.assets).toHaveLength(1);
    expect(exported.usageStats).toEqual({
      totalGenerations: 1,
      imagesGenerated: 1,
      videosGenerated: 0,
      creditsUsed: 1,
    });
    await caller.delete('/api/account', { confirm: 'DELETE', password: person.password });
    expect((await ctx.app.inject({ method: 'GET', url: made.url })).statusCode).toBe(404);
    for (const table of ['generations', 'assets', 'usage_logs'] as const) {
      expect(await ctx.database.kysely.selectFrom(table).select('id').execute(), table).toEqual([]);
    }
  });
});

describe('generation with the built-in Sketch renderer', () => {
  it('renders a real image of the exact size and says how it read the prompt', async () => {
    const sketch = createSketchProvider({ poolSize: 1 });
    const ctx = await createTestContext({ providers: [sketch] });
    try {
      const person = await signUp(ctx.app);
      const response = await browser(ctx.app, person).post('/api/generate-image', {
        prompt: 'golden sunset over the mountains',
        settings: { aspectRatio: '3:2', resolution: '512x512', style: 'photographic' },
        seed: 7,
      });
      expect(response.statusCode).toBe(200);
      const { data } = response.json();
      expect(data.metadata).toMatchObject({ width: 512, height: 344, model: 'sketch-1', provider: 'sketch' });
      expect(data.generation.details.interpretation.subjects).toEqual(
        expect.arrayContaining(['sunset', 'mountains']),
      );
      const file = await ctx.app.inject({ method: 'GET', url: data.url });
      const meta = await sharp(file.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', 512, 344]);
    } finally {
      await ctx.close();
    }
  });
});
