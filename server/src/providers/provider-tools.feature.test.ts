import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { browser, type SignedIn, signUp } from '../../test/factories.js';
import { type FakeComfy, startFakeComfy } from '../../test/fakes/fake-comfyui.js';
import { type FakeOpenAi, startFakeOpenAi } from '../../test/fakes/fake-openai.js';
import { type FakeReplicate, startFakeReplicate } from '../../test/fakes/fake-replicate.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { providersFrom } from '../../test/provider-fixtures.js';
import { pngOf, uploadAs } from '../../test/upload-files.js';

/**
 * The creative tools through the app with real adapters (issue 16): configured tool models appear in
 * `GET /api/tools`, and an upload is enhanced and edited by the protocol-faithful fakes of ComfyUI,
 * OpenAI and Replicate, the results stored at their real size with their lineage.
 */
describe('provider tools through the app', () => {
  let ctx: TestContext;
  let comfy: FakeComfy;
  let openai: FakeOpenAi;
  let replicate: FakeReplicate;
  let person: SignedIn;

  beforeEach(async () => {
    comfy = await startFakeComfy({
      checkpoints: ['v1-5-pruned-emaonly.safetensors', 'sd-v1-5-inpainting.ckpt'],
      stepMs: 2,
    });
    openai = await startFakeOpenAi('sk-test');
    replicate = await startFakeReplicate();
    ctx = await createTestContext({
      providers: providersFrom([
        {
          type: 'comfyui',
          servers: [comfy.url],
          models: [{ id: 'comfy-inpaint', name: 'SD inpaint', workflow: 'inpaint', steps: 2 }],
        },
        {
          type: 'openai',
          baseUrl: `${openai.url}/v1`,
          apiKey: 'sk-test',
          models: [
            { id: 'gpt-image-1', model: 'gpt-image-1', sizes: ['1024x1024', '1536x1024', '1024x1536'] },
          ],
        },
        {
          type: 'replicate',
          baseUrl: `${replicate.url}/v1`,
          apiToken: 'r8_test',
          pollIntervalMs: 20,
          models: [
            { id: 'esrgan', name: 'Real-ESRGAN', model: 'nightmareai/real-esrgan', maxUpscaleLongSide: 4096 },
          ],
        },
      ]),
      config: { workerConcurrency: 2 },
    });
    person = await signUp(ctx.app);
  });
  afterEach(async () => {
    await ctx?.close();
    await comfy?.close();
    await openai?.close();
    await replicate?.close();
  });

  const upload = async () =>
    (
      await uploadAs(ctx.app, person, { name: 'photo.png', type: 'image/png', data: await pngOf(128, 96) })
    ).json().data;

  it('lists the configured tool models by mode', async () => {
    const info = (await ctx.app.inject({ method: 'GET', url: '/api/tools' })).json().data;
    const ids = (mode: { models: { id: string }[] }) => mode.models.map((model) => model.id);
    expect(ids(info.edit.modes.inpaint)).toEqual(['comfy-inpaint', 'gpt-image-1']);
    expect(ids(info.edit.modes.prompt)).toEqual(['gpt-image-1']);
    expect(ids(info.enhance)).toEqual(['esrgan']);
    expect(info.edit.modes.expand.available).toBe(false);
    // Tool-only models are not offered to the generators; gpt-image-1 both generates and edits.
    const models = (await ctx.app.inject({ method: 'GET', url: '/api/models' })).json().data;
    expect(models.map((model: { id: string }) => model.id)).toEqual(['gpt-image-1']);
  });

  it('inpaints on ComfyUI, edits by prompt with OpenAI and enhances on Replicate', async () => {
    const source = await upload();
    const mask = await sharp({ create: { width: 128, height: 96, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    const inpaint = await browser(ctx.app, person).post('/api/tools/edit', {
      assetId: source.id,
      mode: 'inpaint',
      model: 'comfy-inpaint',
      prompt: 'a red door',
      mask: `data:image/png;base64,${mask.toString('base64')}`,
    });
    expect(inpaint.statusCode).toBe(200);
    expect(inpaint.json().data.metadata).toMatchObject({ width: 128, height: 96 });
    expect(comfy.uploads).toHaveLength(2);

    const edited = await browser(ctx.app, person).post('/api/tools/edit', {
      assetId: source.id,
      mode: 'prompt',
      model: 'gpt-image-1',
      prompt: 'make it night',
    });
    expect(edited.statusCode).toBe(200);
    // 128×96 is 4:3: the nearest allowed size is 1536×1024 (3:2), kept as the provider made it.
    expect(edited.json().data.metadata).toMatchObject({ width: 1536, height: 1024 });
    expect(openai.edits[0]?.fields).toMatchObject({ prompt: 'make it night', size: '1536x1024' });

    const enhanced = await browser(ctx.app, person).post('/api/tools/enhance', {
      assetId: source.id,
      scale: 4,
      model: 'esrgan',
    });
    expect(enhanced.statusCode).toBe(200);
    expect(enhanced.json().data.metadata).toMatchObject({ width: 512, height: 384 });
    expect(replicate.uploads).toHaveLength(1);
    expect(replicate.creates[0]?.body.input).toMatchObject({ scale: 4 });
  });
});
