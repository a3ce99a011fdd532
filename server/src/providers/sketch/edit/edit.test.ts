import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ProviderError } from '../../provider.js';
import { createSketchProvider } from '../provider.js';
import { SketchWorkerPool } from '../worker-pool.js';
import { EDIT_LIMITS, EXPAND_METHOD, expand, RESTYLE_STYLES, restyle } from './index.js';

/** A small photo-like test image: gradients, a disc and fine detail, so every pass has something to do. */
async function testImage(width = 96, height = 64): Promise<Buffer> {
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const disc = Math.hypot(x - width * 0.6, y - height * 0.45) < height * 0.25;
      data[i] = disc ? 230 : Math.round((x / width) * 200 + ((x * 7 + y * 13) % 11));
      data[i + 1] = disc ? 180 : Math.round((y / height) * 180 + 30);
      data[i + 2] = disc ? 40 : Math.round(160 - (x / width) * 100);
    }
  return sharp(data, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

async function pixels(png: Buffer) {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

const quiet = () => ({ signal: new AbortController().signal, onProgress: () => undefined });

function meanDifference(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs((a[i] as number) - (b[i] as number));
  return sum / a.length;
}

describe('offline restyle', () => {
  it('is byte-identical for the same seed and differs for another seed', async () => {
    const input = await testImage();
    const a = await restyle(input, { style: 'vintage', strength: 0.8, seed: 7, ...quiet() });
    const b = await restyle(input, { style: 'vintage', strength: 0.8, seed: 7, ...quiet() });
    const c = await restyle(input, { style: 'vintage', strength: 0.8, seed: 8, ...quiet() });
    expect(a.data.equals(b.data)).toBe(true);
    expect(a.data.equals(c.data)).toBe(false);
    expect([a.width, a.height]).toEqual([96, 64]);
  });

  it('changes nothing at strength 0 and more with more strength', async () => {
    const input = await testImage();
    const original = await pixels(input);
    const none = await pixels(
      (await restyle(input, { style: 'anime', strength: 0, seed: 1, ...quiet() })).data,
    );
    expect(none.data.equals(original.data)).toBe(true);
    const half = await pixels(
      (await restyle(input, { style: 'anime', strength: 0.5, seed: 1, ...quiet() })).data,
    );
    const full = await pixels(
      (await restyle(input, { style: 'anime', strength: 1, seed: 1, ...quiet() })).data,
    );
    const halfChange = meanDifference(half.data, original.data);
    const fullChange = meanDifference(full.data, original.data);
    expect(halfChange).toBeGreaterThan(1);
    expect(fullChange).toBeGreaterThan(halfChange * 1.6);
  });

  it('knows every image style and the generators’ styles, and refuses others', async () => {
    const input = await testImage(40, 30);
    for (const style of RESTYLE_STYLES) {
      const result = await restyle(input, { style, strength: 1, seed: 3, ...quiet() });
      expect([result.width, result.height], style).toEqual([40, 30]);
    }
    await expect(
      restyle(input, { style: 'glitter', strength: 1, seed: 3, ...quiet() }),
    ).rejects.toBeInstanceOf(ProviderError);
  });

  it('stops when cancelled', async () => {
    const controller = new AbortController();
    controller.abort(new Error('cancelled'));
    await expect(
      restyle(await testImage(), {
        style: 'anime',
        strength: 1,
        seed: 1,
        signal: controller.signal,
        onProgress() {},
      }),
    ).rejects.toThrow('cancelled');
  });
});

describe('offline expand', () => {
  const target = { width: 160, height: 100, offsetX: 40, offsetY: 20 };

  it('keeps the original pixels where they were and fills the rest', async () => {
    const input = await testImage();
    const original = await pixels(input);
    const stages: string[] = [];
    const result = await expand(input, {
      target,
      seed: 5,
      signal: new AbortController().signal,
      onProgress: (_fraction, stage) => stages.push(stage),
    });
    expect([result.width, result.height]).toEqual([160, 100]);
    const out = await pixels(result.data);
    for (let y = 0; y < original.height; y++) {
      const from = y * original.width * 4;
      const row = original.data.subarray(from, from + original.width * 4);
      const at = ((y + target.offsetY) * target.width + target.offsetX) * 4;
      expect(out.data.subarray(at, at + original.width * 4).equals(row), `row ${y}`).toBe(true);
    }
    // The new area is opaque and continues the edge: next to the left edge it is close to the edge's colour.
    const edge = (target.offsetY + 30) * target.width + target.offsetX;
    const outside = edge - 1;
    for (let c = 0; c < 3; c++) {
      expect(
        Math.abs((out.data[outside * 4 + c] as number) - (out.data[edge * 4 + c] as number)),
      ).toBeLessThan(40);
    }
    expect(out.data[3]).toBe(255);
    expect(stages.at(-1)).toBe('done');
  });

  it('is byte-identical for the same seed and differs for another seed', async () => {
    const input = await testImage();
    const a = await expand(input, { target, seed: 9, ...quiet() });
    const b = await expand(input, { target, seed: 9, ...quiet() });
    const c = await expand(input, { target, seed: 10, ...quiet() });
    expect(a.data.equals(b.data)).toBe(true);
    expect(a.data.equals(c.data)).toBe(false);
  });

  it('refuses a canvas the image does not fit or that is too large', async () => {
    const input = await testImage();
    await expect(
      expand(input, { target: { ...target, offsetX: 100 }, seed: 1, ...quiet() }),
    ).rejects.toMatchObject({
      kind: 'invalid_input',
    });
    await expect(
      expand(input, {
        target: { width: EDIT_LIMITS.maxOutputLongSide + 1, height: 100, offsetX: 0, offsetY: 0 },
        seed: 1,
        ...quiet(),
      }),
    ).rejects.toMatchObject({ kind: 'invalid_input' });
  });
});

describe('offline edits in the Sketch worker pool', () => {
  it('answers the same bytes as inline, with progress, off the event loop', async () => {
    const pool = new SketchWorkerPool({ size: 1, cancelGraceMs: 2000 });
    try {
      const input = await testImage();
      const inline = await restyle(input, { style: 'oil-painting', strength: 0.7, seed: 11, ...quiet() });
      const stages: string[] = [];
      const output = await pool.runEdit(
        { model: 'sketch-1', mode: 'restyle', style: 'oil-painting', strength: 0.7, seed: 11, input },
        { signal: new AbortController().signal, report: (update) => stages.push(update.stage) },
      );
      expect(output.data.equals(inline.data)).toBe(true);
      expect(output).toMatchObject({
        contentType: 'image/png',
        width: 96,
        height: 64,
        seed: 11,
        model: 'sketch-1',
      });
      expect(stages).toContain('style');
      const expanded = await pool.runEdit(
        {
          model: 'sketch-1',
          mode: 'expand',
          target: { width: 120, height: 64, offsetX: 12, offsetY: 0 },
          seed: 2,
          input,
        },
        { signal: new AbortController().signal, report: () => undefined },
      );
      expect([expanded.width, expanded.height]).toEqual([120, 64]);
      expect(expanded.details).toEqual({ method: EXPAND_METHOD });
      await expect(
        pool.runEdit(
          { model: 'sketch-1', mode: 'restyle', style: 'glitter', strength: 1, seed: 1, input },
          { signal: new AbortController().signal, report: () => undefined },
        ),
      ).rejects.toMatchObject({ kind: 'invalid_input' });
    } finally {
      await pool.close();
    }
  }, 60_000);
});

describe('the Sketch provider’s edits', () => {
  it('restyles in its worker pool and refuses the edits that need an AI provider', async () => {
    const provider = createSketchProvider({ poolSize: 1 });
    try {
      const data = await testImage();
      const source = { kind: 'image', data, contentType: 'image/png', width: 96, height: 64 } as const;
      const ctx = {
        signal: new AbortController().signal,
        report: () => undefined,
        checkpoint: async () => undefined,
      };
      const output = await provider.edit?.(
        { model: 'sketch-1', mode: 'restyle', style: 'anime', strength: 1, seed: 4, source },
        ctx,
      );
      const inline = await restyle(data, { style: 'anime', strength: 1, seed: 4, ...quiet() });
      expect(output?.data.equals(inline.data)).toBe(true);
      await expect(
        provider.edit?.({ model: 'sketch-1', mode: 'prompt', prompt: 'make it night', seed: 4, source }, ctx),
      ).rejects.toMatchObject({ kind: 'invalid_input' });
    } finally {
      await provider.close();
    }
  }, 60_000);
});
