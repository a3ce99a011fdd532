import sharp from 'sharp';
import {
  createHealthRecord,
  download,
  type FetchLike,
  readJson,
  safeText,
  sameOrigin,
  send,
} from './http.js';
import { toOutput } from './outputs.js';
import {
  type EditRequest,
  type GenerationContext,
  type GenerationOutput,
  type GenerationProvider,
  type GenerationRequest,
  type ImageRequest,
  type ModelCapabilities,
  type ModelTool,
  ProviderError,
} from './provider.js';
import {
  alphaMaskPng,
  editPrompt,
  imageOutput,
  keepSource,
  requireTool,
  sourceImage,
  sourcePng,
  toolOfEdit,
} from './tool-inputs.js';

/**
 * OpenAI-compatible images (`POST {baseUrl}/images/generations`): OpenAI's gpt-image-1 and dall-e-3,
 * and servers speaking the same protocol (LocalAI, LiteLLM, gateways). Synchronous: the request is the
 * job, so cancelling aborts it. OpenAI models take a fixed list of sizes and no seed or negative prompt;
 * the capabilities say so and the nearest allowed size is used. Other servers take free "WxH" sizes and
 * the seed and negative prompt as extra fields.
 */

export interface OpenAiModelConfig {
  id: string;
  name: string;
  /** The remote model name sent as `model`. */
  model: string;
  description?: string;
  /** Allowed sizes ("1024x1536"); absent: any "WxH" up to maxWidth×maxHeight. */
  sizes?: readonly string[];
  maxWidth: number;
  maxHeight: number;
  /** Our quality → the model's `quality` value (absent: not sent). */
  quality?: Partial<Record<ImageRequest['quality'], string>>;
  /** Sends `seed` and `negative_prompt` (LocalAI and similar); OpenAI has neither. */
  extendedFields: boolean;
  /** Asks for `response_format: "b64_json"` (dall-e and most compatible servers); gpt-image-1 always answers base64. */
  responseFormat: boolean;
  /** Streams partial images as previews (gpt-image-1). */
  stream: boolean;
  prices?: { image?: number };
  failoverGroup?: string;
  timeoutSeconds?: number;
  /** Edits it takes through `POST /images/edits` (gpt-image-1: inpaint, prompt edits, restyle). */
  tools?: readonly ModelTool[];
}

export interface OpenAiProviderConfig {
  id: string;
  name: string;
  baseUrl: string;
  apiKey?: string;
  organization?: string;
  models: OpenAiModelConfig[];
  fetch?: FetchLike;
}

/** The sizes of OpenAI's own models (research 1.2). */
export const OPENAI_MODEL_PRESETS: Record<string, Omit<OpenAiModelConfig, 'id' | 'name' | 'model'>> = {
  'gpt-image-1': {
    sizes: ['1024x1024', '1536x1024', '1024x1536'],
    maxWidth: 1536,
    maxHeight: 1536,
    quality: { standard: 'medium', high: 'high', ultra: 'high' },
    extendedFields: false,
    responseFormat: false,
    stream: false,
    tools: ['inpaint', 'prompt-edit', 'restyle'],
  },
  'dall-e-3': {
    sizes: ['1024x1024', '1792x1024', '1024x1792'],
    maxWidth: 1792,
    maxHeight: 1792,
    quality: { standard: 'standard', high: 'hd', ultra: 'hd' },
    extendedFields: false,
    responseFormat: true,
    stream: false,
  },
  'dall-e-2': {
    sizes: ['256x256', '512x512', '1024x1024'],
    maxWidth: 1024,
    maxHeight: 1024,
    extendedFields: false,
    responseFormat: true,
    stream: false,
    tools: ['inpaint', 'prompt-edit'],
  },
};

const RATIOS = ['1:1', '16:9', '9:16', '4:3', '3:4', '2:3', '3:2'];
const ratioOf = (text: string) => {
  const [a, b] = text.split(/[:x]/).map(Number);
  return (a ?? 1) / (b ?? 1);
};

/** The allowed size nearest in shape to the request. */
export function nearestSize(sizes: readonly string[], width: number, height: number): string {
  const wanted = Math.log(width / height);
  return [...sizes].sort(
    (a, b) => Math.abs(Math.log(ratioOf(a)) - wanted) - Math.abs(Math.log(ratioOf(b)) - wanted),
  )[0] as string;
}

/** Aspect ratios a fixed-size model can honour within 5 % (the others are refused, not distorted). */
export function honourableRatios(sizes: readonly string[]): string[] {
  return RATIOS.filter((ratio) =>
    sizes.some((size) => Math.abs(Math.log(ratioOf(size)) - Math.log(ratioOf(ratio))) < 0.05),
  );
}

export function createOpenAiProvider(config: OpenAiProviderConfig): GenerationProvider {
  const base = config.baseUrl.replace(/\/+$/, '');
  const models = new Map(config.models.map((model) => [model.id, model]));
  const health = createHealthRecord();
  const provider = config.name;

  const capabilities = {
    providerId: config.id,
    providerName: config.name,
    models: config.models.map(
      (model): ModelCapabilities => ({
        id: model.id,
        name: model.name,
        kinds: ['image'],
        description: model.description ?? `${model.model} through ${config.name}`,
        supportsSeed: model.extendedFields,
        supportsNegativePrompt: model.extendedFields,
        maxWidth: model.maxWidth,
        maxHeight: model.maxHeight,
        aspectRatios: model.sizes ? honourableRatios(model.sizes) : undefined,
        prices: model.prices,
        failoverGroup: model.failoverGroup,
        timeoutSeconds: model.timeoutSeconds,
        tools: model.tools,
      }),
    ),
  };

  /** Auth headers; multipart bodies set their own Content-Type (with the boundary). */
  function headers(json = true): Record<string, string> {
    return {
      ...(json ? { 'Content-Type': 'application/json' } : {}),
      ...(config.apiKey ? { Authorization: `Bearer ${config.apiKey}` } : {}),
      ...(config.organization ? { 'OpenAI-Organization': config.organization } : {}),
    };
  }

  /** The file of an answer's first image: base64, or a URL downloaded (with the key only on the API's origin). */
  async function imageFile(
    image: { b64_json?: string; url?: string } | undefined,
    signal: AbortSignal,
  ): Promise<{ data: Buffer; contentType: string }> {
    if (image?.b64_json) return { data: Buffer.from(image.b64_json, 'base64'), contentType: 'image/png' };
    if (image?.url) {
      const auth =
        sameOrigin(image.url, base) && config.apiKey
          ? { Authorization: `Bearer ${config.apiKey}` }
          : undefined;
      return download(image.url, { provider, fetch: config.fetch, signal, headers: auth });
    }
    throw new ProviderError('internal', `${provider} answered without an image`);
  }

  /**
   * `POST /images/edits` (multipart: model, prompt, n, size, image, and for inpaint a mask whose
   * transparent pixels are the ones to change). The answer is brought back to the source's size when
   * the allowed size only approximates its shape.
   */
  async function edit(request: EditRequest, context: GenerationContext): Promise<GenerationOutput> {
    const model = models.get(request.model);
    if (!model) throw new ProviderError('invalid_input', `${provider} has no model "${request.model}"`);
    requireTool(model.tools, toolOfEdit(request.mode), provider, model.id);
    const source = sourceImage(request);
    const size = model.sizes
      ? nearestSize(model.sizes, source.width, source.height)
      : `${source.width}x${source.height}`;
    const form = new FormData();
    form.append('model', model.model);
    form.append('prompt', editPrompt(request));
    form.append('n', '1');
    form.append('size', size);
    const quality = model.quality?.high;
    if (quality) form.append('quality', quality);
    if (model.responseFormat) form.append('response_format', 'b64_json');
    if (model.extendedFields) form.append('seed', String(request.seed));
    form.append(
      'image',
      new Blob([new Uint8Array(await sourcePng(request))], { type: 'image/png' }),
      'image.png',
    );
    if (request.mode === 'inpaint') {
      if (!request.mask)
        throw new ProviderError('invalid_input', 'An inpaint needs a mask', { field: 'mask' });
      const mask = await alphaMaskPng(request.mask, source.width, source.height);
      form.append('mask', new Blob([new Uint8Array(mask)], { type: 'image/png' }), 'mask.png');
    }
    context.report({ progress: 5, stage: `Waiting for ${provider}` });
    const response = await send(`${base}/images/edits`, {
      method: 'POST',
      headers: headers(false),
      body: form,
      signal: context.signal,
      timeoutMs: (model.timeoutSeconds ?? 300) * 1000,
      provider,
      fetch: config.fetch,
    });
    if (!response.ok) throw await failure(response);
    const answer = await readJson<{ data?: { b64_json?: string; url?: string }[] }>(response, provider);
    let file = await imageFile(answer.data?.[0], context.signal);
    const [w, h] = size.split('x').map(Number);
    if (
      (w !== source.width || h !== source.height) &&
      Math.abs(Math.log(((w ?? 1) / (h ?? 1)) * (source.height / source.width))) < 0.05
    ) {
      file = {
        data: await sharp(file.data).resize(source.width, source.height, { fit: 'fill' }).png().toBuffer(),
        contentType: 'image/png',
      };
    }
    context.report({ progress: 99, stage: 'Saving' });
    const output = await imageOutput(file, {
      model: model.id,
      provider,
      seed: request.seed,
      details: {
        provider: config.id,
        remoteModel: model.model,
        size,
        ...(model.extendedFields ? {} : { seedHonoured: false }),
      },
    });
    return keepSource(request, output);
  }

  async function failure(response: Response): Promise<ProviderError> {
    const text = await safeText(response);
    let error: { message?: string; type?: string; code?: string | null; param?: string | null } = {};
    try {
      error = (JSON.parse(text) as { error?: typeof error }).error ?? {};
    } catch {
      // not the OpenAI envelope
    }
    const message = `${provider} answered ${response.status}: ${error.message ?? text.slice(0, 200)}`;
    const code = error.code ?? '';
    if (
      code === 'moderation_blocked' ||
      code === 'content_policy_violation' ||
      /safety system/i.test(error.message ?? '')
    ) {
      return new ProviderError('content_policy', message, {
        userMessage:
          'This prompt was refused by the image service’s content policy. Please change it and try again; your credits were refunded.',
      });
    }
    if (response.status === 400 || response.status === 422) {
      const field =
        error.param === 'prompt' ? 'prompt' : error.param === 'size' ? 'settings.aspectRatio' : undefined;
      return new ProviderError('invalid_input', message, {
        field,
        userMessage: field ? `${field}: ${error.message ?? 'not accepted by the model'}` : undefined,
      });
    }
    // 401/403 (bad key), 404 (no such model), 429 insufficient_quota, 5xx: this provider cannot serve now.
    return new ProviderError('unavailable', message);
  }

  async function generate(request: GenerationRequest, context: GenerationContext): Promise<GenerationOutput> {
    const model = models.get(request.model);
    if (!model || request.kind !== 'image') {
      throw new ProviderError('invalid_input', `${provider} has no image model "${request.model}"`);
    }
    const size = model.sizes
      ? nearestSize(model.sizes, request.width, request.height)
      : `${request.width}x${request.height}`;
    const body: Record<string, unknown> = { model: model.model, prompt: request.prompt, n: 1, size };
    const quality = model.quality?.[request.quality];
    if (quality) body.quality = quality;
    if (model.responseFormat) body.response_format = 'b64_json';
    if (model.extendedFields) {
      body.seed = request.seed;
      if (request.negativePrompt) body.negative_prompt = request.negativePrompt;
    }
    if (model.stream) {
      body.stream = true;
      body.partial_images = 2;
    }
    context.report({ progress: 5, stage: `Waiting for ${provider}` });
    const response = await send(`${base}/images/generations`, {
      method: 'POST',
      headers: headers(),
      body: JSON.stringify(body),
      signal: context.signal,
      timeoutMs: (model.timeoutSeconds ?? 300) * 1000,
      provider,
      fetch: config.fetch,
    });
    if (!response.ok) throw await failure(response);
    let image: { b64_json?: string; url?: string; revised_prompt?: string } | undefined;
    if ((response.headers.get('content-type') ?? '').includes('text/event-stream')) {
      image = await readStream(response, context);
    } else {
      const answer = await readJson<{ data?: (typeof image)[] }>(response, provider);
      image = answer.data?.[0];
    }
    let file: { data: Buffer; contentType: string };
    if (image?.b64_json) {
      file = { data: Buffer.from(image.b64_json, 'base64'), contentType: 'image/png' };
    } else if (image?.url) {
      // An API key is only ever sent to the API's own origin.
      const auth =
        sameOrigin(image.url, base) && config.apiKey
          ? { Authorization: `Bearer ${config.apiKey}` }
          : undefined;
      file = await download(image.url, {
        provider,
        fetch: config.fetch,
        signal: context.signal,
        headers: auth,
      });
    } else {
      throw new ProviderError('internal', `${provider} answered without an image`);
    }
    return toOutput(file, request, {
      model: model.id,
      provider,
      details: {
        provider: config.id,
        remoteModel: model.model,
        size,
        ...(image.revised_prompt ? { revisedPrompt: image.revised_prompt } : {}),
        ...(model.extendedFields ? {} : { seedHonoured: false }),
      },
    });
  }

  return {
    id: config.id,
    capabilities: () => capabilities,
    generate: (request, context) => health.track(() => generate(request, context)),
    edit: (request, context) => health.track(() => edit(request, context)),
    health: async () => health.state(),
  };
}

/** gpt-image-1 streaming: `image_generation.partial_image` events become previews; `completed` is the image. */
async function readStream(
  response: Response,
  context: GenerationContext,
): Promise<{ b64_json?: string } | undefined> {
  const reader = response.body?.getReader();
  if (!reader) return undefined;
  const decoder = new TextDecoder();
  let buffer = '';
  let partials = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (value) buffer += decoder.decode(value, { stream: true });
    let boundary = buffer.indexOf('\n\n');
    while (boundary >= 0) {
      const chunk = buffer.slice(0, boundary);
      buffer = buffer.slice(boundary + 2);
      boundary = buffer.indexOf('\n\n');
      const data = chunk
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trim())
        .join('\n');
      if (!data || data === '[DONE]') continue;
      let event: { type?: string; b64_json?: string; error?: { message?: string; code?: string } };
      try {
        event = JSON.parse(data);
      } catch {
        continue;
      }
      if (event.type === 'image_generation.partial_image' && event.b64_json) {
        partials += 1;
        context.report({
          progress: Math.min(90, 20 + partials * 30),
          stage: 'Refining',
          preview: { data: Buffer.from(event.b64_json, 'base64'), contentType: 'image/png' },
        });
      } else if (event.type === 'image_generation.completed' && event.b64_json) {
        await reader.cancel().catch(() => undefined);
        return { b64_json: event.b64_json };
      } else if (event.error) {
        const policy =
          event.error.code === 'moderation_blocked' || event.error.code === 'content_policy_violation';
        throw new ProviderError(
          policy ? 'content_policy' : 'internal',
          event.error.message ?? 'stream error',
          {
            userMessage: policy
              ? 'This prompt was refused by the image service’s content policy. Please change it and try again; your credits were refunded.'
              : undefined,
          },
        );
      }
    }
    if (done) return undefined;
  }
}
