import { decode, encode } from '@msgpack/msgpack';
import sharp from 'sharp';
import { WebSocketServer } from 'ws';
import { listen, type RunningServer, readBody, sendJson } from './media.js';

/** One input a realtime connection received, decoded. */
export interface FalRealtimeInput {
  prompt?: string;
  image_url?: string;
  sync_mode?: boolean;
  seed?: number;
  request_id?: string;
  [key: string]: unknown;
}

export interface FakeFalRealtime extends RunningServer {
  /** The `allowed_apps` of each token minted, and the key it was asked with. */
  tokens: { allowedApps: string[]; authorization: string | undefined }[];
  /** The path of each connection and the inputs it sent. */
  connections: { path: string; token: string | null }[];
  inputs: FalRealtimeInput[];
  /** Answer the next input with `x-fal-error` (as fal does for a failed run). */
  failNext(): void;
  /** Tokens minted from now on are refused by the socket (as an expired one is). */
  expireTokens(): void;
}

/**
 * fal's realtime inference as its client sees it (fal-js `auth.ts`, `realtime/protocol.ts`):
 * `POST /tokens/` with `Authorization: Key …` answers a JSON string token; the socket at
 * `/{owner}/{app}/realtime?fal_jwt_token=…` takes msgpack inputs and answers each with a msgpack
 * result (`images[0].url` a JPEG data URL when `sync_mode`), after an `x-fal-message` notice. A bad
 * token gets `{ status: 'error', error: 'Unauthorized' }` and the socket closes.
 */
export async function startFakeFalRealtime(key = 'fal-key-test'): Promise<FakeFalRealtime> {
  const tokens: FakeFalRealtime['tokens'] = [];
  const connections: FakeFalRealtime['connections'] = [];
  const inputs: FalRealtimeInput[] = [];
  const valid = new Set<string>();
  let failNext = false;
  let expired = false;
  let minted = 0;

  const running = await listen(async (request, response) => {
    if (request.method === 'POST' && request.url === '/tokens/') {
      const body = JSON.parse((await readBody(request)) || '{}') as { allowed_apps?: string[] };
      tokens.push({ allowedApps: body.allowed_apps ?? [], authorization: request.headers.authorization });
      if (request.headers.authorization !== `Key ${key}`)
        return sendJson(response, 401, { detail: 'Unauthorized' });
      const token = `jwt-${++minted}`;
      if (!expired) valid.add(token);
      return sendJson(response, 201, token);
    }
    sendJson(response, 404, { detail: 'Not found' });
  });

  const sockets = new WebSocketServer({ noServer: true });
  running.server.on('upgrade', (request, socket, head) => {
    const url = new URL(request.url ?? '/', running.url);
    if (!/^\/[^/]+\/[^/]+\/realtime$/.test(url.pathname)) {
      socket.destroy();
      return;
    }
    sockets.handleUpgrade(request, socket, head, (ws) => {
      const token = url.searchParams.get('fal_jwt_token');
      connections.push({ path: url.pathname, token });
      if (!token || !valid.has(token)) {
        ws.send(encode({ status: 'error', error: 'Unauthorized' }));
        ws.close(1008);
        return;
      }
      ws.on('message', async (data) => {
        const input = decode(data as Buffer) as FalRealtimeInput;
        inputs.push(input);
        ws.send(encode({ type: 'x-fal-message', message: 'processing' }));
        if (failNext) {
          failNext = false;
          ws.send(encode({ type: 'x-fal-error', error: 'RUNNER_FAILED', reason: 'the runner crashed' }));
          return;
        }
        // The "model": the input image, tinted, as a JPEG of the input's size.
        const source = Buffer.from((input.image_url ?? '').replace(/^data:image\/\w+;base64,/, ''), 'base64');
        const jpeg = await sharp(source).tint('#ff8800').jpeg({ quality: 80 }).toBuffer();
        const meta = await sharp(jpeg).metadata();
        ws.send(
          encode({
            images: [
              {
                url: `data:image/jpeg;base64,${jpeg.toString('base64')}`,
                width: meta.width,
                height: meta.height,
                content_type: 'image/jpeg',
              },
            ],
            timings: { inference: 0.04 },
            seed: input.seed ?? 0,
            has_nsfw_concepts: [false],
            request_id: input.request_id,
          }),
        );
      });
    });
  });

  return {
    ...running,
    tokens,
    connections,
    inputs,
    failNext: () => {
      failNext = true;
    },
    expireTokens: () => {
      expired = true;
      valid.clear();
    },
    close: async () => {
      for (const client of sockets.clients) client.terminate();
      sockets.close();
      await running.close();
    },
  };
}
