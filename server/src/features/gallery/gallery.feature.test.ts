import { afterEach, describe, expect, it } from 'vitest';
import { browser, signUp } from '../../../test/factories.js';
import { createFakeProvider } from '../../../test/fake-provider.js';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { createSketchProvider } from '../../providers/sketch/provider.js';

const until = async (check: () => Promise<boolean>, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe('home gallery', () => {
  let ctx: TestContext;
  afterEach(async () => {
    await ctx.close();
  });

  it('renders 26 samples once with the built-in renderer and tops public creations up with them', async () => {
    const fake = createFakeProvider();
    const sketch = createSketchProvider({ poolSize: 0 });
    ctx = await createTestContext({ providers: [fake.provider, sketch] });
    const visitor = browser(ctx.app, null);

    const started = Date.now();
    await until(async () => (await visitor.get('/api/gallery')).json().data.length === 26, 110_000);
    const renderMs = Date.now() - started;
    const items = (await visitor.get('/api/gallery')).json().data;
    expect(items.every((item: { source: string }) => item.source === 'sample')).toBe(true);
    expect(new Set(items.map((item: { id: string }) => item.id)).size).toBe(26);
    const videos = items.filter((item: { type: string }) => item.type === 'video');
    expect(videos.length).toBe(4);
    const still = await ctx.app.inject({ method: 'GET', url: items[0].url });
    expect(still.statusCode).toBe(200);
    expect(still.headers['content-type']).toBe('image/webp');
    const video = await ctx.app.inject({ method: 'GET', url: videos[0].videoUrl });
    expect(video.headers['content-type']).toBe('video/mp4');
    expect(items[0]).toMatchObject({
      width: 512,
      height: 683,
      prompt: 'a lighthouse on a cliff at golden hour',
    });

    // Recorded once: a second app on the same database does not render again.
    const record = await ctx.database.kysely
      .selectFrom('app_state')
      .select(['value', 'created_at'])
      .where('key', '=', 'gallery_samples')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(record.value)).toHaveLength(26);

    // Shared creations of public profiles come first; private ones never show, shared or not.
    const open = await signUp(ctx.app);
    const closed = await signUp(ctx.app);
    await browser(ctx.app, open).patch('/api/settings', {
      profileVisibility: 'public',
      shareUsageData: true,
    });
    const painting = await browser(ctx.app, open).post('/api/generate-image', {
      prompt: 'a public painting of a harbour',
      model: 'fake-1',
    });
    await browser(ctx.app, open).patch(`/api/assets/${painting.json().data.id}`, { shared: true });
    const catSketch = await browser(ctx.app, closed).post('/api/generate-image', {
      prompt: 'a private sketch of my cat',
      model: 'fake-1',
    });
    await browser(ctx.app, closed).patch(`/api/assets/${catSketch.json().data.id}`, { shared: true });
    const mixed = (await visitor.get('/api/gallery')).json().data;
    expect(mixed).toHaveLength(26);
    expect(mixed[0]).toMatchObject({
      source: 'community',
      prompt: 'a public painting of a harbour',
      type: 'image',
    });
    expect(mixed.some((item: { prompt: string }) => item.prompt.includes('private'))).toBe(false);
    expect(mixed.filter((item: { source: string }) => item.source === 'sample')).toHaveLength(25);
    // The next page continues with the samples the first page left out.
    const next = (await visitor.get('/api/gallery?offset=26&limit=26')).json().data;
    expect(next.map((item: { id: string }) => item.id)).toEqual(['sample-26']);
    console.info(`gallery samples rendered in ${renderMs} ms`);
  }, 120_000);
});
