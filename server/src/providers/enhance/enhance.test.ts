import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderError } from '../provider.js';
import { ffmpegCandidate } from '../sketch/video-encode.js';
import { enhanceImage, enhanceVideo, probeVideo } from './engine.js';
import { closeEnhancer, ENHANCE_LIMITS, enhanceOutputSize, upscaleImage } from './index.js';
import { checkImageLimits, checkVideoLimits } from './limits.js';
import { loadEsrgan } from './model.js';
import { planSpans, spanWeights, type TilingOptions, upscaleTiled } from './tiling.js';

/** A test card with gradients, edges and text, so seams and blur would show. */
async function testCard(width: number, height: number, alpha = false): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g"><stop offset="0" stop-color="#f80"/><stop offset="1" stop-color="#08f"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)" ${alpha ? 'fill-opacity="0.6"' : ''}/>
    <circle cx="${width * 0.45}" cy="${height * 0.45}" r="${height / 4}" fill="#fff" stroke="#222" stroke-width="5"/>
    <text x="8" y="${height - 10}" font-size="${height / 5}" fill="#111">Kaleido</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function rgbOf(png: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Output columns (and rows) where two tiles hand over, i.e. every overlap region. */
function seams(length: number, tiling: TilingOptions, scale: number): number[] {
  const spans = planSpans(length, tiling);
  const positions: number[] = [];
  for (let i = 1; i < spans.length; i++) {
    const from = (spans[i]?.start ?? 0) * scale;
    const to = (spans[i - 1]?.end ?? 0) * scale;
    for (let p = from; p < to; p++) positions.push(p);
  }
  return positions;
}

const noProgress = (): void => undefined;

describe('tiling', () => {
  it('covers every pixel with overlapping tiles and weights that sum to exactly one', () => {
    for (const length of [1, 50, 128, 129, 300, 1000, 2048]) {
      const tiling = { tile: 128, overlap: 16 };
      const spans = planSpans(length, tiling);
      expect(spans[0]?.start).toBe(0);
      expect(spans.at(-1)?.end).toBe(length);
      for (let i = 1; i < spans.length; i++) {
        expect((spans[i - 1]?.end ?? 0) - (spans[i]?.start ?? 0)).toBeGreaterThanOrEqual(16);
      }
      const scale = 4;
      const weights = spanWeights(spans, scale, 8);
      const sums = new Float64Array(length * scale);
      spans.forEach((span, i) => {
        weights[i]?.forEach((w, j) => {
          expect(w).toBeGreaterThanOrEqual(0);
          sums[span.start * scale + j] = (sums[span.start * scale + j] ?? 0) + w;
        });
      });
      for (const sum of sums) expect(sum).toBeCloseTo(1, 6);
      // The outer 4 input pixels of an inner tile edge (zero padding seen by the network) weigh nothing.
      weights.forEach((w, i) => {
        if (i > 0) expect(Math.max(...w.subarray(0, 4 * scale))).toBe(0);
        if (i < spans.length - 1) expect(Math.max(...w.subarray(w.length - 4 * scale))).toBe(0);
      });
    }
  });

  it('gives the untiled result for a network with edge effects (no seams)', async () => {
    // A 3×3 box blur with zero padding (dark tile borders, like a CNN's padding), then ×2 nearest.
    const fakeNetwork = (input: Float32Array, width: number, height: number): Float32Array => {
      const out = new Float32Array(width * 2 * height * 2 * 3);
      for (let y = 0; y < height; y++)
        for (let x = 0; x < width; x++)
          for (let c = 0; c < 3; c++) {
            let sum = 0;
            for (let dy = -1; dy <= 1; dy++)
              for (let dx = -1; dx <= 1; dx++) {
                const yy = y + dy;
                const xx = x + dx;
                if (yy >= 0 && yy < height && xx >= 0 && xx < width)
                  sum += input[(yy * width + xx) * 3 + c] ?? 0;
              }
            for (let sy = 0; sy < 2; sy++)
              for (let sx = 0; sx < 2; sx++) out[((y * 2 + sy) * width * 2 + x * 2 + sx) * 3 + c] = sum / 9;
          }
      return out;
    };
    const { data, width, height } = await rgbOf(await testCard(301, 177));
    const untiled = fakeNetwork(Float32Array.from(data), width, height);
    const tiles: number[] = [];
    const tiled = await upscaleTiled({
      rgb: data,
      width,
      height,
      scale: 2,
      tiling: { tile: 64, overlap: 16 },
      infer: fakeNetwork,
      onTile: (done, total) => {
        tiles.push(done / total);
      },
    });
    expect(tiles.length).toBeGreaterThan(12);
    expect(tiles.at(-1)).toBe(1);
    let max = 0;
    for (let i = 0; i < tiled.length; i++)
      max = Math.max(max, Math.abs((tiled[i] ?? 0) - Math.round(untiled[i] ?? 0)));
    expect(max).toBeLessThanOrEqual(1);
  });
});

describe('ESRGAN (real network, WASM)', () => {
  it('runs ×2 tiled with no visible seams against an untiled run of the same network', async () => {
    const model = await loadEsrgan('fast', 2);
    const { data, width, height } = await rgbOf(await testCard(160, 120));
    const untiled = model.run(Float32Array.from(data), width, height);
    const tiling = { tile: 64, overlap: 16 };
    const tiled = await upscaleTiled({
      rgb: data,
      width,
      height,
      scale: 2,
      tiling,
      infer: (tile, w, h) => model.run(tile, w, h),
    });
    const outW = width * 2;
    const columns = seams(width, tiling, 2);
    const rows = seams(height, tiling, 2);
    expect(columns.length).toBeGreaterThan(0);
    expect(rows.length).toBeGreaterThan(0);
    const at = (x: number, y: number, c: number): number => {
      const i = (y * outW + x) * 3 + c;
      return Math.abs((tiled[i] ?? 0) - Math.round(untiled[i] ?? 0));
    };
    let maxOnSeams = 0;
    for (let y = 0; y < height * 2; y++)
      for (const x of columns) for (let c = 0; c < 3; c++) maxOnSeams = Math.max(maxOnSeams, at(x, y, c));
    for (const y of rows)
      for (let x = 0; x < outW; x++)
        for (let c = 0; c < 3; c++) maxOnSeams = Math.max(maxOnSeams, at(x, y, c));
    expect(maxOnSeams).toBeLessThanOrEqual(2);
    model.dispose();
  });

  it('enhances a small image ×2 into a sharp PNG that still looks like the source', async () => {
    const source = await testCard(96, 64);
    const fractions: number[] = [];
    const result = await enhanceImage(source, {
      scale: 2,
      quality: 'fast',
      signal: new AbortController().signal,
      onProgress: (fraction) => fractions.push(fraction),
    });
    expect(result).toMatchObject({ width: 192, height: 128 });
    const meta = await sharp(result.data).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 192, height: 128 });
    expect(fractions.at(-1)).toBe(1);
    // Downscaled back, the result matches the source closely.
    const back = await sharp(result.data).resize(96, 64, { kernel: 'cubic' }).removeAlpha().raw().toBuffer();
    const original = (await rgbOf(source)).data;
    let sum = 0;
    for (let i = 0; i < back.length; i++) sum += Math.abs((back[i] ?? 0) - (original[i] ?? 0));
    expect(sum / back.length).toBeLessThan(6);
  });

  it('keeps transparency', async () => {
    const result = await enhanceImage(await testCard(40, 30, true), {
      scale: 2,
      quality: 'fast',
      signal: new AbortController().signal,
      onProgress: noProgress,
    });
    const meta = await sharp(result.data).metadata();
    expect(meta).toMatchObject({ width: 80, height: 60, hasAlpha: true });
  });

  it('stops between tiles when cancelled', async () => {
    const controller = new AbortController();
    const reason = new Error('stop');
    let tilesSeen = 0;
    const job = enhanceImage(await testCard(400, 300), {
      scale: 2,
      quality: 'fast',
      signal: controller.signal,
      onProgress: (_fraction, stage) => {
        if (stage === 'tiles' && ++tilesSeen === 2) controller.abort(reason);
      },
    });
    await expect(job).rejects.toBe(reason);
    expect(tilesSeen).toBe(2);
  });
});

describe('limits', () => {
  it('states the output size and refuses what exceeds the maximum', () => {
    expect(enhanceOutputSize(2048, 1536, 4)).toEqual({ width: 8192, height: 6144 });
    expect(() => checkImageLimits(2048, 2048, 4)).not.toThrow();
    expect(() => checkImageLimits(2049, 100, 4)).toThrow(ProviderError);
    expect(() => checkImageLimits(4097, 100, 2)).toThrow(/8192/);
    const video = { width: 960, height: 540, durationSeconds: 5, fps: 24, hasAudio: true };
    expect(() => checkVideoLimits(video, 2)).not.toThrow();
    expect(() => checkVideoLimits(video, 4)).toThrow(/1920/);
    expect(() =>
      checkVideoLimits({ ...video, durationSeconds: ENHANCE_LIMITS.maxVideoSeconds + 1 }, 2),
    ).toThrow(/seconds/);
    expect(() => checkVideoLimits({ ...video, fps: 60, durationSeconds: 20 }, 2)).toThrow(/15 seconds/);
  });

  it('refuses an oversized image before any inference', async () => {
    const wide = await sharp({ create: { width: 4100, height: 8, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    const error = await enhanceImage(wide, {
      scale: 2,
      quality: 'fast',
      signal: new AbortController().signal,
      onProgress: noProgress,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).kind).toBe('invalid_input');
  });

  it('refuses a file that is not an image as unreadable', async () => {
    const error = await enhanceImage(Buffer.from('not an image'), {
      scale: 2,
      quality: 'fast',
      signal: new AbortController().signal,
      onProgress: noProgress,
    }).catch((e: unknown) => e);
    expect((error as ProviderError).kind).toBe('invalid_input');
  });
});

describe('worker thread', () => {
  afterAll(() => closeEnhancer());

  it('upscales off the event loop, reports progress, and cancels', async () => {
    const fractions: number[] = [];
    const image = await upscaleImage(await testCard(64, 48), {
      scale: 2,
      quality: 'fast',
      signal: new AbortController().signal,
      onProgress: (fraction) => fractions.push(fraction),
    });
    expect(image.width).toBe(128);
    expect((await sharp(image.data).metadata()).height).toBe(96);
    expect(fractions.length).toBeGreaterThan(1);

    const controller = new AbortController();
    const job = upscaleImage(await testCard(600, 400), {
      scale: 2,
      quality: 'fast',
      signal: controller.signal,
      onProgress: (_fraction, stage) => {
        if (stage === 'tiles') controller.abort(new Error('cancelled'));
      },
    });
    await expect(job).rejects.toThrow('cancelled');

    const refused = await upscaleImage(await testCard(3000, 20), {
      scale: 4,
      quality: 'fast',
      signal: new AbortController().signal,
      onProgress: noProgress,
    }).catch((e: unknown) => e);
    expect((refused as ProviderError).kind).toBe('invalid_input');
  }, 60_000);
});

const ffmpeg = ffmpegCandidate();

describe.skipIf(!ffmpeg)('video', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'kaleido-enhance-test-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('upscales frame by frame and keeps the audio', async () => {
    const input = path.join(dir, 'in.mp4');
    execFileSync(ffmpeg as string, [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', 'testsrc=size=48x32:rate=8:duration=1'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1'],
      ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', input],
    ]);
    const output = path.join(dir, 'out.mp4');
    const stages = new Set<string>();
    const result = await enhanceVideo(input, output, {
      scale: 2,
      quality: 'fast',
      signal: new AbortController().signal,
      onProgress: (_fraction, stage) => stages.add(stage),
    });
    expect(result).toMatchObject({ width: 96, height: 64, fps: 8 });
    expect(result.durationSeconds).toBeCloseTo(1, 0);
    expect(stages).toContain('frames');
    const probe = await probeVideo(ffmpeg as string, output, new AbortController().signal);
    expect(probe).toMatchObject({ width: 96, height: 64, hasAudio: true });
  }, 60_000);

  it('removes the partial output when cancelled', async () => {
    const input = path.join(dir, 'long.mp4');
    execFileSync(ffmpeg as string, [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=10:duration=3'],
      ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', input],
    ]);
    const output = path.join(dir, 'cancelled.mp4');
    const controller = new AbortController();
    const job = enhanceVideo(input, output, {
      scale: 2,
      quality: 'fast',
      signal: controller.signal,
      onProgress: (_fraction, stage) => {
        if (stage === 'frames') controller.abort(new Error('cancelled'));
      },
    });
    await expect(job).rejects.toThrow('cancelled');
    await expect(stat(output)).rejects.toThrow();
  }, 60_000);

  it('refuses a video whose output would exceed the maximum', async () => {
    const input = path.join(dir, 'big.mp4');
    execFileSync(ffmpeg as string, [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=5:duration=1'],
      ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', input],
    ]);
    const error = await enhanceVideo(input, path.join(dir, 'big-out.mp4'), {
      scale: 4,
      quality: 'fast',
      signal: new AbortController().signal,
      onProgress: noProgress,
    }).catch((e: unknown) => e);
    expect((error as ProviderError).kind).toBe('invalid_input');
  }, 30_000);
});
