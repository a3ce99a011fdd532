import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type http from 'node:http';
import sharp from 'sharp';
import { cubeGlb } from './fake-glb.js';
import { createFakeReplicateTraining, type FakeReplicateTraining } from './fake-replicate-training.js';
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
 * Tool models (issue 16) take their images as Files API URLs: `POST /v1/files` (multipart field
 * `content`) stores a file and answers its `urls.get`; a file input naming anything else is refused
 * with 422 as Replicate does. Their output has the input's size (times `scale` for upscalers).
 * `sync/lipsync-2` (issue 21) takes `video` and `audio` files the same way and answers one video URL
 * (a real MP4); `state.lipsync` makes it hold until cancelled, or fail as the model does.
 * `firtoz/trellis` (issue 21, a community model run by version) takes `images`, a list of Files API
 * URLs, and answers TRELLIS's output object: `model_file` (a real GLB, fake-glb.ts, when
 * `generate_model`), beside preview videos; `state.threeD` holds or fails it likewise.
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
  'black-forest-labs/flux-fill-pro': {
    type: 'object',
    required: ['image'],
    properties: {
      prompt: { type: 'string' },
      image: { type: 'string', format: 'uri' },
      mask: { type: 'string', format: 'uri' },
      seed: { type: 'integer' },
      output_format: { enum: ['jpg', 'png'] },
    },
  },
  'black-forest-labs/flux-kontext-pro': {
    type: 'object',
    required: ['prompt', 'input_image'],
    properties: {
      prompt: { type: 'string' },
      input_image: { type: 'string', format: 'uri' },
      aspect_ratio: { enum: ['match_input_image', '1:1', '16:9', '9:16', '4:3', '3:4'] },
      seed: { type: 'integer' },
      output_format: { enum: ['jpg', 'png'] },
    },
  },
  'nightmareai/real-esrgan': {
    type: 'object',
    required: ['image'],
    properties: {
      image: { type: 'string', format: 'uri' },
      scale: { type: 'number' },
      face_enhance: { type: 'boolean' },
    },
  },
  'sync/lipsync-2': {
    type: 'object',
    required: ['video', 'audio'],
    properties: {
      video: { type: 'string', format: 'uri' },
      audio: { type: 'string', format: 'uri' },
      sync_mode: { enum: ['loop', 'bounce', 'cut_off', 'silence', 'remap'] },
      temperature: { type: 'number' },
    },
  },
  'firtoz/trellis': {
    type: 'object',
    required: ['images'],
    properties: {
      images: { type: 'array', items: { type: 'string', format: 'uri' } },
      seed: { type: 'integer' },
      generate_model: { type: 'boolean' },
      generate_color: { type: 'boolean' },
      texture_size: { type: 'integer' },
      mesh_simplify: { type: 'number' },
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

/** A model's (only) version id: 64 hex digits derived from its name. */
export function versionOf(model: string): string {
  return createHmac('sha256', 'fake-replicate').update(model).digest('hex');
}

/** A file stored through `POST /v1/files`. */
export interface FakeReplicateFile {
  id: string;
  name: string;
  contentType: string;
  data: Buffer;
  width: number;
  height: number;
}

const FILE_INPUTS = ['image', 'mask', 'input_image', 'video', 'audio'];

export interface FakeReplicate extends RunningServer {
  secret: string;
  uploads: FakeReplicateFile[];
  predictions: Map<string, FakePrediction>;
  creates: { headers: Record<string, string | string[] | undefined>; body: Record<string, unknown> }[];
  cancels: string[];
  state: {
    throttle: number;
    stepMs: number;
    lipsync: 'succeed' | 'hold' | 'fail';
    threeD: 'succeed' | 'hold' | 'fail';
  };
  deliveries: { id: string; status: string }[];
  /** Train (issue 21): destination models and trainings (fake-replicate-training.ts). */
  training: FakeReplicateTraining;
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
  const state: FakeReplicate['state'] = { throttle: 1, stepMs: 30, lipsync: 'succeed', threeD: 'succeed' };
  const uploads: FakeReplicateFile[] = [];
  let base = '';
  const training = createFakeReplicateTraining({
    base: () => base,
    file: (id) => uploads.find((upload) => upload.id === id)?.data,
  });

  /** `POST /v1/files`: the multipart body parsed as the real API does; answers the file object. */
  async function storeFile(request: http.IncomingMessage, response: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const contentType = String(request.headers['content-type'] ?? '');
    if (!contentType.startsWith('multipart/form-data')) {
      return sendJson(response, 400, {
        title: 'Bad request',
        detail: 'Expected multipart/form-data',
        status: 400,
      });
    }
    const form = await new Response(Buffer.concat(chunks), {
      headers: { 'content-type': contentType },
    }).formData();
    const content = form.get('content');
    if (!content || typeof content === 'string') {
      return sendJson(response, 400, {
        title: 'Bad request',
        detail: 'Missing file field "content"',
        status: 400,
      });
    }
    const data = Buffer.from(await content.arrayBuffer());
    const meta = await sharp(data)
      .metadata()
      .catch(() => null);
    const id = randomBytes(12).toString('hex');
    uploads.push({
      id,
      name: content.name,
      contentType: content.type,
      data,
      width: meta?.width ?? 0,
      height: meta?.height ?? 0,
    });
    return sendJson(response, 201, {
      id,
      name: content.name,
      content_type: content.type,
      size: data.length,
      etag: id,
      checksums: {},
      metadata: JSON.parse(String(form.get('metadata') ?? '{}')),
      created_at: new Date().toISOString(),
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
      urls: { get: `${base}/v1/files/${id}` },
    });
  }

  /** A file input of a prediction: one of our uploaded files, or a refusal message. */
  function fileInput(value: unknown): FakeReplicateFile | string {
    const match = typeof value === 'string' ? /\/v1\/files\/([0-9a-f]+)$/.exec(value) : null;
    const file = match ? uploads.find((item) => item.id === match[1]) : undefined;
    return file ?? `Does not match format 'uri' or names no file: ${String(value).slice(0, 60)}`;
  }

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
    const lipsync = prediction.model === 'sync/lipsync-2';
    const threeD = prediction.model === 'firtoz/trellis';
    const hold =
      prompt.includes('[hold]') ||
      (lipsync && state.lipsync === 'hold') ||
      (threeD && state.threeD === 'hold');
    await wait(state.stepMs);
    if (prediction.status === 'canceled') return;
    prediction.status = 'processing';
    prediction.started_at = new Date().toISOString();
    await webhook(prediction, 'start');
    for (let step = 1; step <= 4 || hold; step += 1) {
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
    } else if (lipsync && state.lipsync === 'fail') {
      prediction.status = 'failed';
      prediction.error = 'No face detected in the video.';
    } else if (threeD && state.threeD === 'fail') {
      prediction.status = 'failed';
      prediction.error = 'CUDA out of memory while decoding the structured latent.';
    } else if (threeD) {
      const id = randomUUID();
      files.set(`${id}/output.glb`, await cubeGlb());
      files.set(`${id}/color.mp4`, await mp4Video(320, 320, 1));
      prediction.output = {
        color_video: `${base}/files/${id}/color.mp4`,
        model_file: prediction.input.generate_model ? `${base}/files/${id}/output.glb` : null,
        gaussian_ply: null,
        normal_video: null,
        combined_video: null,
        no_background_images: null,
      };
      prediction.status = 'succeeded';
      prediction.metrics = { predict_time: 0.4 };
    } else {
      const isVideo = lipsync || 'num_frames' in prediction.input;
      const name = `${randomUUID()}/out-0.${isVideo ? 'mp4' : 'png'}`;
      // Tool models answer at the input's size (times the scale of an upscaler).
      const source = fileInput(prediction.input.image ?? prediction.input.input_image);
      const scale = Number(prediction.input.scale ?? 1);
      files.set(
        name,
        lipsync
          ? await mp4Video(320, 240, 2)
          : isVideo
            ? await mp4Video(1280, 720, 5)
            : typeof source === 'string'
              ? await png(1024, 1024)
              : await png(source.width * scale, source.height * scale, 60),
      );
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
      const type = name.endsWith('.mp4')
        ? 'video/mp4'
        : name.endsWith('.glb')
          ? 'model/gltf-binary'
          : 'image/png';
      response.writeHead(200, { 'Content-Type': type });
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
    if (request.method === 'POST' && url.pathname === '/v1/files') return storeFile(request, response);
    if (await training.route(request, response, url)) return;
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
        latest_version: {
          id: versionOf(`${model[1]}/${model[2]}`),
          openapi_schema: { components: { schemas: { Input: schema } } },
        },
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
      // A version names its model (community models are run by version, POST /v1/predictions).
      const modelName = create
        ? `${create[1]}/${create[2]}`
        : Object.keys(SCHEMAS).find((name) => versionOf(name) === body.version);
      const schema = SCHEMAS[modelName ?? ''] as { required?: string[] } | undefined;
      for (const field of schema?.required ?? ['prompt']) {
        if (input[field] === undefined || input[field] === '') {
          return sendJson(response, 422, {
            title: 'Input validation failed',
            detail: `- input.${field}: ${field} is required`,
            status: 422,
            invalid_fields: [
              { type: 'required', field: `input.${field}`, description: `${field} is required` },
            ],
          });
        }
      }
      const fileFields = FILE_INPUTS.filter((name) => input[name] !== undefined).map(
        (name) => [name, input[name]] as const,
      );
      // A list of files (TRELLIS's `images`): each item must name an uploaded file.
      if (Array.isArray(input.images))
        fileFields.push(...input.images.map((item) => ['images', item] as const));
      for (const [field, value] of fileFields) {
        const file = fileInput(value);
        if (typeof file === 'string') {
          return sendJson(response, 422, {
            title: 'Input validation failed',
            detail: `- input.${field}: ${file}`,
            status: 422,
            invalid_fields: [{ type: 'format', field: `input.${field}`, description: file }],
          });
        }
      }
      const id = randomBytes(13).toString('hex').slice(0, 26);
      const prediction: FakePrediction = {
        id,
        model: modelName ?? 'community/model',
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
  return { ...server, secret, uploads, predictions, creates, cancels, state, deliveries, training };
}
