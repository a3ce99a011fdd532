import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { ffmpegCandidate } from '../../src/providers/sketch/video-encode.js';

/** A solid-colour PNG of the given size. */
export function png(width: number, height: number, shade = 120): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: shade, g: 90, b: 200 } } })
    .png()
    .toBuffer();
}

/** A small JPEG, as ComfyUI's sampler previews are. */
export function jpeg(width = 64, height = 64): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 160, b: 90 } } })
    .jpeg()
    .toBuffer();
}

function box(type: string, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
}

/**
 * An MP4 container skeleton (ftyp + moov with mvhd and tkhd) declaring a size and duration: enough
 * for container probing, with no media samples (a decoder cannot make a frame of it).
 */
export function mp4Skeleton(width: number, height: number, durationSeconds: number): Buffer {
  const ftyp = box('ftyp', Buffer.from('isom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2mp41'));
  const mvhd = Buffer.alloc(100);
  mvhd.writeUInt32BE(1000, 12); // timescale
  mvhd.writeUInt32BE(Math.round(durationSeconds * 1000), 16);
  const tkhd = Buffer.alloc(84);
  tkhd.writeUInt32BE(1, 12); // track id
  tkhd.writeUInt32BE(width * 65536, 76);
  tkhd.writeUInt32BE(height * 65536, 80);
  return Buffer.concat([ftyp, box('moov', box('mvhd', mvhd), box('trak', box('tkhd', tkhd)))]);
}

const videos = new Map<string, Promise<Buffer>>();

/**
 * A real, decodable H.264 MP4 of one solid colour (25 fps, so durations land on 0.04 s), made once per
 * size and length with the project's ffmpeg: what a hosted video model returns, so the runner can put
 * the Free plan's mark on its frames.
 */
export function mp4Video(width: number, height: number, durationSeconds: number): Promise<Buffer> {
  const key = `${width}x${height}x${durationSeconds}`;
  let video = videos.get(key);
  if (!video) {
    video = (async () => {
      const ffmpeg = ffmpegCandidate();
      if (!ffmpeg) throw new Error('mp4Video: no ffmpeg');
      const dir = await mkdtemp(path.join(tmpdir(), 'kaleido-fake-video-'));
      try {
        const file = path.join(dir, 'out.mp4');
        const args = [
          ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
          ...['-i', `color=c=0x7850c8:s=${width}x${height}:r=25:d=${durationSeconds}`],
          ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', file],
        ];
        await new Promise<void>((resolve, reject) =>
          execFile(ffmpeg, args, (error) => (error ? reject(error) : resolve())),
        );
        return await readFile(file);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    })();
    videos.set(key, video);
  }
  return video;
}

export interface RunningServer {
  url: string;
  server: http.Server;
  close(): Promise<void>;
}

/** An HTTP server on a free loopback port. */
export async function listen(handler: http.RequestListener): Promise<RunningServer> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export async function readBody(request: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export function sendJson(
  response: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

/** A loopback port nothing listens on (a provider that is down). */
export async function deadUrl(): Promise<string> {
  const server = await listen(() => undefined);
  await server.close();
  return server.url;
}

export const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
