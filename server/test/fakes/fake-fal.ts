import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { listen, mp4Video, png, type RunningServer, readBody, sendJson, wait } from './media.js';

/**
 * A fake fal queue (research 5): `POST /{owner}/{app}[/{path}]` with `Key` auth answers the request id
 * and status/response/cancel URLs on `/{owner}/{app}/requests/{id}`; status is 202 IN_QUEUE (with a
 * queue position) → IN_PROGRESS (with logs) → 200 COMPLETED; the result is the model output
 * (`video.url` or `images[].url`, `seed`, `has_nsfw_concepts`); `PUT …/cancel` answers 202
 * CANCELLATION_REQUESTED or 400 ALREADY_COMPLETED. Magic prompt words: "[nsfw]" flags the output,
 * "[hold]" stays in progress until cancelled, "[422]" fails validation, "[429]" is throttled once.
 * Tool endpoints (issue 16) read their file inputs (`image_url`, `mask_url`) as fal does: a URL or a
 * `data:` URI, anything else a 422; upscalers (`scale`, `upscale_factor`) answer `image` at the
 * input's size times the factor, fill and edit models `images[]` at the input's size.
 */

interface FalRequest {
  id: string;
  app: string;
  endpoint: string;
  input: Record<string, unknown>;
  status: 'IN_QUEUE' | 'IN_PROGRESS' | 'COMPLETED';
  polls: number;
  logs: { message: string; level: string; source: string; timestamp: string }[];
  cancelled: boolean;
  result?: Record<string, unknown>;
  error?: string;
}

export interface FakeFal extends RunningServer {
  requests: Map<string, FalRequest>;
  submits: { path: string; authorization?: string; body: Record<string, unknown> }[];
  cancels: string[];
  state: { throttle: number };
}

export async function startFakeFal(key = 'fal-key-test'): Promise<FakeFal> {
  const requests = new Map<string, FalRequest>();
  const files = new Map<string, Buffer>();
  const submits: FakeFal['submits'] = [];
  const cancels: string[] = [];
  const state = { throttle: 1 };
  let base = '';

  /** The size of a `data:` URI image input (fal decodes them like uploads). */
  async function inputSize(value: unknown): Promise<{ width: number; height: number } | null> {
    const match = typeof value === 'string' ? /^data:[^;,]+;base64,(.*)$/s.exec(value) : null;
    if (!match) return null;
    const meta = await sharp(Buffer.from(match[1] as string, 'base64'))
      .metadata()
      .catch(() => null);
    return meta?.width && meta.height ? { width: meta.width, height: meta.height } : null;
  }

  async function complete(request: FalRequest) {
    const prompt = String(request.input.prompt ?? '');
    if (request.cancelled) {
      request.error = 'Request cancelled';
      request.status = 'COMPLETED';
      return;
    }
    const isVideo = request.endpoint.includes('video');
    const name = `${randomUUID()}.${isVideo ? 'mp4' : 'png'}`;
    const source = await inputSize(request.input.image_url);
    const factor = Number(request.input.scale ?? request.input.upscale_factor ?? 0);
    const size = source
      ? { width: source.width * (factor || 1), height: source.height * (factor || 1) }
      : { width: 512, height: 512 };
    files.set(name, isVideo ? await mp4Video(1280, 720, 5) : await png(size.width, size.height));
    const url = `${base}/cdn/${name}`;
    if (source && factor) {
      request.result = { image: { url, ...size, content_type: 'image/png' } };
      request.status = 'COMPLETED';
      return;
    }
    request.result = isVideo
      ? { video: { url, content_type: 'video/mp4', file_name: name, file_size: 1000 }, seed: 4242 }
      : {
          images: [{ url, ...size, content_type: 'image/png' }],
          seed: 4242,
          has_nsfw_concepts: [prompt.includes('[nsfw]')],
          prompt,
        };
    // Completed only once the result exists: a poll that lands while the file is being made (two workers
    // following one request) must not fetch a result that is not there yet.
    request.status = 'COMPLETED';
  }

  const server = await listen(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const cdn = /^\/cdn\/(.+)$/.exec(url.pathname);
    if (request.method === 'GET' && cdn) {
      const file = files.get(cdn[1] as string);
      if (!file) return sendJson(response, 404, { detail: 'Not found' });
      response.writeHead(200, { 'Content-Type': 'application/octet-stream' });
      response.end(file);
      return;
    }
    if (request.headers.authorization !== `Key ${key}`) {
      return sendJson(response, 401, { detail: 'Invalid Key authorization header' });
    }
    const match = /^\/([^/]+)\/([^/]+)\/requests\/([^/]+)(\/status|\/cancel)?$/.exec(url.pathname);
    if (match) {
      const falRequest = requests.get(match[3] as string);
      if (!falRequest || falRequest.app !== `${match[1]}/${match[2]}`) {
        return sendJson(response, 404, { detail: 'Request not found' });
      }
      if (match[4] === '/cancel' && request.method === 'PUT') {
        cancels.push(falRequest.id);
        if (falRequest.status === 'COMPLETED')
          return sendJson(response, 400, { status: 'ALREADY_COMPLETED' });
        falRequest.cancelled = true;
        return sendJson(response, 202, { status: 'CANCELLATION_REQUESTED' });
      }
      if (match[4] === '/status' && request.method === 'GET') {
        falRequest.polls += 1;
        const hold = String(falRequest.input.prompt).includes('[hold]');
        // Three polls in the queue, then four steps of work.
        if (falRequest.status === 'IN_QUEUE' && falRequest.polls > 3) falRequest.status = 'IN_PROGRESS';
        if (falRequest.status === 'IN_PROGRESS') {
          const step = falRequest.polls - 3;
          falRequest.logs.push({
            message: `${Math.min(100, step * 30)}%|███       | ${step}/4 [00:0${step}<00:03]`,
            level: 'INFO',
            source: 'USER',
            timestamp: new Date().toISOString(),
          });
          if ((step >= 4 && !hold) || falRequest.cancelled) await complete(falRequest);
        }
        const urls = {
          request_id: falRequest.id,
          response_url: `${base}/${falRequest.app}/requests/${falRequest.id}`,
          status_url: `${base}/${falRequest.app}/requests/${falRequest.id}/status`,
          cancel_url: `${base}/${falRequest.app}/requests/${falRequest.id}/cancel`,
        };
        const logs = url.searchParams.get('logs') === '1' ? falRequest.logs : null;
        if (falRequest.status === 'IN_QUEUE') {
          return sendJson(response, 202, {
            status: 'IN_QUEUE',
            queue_position: Math.max(0, 3 - falRequest.polls),
            ...urls,
          });
        }
        if (falRequest.status === 'IN_PROGRESS')
          return sendJson(response, 202, { status: 'IN_PROGRESS', logs, ...urls });
        return sendJson(response, 200, {
          status: 'COMPLETED',
          logs,
          metrics: { inference_time: 1.8 },
          ...(falRequest.error ? { error: falRequest.error, error_type: 'request_cancelled' } : {}),
          ...urls,
        });
      }
      if (!match[4] && request.method === 'GET') {
        if (falRequest.status !== 'COMPLETED')
          return sendJson(response, 400, { detail: 'Request is still in progress' });
        if (falRequest.error) return sendJson(response, 500, { detail: falRequest.error });
        response.setHeader('x-fal-request-id', falRequest.id);
        return sendJson(response, 200, falRequest.result);
      }
    }
    if (request.method === 'POST') {
      const parts = url.pathname.slice(1).split('/');
      const body = JSON.parse(await readBody(request)) as Record<string, unknown>;
      submits.push({ path: url.pathname, authorization: request.headers.authorization, body });
      const prompt = String(body.prompt ?? '');
      if (prompt.includes('[429]') && state.throttle > 0) {
        state.throttle -= 1;
        return sendJson(response, 429, { detail: 'Rate limit exceeded' }, { 'Retry-After': '1' });
      }
      for (const field of ['image_url', 'mask_url'].filter((name) => body[name] !== undefined)) {
        const value = String(body[field]);
        if (!/^(https?:|data:)/.test(value) || (value.startsWith('data:') && !(await inputSize(value)))) {
          return sendJson(response, 422, {
            detail: [
              { loc: ['body', field], msg: 'Could not read the image file', type: 'file_download_error' },
            ],
          });
        }
      }
      if (prompt.includes('[422]')) {
        return sendJson(response, 422, {
          detail: [{ loc: ['body', 'duration'], msg: "Input should be '5' or '10'", type: 'enum' }],
        });
      }
      const id = randomUUID();
      const app = parts.slice(0, 2).join('/');
      requests.set(id, {
        id,
        app,
        endpoint: parts.join('/'),
        input: body,
        status: 'IN_QUEUE',
        polls: 0,
        logs: [],
        cancelled: false,
      });
      await wait(5);
      return sendJson(response, 200, {
        request_id: id,
        response_url: `${base}/${app}/requests/${id}`,
        status_url: `${base}/${app}/requests/${id}/status`,
        cancel_url: `${base}/${app}/requests/${id}/cancel`,
        status: 'IN_QUEUE',
        queue_position: 2,
      });
    }
    sendJson(response, 404, { detail: 'Not found' });
  });
  base = server.url;
  return { ...server, requests, submits, cancels, state };
}
