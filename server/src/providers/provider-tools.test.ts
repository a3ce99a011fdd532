import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeComfy, startFakeComfy } from '../../test/fakes/fake-comfyui.js';
import { type FakeFal, startFakeFal } from '../../test/fakes/fake-fal.js';
import { type FakeOpenAi, startFakeOpenAi } from '../../test/fakes/fake-openai.js';
import { type FakeReplicate, startFakeReplicate, versionOf } from '../../test/fakes/fake-replicate.js';
import { providersFrom } from '../../test/provider-fixtures.js';
import type {
  EditRequest,
  GenerationContext,
  GenerationProvider,
  ProgressUpdate,
  ToolSource,
  UpscaleRequest,
} from './provider.js';

/**
 * Edits and upscales of the provider adapters (issue 16) against the protocol-faithful fakes: the
 * configuration declares the tools, the wire carries the image (and mask) the way each service
 * takes files, and the output is the real image at its real size.
 */

async function sourceImage(width: number, height: number): Promise<ToolSource> {
  const data = await sharp({ create: { width, height, channels: 3, background: '#3366aa' } })
    .png()
    .toBuffer();
  return { kind: 'image', data, contentType: 'image/png', width, height };
}

/** The RGB of one pixel of a PNG. */
async function pixel(png: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * 3;
  return [data[i] as number, data[i + 1] as number, data[i + 2] as number];
}

/** The source images' colour (#3366aa). */
const SOURCE_RGB = [0x33, 0x66, 0xaa];

/** White on the right half: change it; black elsewhere: keep. */
function maskImage(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#000000' } })
    .composite([
      {
        input: {
          create: { width: Math.floor(width / 2), height, channels: 3, background: '#ffffff' },
        },
        left: Math.ceil(width / 2),
        top: 0,
      },
    ])
    .png()
    .toBuffer();
}

function context(): GenerationContext & { updates: ProgressUpdate[]; checkpoints: unknown[] } {
  const updates: ProgressUpdate[] = [];
  const checkpoints: unknown[] = [];
  return {
    signal: new AbortController().signal,
    report: (update) => updates.push(update),
    checkpoint: async (state) => {
      checkpoints.push(state);
    },
    updates,
    checkpoints,
  };
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

function only(
  providers: GenerationProvider[],
): Required<Pick<GenerationProvider, 'edit' | 'upscale'>> & GenerationProvider {
  const provider = providers[0] as GenerationProvider;
  return {
    ...provider,
    edit: (request, ctx) => {
      if (!provider.edit) throw new Error('no edit');
      return provider.edit(request, ctx);
    },
    upscale: (request, ctx) => {
      if (!provider.upscale) throw new Error('no upscale');
      return provider.upscale(request, ctx);
    },
  };
}

describe('OpenAI images edits', () => {
  let openai: FakeOpenAi;

  async function setUp() {
    openai = await startFakeOpenAi('sk-test');
    closers.push(() => openai.close());
    return only(
      providersFrom(
        [
          {
            type: 'openai',
            baseUrl: `${openai.url}/v1`,
            apiKey: 'sk-test',
            models: [
              { id: 'gpt-image-1', model: 'gpt-image-1' },
              { id: 'dall-e-3', model: 'dall-e-3' },
            ],
          },
        ],
        {},
      ),
    );
  }

  it('declares its tools from the model presets', async () => {
    const provider = await setUp();
    const [gpt, dalle] = provider.capabilities().models;
    expect(gpt?.tools).toEqual(['inpaint', 'prompt-edit', 'restyle']);
    expect(gpt?.kinds).toEqual(['image']);
    expect(dalle?.tools).toBeUndefined();
  });

  it('sends an inpaint as multipart with an alpha mask and answers at the source size', async () => {
    const provider = await setUp();
    const source = await sourceImage(600, 400);
    const request: EditRequest = {
      model: 'gpt-image-1',
      mode: 'inpaint',
      prompt: 'a red balloon',
      mask: await maskImage(600, 400),
      source,
      seed: 3,
    };
    const output = await provider.edit(request, context());
    expect([output.width, output.height, output.contentType]).toEqual([600, 400, 'image/png']);
    const [sent] = openai.edits;
    expect(sent?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent?.fields).toMatchObject({
      model: 'gpt-image-1',
      prompt: 'a red balloon',
      n: '1',
      size: '1536x1024',
    });
    expect(sent?.fields).not.toHaveProperty('seed');
    expect(sent?.files.image).toMatchObject({ type: 'image/png', width: 600, height: 400 });
    expect(sent?.files.mask).toMatchObject({ type: 'image/png', width: 600, height: 400, hasAlpha: true });
    // Transparent (to change) on the right, opaque (to keep) on the left.
    const alpha = await sharp(sent?.files.mask?.data).extractChannel(3).raw().toBuffer();
    expect(alpha[10]).toBe(255);
    expect(alpha[590]).toBe(0);
  });

  it('writes the prompt of a restyle, refuses expand and maps a policy refusal', async () => {
    const provider = await setUp();
    const source = await sourceImage(512, 512);
    await provider.edit(
      { model: 'gpt-image-1', mode: 'restyle', style: 'anime', strength: 0.7, source, seed: 1 },
      context(),
    );
    expect(openai.edits[0]?.fields.prompt).toMatch(/anime/);
    expect(openai.edits[0]?.files).not.toHaveProperty('mask');
    await expect(
      provider.edit(
        {
          model: 'gpt-image-1',
          mode: 'expand',
          source,
          seed: 1,
          target: { width: 768, height: 512, offsetX: 128, offsetY: 0 },
        },
        context(),
      ),
    ).rejects.toMatchObject({ kind: 'invalid_input' });
    await expect(
      provider.edit(
        { model: 'gpt-image-1', mode: 'prompt', prompt: 'make it night [policy]', source, seed: 1 },
        context(),
      ),
    ).rejects.toMatchObject({ kind: 'content_policy' });
  });
});

describe('ComfyUI tool workflows', () => {
  let comfy: FakeComfy;

  async function setUp() {
    comfy = await startFakeComfy({
      checkpoints: ['v1-5-pruned-emaonly.safetensors', 'sd-v1-5-inpainting.ckpt'],
      stepMs: 2,
    });
    closers.push(() => comfy.close());
    return only(
      providersFrom([
        {
          type: 'comfyui',
          servers: [comfy.url],
          models: [
            { id: 'comfy-img2img', workflow: 'img2img', steps: 3 },
            { id: 'comfy-inpaint', workflow: 'inpaint', steps: 3 },
            { id: 'comfy-outpaint', workflow: 'outpaint', steps: 3 },
            { id: 'comfy-esrgan', workflow: 'upscale-model', maxUpscaleLongSide: 8192 },
          ],
        },
      ]),
    );
  }

  it('declares tool-only models that the generators do not offer, and validates them against /object_info', async () => {
    const provider = await setUp();
    const models = provider.capabilities().models;
    expect(models.map((model) => [model.id, model.kinds, model.generates, model.tools])).toEqual([
      ['comfy-img2img', ['image'], false, ['restyle', 'prompt-edit']],
      ['comfy-inpaint', ['image'], false, ['inpaint']],
      ['comfy-outpaint', ['image'], false, ['expand']],
      ['comfy-esrgan', ['image'], false, ['enhance']],
    ]);
    expect(models[3]?.maxUpscaleLongSide).toBe(8192);
    expect(await provider.health?.()).toEqual({ ok: true });
  });

  it('uploads the image and mask, then inpaints with VAEEncodeForInpaint', async () => {
    const provider = await setUp();
    const source = await sourceImage(512, 384);
    const ctx = context();
    const output = await provider.edit(
      {
        model: 'comfy-inpaint',
        mode: 'inpaint',
        prompt: 'a cat',
        mask: await maskImage(512, 384),
        source,
        seed: 9,
      },
      ctx,
    );
    expect([output.width, output.height]).toEqual([512, 384]);
    // The kept half is the person's own pixels; the painted half is the model's.
    expect(await pixel(output.data, 10, 10)).toEqual(SOURCE_RGB);
    expect(await pixel(output.data, 500, 10)).not.toEqual(SOURCE_RGB);
    expect(comfy.uploads).toHaveLength(2);
    expect(comfy.uploads.every((file) => file.name.startsWith('kaleido/') && file.type === 'input')).toBe(
      true,
    );
    const graph = comfy.prompts[0]?.graph ?? {};
    const node = (type: string) => Object.values(graph).find((item) => item.class_type === type);
    expect(node('LoadImage')?.inputs.image).toBe(comfy.uploads[0]?.name);
    expect(node('LoadImageMask')?.inputs).toMatchObject({ image: comfy.uploads[1]?.name, channel: 'red' });
    expect(node('VAEEncodeForInpaint')?.inputs.mask).toEqual(['12', 0]);
    expect(node('KSampler')?.inputs).toMatchObject({ seed: 9, denoise: 1 });
    expect(node('CLIPTextEncode')?.inputs.text).toBe('a cat');
    expect(ctx.checkpoints).toHaveLength(1);
    expect(ctx.updates.some((update) => update.stage.startsWith('Sampling'))).toBe(true);
  });

  it('restyles through img2img with the strength as denoise, expands with ImagePadForOutpaint, upscales with a model', async () => {
    const provider = await setUp();
    const source = await sourceImage(256, 256);
    await provider.edit(
      { model: 'comfy-img2img', mode: 'restyle', style: 'vintage', strength: 0.4, source, seed: 2 },
      context(),
    );
    const sampler = Object.values(comfy.prompts[0]?.graph ?? {}).find(
      (item) => item.class_type === 'KSampler',
    );
    expect(sampler?.inputs.denoise).toBe(0.4);

    const expanded = await provider.edit(
      {
        model: 'comfy-outpaint',
        mode: 'expand',
        source,
        seed: 2,
        target: { width: 512, height: 256, offsetX: 128, offsetY: 0 },
      },
      context(),
    );
    expect([expanded.width, expanded.height]).toEqual([512, 256]);
    const pad = Object.values(comfy.prompts[1]?.graph ?? {}).find(
      (item) => item.class_type === 'ImagePadForOutpaint',
    );
    expect(pad?.inputs).toMatchObject({ left: 128, top: 0, right: 128, bottom: 0 });

    const request: UpscaleRequest = {
      model: 'comfy-esrgan',
      source,
      seed: 1,
      scale: 2,
      quality: 'best',
      width: 512,
      height: 512,
    };
    const upscaled = await provider.upscale(request, context());
    expect([upscaled.width, upscaled.height]).toEqual([512, 512]);
    const graph = Object.values(comfy.prompts[2]?.graph ?? {});
    expect(graph.find((item) => item.class_type === 'UpscaleModelLoader')?.inputs.model_name).toBe(
      'RealESRGAN_x4plus.pth',
    );
  });

  it('refuses a tool a model does not offer, and generation on a tool-only model', async () => {
    const provider = await setUp();
    const source = await sourceImage(64, 64);
    await expect(
      provider.edit(
        {
          model: 'comfy-img2img',
          mode: 'inpaint',
          prompt: 'x',
          mask: await maskImage(64, 64),
          source,
          seed: 1,
        },
        context(),
      ),
    ).rejects.toMatchObject({ kind: 'invalid_input' });
    await expect(
      provider.generate(
        {
          kind: 'image',
          model: 'comfy-img2img',
          prompt: 'x',
          seed: 1,
          width: 512,
          height: 512,
          aspectRatio: '1:1',
          style: 'realistic',
          imageStyle: 'default',
          quality: 'standard',
        },
        context(),
      ),
    ).rejects.toMatchObject({ kind: 'invalid_input' });
  });
});

describe('Replicate fill, edit and upscale models', () => {
  let replicate: FakeReplicate;

  async function setUp() {
    replicate = await startFakeReplicate();
    closers.push(() => replicate.close());
    return only(
      providersFrom(
        [
          {
            type: 'replicate',
            baseUrl: `${replicate.url}/v1`,
            apiToken: 'r8_test',
            pollIntervalMs: 20,
            models: [
              { id: 'flux-fill', model: 'black-forest-labs/flux-fill-pro', waitSeconds: 1 },
              { id: 'kontext', model: 'black-forest-labs/flux-kontext-pro', waitSeconds: 1 },
              { id: 'esrgan', model: 'nightmareai/real-esrgan', waitSeconds: 0 },
            ],
          },
        ],
        {},
      ),
    );
  }

  it('declares the presets’ tools, uploads files through the Files API and fills the mask', async () => {
    const provider = await setUp();
    expect(provider.capabilities().models.map((model) => [model.id, model.generates, model.tools])).toEqual([
      ['flux-fill', false, ['inpaint', 'expand']],
      ['kontext', false, ['prompt-edit', 'restyle']],
      ['esrgan', false, ['enhance']],
    ]);
    const source = await sourceImage(320, 200);
    const output = await provider.edit(
      {
        model: 'flux-fill',
        mode: 'inpaint',
        prompt: 'a boat',
        mask: await maskImage(320, 200),
        source,
        seed: 4,
      },
      context(),
    );
    expect([output.width, output.height]).toEqual([320, 200]);
    expect(replicate.uploads.map((file) => [file.name, file.width, file.height])).toEqual([
      ['image.png', 320, 200],
      ['mask.png', 320, 200],
    ]);
    const input = replicate.creates[0]?.body.input as Record<string, unknown>;
    expect(input).toMatchObject({
      prompt: 'a boat',
      image: `${replicate.url}/v1/files/${replicate.uploads[0]?.id}`,
      mask: `${replicate.url}/v1/files/${replicate.uploads[1]?.id}`,
      seed: 4,
      output_format: 'png',
    });
    expect(await provider.health?.()).toEqual({ ok: true });
  });

  it('expands as a fill of the grown canvas, edits by prompt and upscales ×4', async () => {
    const provider = await setUp();
    const source = await sourceImage(200, 100);
    const expanded = await provider.edit(
      {
        model: 'flux-fill',
        mode: 'expand',
        source,
        seed: 1,
        target: { width: 300, height: 150, offsetX: 50, offsetY: 25 },
      },
      context(),
    );
    expect([expanded.width, expanded.height]).toEqual([300, 150]);
    expect(await pixel(expanded.data, 150, 75)).toEqual(SOURCE_RGB);
    expect(await pixel(expanded.data, 5, 5)).not.toEqual(SOURCE_RGB);
    const mask = replicate.uploads[1]?.data as Buffer;
    const grey = await sharp(mask).extractChannel(0).raw().toBuffer();
    expect(grey[0]).toBe(255); // new area: to fill
    expect(grey[75 * 300 + 150]).toBe(0); // the source: kept

    await provider.edit(
      { model: 'kontext', mode: 'prompt', prompt: 'make it night', source, seed: 1 },
      context(),
    );
    expect(replicate.creates[1]?.body.input).toMatchObject({
      prompt: 'make it night',
      aspect_ratio: 'match_input_image',
    });

    const upscaled = await provider.upscale(
      { model: 'esrgan', source, seed: 1, scale: 4, quality: 'best', width: 800, height: 400 },
      context(),
    );
    expect([upscaled.width, upscaled.height]).toEqual([800, 400]);
    expect(replicate.creates[2]?.body.input).toMatchObject({ scale: 4, face_enhance: false });
    // A community model: run by its latest version (read from GET /models/…), not by name.
    expect(replicate.creates[2]?.body.version).toBe(versionOf('nightmareai/real-esrgan'));
  });
});

describe('fal fill, edit and upscale endpoints', () => {
  let fal: FakeFal;

  async function setUp() {
    fal = await startFakeFal('fal-key-test');
    closers.push(() => fal.close());
    return only(
      providersFrom(
        [
          {
            type: 'fal',
            key: 'fal-key-test',
            queueUrl: fal.url,
            pollIntervalMs: 20,
            models: [
              { id: 'fal-fill', endpoint: 'fal-ai/flux-pro/v1/fill' },
              { id: 'fal-kontext', endpoint: 'fal-ai/flux-pro/kontext' },
              { id: 'fal-esrgan', endpoint: 'fal-ai/esrgan' },
            ],
          },
        ],
        {},
      ),
    );
  }

  it('sends files as data URIs and reads images[] and image results at their real size', async () => {
    const provider = await setUp();
    const source = await sourceImage(160, 120);
    const filled = await provider.edit(
      {
        model: 'fal-fill',
        mode: 'inpaint',
        prompt: 'flowers',
        mask: await maskImage(160, 120),
        source,
        seed: 5,
      },
      context(),
    );
    expect([filled.width, filled.height]).toEqual([160, 120]);
    const body = fal.submits[0]?.body as Record<string, string>;
    expect(fal.submits[0]?.path).toBe('/fal-ai/flux-pro/v1/fill');
    expect(body.image_url).toMatch(/^data:image\/png;base64,/);
    expect(body.mask_url).toMatch(/^data:image\/png;base64,/);

    await provider.edit(
      { model: 'fal-kontext', mode: 'restyle', style: 'watercolor', source, seed: 5 },
      context(),
    );
    expect(String(fal.submits[1]?.body.prompt)).toMatch(/watercolor/);

    const upscaled = await provider.upscale(
      { model: 'fal-esrgan', source, seed: 1, scale: 2, quality: 'balanced', width: 320, height: 240 },
      context(),
    );
    expect([upscaled.width, upscaled.height]).toEqual([320, 240]);
    expect(fal.submits[2]?.body).toMatchObject({ scale: 2, model: 'RealESRGAN_x4plus' });
  });
});
