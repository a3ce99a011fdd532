import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { createFakeFalTraining, type FakeFalTraining } from './fake-fal-training.js';
import { cubeGlb } from './fake-glb.js';
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
 * Lipsync endpoints (issue 21) take `video_url` and `audio_url` as a `data:` URI or a file of this
 * fake's storage (fake-fal-training.ts), of a video and an audio type, and answer `video` (a real MP4); `state.lipsync` makes them hold until cancelled, or
 * fail as a request that completed with an error.
 * 3D endpoints (issue 21: `hunyuan3d`, `trellis`) read `input_image_url` / `image_url` the same way
 * and answer `model_mesh` (a real GLB, fake-glb.ts); Tripo's text-to-3D reads `prompt` and answers
 * `pbr_model`; `state.threeD` holds or fails them likewise.
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
  /** Train (issue 21): storage uploads and LoRA trainings (fake-fal-training.ts). */
  training: FakeFalTraining;
  state: { throttle: number; lipsync: 'succeed' | 'hold' | 'fail'; threeD: 'succeed' | 'hold' | 'fail' };
}

export async function startFakeFal(key = 'fal-key-test'): Promise<FakeFal> {
  const requests = new Map<string, FalRequest>();
  const files = new Map<string, Buffer>();
  const submits: FakeFal['submits'] = [];
  const cancels: string[] = [];
  const state: FakeFal['state'] = { throttle: 1, lipsync: 'succeed', threeD: 'succeed' };
  let base = '';
  const training = createFakeFalTraining(() => base);

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
    const trained = training.complete(request.endpoint, request.input);
    if (trained) {
      if ('error' in trained) request.error = trained.error;
      else request.result = trained.result;
      request.status = 'COMPLETED';
      return;
    }
    if (isThreeD(request.endpoint)) {
      const fromText = isTextTo3d(request.endpoint);
      if (state.threeD === 'fail') {
        request.error = fromText
          ? 'Could not generate a 3D model from this prompt'
          : 'Could not reconstruct a 3D object from this image';
      } else {
        const name = `${randomUUID()}.glb`;
        const data = await cubeGlb();
        files.set(name, data);
        const glb = {
          url: `${base}/cdn/${name}`,
          content_type: 'model/gltf-binary',
          file_name: name,
          file_size: data.byteLength,
        };
        // Tripo answers its task id and the textured GLB as `pbr_model` (`model_mesh` is optional);
        // Hunyuan3D and TRELLIS answer `model_mesh` and the seed.
        request.result = fromText
          ? { task_id: randomUUID(), pbr_model: glb }
          : { model_mesh: glb, seed: Number(request.input.seed ?? 7) };
      }
      request.status = 'COMPLETED';
      return;
    }
    const lipsync = request.endpoint.includes('lipsync');
    if (lipsync && state.lipsync === 'fail') {
      request.error = 'No face was detected in the video';
      request.status = 'COMPLETED';
      return;
    }
    const isVideo = lipsync || request.endpoint.includes('video');
    const name = `${randomUUID()}.${isVideo ? 'mp4' : 'png'}`;
    const source = await inputSize(request.input.image_url);
    const factor = Number(request.input.scale ?? request.input.upscale_factor ?? 0);
    const size = source
      ? { width: source.width * (factor || 1), height: source.height * (factor || 1) }
      : { width: 512, height: 512 };
    files.set(
      name,
      lipsync
        ? await mp4Video(320, 240, 2)
        : isVideo
          ? await mp4Video(1280, 720, 5)
          : await png(size.width, size.height),
    );
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
    if (await training.routePublic(request, response, url)) return;
    if (request.headers.authorization !== `Key ${key}`) {
      return sendJson(response, 401, { detail: 'Invalid Key authorization header' });
    }
    if (await training.routeAuthorised(request, response, url)) return;
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
        const hold =
          String(falRequest.input.prompt).includes('[hold]') ||
          (falRequest.endpoint.includes('lipsync') && state.lipsync === 'hold') ||
          (isThreeD(falRequest.endpoint) && state.threeD === 'hold') ||
          training.holds(falRequest.endpoint);
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
      for (const field of ['image_url', 'mask_url', 'input_image_url'].filter(
        (name) => body[name] !== undefined,
      )) {
        const value = String(body[field]);
        if (!/^(https?:|data:)/.test(value) || (value.startsWith('data:') && !(await inputSize(value)))) {
          return sendJson(response, 422, {
            detail: [
              { loc: ['body', field], msg: 'Could not read the image file', type: 'file_download_error' },
            ],
          });
        }
      }
      for (const [field, kind] of [
        ['video_url', 'video'],
        ['audio_url', 'audio'],
      ] as const) {
        const value = body[field];
        if (value === undefined) continue;
        const text = String(value);
        const data = /^data:([^;,]+);base64,(.+)$/s.exec(text);
        // A file of this fake's storage must be an uploaded one of that kind (as fal downloads it); a URL
        // elsewhere is taken as fal would fetch it.
        const stored = text.startsWith(base) ? /\/files\/([^/.]+)/.exec(text) : null;
        const contentType = stored ? training.uploads.get(stored[1] as string)?.contentType : data?.[1];
        const external = /^https?:/.test(text) && !text.startsWith(base);
        if (!external && !contentType?.startsWith(`${kind}/`)) {
          return sendJson(response, 422, {
            detail: [
              { loc: ['body', field], msg: `Could not read the ${kind} file`, type: 'file_download_error' },
            ],
          });
        }
      }
      // Image-to-3D needs its image; text-to-3D its prompt.
      const required = isTextTo3d(url.pathname)
        ? body.prompt === undefined && 'prompt'
        : isThreeD(url.pathname) &&
          body.image_url === undefined &&
          body.input_image_url === undefined &&
          'image_url';
      if (required) {
        return sendJson(response, 422, {
          detail: [{ loc: ['body', required], msg: 'Field required', type: 'missing' }],
        });
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
  return { ...server, requests, submits, cancels, state, training };
}

/** fal's image- and text-to-3D endpoints the fake answers with a GLB. */
function isThreeD(endpoint: string): boolean {
  return /hunyuan3d|trellis/.test(endpoint) || isTextTo3d(endpoint);
}

/** Tripo's text-to-3D: the prompt alone. */
function isTextTo3d(endpoint: string): boolean {
  return /tripo3d\/.*text-to-3d/.test(endpoint);
}
