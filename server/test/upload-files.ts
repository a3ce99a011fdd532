import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import sharp, { type Sharp } from 'sharp';
import { ffmpegCandidate } from '../src/providers/sketch/video-encode.js';
import { SAME_ORIGIN } from './factories.js';

/** Crafted files for the upload tests (issue 16): real media, and the hostile kinds. */

/** A multipart/form-data body with one file part. */
export function multipartBody(
  field: string,
  filename: string,
  contentType: string,
  data: Buffer,
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----kaleido${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, data, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** POSTs one file as the signed-in person (cookie) or with other headers (an API key). */
export function uploadAs(
  app: FastifyInstance,
  auth: { cookie: string } | { authorization: string },
  file: { name: string; type: string; data: Buffer },
  url = '/api/uploads',
) {
  const body = multipartBody('file', file.name, file.type, file.data);
  const headers =
    'cookie' in auth ? { ...SAME_ORIGIN, cookie: auth.cookie } : { authorization: auth.authorization };
  return app.inject({ method: 'POST', url, payload: body.payload, headers: { ...headers, ...body.headers } });
}

/** A noisy photo-like image (so JPEG truncation really cuts pixel data). */
export function photo(width = 96, height = 64): Sharp {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919 + (i >> 5) * 104729) % 251;
  return sharp(raw, { raw: { width, height, channels: 3 } });
}

export const pngOf = (width = 96, height = 64) => photo(width, height).png().toBuffer();

/** A JPEG carrying EXIF with a GPS position and a camera name. */
export function jpegWithGps(): Promise<Buffer> {
  return photo()
    .jpeg()
    .withExif({
      IFD0: { Make: 'KaleidoCam', Model: 'Secret 1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 21/1 0/1',
      },
    })
    .toBuffer();
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb: a valid PNG header claiming 30000×30000 pixels (900 megapixels) of grey,
 * whose compressed data is a few kilobytes.
 */
export function pngBomb(side = 30_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((side + 1) * 64); // the first 64 rows; the rest is missing anyway
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A short H.264 MP4 (with a title in its metadata and an audio track), made by the bundled ffmpeg. */
export async function mp4WithMetadata(seconds = 1): Promise<Buffer> {
  const ffmpeg = ffmpegCandidate();
  if (!ffmpeg) throw new Error('no ffmpeg for the test video');
  const dir = await mkdtemp(path.join(tmpdir(), 'kaleido-test-video-'));
  try {
    const file = path.join(dir, 'clip.mp4');
    await new Promise<void>((resolve, reject) =>
      execFile(
        ffmpeg,
        [
          ...[
            '-hide_banner',
            '-v',
            'error',
            '-f',
            'lavfi',
            '-i',
            `testsrc=size=160x96:rate=12:duration=${seconds}`,
          ],
          ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
          ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest'],
          ...['-metadata', 'title=Secret place', '-metadata', 'location=+48.85+002.35/', file],
        ],
        (error) => (error ? reject(error) : resolve()),
      ),
    );
    return await readFile(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * A real PCM WAV written byte by byte (no ffmpeg): a 440 Hz tone, 16-bit mono, with a LIST/INFO
 * chunk naming a title (metadata an upload must lose).
 */
export function wavOf(seconds = 1, sampleRate = 8000): Buffer {
  const samples = Math.round(seconds * sampleRate);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) {
    data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / sampleRate) * 12_000), i * 2);
  }
  const title = Buffer.from('Secret voice\0\0', 'latin1');
  const info = Buffer.concat([Buffer.from('INFOINAM', 'latin1'), u32(title.length), title]);
  const fmt = Buffer.alloc(16);
  fmt.writeUInt16LE(1, 0); // PCM
  fmt.writeUInt16LE(1, 2); // mono
  fmt.writeUInt32LE(sampleRate, 4);
  fmt.writeUInt32LE(sampleRate * 2, 8);
  fmt.writeUInt16LE(2, 12);
  fmt.writeUInt16LE(16, 14);
  const chunks = Buffer.concat([
    Buffer.from('WAVE', 'latin1'),
    riffChunk('fmt ', fmt),
    riffChunk('LIST', info),
    riffChunk('data', data),
  ]);
  return Buffer.concat([Buffer.from('RIFF', 'latin1'), u32(chunks.length), chunks]);
}

function u32(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(value);
  return bytes;
}

function riffChunk(id: string, body: Buffer): Buffer {
  return Buffer.concat([Buffer.from(id, 'latin1'), u32(body.length), body]);
}

/** A short MP3 or M4A (AAC) tone with a title and artist in its tags, made by the bundled ffmpeg. */
export async function audioWithMetadata(format: 'mp3' | 'm4a', seconds = 1): Promise<Buffer> {
  const ffmpeg = ffmpegCandidate();
  if (!ffmpeg) throw new Error('no ffmpeg for the test audio');
  const dir = await mkdtemp(path.join(tmpdir(), 'kaleido-test-audio-'));
  try {
    const file = path.join(dir, `tone.${format}`);
    const codec = format === 'mp3' ? ['-c:a', 'libmp3lame', '-b:a', '64k'] : ['-c:a', 'aac', '-b:a', '64k'];
    const tags = ['-metadata', 'title=Secret voice', '-metadata', 'artist=Ada Lovelace'];
    await new Promise<void>((resolve, reject) =>
      execFile(
        ffmpeg,
        [
          ...['-hide_banner', '-v', 'error', '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
          ...codec,
          ...tags,
          ...(format === 'm4a' ? ['-movflags', '+faststart'] : []),
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
