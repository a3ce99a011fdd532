import { randomUUID } from 'node:crypto';
import { REALTIME_SIZE, type TRealtimeModel } from '@kaleido/common';
import { decode, encode } from '@msgpack/msgpack';
import sharp from 'sharp';
import WebSocket from 'ws';
import type { FetchLike } from './http.js';
import { ProviderError } from './provider.js';
import type { RealtimeRenderer, RealtimeRenderRequest } from './realtime-renderer.js';

/**
 * fal's realtime inference (issue 21) for models with a realtime endpoint (`fal-ai/fast-lcm-diffusion`,
 * `fal-ai/fast-turbo-diffusion`), as fal's own client speaks it: a short-lived token from
 * `POST {rest}/tokens/` (`Authorization: Key …`, `{ allowed_apps: [alias], token_expiration: 120 }`,
 * answered with the token as a JSON string), then `wss://fal.run/{endpoint}/realtime?fal_jwt_token=…`
 * carrying msgpack frames both ways: the input (`prompt`, `image_url` as a 512² data URL, `sync_mode:
 * true` so images come back as data URLs, plus the model's own input), and results (`images[0].url`),
 * `{ type: 'x-fal-message' }` notices (ignored), `{ type: 'x-fal-error', error, reason }` (a `TIMEOUT`
 * only says the connection idled) or `{ status: 'error', error: 'Unauthorized' }` (a new token).
 * One connection per model stays open while previews come; requests go one at a time.
 */

export interface FalRealtimeConfig {
  key: string;
  /** The model's endpoint id, e.g. `fal-ai/fast-lcm-diffusion`. */
  endpoint: string;
  model: TRealtimeModel;
  /** The model's own input (strength, steps, …), sent with every frame. */
  input?: Record<string, unknown>;
  /** Default https://rest.alpha.fal.ai (where tokens are minted). */
  restUrl?: string;
  /** Default wss://fal.run. */
  realtimeUrl?: string;
  fetch?: FetchLike;
  /** How long one frame may take before it counts as failed. */
  frameTimeoutMs?: number;
}

const TOKEN_SECONDS = 120;

interface FalResult {
  images?: { url?: string; content_type?: string; width?: number; height?: number }[];
  has_nsfw_concepts?: boolean[];
  type?: string;
  status?: string;
  error?: string;
  reason?: string;
}

/** The app alias of an endpoint id (`fal-ai/fast-lcm-diffusion` → `fast-lcm-diffusion`). */
const aliasOf = (endpoint: string) => endpoint.split('/')[1] ?? endpoint;

export function createFalRealtimeRenderer(config: FalRealtimeConfig): RealtimeRenderer {
  const rest = (config.restUrl ?? 'https://rest.alpha.fal.ai').replace(/\/+$/, '');
  const wsBase = (config.realtimeUrl ?? 'wss://fal.run').replace(/\/+$/, '');
  const doFetch = config.fetch ?? fetch;
  let token: { value: string; until: number } | null = null;
  let socket: WebSocket | null = null;
  let opening: Promise<WebSocket> | null = null;
  let pending: { resolve: (result: FalResult) => void; reject: (error: Error) => void } | null = null;
  let queue: Promise<unknown> = Promise.resolve();

  async function freshToken(): Promise<string> {
    if (token && token.until > Date.now()) return token.value;
    const response = await doFetch(`${rest}/tokens/`, {
      method: 'POST',
      headers: { Authorization: `Key ${config.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ allowed_apps: [aliasOf(config.endpoint)], token_expiration: TOKEN_SECONDS }),
    });
    if (response.status === 401 || response.status === 403)
      throw new ProviderError('unavailable', `fal refused the key (${response.status})`);
    if (!response.ok) throw new ProviderError('unavailable', `fal token request failed (${response.status})`);
    const body = (await response.json()) as string | { detail?: string };
    const value = typeof body === 'string' ? body : body.detail;
    if (!value) throw new ProviderError('unavailable', 'fal answered no token');
    // Renewed at 90% of its life, as fal's client does.
    token = { value, until: Date.now() + TOKEN_SECONDS * 900 };
    return value;
  }

  function onMessage(data: WebSocket.RawData, isBinary: boolean): void {
    let message: FalResult;
    try {
      message = (isBinary ? decode(data as Buffer) : JSON.parse(data.toString())) as FalResult;
    } catch {
      return;
    }
    if (message.status === 'error' && message.error === 'Unauthorized') {
      token = null;
      pending?.reject(new ProviderError('unavailable', 'fal realtime: unauthorized'));
      pending = null;
      socket?.close();
      return;
    }
    if (message.type === 'x-fal-message') return;
    if (message.type === 'x-fal-error') {
      if (message.error === 'TIMEOUT') return;
      pending?.reject(
        new ProviderError('internal', `fal realtime: ${message.error}: ${message.reason ?? ''}`),
      );
      pending = null;
      return;
    }
    pending?.resolve(message);
    pending = null;
  }

  async function connection(): Promise<WebSocket> {
    if (socket && socket.readyState === WebSocket.OPEN) return socket;
    opening ??= (async () => {
      const url = `${wsBase}/${config.endpoint}/realtime?${new URLSearchParams({ fal_jwt_token: await freshToken() })}`;
      const ws = new WebSocket(url);
      await new Promise<void>((resolve, reject) => {
        ws.once('open', () => resolve());
        ws.once('error', (error) =>
          reject(new ProviderError('unavailable', `fal realtime: ${error.message}`)),
        );
      });
      ws.on('message', onMessage);
      ws.on('close', () => {
        if (socket === ws) socket = null;
        pending?.reject(new ProviderError('unavailable', 'fal realtime: the connection closed'));
        pending = null;
      });
      socket = ws;
      return ws;
    })().finally(() => {
      opening = null;
    });
    return opening;
  }

  async function renderOne(request: RealtimeRenderRequest, signal: AbortSignal) {
    // fal takes an opaque image: unpainted (transparent) areas become white, at 512² (its fastest size).
    const png = await sharp(request.drawing)
      .resize(REALTIME_SIZE, REALTIME_SIZE, { fit: 'fill' })
      .flatten({ background: '#ffffff' })
      .png()
      .toBuffer();
    const ws = await connection();
    const result = await new Promise<FalResult>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new ProviderError('unavailable', 'fal realtime: no frame in time')),
        config.frameTimeoutMs ?? 15_000,
      );
      const done = () => clearTimeout(timer);
      pending = {
        resolve: (value) => {
          done();
          resolve(value);
        },
        reject: (error) => {
          done();
          reject(error);
        },
      };
      signal.addEventListener('abort', () => pending?.reject(new ProviderError('internal', 'cancelled')), {
        once: true,
      });
      ws.send(
        encode({
          ...config.input,
          prompt: request.prompt,
          image_url: `data:image/png;base64,${png.toString('base64')}`,
          sync_mode: true,
          seed: request.seed,
          request_id: randomUUID(),
        }),
      );
    });
    if (result.has_nsfw_concepts?.[0]) throw new ProviderError('content_policy', 'fal flagged this frame');
    const image = result.images?.[0];
    const match = image?.url ? /^data:(image\/[a-z]+);base64,(.*)$/s.exec(image.url) : null;
    if (!match?.[2]) throw new ProviderError('internal', 'fal realtime answered no image');
    const data = Buffer.from(match[2], 'base64');
    const meta = await sharp(data).metadata();
    return {
      data,
      contentType: match[1] ?? 'image/jpeg',
      width: meta.width ?? REALTIME_SIZE,
      height: meta.height ?? REALTIME_SIZE,
    };
  }

  return {
    model: config.model,
    render(request, signal) {
      // One request at a time on the connection: results come back in order, one per input.
      const run = queue.then(() => renderOne(request, signal));
      queue = run.catch(() => undefined);
      return run;
    },
    close() {
      socket?.close(1000);
      socket = null;
    },
  };
}
