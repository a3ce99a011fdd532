import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderRealtimeFrame } from './realtime.js';

/** A drawing: a green band at the bottom, the rest transparent. */
const drawing = () =>
  sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512"><rect y="380" width="512" height="132" fill="#2e7d32"/></svg>',
    ),
  )
    .png()
    .toBuffer();

async function pixel(webp: Uint8Array, x: number, y: number): Promise<number[]> {
  const { data } = await sharp(webp).raw().toBuffer({ resolveWithObject: true });
  const at = (y * 512 + x) * 3;
  return [...data.subarray(at, at + 3)];
}

describe('the offline Realtime renderer', () => {
  it('lays the painted colour layout into the scene, the same way each time', async () => {
    const request = {
      prompt: 'a snowy mountain at noon',
      style: 'digital-art',
      drawing: await drawing(),
      seed: 3,
    };
    const first = await renderRealtimeFrame(request);
    const again = await renderRealtimeFrame(request);
    expect(first).toMatchObject({ width: 512, height: 512 });
    expect(Buffer.from(again.webp).equals(Buffer.from(first.webp))).toBe(true);

    // Where the band is painted the frame is green; without the drawing it is the scene's own colour there.
    const [r, g, b] = (await pixel(first.webp, 256, 460)) as [number, number, number];
    expect(g).toBeGreaterThan(r + 30);
    expect(g).toBeGreaterThan(b + 30);
    const empty = await sharp({
      create: { width: 512, height: 512, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const bare = await renderRealtimeFrame({ ...request, drawing: empty });
    expect(await pixel(bare.webp, 256, 460)).not.toEqual([r, g, b]);
  });

  it('renders a draft of the same frame at a reduced size', async () => {
    const request = {
      prompt: 'a snowy mountain at noon',
      style: 'oil-painting',
      drawing: await drawing(),
      seed: 3,
    };
    const draft = await renderRealtimeFrame({ ...request, size: 256 });
    expect(draft).toMatchObject({ width: 256, height: 256 });
    expect(await sharp(draft.webp).metadata()).toMatchObject({ width: 256, height: 256 });
    // The painted band is there in the draft too.
    const { data } = await sharp(draft.webp).raw().toBuffer({ resolveWithObject: true });
    const at = (230 * 256 + 128) * 3;
    const [r, g, b] = [...data.subarray(at, at + 3)] as [number, number, number];
    expect(g).toBeGreaterThan(r + 30);
    expect(g).toBeGreaterThan(b + 30);
  });
});
