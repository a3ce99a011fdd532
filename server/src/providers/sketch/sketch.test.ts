import { execFileSync } from 'node:child_process';
import { existsSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createFile, type Movie, MP4BoxBuffer } from 'mp4box';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type GenerationContext,
  type ImageRequest,
  type ProgressUpdate,
  ProviderError,
  type VideoRequest,
} from '../provider.js';
import { createSketchProvider, type SketchProvider } from './provider.js';
import { videoFrameSize } from './video-encode.js';
import { resolveWorkerEntry } from './worker-pool.js';

function image(overrides: Partial<ImageRequest> = {}): ImageRequest {
  return {
    kind: 'image',
    prompt: 'golden sunset over the mountains',
    model: 'sketch-1',
    seed: 7,
    width: 256,
    height: 256,
    aspectRatio: '1:1',
    style: 'realistic',
    imageStyle: 'default',
    quality: 'standard',
    ...overrides,
  };
}

function video(overrides: Partial<VideoRequest> = {}): VideoRequest {
  return {
    kind: 'video',
    prompt: 'sunset over the ocean',
    model: 'sketch-1',
    seed: 3,
    width: 854,
    height: 480,
    aspectRatio: '16:9',
    style: 'cinematic',
    durationSeconds: 3,
    fps: 24,
    ...overrides,
  };
}

function context(signal = new AbortController().signal): GenerationContext & { updates: ProgressUpdate[] } {
  const updates: ProgressUpdate[] = [];
  return { signal, updates, report: (update) => updates.push(update), checkpoint: async () => undefined };
}

async function rgb(png: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

function meanAbsDiff(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs((a[i] as number) - (b[i] as number));
  return sum / a.length;
}

/** Circular mean hue (degrees) of the saturated pixels. */
function dominantHue(data: Buffer): number {
  let x = 0;
  let y = 0;
  for (let i = 0; i < data.length; i += 3) {
    const r = (data[i] as number) / 255;
    const g = (data[i + 1] as number) / 255;
    const b = (data[i + 2] as number) / 255;
    const max = Math.max(r, g, b);
    const min = Math.min(r, g, b);
    const chroma = max - min;
    if (chroma < 0.15) continue;
    let h: number;
    if (max === r) h = ((g - b) / chroma + 6) % 6;
    else if (max === g) h = (b - r) / chroma + 2;
    else h = (r - g) / chroma + 4;
    x += Math.cos((h / 6) * 2 * Math.PI) * chroma;
    y += Math.sin((h / 6) * 2 * Math.PI) * chroma;
  }
  return ((Math.atan2(y, x) * 180) / Math.PI + 360) % 360;
}

const hueDistance = (a: number, b: number): number => Math.abs(((a - b + 540) % 360) - 180);

function parseMp4(data: Buffer): Promise<Movie> {
  return new Promise((resolve, reject) => {
    const file = createFile();
    file.onError = (_module: string, message: string) => reject(new Error(message));
    file.onReady = (info: Movie) => resolve(info);
    const buffer = MP4BoxBuffer.fromArrayBuffer(
      data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength),
      0,
    );
    file.appendBuffer(buffer);
    file.flush();
  });
}

/** ffmpeg processes that are children of this test process. */
function childFfmpegs(): string[] {
  const out = execFileSync('ps', ['-o', 'pid=,comm=', '--ppid', String(process.pid)], { encoding: 'utf8' });
  return out
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.endsWith('ffmpeg'));
}

describe('Sketch provider', () => {
  let provider: SketchProvider;

  beforeAll(() => {
    provider = createSketchProvider({ poolSize: 1 });
  });
  afterAll(async () => {
    await provider.close();
  });

  it('describes its honest offline models: the renderer and the tool-only low-poly modeller', () => {
    const capabilities = provider.capabilities();
    expect(capabilities.providerId).toBe('sketch');
    expect(capabilities.models).toEqual([
      expect.objectContaining({
        id: 'sketch-1',
        name: 'Sketch (offline)',
        description: 'Offline procedural sketch renderer — not an AI model',
        kinds: ['image', 'video'],
        supportsSeed: true,
        supportsNegativePrompt: true,
        maxWidth: 2048,
        maxHeight: 2048,
        videoDurations: [3, 5, 8, 10],
        videoFrameRates: [24, 30, 60],
      }),
      expect.objectContaining({
        id: 'lowpoly-3d',
        description: 'Offline procedural low-poly modeller — not an AI model',
        generates: false,
        tools: ['3d'],
      }),
    ]);
  });

  it('renders a PNG with progress stages, a WebP preview and the interpretation', async () => {
    const ctx = context();
    const output = await provider.generate(image(), ctx);
    expect(output.contentType).toBe('image/png');
    expect(output.model).toBe('sketch-1');
    expect(output.seed).toBe(7);
    expect(output.details?.interpretation).toMatchObject({ summary: 'sunset + mountains, golden' });
    expect(output.details?.encoder).toBe('sharp PNG');
    const stages = ctx.updates.map((u) => u.stage);
    expect(stages).toEqual(
      expect.arrayContaining(['Interpreting prompt', 'Rendering', 'Applying style', 'Encoding']),
    );
    const preview = ctx.updates.find((u) => u.preview)?.preview;
    expect(preview?.contentType).toBe('image/webp');
    expect(preview?.data.subarray(8, 12).toString('latin1')).toBe('WEBP');
    const progress = ctx.updates.map((u) => u.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('is deterministic: same prompt, options and seed give identical bytes', async () => {
    const a = await provider.generate(image({ style: 'oil-painting', quality: 'high' }), context());
    const b = await provider.generate(image({ style: 'oil-painting', quality: 'high' }), context());
    expect(a.data.equals(b.data)).toBe(true);
    const other = await provider.generate(
      image({ style: 'oil-painting', quality: 'high', seed: 8 }),
      context(),
    );
    expect(other.data.equals(a.data)).toBe(false);
    // Three renders / 72 frames: seconds of CPU, more on a loaded shared machine.
  }, 30_000);

  it.each([
    [512, 512],
    [1024, 576],
    [576, 1024],
    [1024, 768],
    [768, 1024],
    [683, 1024],
    [1024, 683],
    [2048, 2048],
  ])('renders exactly %i×%i', async (width, height) => {
    const output = await provider.generate(
      image({ width, height, prompt: 'neon city by a lake at night' }),
      context(),
    );
    const meta = await sharp(output.data).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', width, height]);
    expect([output.width, output.height]).toEqual([width, height]);
  });

  it('draws different pictures for different prompts', async () => {
    const prompts = [
      'misty pine forest',
      'neon cyberpunk city at night',
      'portrait of a woman',
      'spiral galaxy',
    ];
    const images = await Promise.all(
      prompts.map(
        async (prompt) => (await rgb((await provider.generate(image({ prompt }), context())).data)).data,
      ),
    );
    for (let i = 0; i < images.length; i++)
      for (let j = i + 1; j < images.length; j++)
        expect(meanAbsDiff(images[i] as Buffer, images[j] as Buffer)).toBeGreaterThan(20);
  });

  it('paints the colour words: the key hue dominates', async () => {
    const hueOf = async (prompt: string): Promise<number> =>
      dominantHue((await rgb((await provider.generate(image({ prompt }), context())).data)).data);
    const red = await hueOf('abstract shapes, red and orange');
    const blue = await hueOf('abstract shapes, blue and teal');
    expect(hueDistance(red, 15)).toBeLessThan(40);
    expect(hueDistance(blue, 200)).toBeLessThan(40);
  });

  it('makes every style and image style measurably different', async () => {
    const base = (
      await rgb((await provider.generate(image({ prompt: 'snowy mountains at sunrise' }), context())).data)
    ).data;
    const variants: Partial<ImageRequest>[] = [
      { style: 'artistic' },
      { style: 'cartoon' },
      { style: 'abstract' },
      { style: 'photographic' },
      { style: 'digital-art' },
      { style: 'oil-painting' },
      { style: 'watercolor' },
      { imageStyle: 'anime' },
      { imageStyle: 'pixel-art' },
      { imageStyle: 'fantasy' },
      { imageStyle: 'sci-fi' },
      { imageStyle: 'vintage' },
      { imageStyle: 'minimalist' },
      { imageStyle: 'surreal' },
    ];
    for (const variant of variants) {
      const other = (
        await rgb(
          (
            await provider.generate(image({ prompt: 'snowy mountains at sunrise', ...variant }), context())
          ).data,
        )
      ).data;
      expect(meanAbsDiff(base, other), JSON.stringify(variant)).toBeGreaterThan(2.5);
    }
  });

  it('uses the negative prompt to suppress subjects', async () => {
    const output = await provider.generate(
      image({ prompt: 'a lake with a forest', negativePrompt: 'trees' }),
      context(),
    );
    expect(output.details?.interpretation).toMatchObject({ subjects: ['ocean'] });
  });

  it('rejects what it cannot honour as invalid input', async () => {
    const fails = (request: ImageRequest | VideoRequest) =>
      provider.generate(request, context()).then(
        () => null,
        (error: unknown) => (error instanceof ProviderError ? error.kind : error),
      );
    expect(await fails(image({ width: 4096, height: 4096 }))).toBe('invalid_input');
    expect(await fails(image({ model: 'sdxl' }))).toBe('invalid_input');
    expect(await fails(video({ width: 3840, height: 2160 }))).toBe('invalid_input');
    expect(await fails(video({ width: 855 }))).toBe('invalid_input');
  });

  it('encodes an H.264 MP4 of exactly the requested duration, rate and size, with a poster', async () => {
    const ctx = context();
    const output = await provider.generate(video(), ctx);
    expect(output.contentType).toBe('video/mp4');
    expect([output.width, output.height, output.durationSeconds, output.fps]).toEqual([854, 480, 3, 24]);
    const movie = await parseMp4(output.data);
    const track = movie.videoTracks[0];
    expect(track?.codec).toMatch(/^avc1\./);
    expect(movie.duration / movie.timescale).toBeCloseTo(3, 2);
    expect(track?.nb_samples).toBe(72);
    expect(track?.nb_samples ? track.nb_samples / (track.samples_duration / track.timescale) : 0).toBeCloseTo(
      24,
      3,
    );
    expect([track?.video?.width, track?.video?.height]).toEqual([854, 480]);
    expect(movie.isProgressive).toBe(true);
    const poster = await sharp(output.poster).metadata();
    expect([poster.format, poster.width, poster.height]).toEqual(['png', 854, 480]);
    expect(ctx.updates.some((u) => u.stage === 'Rendering frame 72 of 72')).toBe(true);
    expect(ctx.updates.filter((u) => u.preview).length).toBeGreaterThanOrEqual(3);
    expect(output.details?.encoder).toBe('ffmpeg libx264');
    // Three renders / 72 frames: seconds of CPU, more on a loaded shared machine.
  }, 30_000);

  it('draws a 720p video at 540p and lets ffmpeg upscale it to exactly 1280×720', async () => {
    const output = await provider.generate(video({ width: 1280, height: 720 }), context());
    expect(output.details?.renderSize).toBe('960×540');
    expect([output.width, output.height]).toEqual([1280, 720]);
    const movie = await parseMp4(output.data);
    expect([movie.videoTracks[0]?.video?.width, movie.videoTracks[0]?.video?.height]).toEqual([1280, 720]);
    expect(movie.videoTracks[0]?.nb_samples).toBe(72);
    const poster = await sharp(output.poster).metadata();
    expect([poster.width, poster.height]).toEqual([1280, 720]);
  }, 30_000);

  it('keeps a grainy 1024² photographic still under 1 MB', async () => {
    const output = await provider.generate(
      image({ width: 1024, height: 1024, style: 'photographic', quality: 'high', seed: 1 }),
      context(),
    );
    expect(output.data.length).toBeLessThan(1_000_000);
    // Still visibly grainy: neighbouring pixels of the flat sky differ.
    const { data, width } = await rgb(output.data);
    let differing = 0;
    for (let x = 100; x < 300; x += 2) {
      const i = (200 * width + x) * 3;
      if (Math.abs((data[i] as number) - (data[i + 6] as number)) >= 2) differing++;
    }
    expect(differing).toBeGreaterThan(20);
  });

  it('stops promptly on cancel and leaves no ffmpeg behind', async () => {
    const controller = new AbortController();
    let resolveStarted: () => void = () => undefined;
    const started = new Promise<void>((resolve) => {
      resolveStarted = resolve;
    });
    const ctx = context(controller.signal);
    ctx.report = (update) => {
      if (update.progress >= 15) resolveStarted();
    };
    const running = provider.generate(video({ width: 1280, height: 720, durationSeconds: 10 }), ctx);
    const outcome = running.then(
      () => 'finished',
      (error: unknown) => error,
    );
    await started;
    expect(childFfmpegs().length).toBe(1);
    const abortedAt = performance.now();
    controller.abort();
    const error = await outcome;
    const took = performance.now() - abortedAt;
    expect((error as Error).name).toBe('AbortError');
    expect(took).toBeLessThan(1000);
    expect(childFfmpegs()).toEqual([]);
    // The worker survives a cancel and takes the next job.
    const next = await provider.generate(image({ width: 64, height: 64 }), context());
    expect(next.contentType).toBe('image/png');
    // Reaching 15 % of a 10 s 720p video can outlast the default 5 s on a busy machine; the cancel
    // itself must still take under a second.
  }, 30_000);

  it('replaces a crashed worker and fails only the job it was running', async () => {
    const flag = path.join(tmpdir(), `kaleido-sketch-crash-${process.pid}`);
    if (existsSync(flag)) unlinkSync(flag);
    const real = resolveWorkerEntry();
    const code = `
      import { existsSync, writeFileSync } from 'node:fs';
      import { parentPort } from 'node:worker_threads';
      if (!existsSync(${JSON.stringify(flag)})) {
        writeFileSync(${JSON.stringify(flag)}, '1');
        parentPort.on('message', () => process.exit(3));
      } else {
        await import(${JSON.stringify(real.url.href)});
      }`;
    const crashing = createSketchProvider({
      workerEntry: { url: new URL(`data:text/javascript,${encodeURIComponent(code)}`), fromSource: true },
    });
    try {
      const first = await crashing.generate(image(), context()).catch((error: unknown) => error);
      expect(first).toBeInstanceOf(ProviderError);
      expect((first as ProviderError).kind).toBe('internal');
      const second = await crashing.generate(image({ width: 64, height: 64 }), context());
      expect(second.contentType).toBe('image/png');
    } finally {
      await crashing.close();
      if (existsSync(flag)) unlinkSync(flag);
    }
  });
});

describe('Sketch video frame size', () => {
  it('draws frames over 540 lines smaller when ffmpeg can upscale them, and full size for WASM', async () => {
    const auto = (width: number, height: number) => videoFrameSize({ width, height, preference: 'auto' });
    expect(await auto(1920, 1080)).toEqual({ width: 1280, height: 720 });
    expect(await auto(1080, 1920)).toEqual({ width: 720, height: 1280 });
    expect(await auto(1280, 720)).toEqual({ width: 960, height: 540 });
    expect(await auto(854, 480)).toEqual({ width: 854, height: 480 });
    expect(await videoFrameSize({ width: 1920, height: 1080, preference: 'wasm' })).toEqual({
      width: 1920,
      height: 1080,
    });
  });
});

describe('Sketch without native encoders', () => {
  it('falls back to the WASM H.264 encoder', async () => {
    const inline = createSketchProvider({ poolSize: 0, videoEncoder: 'wasm' });
    const output = await inline.generate(
      video({ width: 320, height: 180, prompt: 'aurora over a snowy forest' }),
      context(),
    );
    const movie = await parseMp4(output.data);
    expect(movie.videoTracks[0]?.codec).toMatch(/^avc1\./);
    expect(movie.duration / movie.timescale).toBeCloseTo(3, 1);
    expect(movie.videoTracks[0]?.nb_samples).toBe(72);
    expect([movie.videoTracks[0]?.video?.width, movie.videoTracks[0]?.video?.height]).toEqual([320, 180]);
    expect(output.details?.encoder).toBe('h264-mp4-encoder (WASM)');
    await inline.close();
  });
});
