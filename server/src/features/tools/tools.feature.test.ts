import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { browser, type SignedIn, signUp } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { mp4WithMetadata, pngOf, uploadAs } from '../../../test/upload-files.js';
import {
  type EditRequest,
  type GenerationProvider,
  ProviderError,
  type UpscaleRequest,
} from '../../providers/provider.js';
import { createSketchProvider } from '../../providers/sketch/provider.js';

/** A provider with every tool, at the provider boundary: it answers solid PNGs of the asked size, or fails. */
function createToolProvider() {
  const calls: (UpscaleRequest | EditRequest)[] = [];
  let failWith: ProviderError | null = null;
  const solid = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
  const provider: GenerationProvider = {
    id: 'toolbox',
    capabilities: () => ({
      providerId: 'toolbox',
      providerName: 'Toolbox',
      models: [
        {
          id: 'toolbox-1',
          name: 'Toolbox',
          kinds: ['image'],
          description: 'Test tools',
          supportsSeed: true,
          supportsNegativePrompt: false,
          maxWidth: 1024,
          maxHeight: 1024,
          tools: ['enhance', 'restyle', 'expand', 'inpaint', 'prompt-edit'],
          maxUpscaleLongSide: 400,
        },
      ],
    }),
    generate: async () => {
      throw new ProviderError('invalid_input', 'tools only');
    },
    async upscale(request, context) {
      calls.push(request);
      context.report({ progress: 50, stage: 'Upscaling' });
      if (failWith) throw failWith;
      const width = request.source.width * request.scale;
      const height = request.source.height * request.scale;
      return {
        data: await solid(width, height),
        contentType: 'image/png',
        width,
        height,
        seed: request.seed,
        model: request.model,
      };
    },
    async edit(request) {
      calls.push(request);
      if (failWith) throw failWith;
      const width = request.target?.width ?? request.source.width;
      const height = request.target?.height ?? request.source.height;
      return {
        data: await solid(width, height),
        contentType: 'image/png',
        width,
        height,
        seed: request.seed,
        model: request.model,
      };
    },
  };
  return {
    provider,
    calls,
    fail(error: ProviderError | null) {
      failWith = error;
    },
  };
}

describe('creative tools on the jobs engine', () => {
  let ctx: TestContext;
  let tools: ReturnType<typeof createToolProvider>;
  let person: SignedIn;

  beforeEach(async () => {
    tools = createToolProvider();
    ctx = await createTestContext({ providers: [tools.provider] });
    person = await signUp(ctx.app);
  });
  afterEach(async () => {
    await ctx.close();
  });

  const credits = async () => (await browser(ctx.app, person).get('/api/auth/me')).json().data.credits;
  const upload = async () =>
    (
      await uploadAs(ctx.app, person, { name: 'source.png', type: 'image/png', data: await pngOf(96, 64) })
    ).json().data;

  it('says what the installation can do, with limits and prices', async () => {
    const info = (await ctx.app.inject({ method: 'GET', url: '/api/tools' })).json().data;
    expect(info.enhance).toMatchObject({
      available: true,
      scales: [2, 4],
      qualities: ['fast', 'balanced', 'best'],
    });
    expect(info.enhance.models).toEqual([
      {
        id: 'toolbox-1',
        name: 'Toolbox',
        provider: 'toolbox',
        providerName: 'Toolbox',
        offline: false,
        maxOutputLongSide: 400,
        available: true,
      },
    ]);
    expect(info.edit.modes.inpaint.available).toBe(true);
    expect(info.prices).toMatchObject({ edit: 1, minimum: 1 });
  });

  it('enhances an upload: a job answered like a generation, charged by output size, with lineage', async () => {
    const source = await upload();
    const before = await credits();
    const response = await browser(ctx.app, person).post('/api/tools/enhance', {
      assetId: source.id,
      scale: 4,
      quality: 'fast',
    });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.metadata).toMatchObject({ width: 384, height: 256, model: 'toolbox-1', provider: 'toolbox' });
    expect(data.generation).toMatchObject({
      status: 'succeeded',
      tool: 'enhance',
      sourceAssetIds: [source.id],
      cost: 1,
    });
    expect(tools.calls[0]).toMatchObject({
      scale: 4,
      quality: 'fast',
      source: { kind: 'image', width: 96, height: 64 },
    });
    expect(await credits()).toBe(before - 1);

    const enhanced = (await browser(ctx.app, person).get(`/api/assets/${data.id}`)).json().data;
    expect(enhanced).toMatchObject({ origin: 'generated', tool: 'enhance', sourceAssetIds: [source.id] });
    const lineage = (await browser(ctx.app, person).get(`/api/library/${source.id}/lineage`)).json().data;
    expect(lineage.sources).toEqual([]);
    expect(lineage.derived.map((asset: { id: string }) => asset.id)).toEqual([data.id]);
    const back = (await browser(ctx.app, person).get(`/api/library/${data.id}/lineage`)).json().data;
    expect(back.sources.map((asset: { id: string }) => asset.id)).toEqual([source.id]);

    // Deleting the source keeps what was made from it (and its record of where it came from).
    expect((await browser(ctx.app, person).delete(`/api/assets/${source.id}`)).statusCode).toBe(200);
    const after = (await browser(ctx.app, person).get(`/api/library/${data.id}/lineage`)).json().data;
    expect(after).toEqual({ sources: [], derived: [] });
    expect((await browser(ctx.app, person).get(`/api/assets/${data.id}`)).json().data.sourceAssetIds).toEqual(
      [source.id],
    );
  });

  it('marks a Free-plan result once: a source that carries the mark passes it on, never a second one', async () => {
    const enhance = async (assetId: string) =>
      (
        await browser(ctx.app, person).post('/api/tools/enhance', { assetId, scale: 2, quality: 'fast' })
      ).json().data;
    const markOf = async (generationId: string) =>
      (
        await ctx.database.kysely
          .selectFrom('generations')
          .select('watermark')
          .where('id', '=', generationId)
          .executeTakeFirstOrThrow()
      ).watermark;
    // An upload carries no mark: its enhancement on the Free plan gets one.
    const first = await enhance((await upload()).id);
    expect(await markOf(first.generation.id)).toBe(1);
    // That result carries it, and so does what is made from it, however far down.
    const second = await enhance(first.id);
    expect(await markOf(second.generation.id)).toBe(0);
    const third = (
      await browser(ctx.app, person).post('/api/tools/edit', {
        assetId: second.id,
        mode: 'expand',
        expand: { aspectRatio: '16:9' },
      })
    ).json().data;
    expect(third.generation.tool).toBe('edit');
    expect(await markOf(third.generation.id)).toBe(0);
  });

  it('leaves no inpaint mask behind a finished job or a refused one', async () => {
    const source = await upload();
    const masks = async () =>
      (
        await readdir(path.join(ctx.dataDir, 'files', 'users', person.user.id), { recursive: true }).catch(
          () => [],
        )
      ).filter((name) => name.startsWith('masks/') && name.endsWith('.png'));
    const mask = `data:image/png;base64,${(await pngOf(96, 64)).toString('base64')}`;
    const inpaint = () =>
      browser(ctx.app, person).post('/api/tools/edit', {
        assetId: source.id,
        mode: 'inpaint',
        prompt: 'a red door',
        mask,
      });
    expect((await inpaint()).statusCode).toBe(200);
    // The runner removes it as the job's last step, just after the answer.
    await expect.poll(masks, { timeout: 5000 }).toEqual([]);
    // No credits left: refused after the mask was read, and nothing of it stays.
    await ctx.database.kysely
      .updateTable('users')
      .set({ credits_monthly: 0, credits_purchased: 0 })
      .where('id', '=', person.user.id)
      .execute();
    expect((await inpaint()).statusCode).toBe(402);
    expect(await masks()).toEqual([]);
  });

  it('refunds a failed tool job', async () => {
    const source = await upload();
    const before = await credits();
    tools.fail(new ProviderError('internal', 'model crashed'));
    const response = await browser(ctx.app, person).post('/api/tools/edit', {
      assetId: source.id,
      mode: 'prompt',
      prompt: 'make it night',
    });
    expect(response.statusCode).toBe(502);
    expect(response.json().details.generation).toMatchObject({ status: 'failed', tool: 'edit' });
    expect(await credits()).toBe(before);
  });

  it('edits: expand by an aspect ratio, inpaint with a mask, and refuses bad input before charging', async () => {
    const source = await upload();
    const before = await credits();
    const expand = await browser(ctx.app, person).post('/api/tools/edit', {
      assetId: source.id,
      mode: 'expand',
      expand: { aspectRatio: '16:9' },
    });
    expect(expand.statusCode).toBe(200);
    expect(expand.json().data.metadata).toMatchObject({ width: 114, height: 64 });
    expect(tools.calls.at(-1)).toMatchObject({
      mode: 'expand',
      target: { width: 114, height: 64, offsetX: 9, offsetY: 0 },
    });

    const mask = await sharp({ create: { width: 96, height: 64, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    const inpaint = await browser(ctx.app, person).post('/api/tools/edit', {
      assetId: source.id,
      mode: 'inpaint',
      prompt: 'a red door',
      mask: `data:image/png;base64,${mask.toString('base64')}`,
    });
    expect(inpaint.statusCode).toBe(200);
    const call = tools.calls.at(-1);
    expect(call && 'mode' in call ? call.mask?.equals(mask) : false).toBe(true);

    const wrongMask = await browser(ctx.app, person).post('/api/tools/edit', {
      assetId: source.id,
      mode: 'inpaint',
      prompt: 'a red door',
      mask: (await pngOf(10, 10)).toString('base64'),
    });
    expect(wrongMask.statusCode).toBe(400);
    const noPrompt = await browser(ctx.app, person).post('/api/tools/edit', {
      assetId: source.id,
      mode: 'prompt',
    });
    expect(noPrompt.statusCode).toBe(400);
    const wide = (
      await uploadAs(ctx.app, person, { name: 'wide.png', type: 'image/png', data: await pngOf(128, 96) })
    ).json().data;
    const tooLarge = await browser(ctx.app, person).post('/api/tools/enhance', {
      assetId: wide.id,
      scale: 4,
    });
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().error).toMatch(/512×384 pixels, more than this model can make \(400 px/);
    const missing = await browser(ctx.app, person).post('/api/tools/enhance', { assetId: 'nope', scale: 2 });
    expect(missing.statusCode).toBe(404);
    expect(await credits()).toBe(before - 2);
  });

  it('another person cannot use my asset as a source', async () => {
    const source = await upload();
    const stranger = await signUp(ctx.app);
    const response = await browser(ctx.app, stranger).post('/api/tools/enhance', {
      assetId: source.id,
      scale: 2,
    });
    expect(response.statusCode).toBe(404);
    expect((await browser(ctx.app, stranger).get(`/api/library/${source.id}/lineage`)).statusCode).toBe(404);
  });
});

describe('offline tools (Sketch: the neural Enhancer and the restyle/expand edits)', () => {
  let ctx: TestContext;
  let person: SignedIn;
  beforeEach(async () => {
    ctx = await createTestContext({ providers: [createSketchProvider({ poolSize: 0 })] });
    person = await signUp(ctx.app);
  });
  afterEach(async () => {
    await ctx.close();
  });

  it('enhances ×2, restyles and expands an upload offline; inpaint needs an AI provider', async () => {
    const uploaded = await uploadAs(ctx.app, person, {
      name: 'small.png',
      type: 'image/png',
      data: await pngOf(32, 24),
    });
    const source = uploaded.json().data;
    const info = (await ctx.app.inject({ method: 'GET', url: '/api/tools' })).json().data;
    expect(info.enhance.models[0]).toMatchObject({
      provider: 'sketch',
      offline: true,
      maxOutputLongSide: 8192,
    });
    expect(info.edit.modes.restyle.available).toBe(true);
    expect(info.edit.modes.inpaint).toMatchObject({ available: false, models: [] });
    expect(info.edit.modes.inpaint.providers).toContain('openai');

    const enhanced = await browser(ctx.app, person).post('/api/tools/enhance', {
      assetId: source.id,
      scale: 2,
      quality: 'fast',
    });
    expect(enhanced.statusCode).toBe(200);
    expect(enhanced.json().data.metadata).toMatchObject({ width: 64, height: 48, contentType: 'image/png' });

    const restyled = await browser(ctx.app, person).post('/api/tools/edit', {
      assetId: source.id,
      mode: 'restyle',
      style: 'anime',
      strength: 0.8,
      seed: 7,
    });
    expect(restyled.statusCode).toBe(200);
    expect(restyled.json().data.metadata).toMatchObject({ width: 32, height: 24 });
    expect(restyled.json().data.settings).toMatchObject({ imageStyle: 'anime' });

    const expanded = await browser(ctx.app, person).post('/api/tools/edit', {
      assetId: source.id,
      mode: 'expand',
      expand: { margins: { top: 8, right: 4, bottom: 8, left: 4 } },
    });
    expect(expanded.statusCode).toBe(200);
    expect(expanded.json().data.metadata).toMatchObject({ width: 40, height: 40 });

    const inpaint = await browser(ctx.app, person).post('/api/tools/edit', {
      assetId: source.id,
      mode: 'inpaint',
      prompt: 'a cat',
      mask: (await pngOf(32, 24)).toString('base64'),
    });
    expect(inpaint.statusCode).toBe(400);
    expect(inpaint.json().error).toMatch(/needs an AI provider/);
  }, 60_000);

  it('refuses a video longer than the offline Enhancer takes before charging anything', async () => {
    const clip = await uploadAs(ctx.app, person, {
      name: 'long.mp4',
      type: 'video/mp4',
      data: await mp4WithMetadata(31),
    });
    expect(clip.statusCode, clip.body).toBe(200);
    const before = (await browser(ctx.app, person).get('/api/auth/me')).json().data.credits;
    const response = await browser(ctx.app, person).post('/api/tools/enhance', {
      assetId: clip.json().data.id,
      scale: 2,
      quality: 'fast',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/30/);
    expect((await browser(ctx.app, person).get('/api/auth/me')).json().data.credits).toBe(before);
    expect(await ctx.database.kysely.selectFrom('generations').select('id').execute()).toEqual([]);
  }, 60_000);
});
