import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

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
