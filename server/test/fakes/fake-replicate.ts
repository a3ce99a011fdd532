import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { listen, mp4Video, png, type RunningServer, readBody, sendJson, wait } from './media.js';

/**
 * A fake Replicate API (research 4): predictions created at `/v1/models/{owner}/{name}/predictions`
 * (201 `starting`, or held until done with `Prefer: wait`), advanced by a timer through `processing`
 * (tqdm-style logs) to `succeeded` with temporary file URLs on this server; `GET` and `POST cancel`;
 * 429 problem details with Retry-After; webhooks signed the Standard Webhooks way with a `whsec_`
 * secret also served at `/v1/webhooks/default/secret`. Webhook deliveries go through `deliver`, so a
 * test can hand them to `app.inject`. Magic prompt words: "[nsfw]" fails like a safety checker,
 * "[429]" is throttled once, "[hold]" runs until cancelled, "[expire]" makes the first file URL 404
 * (a fresh one appears on the next read), "[expire-all]" makes every file URL 404.
 */

/** Input schemas of the models the fake knows (the fields of their API pages). */
const SCHEMAS: Record<string, unknown> = {
  'black-forest-labs/flux-schnell': {
    type: 'object',
    required: ['prompt'],
    properties: {
      prompt: { type: 'string' },
      aspect_ratio: {
        enum: ['1:1', '16:9', '21:9', '3:2', '2:3', '4:5', '5:4', '3:4', '4:3', '9:16', '9:21'],
      },
      seed: { type: 'integer' },
      num_outputs: { type: 'integer' },
      output_format: { enum: ['webp', 'jpg', 'png'] },
    },
  },
  'wan-video/wan-2.2-t2v-fast': {
    type: 'object',
    required: ['prompt'],
    properties: {
      prompt: { type: 'string' },
      num_frames: { type: 'integer' },
      aspect_ratio: { enum: ['16:9', '9:16'] },
      resolution: { enum: ['480p', '720p'] },
      frames_per_second: { type: 'integer' },
      seed: { type: 'integer' },
    },
  },
};

export interface FakePrediction {
  id: string;
  model: string;
  version: string;
  input: Record<string, unknown>;
  status: string;
  output: unknown;
  error: string | null;
  logs: string;
  created_at: string;
  started_at: string | null;
  completed_at: string | null;
  metrics: Record<string, number>;
  urls: { get: string; cancel: string; web: string };
  webhook?: string;
}

export interface FakeReplicate extends RunningServer {
  secret: string;
  predictions: Map<string, FakePrediction>;
  creates: { headers: Record<string, string | string[] | undefined>; body: Record<string, unknown> }[];
  cancels: string[];
  state: { throttle: number; stepMs: number };
  deliveries: { id: string; status: string }[];
}

export async function startFakeReplicate(
  options: {
    token?: string;
    /** Where webhook deliveries go (default: a real POST to the webhook URL). */
    deliver?: (url: string, headers: Record<string, string>, body: string) => Promise<void>;
  } = {},
): Promise<FakeReplicate> {
  const token = options.token ?? 'r8_test';
  const secret = `whsec_${randomBytes(24).toString('base64')}`;
  const predictions = new Map<string, FakePrediction>();
  const files = new Map<string, Buffer>();
  const expired = new Set<string>();
  const creates: FakeReplicate['creates'] = [];
  const cancels: string[] = [];
  const deliveries: FakeReplicate['deliveries'] = [];
  const state = { throttle: 1, stepMs: 30 };
  let base = '';

  async function webhook(prediction: FakePrediction, event: string) {
    if (!prediction.webhook) return;
    const id = `msg_${randomUUID()}`;
    const timestamp = String(Math.floor(Date.now() / 1000));
    const body = JSON.stringify(prediction);
    const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
    const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
    const headers = {
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': timestamp,
      'webhook-signature': `v1,${signature}`,
    };
    deliveries.push({ id, status: `${event}:${prediction.status}` });
    try {
      if (options.deliver) await options.deliver(prediction.webhook, headers, body);
      else await fetch(prediction.webhook, { method: 'POST', headers, body });
    } catch {
      // Replicate retries; the adapter also polls.
    }
  }

  async function advance(prediction: FakePrediction) {
    const prompt = String(prediction.input.prompt ?? '');
    await wait(state.stepMs);
    if (prediction.status === 'canceled') return;
    prediction.status = 'processing';
    prediction.started_at = new Date().toISOString();
    await webhook(prediction, 'start');
    for (let step = 1; step <= 4 || prompt.includes('[hold]'); step += 1) {
      await wait(state.stepMs);
      if (prediction.status === 'canceled') return;
      const shown = Math.min(step, 4);
      const bar = '█'.repeat(shown * 2).padEnd(10);
      prediction.logs += `${String(shown * 25).padStart(3)}%|${bar}| ${shown * 5}/20 [00:0${shown}<00:01, 4.5it/s]\n`;
      await webhook(prediction, 'logs');
    }
    if (prompt.includes('[nsfw]')) {
      prediction.status = 'failed';
      prediction.error = 'NSFW content detected. Try running it again, or try a different prompt.';
    } else {
      const isVideo = 'num_frames' in prediction.input;
      const name = `${randomUUID()}/out-0.${isVideo ? 'mp4' : 'png'}`;
      files.set(name, isVideo ? await mp4Video(1280, 720, 5) : await png(1024, 1024));
      if (prompt.includes('[expire]') || prompt.includes('[expire-all]')) expired.add(name);
      prediction.output = isVideo ? `${base}/files/${name}` : [`${base}/files/${name}`];
      prediction.status = 'succeeded';
      prediction.metrics = { predict_time: 0.12 };
    }
    prediction.completed_at = new Date().toISOString();
    await webhook(prediction, 'completed');
  }

  const server = await listen(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const fileMatch = /^\/files\/(.+)$/.exec(url.pathname);
    if (request.method === 'GET' && fileMatch) {
      const name = fileMatch[1] as string;
      const file = files.get(name);
      if (!file || expired.has(name)) return sendJson(response, 404, { detail: 'Not found.' });
      response.writeHead(200, { 'Content-Type': name.endsWith('.mp4') ? 'video/mp4' : 'image/png' });
      response.end(file);
      return;
    }
    if (request.headers.authorization !== `Bearer ${token}`) {
      return sendJson(response, 401, {
        title: 'Unauthenticated',
        detail: 'You did not pass a valid authentication token',
        status: 401,
      });
    }
    if (request.method === 'GET' && url.pathname === '/v1/webhooks/default/secret') {
      return sendJson(response, 200, { key: secret });
    }
    const model = /^\/v1\/models\/([^/]+)\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'GET' && model) {
      const schema = SCHEMAS[`${model[1]}/${model[2]}`];
      if (!schema) return sendJson(response, 404, { detail: 'Not found.', status: 404 });
      return sendJson(response, 200, {
        owner: model[1],
        name: model[2],
        latest_version: { id: 'v1', openapi_schema: { components: { schemas: { Input: schema } } } },
      });
    }
    const create = /^\/v1\/models\/([^/]+)\/([^/]+)\/predictions$/.exec(url.pathname);
    if (request.method === 'POST' && (create || url.pathname === '/v1/predictions')) {
      const body = JSON.parse(await readBody(request)) as Record<string, unknown>;
      creates.push({ headers: request.headers, body });
      const input = (body.input ?? {}) as Record<string, unknown>;
      if (String(input.prompt ?? '').includes('[429]') && state.throttle > 0) {
        state.throttle -= 1;
        return sendJson(
          response,
          429,
          { detail: 'Request was throttled. Your rate limit resets in ~1s.', status: 429 },
          { 'Retry-After': '1' },
        );
      }
      if (typeof input.prompt !== 'string' || !input.prompt) {
        return sendJson(response, 422, {
          title: 'Input validation failed',
          detail: '- input.prompt: prompt is required',
          status: 422,
          invalid_fields: [{ type: 'required', field: 'input.prompt', description: 'prompt is required' }],
        });
      }
      const id = randomBytes(13).toString('hex').slice(0, 26);
      const prediction: FakePrediction = {
        id,
        model: create ? `${create[1]}/${create[2]}` : 'community/model',
        version: create ? 'hidden' : String(body.version),
        input,
        status: 'starting',
        output: null,
        error: null,
        logs: '',
        created_at: new Date().toISOString(),
        started_at: null,
        completed_at: null,
        metrics: {},
        urls: {
          get: `${base}/v1/predictions/${id}`,
          cancel: `${base}/v1/predictions/${id}/cancel`,
          web: `https://replicate.com/p/${id}`,
        },
        webhook: typeof body.webhook === 'string' ? body.webhook : undefined,
      };
      predictions.set(id, prediction);
      const done = advance(prediction);
      const prefer = /wait(?:=(\d+))?/.exec(String(request.headers.prefer ?? ''));
      if (prefer) {
        const seconds = Number(prefer[1] ?? 60);
        await Promise.race([done, wait(seconds * 1000)]);
      }
      return sendJson(response, 201, prediction);
    }
    const get = /^\/v1\/predictions\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'GET' && get) {
      const prediction = predictions.get(get[1] as string);
      if (!prediction) return sendJson(response, 404, { detail: 'Not found.', status: 404 });
      // A read hands out fresh delivery URLs for "[expire]" (not for "[expire-all]").
      if (prediction.status === 'succeeded' && String(prediction.input.prompt).includes('[expire]')) {
        const name = `${randomUUID()}/out-0.png`;
        files.set(name, await png(1024, 1024));
        prediction.output = [`${base}/files/${name}`];
      }
      return sendJson(response, 200, prediction);
    }
    const cancel = /^\/v1\/predictions\/([^/]+)\/cancel$/.exec(url.pathname);
    if (request.method === 'POST' && cancel) {
      const prediction = predictions.get(cancel[1] as string);
      if (!prediction) return sendJson(response, 404, { detail: 'Not found.', status: 404 });
      cancels.push(prediction.id);
      if (!['succeeded', 'failed', 'canceled'].includes(prediction.status)) {
        prediction.status = 'canceled';
        prediction.completed_at = new Date().toISOString();
      }
      return sendJson(response, 200, prediction);
    }
    sendJson(response, 404, { detail: 'Not found.', status: 404 });
  });
  base = server.url;
  return { ...server, secret, predictions, creates, cancels, state, deliveries };
}
