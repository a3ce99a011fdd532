import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { browser, type SignedIn, signUp } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import {
  audioWithMetadata,
  jpegWithGps,
  mp4WithMetadata,
  photo,
  pngBomb,
  pngOf,
  uploadAs,
  wavOf,
} from '../../../test/upload-files.js';
import { ffmpegCandidate } from '../../providers/sketch/video-encode.js';
import { probeAudio, probeVideo, runFfmpeg } from './media-probe.js';

/** Files under the store's folder for this person (nothing may stay behind a refusal). */
async function storedFiles(ctx: TestContext, userId: string): Promise<string[]> {
  const root = path.join(ctx.dataDir, 'files', 'users', userId);
  return readdir(root, { recursive: true }).catch(() => []);
}

const uploadTemps = async () =>
  (await readdir(tmpdir())).filter((name) => name.startsWith('kaleido-upload-'));

// The upload's working folders go to the system's temporary folder, which the feature files running
// beside this one (each in its own process) upload into too: this file's process gets a folder of its own,
// so "nothing left behind" counts only its own uploads.
let sharedTmp: string | undefined;
let ownTmp: string;
beforeAll(async () => {
  ownTmp = await mkdtemp(path.join(tmpdir(), 'kaleido-uploads-test-'));
  sharedTmp = process.env.TMPDIR;
  process.env.TMPDIR = ownTmp;
});
afterAll(async () => {
  if (sharedTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = sharedTmp;
  await rm(ownTmp, { recursive: true, force: true });
});

describe('uploads', () => {
  let ctx: TestContext;
  let person: SignedIn;

  beforeEach(async () => {
    ctx = await createTestContext({
      config: { uploads: { image: { maxBytes: 2 * 1024 * 1024, maxPixels: 50_000_000 } } },
    });
    person = await signUp(ctx.app);
  });
  afterEach(async () => {
    await ctx.close();
  });

  const download = async (url: string) => (await ctx.app.inject({ method: 'GET', url })).rawPayload;

  it('stores an image by its content (a PNG named .mp4 is a PNG), in the library under Uploads, for free', async () => {
    const before = (await browser(ctx.app, person).get('/api/auth/me')).json().data.credits;
    const response = await uploadAs(ctx.app, person, {
      name: 'holiday.mp4',
      type: 'video/mp4',
      data: await pngOf(),
    });
    expect(response.statusCode).toBe(200);
    const asset = response.json().data;
    expect(asset).toMatchObject({
      type: 'image',
      origin: 'uploaded',
      tool: null,
      sourceAssetIds: [],
      prompt: 'holiday',
      saved: true,
      metadata: { contentType: 'image/png', width: 96, height: 64, provider: 'upload' },
    });
    expect(asset.thumbnailUrl).toBeTruthy();
    expect((await sharp(await download(asset.url)).metadata()).format).toBe('png');

    const uploadsOnly = (await browser(ctx.app, person).get('/api/assets?type=upload')).json().data.items;
    expect(uploadsOnly.map((item: { id: string }) => item.id)).toEqual([asset.id]);
    expect((await browser(ctx.app, person).get('/api/auth/me')).json().data.credits).toBe(before);
    const storage = (await browser(ctx.app, person).get('/api/storage')).json().data;
    expect(storage).toEqual({ usedBytes: asset.metadata.size, limitBytes: 1024 ** 3 });
  });

  it('removes EXIF (GPS and camera) by re-encoding the image', async () => {
    const original = await jpegWithGps();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const response = await uploadAs(ctx.app, person, {
      name: 'trip.jpg',
      type: 'image/jpeg',
      data: original,
    });
    expect(response.statusCode).toBe(200);
    const stored = await download(response.json().data.url);
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(stored.includes(Buffer.from('KaleidoCam'))).toBe(false);
  });

  it('neutralises a polyglot: bytes appended after the image are not kept', async () => {
    const payload = Buffer.from('<html><script>alert(document.cookie)</script></html>PK\u0003\u0004');
    const polyglot = Buffer.concat([await pngOf(), payload]);
    const response = await uploadAs(ctx.app, person, { name: 'cat.png', type: 'image/png', data: polyglot });
    expect(response.statusCode).toBe(200);
    const stored = await download(response.json().data.url);
    expect(stored.includes(Buffer.from('<script>'))).toBe(false);
  });

  it('refuses what is no supported media by content (415), whatever its name and type say', async () => {
    const html = Buffer.concat([Buffer.from('<!doctype html><p>hi</p>'), await pngOf()]);
    const response = await uploadAs(ctx.app, person, { name: 'photo.png', type: 'image/png', data: html });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ success: false, code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(response.json().error).toMatch(/not supported/);
    expect(await storedFiles(ctx, person.user.id)).toEqual([]);
  });

  it('refuses a decompression bomb (too many pixels) and a truncated file (400), leaving nothing behind', async () => {
    const temps = await uploadTemps();
    const bomb = await uploadAs(ctx.app, person, { name: 'bomb.png', type: 'image/png', data: pngBomb() });
    expect(bomb.statusCode).toBe(400);
    expect(bomb.json().error).toMatch(/at most 50 megapixels/);

    const jpeg = await photo(256, 256).jpeg().toBuffer();
    const truncated = jpeg.subarray(0, Math.floor(jpeg.length / 2));
    const cut = await uploadAs(ctx.app, person, { name: 'cut.jpg', type: 'image/jpeg', data: truncated });
    expect(cut.statusCode).toBe(400);
    expect(cut.json().error).toMatch(/damaged or incomplete/);

    expect(await storedFiles(ctx, person.user.id)).toEqual([]);
    expect(await uploadTemps()).toEqual(temps);
    expect((await browser(ctx.app, person).get('/api/assets?type=upload')).json().data.items).toEqual([]);
  });

  it('refuses a file over the limit with 413 and a clear message', async () => {
    const big = await sharp({ create: { width: 1400, height: 1400, channels: 3, background: '#123456' } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(2 * 1024 * 1024);
    const response = await uploadAs(ctx.app, person, { name: 'big.png', type: 'image/png', data: big });
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toMatch(/images can be at most 2 MB/);
    expect(await storedFiles(ctx, person.user.id)).toEqual([]);
  });

  it('requires a session and a file', async () => {
    const anonymous = await ctx.app.inject({ method: 'POST', url: '/api/uploads' });
    expect(anonymous.statusCode).toBe(401);
    const noFile = await browser(ctx.app, person).post('/api/uploads', { file: 'x' });
    expect(noFile.statusCode).toBe(415);
  });

  it('remuxes a video without its metadata (title, location) and keeps it playable', async () => {
    const clip = await mp4WithMetadata(1);
    const response = await uploadAs(ctx.app, person, {
      name: 'clip.mov',
      type: 'video/quicktime',
      data: clip,
    });
    expect(response.statusCode).toBe(200);
    const asset = response.json().data;
    expect(asset).toMatchObject({
      type: 'video',
      origin: 'uploaded',
      metadata: { contentType: 'video/mp4', width: 160, height: 96, fps: 12 },
    });
    expect(asset.metadata.durationSeconds).toBeCloseTo(1, 0);
    expect(asset.thumbnailUrl).toBeTruthy();
    const stored = await download(asset.url);
    expect(stored.includes(Buffer.from('Secret place'))).toBe(false);
    const ffmpeg = ffmpegCandidate();
    if (!ffmpeg) throw new Error('no ffmpeg');
    const file = path.join(ctx.dataDir, 'check.mp4');
    await writeFile(file, stored);
    const probe = await probeVideo(ffmpeg, file);
    expect(probe).toMatchObject({ width: 160, height: 96, hasAudio: true });
    const { stderr } = await runFfmpeg(ffmpeg, ['-hide_banner', '-i', file]);
    expect(stderr).not.toMatch(/title\s*:\s*Secret/);
  });

  it('refuses a truncated video (400)', async () => {
    const clip = await mp4WithMetadata(1);
    const response = await uploadAs(ctx.app, person, {
      name: 'clip.mp4',
      type: 'video/mp4',
      data: clip.subarray(0, Math.floor(clip.length / 3)),
    });
    expect(response.statusCode).toBe(400);
    expect(await storedFiles(ctx, person.user.id)).toEqual([]);
  });
});

describe('storage quota', () => {
  let ctx: TestContext;
  let person: SignedIn;
  beforeEach(async () => {
    ctx = await createTestContext({
      config: { uploads: { storageQuotas: { free: 20_000, pro: 1, enterprise: 1 } } },
    });
    person = await signUp(ctx.app);
  });
  afterEach(async () => {
    await ctx.close();
  });

  it('refuses an upload that would pass the plan quota, with a clear message', async () => {
    const first = await uploadAs(ctx.app, person, {
      name: 'a.png',
      type: 'image/png',
      data: await pngOf(64, 48),
    });
    expect(first.statusCode).toBe(200);
    const used = first.json().data.metadata.size;
    // Random pixels do not compress: about 57 kB, past the 20 kB quota.
    const big = await sharp(randomBytes(160 * 120 * 3), { raw: { width: 160, height: 120, channels: 3 } })
      .png()
      .toBuffer();
    const second = await uploadAs(ctx.app, person, { name: 'b.png', type: 'image/png', data: big });
    expect(second.statusCode).toBe(413);
    expect(second.json().error).toMatch(/storage is full/);
    expect(second.json().details).toEqual({ usedBytes: used, limitBytes: 20_000 });
    expect((await browser(ctx.app, person).get('/api/storage')).json().data).toEqual({
      usedBytes: used,
      limitBytes: 20_000,
    });
  });
});

describe('upload streaming limit', () => {
  let ctx: TestContext;
  let person: SignedIn;
  beforeEach(async () => {
    const small = { maxBytes: 100_000 };
    ctx = await createTestContext({
      config: {
        uploads: {
          image: { ...small, maxPixels: 50_000_000 },
          video: { ...small, maxDurationSeconds: 120 },
          audio: { ...small, maxDurationSeconds: 600 },
        },
      },
    });
    person = await signUp(ctx.app);
  });
  afterEach(async () => {
    await ctx.close();
  });

  it('stops receiving past the limit of the kind of file (413) and keeps nothing of the half-received file', async () => {
    const temps = await uploadTemps();
    const response = await uploadAs(ctx.app, person, {
      name: 'huge.png',
      type: 'image/png',
      data: Buffer.concat([await pngOf(), randomBytes(400_000)]),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toMatch(/images can be at most/);
    expect(await storedFiles(ctx, person.user.id)).toEqual([]);
    expect(await uploadTemps()).toEqual(temps);
    // The connection is still good for the next request.
    expect((await browser(ctx.app, person).get('/api/storage')).statusCode).toBe(200);
  });
});

describe('audio uploads', () => {
  let ctx: TestContext;
  let person: SignedIn;
  beforeEach(async () => {
    ctx = await createTestContext({
      config: { uploads: { audio: { maxBytes: 20 * 1024 * 1024, maxDurationSeconds: 3 } } },
    });
    person = await signUp(ctx.app);
  });
  afterEach(async () => {
    await ctx.close();
  });

  const download = async (url: string) => (await ctx.app.inject({ method: 'GET', url })).rawPayload;

  /** What the bundled ffmpeg reads in a stored file: its audio stream and any tags left. */
  async function inspect(bytes: Buffer, ext: string) {
    const ffmpeg = ffmpegCandidate();
    if (!ffmpeg) throw new Error('no ffmpeg');
    const file = path.join(ctx.dataDir, `check-${randomBytes(4).toString('hex')}.${ext}`);
    await writeFile(file, bytes);
    const { stderr } = await runFfmpeg(ffmpeg, ['-hide_banner', '-i', file]);
    return { probe: await probeAudio(ffmpeg, file), stderr };
  }

  it('stores a WAV by its content, without its INFO tags, under Uploads (not Images), for free', async () => {
    const before = (await browser(ctx.app, person).get('/api/auth/me')).json().data.credits;
    const wav = wavOf(1);
    expect(wav.includes(Buffer.from('Secret voice'))).toBe(true);
    const response = await uploadAs(ctx.app, person, { name: 'my voice.wav', type: 'audio/wav', data: wav });
    expect(response.statusCode).toBe(200);
    const asset = response.json().data;
    expect(asset).toMatchObject({
      type: 'audio',
      origin: 'uploaded',
      tool: null,
      prompt: 'my voice',
      thumbnailUrl: null,
      settings: { kind: 'audio', codec: 'pcm_s16le', sampleRate: 8000, channels: 1 },
      metadata: { contentType: 'audio/wav', width: 0, height: 0, fps: null, provider: 'upload' },
    });
    expect(asset.metadata.durationSeconds).toBeCloseTo(1, 1);
    expect(asset.metadata.filename).toMatch(/\.wav$/);
    const stored = await download(asset.url);
    expect(stored.includes(Buffer.from('Secret voice'))).toBe(false);
    const { probe } = await inspect(stored, 'wav');
    expect(probe).toMatchObject({ container: 'wav', codec: 'pcm_s16le', sampleRate: 8000, channels: 1 });

    const list = async (type: string) =>
      (await browser(ctx.app, person).get(`/api/assets?type=${type}`))
        .json()
        .data.items.map((item: { id: string }) => item.id);
    expect(await list('upload')).toEqual([asset.id]);
    expect(await list('all')).toEqual([asset.id]);
    expect(await list('image')).toEqual([]);
    expect((await browser(ctx.app, person).get('/api/assets?q=voice')).json().data.items).toHaveLength(1);
    expect((await browser(ctx.app, person).get('/api/auth/me')).json().data.credits).toBe(before);
    expect((await browser(ctx.app, person).get('/api/storage')).json().data.usedBytes).toBe(
      asset.metadata.size,
    );
  });

  it.each([
    ['mp3', 'audio/mpeg', 'mp3'],
    ['m4a', 'audio/mp4', 'aac'],
  ] as const)('keeps the %s stream as it is and removes its tags', async (format, contentType, codec) => {
    const original = await audioWithMetadata(format, 1);
    const before = await inspect(original, format);
    expect(before.stderr).toMatch(/title\s*:\s*Secret voice/);
    const response = await uploadAs(ctx.app, person, {
      name: `tone.${format}`,
      type: 'audio/mpeg',
      data: original,
    });
    expect(response.statusCode).toBe(200);
    const asset = response.json().data;
    expect(asset).toMatchObject({
      type: 'audio',
      metadata: { contentType },
      settings: { kind: 'audio', codec },
    });
    expect(asset.metadata.durationSeconds).toBeCloseTo(1, 0);
    expect(asset.metadata.filename.endsWith(`.${format}`)).toBe(true);
    const stored = await download(asset.url);
    for (const tag of ['Secret voice', 'Ada Lovelace']) expect(stored.includes(Buffer.from(tag))).toBe(false);
    const after = await inspect(stored, format);
    expect(after.probe).toMatchObject({ codec, channels: 1 });
    expect(after.stderr).not.toMatch(/title\s*:|artist\s*:/);
  });

  it('takes a PNG named .mp3 as the image it is, not as audio', async () => {
    const response = await uploadAs(ctx.app, person, {
      name: 'song.mp3',
      type: 'audio/mpeg',
      data: await pngOf(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ type: 'image', metadata: { contentType: 'image/png' } });
  });

  it('refuses fake and truncated audio (400) and audio past the length limit (413), leaving nothing behind', async () => {
    const temps = await uploadTemps();
    const fake = Buffer.concat([
      Buffer.from('ID3\u0004\u0000\u0000\u0000\u0000\u0000\u0000'),
      randomBytes(4000),
    ]);
    const notMp3 = await uploadAs(ctx.app, person, { name: 'fake.mp3', type: 'audio/mpeg', data: fake });
    expect(notMp3.statusCode).toBe(400);
    expect(notMp3.json().error).toMatch(/damaged or incomplete/);

    const wav = wavOf(1);
    const cutWav = await uploadAs(ctx.app, person, {
      name: 'cut.wav',
      type: 'audio/wav',
      data: wav.subarray(0, wav.length - 3001),
    });
    expect(cutWav.statusCode).toBe(400);

    const m4a = await audioWithMetadata('m4a', 2);
    const cutM4a = await uploadAs(ctx.app, person, {
      name: 'cut.m4a',
      type: 'audio/mp4',
      data: m4a.subarray(0, Math.floor(m4a.length / 2)),
    });
    expect(cutM4a.statusCode).toBe(400);

    const long = await uploadAs(ctx.app, person, { name: 'long.wav', type: 'audio/wav', data: wavOf(4) });
    expect(long.statusCode).toBe(413);
    expect(long.json().error).toMatch(/at most 3 seconds/);

    expect(await storedFiles(ctx, person.user.id)).toEqual([]);
    expect(await uploadTemps()).toEqual(temps);
    expect((await browser(ctx.app, person).get('/api/assets?type=upload')).json().data.items).toEqual([]);
  });

  it('keeps audio out of the tools and the gallery', async () => {
    const asset = (
      await uploadAs(ctx.app, person, { name: 'a.wav', type: 'audio/wav', data: wavOf(1) })
    ).json().data;
    const enhance = await browser(ctx.app, person).post('/api/tools/enhance', {
      assetId: asset.id,
      scale: 2,
    });
    expect(enhance.statusCode).toBe(400);
    expect(enhance.json().error).toMatch(/not on audio/);
    const share = await browser(ctx.app, person).patch(`/api/assets/${asset.id}`, { shared: true });
    expect(share.statusCode).toBe(400);
    expect(share.json().error).toMatch(/stay private/);
  });
});

describe('audio size limit', () => {
  let ctx: TestContext;
  let person: SignedIn;
  beforeEach(async () => {
    ctx = await createTestContext({
      config: { uploads: { audio: { maxBytes: 10_000, maxDurationSeconds: 600 } } },
    });
    person = await signUp(ctx.app);
  });
  afterEach(async () => {
    await ctx.close();
  });

  it('refuses audio over its byte limit with 413 and a clear message', async () => {
    const response = await uploadAs(ctx.app, person, { name: 'a.wav', type: 'audio/wav', data: wavOf(2) });
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toMatch(/audio files can be at most 0 MB/);
    expect(await storedFiles(ctx, person.user.id)).toEqual([]);
  });
});
