import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { browser, type SignedIn, signUp } from '../../../test/factories.js';
import { createFakeProvider } from '../../../test/fake-provider.js';
import { mp4Video } from '../../../test/fakes/media.js';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { fixedClock } from '../../platform/clock.js';
import type { GenerationOutput, GenerationProvider, GenerationRequest } from '../../providers/provider.js';
import { createSketchProvider } from '../../providers/sketch/provider.js';
import { ffmpegCandidate } from '../../providers/sketch/video-encode.js';
import { WATERMARK_FAILED_MESSAGE, watermarkPlacement } from '../../providers/watermark.js';

const DAY = 86_400_000;
let ctx: TestContext | undefined;
afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
});

const settingsOf = (who: SignedIn, patch: object) => browser(app(), who).patch('/api/settings', patch);
function app() {
  if (!ctx) throw new Error('no app');
  return ctx.app;
}
async function makePro(who: SignedIn) {
  await ctx?.database.kysely
    .updateTable('users')
    .set({ plan: 'pro' })
    .where('id', '=', who.user.id)
    .execute();
}
async function image(who: SignedIn, prompt = 'a lighthouse on a cliff at dusk', seed = 11) {
  const response = await browser(app(), who).post('/api/generate-image', {
    prompt,
    settings: { aspectRatio: '1:1', resolution: '512x512', style: 'photographic' },
    seed,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}
const fetchBytes = async (url: string) => {
  const response = await app().inject({ method: 'GET', url });
  expect(response.statusCode, url).toBe(200);
  return response.rawPayload;
};

/** RGB pixels of an encoded image. */
async function rgbOf(data: Buffer) {
  const { data: pixels, info } = await sharp(data).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { pixels, width: info.width, height: info.height };
}

/** Share of the pixels of a region where two RGB images differ by more than `threshold` in a channel. */
function differing(
  a: Buffer,
  b: Buffer,
  width: number,
  region: { left: number; top: number; width: number; height: number },
  threshold = 48,
): number {
  let count = 0;
  for (let y = region.top; y < region.top + region.height; y++) {
    for (let x = region.left; x < region.left + region.width; x++) {
      const i = (y * width + x) * 3;
      const d = Math.max(
        Math.abs((a[i] ?? 0) - (b[i] ?? 0)),
        Math.abs((a[i + 1] ?? 0) - (b[i + 1] ?? 0)),
        Math.abs((a[i + 2] ?? 0) - (b[i + 2] ?? 0)),
      );
      if (d > threshold) count += 1;
    }
  }
  return count / (region.width * region.height);
}
const topLeft = (region: { width: number; height: number }) => ({ ...region, left: 4, top: 4 });

/** Frames `indexes` of an MP4 as RGB, decoded by ffmpeg. */
async function framesOf(mp4: Buffer, width: number, height: number, indexes: number[]): Promise<Buffer[]> {
  const ffmpeg = ffmpegCandidate();
  if (!ffmpeg) throw new Error('no ffmpeg');
  const dir = await mkdtemp(path.join(tmpdir(), 'kaleido-frames-'));
  try {
    const input = path.join(dir, 'in.mp4');
    await writeFile(input, mp4);
    const select = indexes.map((n) => `eq(n\\,${n})`).join('+');
    const raw = await new Promise<Buffer>((resolve, reject) =>
      execFile(
        ffmpeg,
        [
          ...['-hide_banner', '-loglevel', 'error', '-i', input, '-vf', `select='${select}'`],
          ...['-vsync', '0', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
        ],
        { encoding: 'buffer', maxBuffer: 256 << 20 },
        (error, stdout) => (error ? reject(error) : resolve(stdout)),
      ),
    );
    const size = width * height * 3;
    expect(raw.length).toBe(size * indexes.length);
    return indexes.map((_, i) => raw.subarray(i * size, (i + 1) * size));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('auto-save', () => {
  it('on (the default): results go to the library', async () => {
    ctx = await createTestContext({ providers: [createFakeProvider().provider] });
    const person = await signUp(ctx.app);
    const data = await image(person);
    expect(data.generation.asset.saved).toBe(true);
    const library = (await browser(ctx.app, person).get('/api/assets')).json().data;
    expect(library.items.map((item: { id: string }) => item.id)).toEqual([data.id]);
  });

  it('off: the result stays out of the library, in the history, until Save (owner only, idempotent)', async () => {
    ctx = await createTestContext({ providers: [createFakeProvider().provider] });
    const person = await signUp(ctx.app);
    const stranger = await signUp(ctx.app);
    expect((await settingsOf(person, { autoSaveEnabled: false })).statusCode).toBe(200);
    const data = await image(person);
    expect(data.generation.asset).toMatchObject({ id: data.id, saved: false });

    const as = browser(ctx.app, person);
    expect((await as.get('/api/assets')).json().data.items).toEqual([]);
    expect((await as.get('/api/assets?q=lighthouse')).json().data.items).toEqual([]);
    expect((await as.get('/api/generate-image/saved')).json().data).toEqual([]);
    expect((await as.get(`/api/assets/archive?ids=${data.id}`)).statusCode).toBe(404);
    const history = (await as.get('/api/assets?type=image&include=all')).json().data.items;
    expect(history).toEqual([expect.objectContaining({ id: data.id, saved: false })]);
    // The file itself is there (the history shows it).
    expect((await fetchBytes(data.url)).length).toBeGreaterThan(0);

    const foreign = await browser(ctx.app, stranger).post(`/api/generations/${data.generationId}/save`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ success: false, error: 'Generation not found' });

    const saved = await as.post(`/api/generations/${data.generationId}/save`);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ id: data.id, saved: true, generationId: data.generationId });
    const again = await as.post(`/api/generations/${data.generationId}/save`);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ id: data.id, saved: true });
    const library = (await as.get('/api/assets')).json().data.items;
    expect(library).toEqual([expect.objectContaining({ id: data.id, saved: true })]);
    expect((await as.get(`/api/assets/archive?ids=${data.id}`)).statusCode).toBe(200);
  });

  it('follows the setting at the moment the job ends, and API-key jobs go to the library', async () => {
    const fake = createFakeProvider({ kind: 'hold' });
    ctx = await createTestContext({ providers: [fake.provider] });
    const person = await signUp(ctx.app);
    const as = browser(ctx.app, person);
    const started = await as.post('/api/generate-image?wait=false', { prompt: 'slow one' });
    expect(started.statusCode).toBe(202);
    const jobId = started.json().data.id;
    await settingsOf(person, { autoSaveEnabled: false });
    for (let i = 0; i < 500 && fake.heldCount() === 0; i++) await new Promise((r) => setTimeout(r, 10));
    fake.releaseAll();
    let job = (await as.get(`/api/generations/${jobId}`)).json().data;
    for (let i = 0; i < 200 && job.status !== 'succeeded'; i++) {
      await new Promise((r) => setTimeout(r, 20));
      job = (await as.get(`/api/generations/${jobId}`)).json().data;
    }
    expect(job.asset).toMatchObject({ saved: false });

    fake.set({ kind: 'succeed' });
    const key = (await as.post('/api/api-keys/create', { name: 'Script' })).json().data.key as string;
    const viaKey = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/generate/image',
      headers: { authorization: `Bearer ${key}` },
      payload: { prompt: 'from a script' },
    });
    expect(viaKey.statusCode, viaKey.body).toBe(200);
    const items = (await as.get('/api/assets')).json().data.items;
    expect(items.map((item: { prompt: string }) => item.prompt)).toEqual(['from a script']);
  });

  it('deletes unsaved results after 7 days with their files, keeping the job, once across concurrent runs', async () => {
    const clock = fixedClock(new Date('2027-03-01T12:00:00.000Z'));
    ctx = await createTestContext({ providers: [createFakeProvider().provider], clock });
    const person = await signUp(ctx.app, { remember: true });
    const as = browser(ctx.app, person);
    await settingsOf(person, { autoSaveEnabled: false });
    const old = await image(person, 'first unsaved', 1);
    const kept = await image(person, 'saved later', 2);
    await as.post(`/api/generations/${kept.generationId}/save`);
    clock.advance(DAY);
    const recent = await image(person, 'made a day later', 3);

    clock.advance(6 * DAY - 60_000);
    expect(await ctx.app.jobs.cleanupUnsaved()).toEqual({ deleted: 0 });

    clock.advance(2 * 60_000);
    const runs = await Promise.all([ctx.app.jobs.cleanupUnsaved(), ctx.app.jobs.cleanupUnsaved()]);
    expect(runs.reduce((sum, run) => sum + run.deleted, 0)).toBe(1);

    const history = (await as.get('/api/assets?include=all')).json().data.items;
    expect(history.map((item: { id: string }) => item.id).sort()).toEqual([kept.id, recent.id].sort());
    expect((await ctx.app.inject({ method: 'GET', url: old.url })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: old.thumbnailUrl })).statusCode).toBe(404);
    const job = (await as.get(`/api/generations/${old.generationId}`)).json().data;
    expect(job).toMatchObject({
      status: 'succeeded',
      asset: null,
      resultExpiredAt: '2027-03-08T12:01:00.000Z',
    });
    const late = await as.post(`/api/generations/${old.generationId}/save`);
    expect(late.statusCode).toBe(410);
    expect(late.json().error).toMatch(/deleted after 7 days/);
    // The saved one and its files are untouched.
    expect((await ctx.app.inject({ method: 'GET', url: kept.url })).statusCode).toBe(200);
  });
});

describe('watermark', () => {
  it('marks Free-plan images and thumbnails; paid plans follow watermarkEnabled', async () => {
    ctx = await createTestContext({ providers: [createSketchProvider({ poolSize: 0 })] });
    const free = await signUp(ctx.app);
    const pro = await signUp(ctx.app);
    await makePro(pro);
    // A paid plan defaults to no mark; Free has one whatever the setting says.
    await settingsOf(free, { watermarkEnabled: false });

    const marked = await image(free);
    const clean = await image(pro);
    await settingsOf(pro, { watermarkEnabled: true });
    const chosen = await image(pro);

    const a = await rgbOf(await fetchBytes(marked.url));
    const b = await rgbOf(await fetchBytes(clean.url));
    const c = await rgbOf(await fetchBytes(chosen.url));
    expect([a.width, a.height]).toEqual([512, 512]);
    const corner = watermarkPlacement(512, 512);
    expect(corner.left + corner.width).toBeLessThan(512);
    expect(corner.height).toBeGreaterThanOrEqual(18);
    expect(differing(a.pixels, b.pixels, 512, corner)).toBeGreaterThan(0.1);
    expect(differing(a.pixels, b.pixels, 512, topLeft(corner), 0)).toBe(0);
    expect(differing(c.pixels, b.pixels, 512, corner)).toBeGreaterThan(0.1);
    expect(differing(c.pixels, a.pixels, 512, corner, 0)).toBe(0);

    const ta = await rgbOf(await fetchBytes(marked.thumbnailUrl));
    const tb = await rgbOf(await fetchBytes(clean.thumbnailUrl));
    const thumbCorner = watermarkPlacement(ta.width, ta.height);
    // The thumbnail is a reduced copy of the marked original: its own corner shows the mark.
    const scaled = {
      left: Math.floor((corner.left * ta.width) / 512),
      top: Math.floor((corner.top * ta.height) / 512),
      width: Math.floor((corner.width * ta.width) / 512),
      height: Math.floor((corner.height * ta.height) / 512),
    };
    expect(thumbCorner.width).toBeGreaterThan(0);
    expect(differing(ta.pixels, tb.pixels, ta.width, scaled, 32)).toBeGreaterThan(0.1);
    expect(differing(ta.pixels, tb.pixels, ta.width, topLeft(scaled), 32)).toBeLessThan(0.01);
  });

  it('marks every frame of a Free-plan Sketch video and its poster', async () => {
    ctx = await createTestContext({ providers: [createSketchProvider({ poolSize: 0 })] });
    const free = await signUp(ctx.app);
    const pro = await signUp(ctx.app);
    await makePro(pro);
    const video = async (who: SignedIn) => {
      const response = await browser(app(), who).post('/api/generate-video', {
        prompt: 'waves under a pale moon',
        settings: { duration: 3, aspectRatio: '16:9', resolution: '854x480' },
        seed: 5,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data;
    };
    const marked = await video(free);
    const clean = await video(pro);
    expect(marked.metadata).toMatchObject({ width: 854, height: 480, contentType: 'video/mp4' });
    const last = Math.round(marked.metadata.durationSeconds * marked.metadata.fps) - 1;
    const [a0, aN] = await framesOf(await fetchBytes(marked.url), 854, 480, [0, last]);
    const [b0, bN] = await framesOf(await fetchBytes(clean.url), 854, 480, [0, last]);
    const corner = watermarkPlacement(854, 480);
    for (const [a, b] of [
      [a0, b0],
      [aN, bN],
    ] as const) {
      if (!a || !b) throw new Error('missing frame');
      expect(differing(a, b, 854, corner)).toBeGreaterThan(0.1);
      expect(differing(a, b, 854, topLeft(corner))).toBeLessThan(0.01);
    }
    const pa = await rgbOf(await fetchBytes(marked.thumbnailUrl));
    const pb = await rgbOf(await fetchBytes(clean.thumbnailUrl));
    const scale = pa.width / 854;
    const scaled = {
      left: Math.floor(corner.left * scale),
      top: Math.floor(corner.top * scale),
      width: Math.floor(corner.width * scale),
      height: Math.floor(corner.height * scale),
    };
    expect(differing(pa.pixels, pb.pixels, pa.width, scaled, 32)).toBeGreaterThan(0.1);
  });

  /** A hosted video model: returns an MP4 it did not mark (the runner must). */
  function hostedVideo(bytes: () => Promise<Buffer>): GenerationProvider {
    return {
      id: 'hosted',
      capabilities: () => ({
        providerId: 'hosted',
        providerName: 'Hosted',
        models: [
          {
            id: 'hosted-video',
            name: 'Hosted video',
            kinds: ['video'],
            description: 'Test',
            supportsSeed: false,
            supportsNegativePrompt: false,
            maxWidth: 1920,
            maxHeight: 1920,
            videoDurations: [3],
            videoFrameRates: [24],
          },
        ],
      }),
      async generate(request: GenerationRequest): Promise<GenerationOutput> {
        return {
          data: await bytes(),
          contentType: 'video/mp4',
          width: request.width,
          height: request.height,
          durationSeconds: 3,
          fps: 25,
          seed: request.seed,
          model: 'hosted-video',
          poster: await sharp({
            create: { width: request.width, height: request.height, channels: 3, background: '#7850c8' },
          })
            .png()
            .toBuffer(),
        };
      },
    };
  }

  it('marks a hosted model’s Free-plan video with ffmpeg; an unreadable one fails and is refunded', async () => {
    let bytes = () => mp4Video(854, 480, 3);
    ctx = await createTestContext({ providers: [hostedVideo(() => bytes())] });
    const free = await signUp(ctx.app);
    const response = await browser(ctx.app, free).post('/api/generate-video', {
      prompt: 'anything',
      settings: { duration: 3, aspectRatio: '16:9', resolution: '854x480' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const stored = await fetchBytes(response.json().data.url);
    const [a] = await framesOf(stored, 854, 480, [40]);
    const [b] = await framesOf(await mp4Video(854, 480, 3), 854, 480, [40]);
    if (!a || !b) throw new Error('missing frame');
    const corner = watermarkPlacement(854, 480);
    expect(differing(a, b, 854, corner)).toBeGreaterThan(0.1);
    expect(differing(a, b, 854, topLeft(corner))).toBeLessThan(0.01);

    bytes = async () => Buffer.from('not a video at all');
    const before = (await browser(ctx.app, free).get('/api/auth/me')).json().data.credits;
    const broken = await browser(ctx.app, free).post('/api/generate-video', {
      prompt: 'anything',
      settings: { duration: 3, aspectRatio: '16:9', resolution: '854x480' },
    });
    expect(broken.statusCode).toBe(502);
    expect(broken.json().error).toBe(WATERMARK_FAILED_MESSAGE);
    expect((await browser(ctx.app, free).get('/api/auth/me')).json().data.credits).toBe(before);
  });
});
