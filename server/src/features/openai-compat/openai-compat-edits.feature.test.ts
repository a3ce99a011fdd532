import OpenAI, { APIError, BadRequestError, toFile } from 'openai';
import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browser, type SignedIn, signUp } from '../../../test/factories.js';
import { createFakeProvider } from '../../../test/fake-provider.js';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { freePort } from '../../../test/postgres-server.js';
import { pngOf } from '../../../test/upload-files.js';
import { type EditRequest, type GenerationProvider, ProviderError } from '../../providers/provider.js';

/** A provider that inpaints and edits by prompt, at the provider boundary: it answers solid PNGs and keeps its calls. */
function createEditProvider() {
  const calls: EditRequest[] = [];
  const provider: GenerationProvider = {
    id: 'editor',
    capabilities: () => ({
      providerId: 'editor',
      providerName: 'Editor',
      models: [
        {
          id: 'editor-1',
          name: 'Editor',
          kinds: ['image'],
          description: 'Test edits',
          supportsSeed: true,
          supportsNegativePrompt: false,
          maxWidth: 1024,
          maxHeight: 1024,
          tools: ['inpaint', 'prompt-edit'],
        },
      ],
    }),
    generate: async () => {
      throw new ProviderError('invalid_input', 'edits only');
    },
    async edit(request) {
      calls.push(request);
      const { width, height } = request.source;
      return {
        data: await sharp({ create: { width, height, channels: 3, background: '#aa3300' } })
          .png()
          .toBuffer(),
        contentType: 'image/png',
        width,
        height,
        seed: request.seed,
        model: request.model,
      };
    },
  };
  return { provider, calls };
}

/** OpenAI's mask: an RGBA PNG, transparent (alpha 0) on the left half = the part to change. */
async function openAIMask(width: number, height: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) raw[(y * width + x) * 4 + 3] = x < width / 2 ? 0 : 255;
  return sharp(raw, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}

/**
 * `POST /api/openai/v1/images/edits` driven by the official `openai` package over real HTTP: the
 * image becomes an upload, each image an Edit job (inpaint with a mask, prompt edit without).
 */
describe('the OpenAI-compatible image edits', () => {
  let ctx: TestContext;
  let admin: SignedIn;
  let person: SignedIn;
  let baseUrl: string;

  const start = async (providers: GenerationProvider[]) => {
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    ctx = await createTestContext({ providers, config: { publicUrl: baseUrl } });
    await ctx.app.listen({ port, host: '127.0.0.1' });
    admin = await signUp(ctx.app);
    person = await signUp(ctx.app);
  };
  afterEach(async () => {
    await ctx.close();
  });

  const createKey = async () => {
    const response = await browser(ctx.app, person).post('/api/api-keys/create', { name: 'Open WebUI' });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { id: string; key: string };
  };
  const client = (apiKey: string) =>
    new OpenAI({ baseURL: `${baseUrl}/api/openai/v1`, apiKey, maxRetries: 0 });
  const balance = async () =>
    (await browser(ctx.app, person).get('/api/auth/me')).json().data.credits as number;
  const assets = () =>
    ctx.database.kysely.selectFrom('assets').select(['id', 'origin', 'tool']).orderBy('created_at').execute();
  const failure = async (call: Promise<unknown>): Promise<APIError> => {
    const error = await call.then(
      () => null,
      (thrown: unknown) => thrown,
    );
    if (!(error instanceof APIError)) throw new Error(`expected an APIError, got ${String(error)}`);
    return error;
  };
  const image = async () => toFile(await pngOf(96, 64), 'photo.png', { type: 'image/png' });

  it('inpaints with a mask: the image kept as an upload, n edits charged, the mask in our convention', async () => {
    const editor = createEditProvider();
    await start([editor.provider]);
    const { key, id } = await createKey();
    const answer = await client(key).images.edit({
      model: 'gpt-image-1',
      image: await image(),
      mask: await toFile(await openAIMask(96, 64), 'mask.png', { type: 'image/png' }),
      prompt: 'a red door',
      n: 2,
      size: '1024x1024',
      response_format: 'b64_json',
    });
    expect(answer.data).toHaveLength(2);
    for (const made of answer.data ?? []) {
      expect(made.revised_prompt).toBe('a red door');
      const png = Buffer.from(made.b64_json ?? '', 'base64');
      // The edit keeps the source's size.
      expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 96, height: 64 });
    }
    expect(editor.calls).toHaveLength(2);
    const [call] = editor.calls;
    expect(call).toMatchObject({ mode: 'inpaint', prompt: 'a red door', model: 'editor-1' });
    // Transparent in OpenAI's mask is white (change) in ours; opaque is black (keep).
    const grey = await sharp(call?.mask).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
    expect(grey.info).toMatchObject({ width: 96, height: 64 });
    expect(grey.data[10]).toBe(255);
    expect(grey.data[90]).toBe(0);
    expect(await balance()).toBe(8);

    // The upload and both results are in the library, the results edited from the upload.
    const stored = await assets();
    expect(stored.map((row) => [row.origin, row.tool])).toEqual([
      ['uploaded', null],
      ['generated', 'edit'],
      ['generated', 'edit'],
    ]);
    const lineage = (await browser(ctx.app, person).get(`/api/library/${stored[0]?.id}/lineage`)).json().data;
    expect(lineage.derived).toHaveLength(2);
    await vi.waitFor(async () =>
      expect((await browser(ctx.app, person).get(`/api/api-keys/${id}/usage`)).json().data).toMatchObject({
        totalRequests: 1,
        creditsUsed: 2,
      }),
    );
  });

  it('edits by prompt without a mask, answering a signed URL', async () => {
    const editor = createEditProvider();
    await start([editor.provider]);
    const { key } = await createKey();
    const answer = await client(key).images.edit({ image: await image(), prompt: 'make it night' });
    const [made] = answer.data ?? [];
    expect(made?.url).toMatch(new RegExp(`^${baseUrl}/api/files/.+\\?exp=\\d+&sig=`));
    const file = await fetch(made?.url ?? '');
    expect(file.status).toBe(200);
    expect(await sharp(Buffer.from(await file.arrayBuffer())).metadata()).toMatchObject({ width: 96 });
    expect(editor.calls).toEqual([expect.objectContaining({ mode: 'prompt', prompt: 'make it night' })]);
    expect(editor.calls[0]?.mask).toBeUndefined();
    expect(await balance()).toBe(9);
  });

  it('refuses a bad mask, a missing prompt or too many images on their field, storing and charging nothing', async () => {
    const editor = createEditProvider();
    await start([editor.provider]);
    const openai = client((await createKey()).key);
    const opaque = await toFile(await pngOf(96, 64), 'mask.png', { type: 'image/png' });
    const badMask = await failure(openai.images.edit({ image: await image(), mask: opaque, prompt: 'x' }));
    expect(badMask).toBeInstanceOf(BadRequestError);
    expect(badMask.error).toEqual({
      message: expect.stringContaining('transparency'),
      type: 'invalid_request_error',
      param: 'mask',
      code: 'invalid_value',
    });
    const wrongSize = await toFile(await openAIMask(32, 32), 'mask.png', { type: 'image/png' });
    expect(
      await failure(openai.images.edit({ image: await image(), mask: wrongSize, prompt: 'x' })),
    ).toMatchObject({ status: 400, param: 'mask' });
    expect(await failure(openai.images.edit({ image: await image(), prompt: '' }))).toMatchObject({
      status: 400,
      param: 'prompt',
    });
    expect(await failure(openai.images.edit({ image: await image(), prompt: 'x', n: 9 }))).toMatchObject({
      status: 400,
      param: 'n',
    });
    const text = await toFile(Buffer.from('not an image at all, just some words '.repeat(4)), 'photo.png', {
      type: 'image/png',
    });
    expect(await failure(openai.images.edit({ image: text, prompt: 'x' }))).toMatchObject({ status: 415 });
    expect(await assets()).toEqual([]);
    expect(editor.calls).toEqual([]);
    expect(await balance()).toBe(10);
  });

  it('refuses with 400 on `model` when no configured provider can edit, storing nothing', async () => {
    await start([createFakeProvider().provider]);
    const openai = client((await createKey()).key);
    const error = await failure(openai.images.edit({ image: await image(), prompt: 'make it night' }));
    expect(error).toMatchObject({ status: 400, type: 'invalid_request_error', param: 'model' });
    expect(error.message).toContain('It needs an AI provider: openai, replicate, fal, comfyui.');
    const mask = await toFile(await openAIMask(96, 64), 'mask.png', { type: 'image/png' });
    const inpaint = await failure(
      openai.images.edit({ image: await image(), mask, prompt: 'x', model: 'dall-e-2' }),
    );
    expect(inpaint).toMatchObject({ status: 400, param: 'model' });
    expect(inpaint.message).toContain('openai, comfyui, replicate, fal');
    expect(await assets()).toEqual([]);
    expect(await balance()).toBe(10);
  });

  it('refuses edits the credits cannot all pay with 402 insufficient_quota, storing nothing', async () => {
    const editor = createEditProvider();
    await start([editor.provider]);
    const openai = client((await createKey()).key);
    await browser(ctx.app, admin).post('/api/auth/update-credits', { credits: 1, userId: person.user.id });
    const error = await failure(openai.images.edit({ image: await image(), prompt: 'two', n: 2 }));
    expect(error).toMatchObject({ status: 402, code: 'insufficient_quota' });
    expect(await assets()).toEqual([]);
    expect(editor.calls).toEqual([]);
  });
});
