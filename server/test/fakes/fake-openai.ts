import { listen, png, type RunningServer, readBody, sendJson } from './media.js';

/**
 * A fake OpenAI Images API (research 1): `POST /v1/images/generations` with Bearer auth, per-model
 * size enums answered with the 400 error envelope, `b64_json` images (or a URL for dall-e with
 * response_format "url"), SSE partial images with `stream: true`. Magic prompt words: "[policy]" →
 * 400 moderation_blocked, "[429]" → 429 rate_limit_exceeded with Retry-After until `throttle` runs
 * out, "[quota]" → 429 insufficient_quota, "[slow]" → answers after 10 s unless the client hangs up.
 */

const SIZES: Record<string, string[]> = {
  'gpt-image-1': ['1024x1024', '1536x1024', '1024x1536', 'auto'],
  'dall-e-3': ['1024x1024', '1792x1024', '1024x1792'],
};

export interface FakeOpenAi extends RunningServer {
  requests: { body: Record<string, unknown>; authorization?: string; at: number }[];
  /** throttle: how many more "[429]" requests are refused (default 1); retryAfter: their Retry-After. */
  state: { throttle: number; retryAfter: string; hungUp: number };
}

export async function startFakeOpenAi(apiKey = 'sk-test'): Promise<FakeOpenAi> {
  const state = { throttle: 1, retryAfter: '1', hungUp: 0 };
  const requests: FakeOpenAi['requests'] = [];
  const error = (status: number, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    [status, { error: { param: null, code: null, ...body } }, headers] as const;

  const server = await listen(async (request, response) => {
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

  return { ...server, requests, state };
}
