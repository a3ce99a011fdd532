import type http from 'node:http';
import sharp from 'sharp';
import { listen, png, type RunningServer, readBody, sendJson } from './media.js';

/**
 * A fake OpenAI Images API (research 1): `POST /v1/images/generations` with Bearer auth, per-model
 * size enums answered with the 400 error envelope, `b64_json` images (or a URL for dall-e with
 * response_format "url"), SSE partial images with `stream: true`. Magic prompt words: "[policy]" →
 * 400 moderation_blocked, "[429]" → 429 rate_limit_exceeded with Retry-After until `throttle` runs
 * out, "[quota]" → 429 insufficient_quota, "[slow]" → answers after 10 s unless the client hangs up.
 * `POST /v1/images/edits` takes the multipart form of the real API (model, prompt, n, size, image,
 * optional mask): a mask must be a PNG with an alpha channel and the image's size, as OpenAI demands.
 */

const SIZES: Record<string, string[]> = {
  'gpt-image-1': ['1024x1024', '1536x1024', '1024x1536', 'auto'],
  'dall-e-3': ['1024x1024', '1792x1024', '1024x1792'],
};

/** A file part of a multipart edit, as the fake received it. */
export interface ReceivedFile {
  name: string;
  type: string;
  width: number;
  height: number;
  channels: number;
  hasAlpha: boolean;
  data: Buffer;
}

export interface FakeOpenAi extends RunningServer {
  requests: { body: Record<string, unknown>; authorization?: string; at: number }[];
  /** Multipart edits: the text fields and the files. */
  edits: {
    fields: Record<string, string>;
    files: Record<string, ReceivedFile>;
    contentType: string;
    authorization?: string;
  }[];
  /** throttle: how many more "[429]" requests are refused (default 1); retryAfter: their Retry-After. */
  state: { throttle: number; retryAfter: string; hungUp: number };
}

export async function startFakeOpenAi(apiKey = 'sk-test'): Promise<FakeOpenAi> {
  const state = { throttle: 1, retryAfter: '1', hungUp: 0 };
  const requests: FakeOpenAi['requests'] = [];
  const edits: FakeOpenAi['edits'] = [];

  /** `POST /v1/images/edits`: multipart parsed as the real server does (WHATWG FormData over the raw body). */
  async function edit(request: http.IncomingMessage, response: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const contentType = String(request.headers['content-type'] ?? '');
    if (!contentType.startsWith('multipart/form-data')) {
      return sendJson(
        response,
        ...error(400, {
          message:
            "Invalid Content-Type header (application/json), expected multipart/form-data. (HINT: If you're using curl, you can pass -F 'key=value')",
          type: 'invalid_request_error',
        }),
      );
    }
    const form = await new Response(Buffer.concat(chunks), {
      headers: { 'content-type': contentType },
    }).formData();
    const fields: Record<string, string> = {};
    const files: Record<string, ReceivedFile> = {};
    for (const [key, value] of form.entries()) {
      if (typeof value === 'string') fields[key] = value;
      else {
        const data = Buffer.from(await value.arrayBuffer());
        const meta = await sharp(data)
          .metadata()
          .catch(() => null);
        files[key] = {
          name: value.name,
          type: value.type,
          width: meta?.width ?? 0,
          height: meta?.height ?? 0,
          channels: meta?.channels ?? 0,
          hasAlpha: meta?.hasAlpha ?? false,
          data,
        };
      }
    }
    edits.push({ fields, files, contentType, authorization: request.headers.authorization });
    if (request.headers.authorization !== `Bearer ${apiKey}`) {
      return sendJson(
        response,
        ...error(401, {
          message: 'Incorrect API key provided',
          type: 'invalid_request_error',
          code: 'invalid_api_key',
        }),
      );
    }
    const model = fields.model ?? 'dall-e-2';
    const sizes =
      model === 'gpt-image-1'
        ? SIZES[model]
        : model === 'dall-e-2'
          ? ['256x256', '512x512', '1024x1024']
          : null;
    if (!sizes) {
      return sendJson(
        response,
        ...error(400, {
          message: `Invalid model ${model}. The model must be one of dall-e-2, gpt-image-1.`,
          type: 'invalid_request_error',
          param: 'model',
        }),
      );
    }
    const image = files.image ?? files['image[]'];
    if (!image?.width) {
      return sendJson(
        response,
        ...error(400, {
          message: "Missing required parameter: 'image'.",
          type: 'invalid_request_error',
          param: 'image',
          code: 'missing_required_parameter',
        }),
      );
    }
    if (!fields.prompt) {
      return sendJson(
        response,
        ...error(400, {
          message: "Missing required parameter: 'prompt'.",
          type: 'invalid_request_error',
          param: 'prompt',
        }),
      );
    }
    const size = fields.size ?? 'auto';
    if (!sizes.includes(size)) {
      return sendJson(
        response,
        ...error(400, {
          message: `Invalid value: '${size}'. Supported values are: ${sizes.join(', ')}.`,
          type: 'invalid_request_error',
          param: 'size',
          code: 'invalid_value',
        }),
      );
    }
    const mask = files.mask;
    if (mask && (!mask.hasAlpha || mask.type !== 'image/png')) {
      return sendJson(
        response,
        ...error(400, {
          message: "Invalid input image - format must be in ['RGBA', 'LA', 'L'], got RGB.",
          type: 'invalid_request_error',
          param: 'mask',
        }),
      );
    }
    if (mask && (mask.width !== image.width || mask.height !== image.height)) {
      return sendJson(
        response,
        ...error(400, {
          message: 'Invalid mask image: the mask and the image must have the same dimensions.',
          type: 'invalid_request_error',
          param: 'mask',
        }),
      );
    }
    if (fields.prompt.includes('[policy]')) {
      return sendJson(
        response,
        ...error(400, {
          message: 'Your request was rejected by the safety system.',
          type: 'image_generation_user_error',
          code: 'moderation_blocked',
        }),
      );
    }
    const [width, height] = (size === 'auto' ? '1024x1024' : size).split('x').map(Number);
    const out = await png(width ?? 1024, height ?? 1024, 30);
    const item =
      model === 'gpt-image-1' || fields.response_format === 'b64_json'
        ? { b64_json: out.toString('base64') }
        : { url: 'http://127.0.0.1:1/expired.png' };
    sendJson(response, 200, { created: Math.floor(Date.now() / 1000), data: [item], size });
  }
  const error = (status: number, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    [status, { error: { param: null, code: null, ...body } }, headers] as const;

  const server = await listen(async (request, response) => {
    if (request.method === 'POST' && request.url === '/v1/images/edits') return edit(request, response);
    if (request.method !== 'POST' || request.url !== '/v1/images/generations') {
      return sendJson(response, 404, { error: { message: 'Not found', type: 'invalid_request_error' } });
    }
    const body = JSON.parse(await readBody(request)) as Record<string, unknown>;
    requests.push({ body, authorization: request.headers.authorization, at: Date.now() });
    if (request.headers.authorization !== `Bearer ${apiKey}`) {
      return sendJson(
        response,
        ...error(401, {
          message: 'Incorrect API key provided',
          type: 'invalid_request_error',
          code: 'invalid_api_key',
        }),
      );
    }
    const model = String(body.model);
    const prompt = String(body.prompt ?? '');
    const sizes = SIZES[model];
    if (!sizes) {
      return sendJson(
        response,
        ...error(404, {
          message: `The model ${model} does not exist`,
          type: 'invalid_request_error',
          code: 'model_not_found',
        }),
      );
    }
    if (!sizes.includes(String(body.size))) {
      return sendJson(
        response,
        ...error(400, {
          message: `Invalid value: '${String(body.size)}'. Supported values are: ${sizes.join(', ')}.`,
          type: 'invalid_request_error',
          param: 'size',
          code: 'invalid_value',
        }),
      );
    }
    if ('seed' in body || 'negative_prompt' in body) {
      return sendJson(
        response,
        ...error(400, {
          message: "Unknown parameter: 'seed'.",
          type: 'invalid_request_error',
          code: 'unknown_parameter',
        }),
      );
    }
    if (prompt.includes('[policy]')) {
      return sendJson(
        response,
        ...error(400, {
          message:
            'Your request was rejected by the safety system. If you believe this is an error, contact us.',
          type: 'image_generation_user_error',
          code: 'moderation_blocked',
          moderation_details: { moderation_stage: 'input', categories: ['violence'] },
        }),
      );
    }
    if (prompt.includes('[quota]')) {
      return sendJson(
        response,
        ...error(429, {
          message: 'You exceeded your current quota.',
          type: 'insufficient_quota',
          code: 'insufficient_quota',
        }),
      );
    }
    if (prompt.includes('[429]') && state.throttle > 0) {
      state.throttle -= 1;
      return sendJson(
        response,
        ...error(
          429,
          {
            message: 'Rate limit reached for images per minute.',
            type: 'requests',
            code: 'rate_limit_exceeded',
          },
          {
            'Retry-After': state.retryAfter,
            'x-ratelimit-limit-requests': '5',
            'x-ratelimit-remaining-requests': '0',
            'x-ratelimit-reset-requests': `${state.retryAfter}s`,
          },
        ),
      );
    }
    if (prompt.includes('[slow]')) {
      // A long render: the client hanging up ends it.
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 10_000);
        response.on('close', () => {
          clearTimeout(timer);
          state.hungUp += 1;
          resolve();
        });
      });
      if (response.destroyed) return;
    }
    const [width, height] = String(body.size).split('x').map(Number);
    const image = await png(width ?? 1024, height ?? 1024);
    if (body.stream) {
      response.writeHead(200, { 'Content-Type': 'text/event-stream' });
      for (let index = 0; index < Number(body.partial_images ?? 0); index += 1) {
        const partial = {
          type: 'image_generation.partial_image',
          b64_json: (await png(64, 64, 40 * index)).toString('base64'),
          partial_image_index: index,
        };
        response.write(`event: image_generation.partial_image\ndata: ${JSON.stringify(partial)}\n\n`);
        await new Promise((resolve) => setTimeout(resolve, 30));
      }
      const done = {
        type: 'image_generation.completed',
        b64_json: image.toString('base64'),
        usage: { total_tokens: 100 },
      };
      response.end(`event: image_generation.completed\ndata: ${JSON.stringify(done)}\n\n`);
      return;
    }
    const item: Record<string, unknown> =
      model === 'gpt-image-1' || body.response_format === 'b64_json'
        ? { b64_json: image.toString('base64') }
        : { url: `http://127.0.0.1:1/expired.png` };
    if (model === 'dall-e-3') item.revised_prompt = `${prompt}, detailed`;
    sendJson(response, 200, { created: Math.floor(Date.now() / 1000), data: [item], size: body.size });
  });

  return { ...server, requests, edits, state };
}
