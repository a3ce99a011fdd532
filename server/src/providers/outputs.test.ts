import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { probeMp4, sniffContentType, toOutput, videoPoster } from './outputs.js';
import { ffmpegCandidate } from './sketch/video-encode.js';

const ffmpeg = ffmpegCandidate();

/** A real H.264 MP4 from ffmpeg's test source. */
async function realMp4(width: number, height: number, seconds: number): Promise<Buffer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'kaleido-mp4-'));
  try {
    const file = path.join(dir, 'clip.mp4');
    await new Promise<void>((resolve, reject) =>
      execFile(
        ffmpeg as string,
        [
          '-v',
          'error',
          '-f',
          'lavfi',
          '-i',
          `testsrc=size=${width}x${height}:rate=12`,
          '-t',
          String(seconds),
          '-pix_fmt',
          'yuv420p',
          file,
        ],
        (error) => (error ? reject(error) : resolve()),
      ),
    );
    return await readFile(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('provider outputs', () => {
  it.skipIf(!ffmpeg)('reads a real MP4’s size and length and makes a poster of its first frame', async () => {
    const mp4 = await realMp4(96, 64, 2);
    expect(sniffContentType(mp4)).toBe('video/mp4');
    expect(probeMp4(mp4)).toEqual({ width: 96, height: 64, durationSeconds: 2, fps: 12 });
    const poster = await videoPoster(mp4, 'mp4');
    expect(await sharp(poster).metadata()).toMatchObject({ format: 'png', width: 96, height: 64 });
  });

  it('reports an image’s real size, whatever was asked', async () => {
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#335' } })
      .png()
      .toBuffer();
    const output = await toOutput(
      { data: png, contentType: 'application/octet-stream' },
      {
        kind: 'image',
        prompt: 'p',
        model: 'm',
        seed: 3,
        width: 1024,
        height: 1024,
        aspectRatio: '1:1',
        style: 'realistic',
        imageStyle: 'default',
        quality: 'standard',
      },
      { model: 'm', provider: 'Test' },
    );
    expect(output).toMatchObject({ contentType: 'image/png', width: 300, height: 200, seed: 3 });
  });
});
