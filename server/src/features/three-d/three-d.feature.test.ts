import { NodeIO } from '@gltf-transform/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { browser, type SignedIn, signUp } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { balanceOf } from '../../../test/provider-fixtures.js';
import { pngOf, uploadAs } from '../../../test/upload-files.js';
import { createSketchProvider } from '../../providers/sketch/provider.js';

describe('3D Objects with the offline low-poly modeller', () => {
  let ctx: TestContext;
  let person: SignedIn;

  beforeEach(async () => {
    ctx = await createTestContext({ providers: [createSketchProvider({ poolSize: 0 })] });
    person = await signUp(ctx.app);
  });
  afterEach(async () => {
    await ctx?.close();
  });

  const make = (body: object, query = '?wait=true') =>
    browser(ctx.app, person).post(`/api/generate-3d${query}`, body);

  it('lists the offline model, the price and the providers that can', async () => {
    const info = (await ctx.app.inject({ method: 'GET', url: '/api/tools/3d' })).json().data;
    expect(info).toEqual({
      models: [
        {
          id: 'lowpoly-3d',
          name: 'Low-poly (offline)',
          provider: 'sketch',
          providerName: 'Sketch (built-in, offline)',
          offline: true,
          takesImage: false,
          available: true,
        },
      ],
      price: 3,
      providers: ['sketch', 'fal', 'replicate'],
    });
    // A tool-only model: the generators never offer it.
    const models = (await ctx.app.inject({ method: 'GET', url: '/api/models' })).json().data;
    expect(models.map((model: { id: string }) => model.id)).not.toContain('lowpoly-3d');
  });

  it('makes a GLB with a thumbnail, charges the price and files it under the 3D filter', async () => {
    const before = await balanceOf(ctx.app, person);
    const response = await make({ prompt: 'a red vintage car', seed: 11 });
    expect(response.statusCode, response.body).toBe(200);
    const finished = response.json().data;
    expect(finished.metadata).toMatchObject({
      contentType: 'model/gltf-binary',
      width: 512,
      height: 512,
      cost: 3,
    });
    expect(finished.thumbnailUrl).toEqual(expect.any(String));
    expect(await balanceOf(ctx.app, person)).toBe(before - 3);

    const download = await ctx.app.inject({ method: 'GET', url: finished.downloadUrl });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toMatch(/model\/gltf-binary/);
    expect(download.headers['content-disposition']).toMatch(/\.glb/);
    const document = await new NodeIO().readBinary(new Uint8Array(download.rawPayload));
    expect(
      document.getRoot().listMeshes()[0]?.listPrimitives()[0]?.getAttribute('POSITION')?.getCount(),
    ).toBeGreaterThan(100);
    const thumbnail = await ctx.app.inject({ method: 'GET', url: finished.thumbnailUrl });
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toMatch(/image\//);

    const job = (await browser(ctx.app, person).get(`/api/generations/${finished.generationId}`)).json().data;
    expect(job).toMatchObject({
      type: 'model',
      tool: '3d',
      status: 'succeeded',
      settings: { kind: 'model', format: 'glb' },
      asset: { type: 'model', tool: '3d', saved: true, settings: { kind: 'model', format: 'glb' } },
      details: { interpretation: { objects: ['car'] } },
    });

    const library = (type: string) =>
      browser(ctx.app, person)
        .get(`/api/assets?type=${type}`)
        .then((answer) => answer.json().data.items.map((item: { id: string }) => item.id));
    expect(await library('model')).toEqual([finished.id]);
    expect(await library('image')).toEqual([]);
  });

  it('refuses an image for the offline modeller, and anything but an image, before charging', async () => {
    const before = await balanceOf(ctx.app, person);
    const upload = await uploadAs(ctx.app, person, {
      name: 'chair.png',
      type: 'image/png',
      data: await pngOf(),
    });
    const image = upload.json().data as { id: string };
    const refused = await make({ prompt: 'a chair', imageAssetId: image.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatch(/needs an AI provider \(fal, replicate\)/);
    const missing = await make({ prompt: 'a chair', imageAssetId: 'nope' });
    expect(missing.statusCode).toBe(404);
    const unknownModel = await make({ prompt: 'a chair', model: 'nope' });
    expect(unknownModel.statusCode).toBe(400);
    expect(await balanceOf(ctx.app, person)).toBe(before);
  });

  it('answers 202 at once without waiting, and the job ends on its own', async () => {
    const started = await make({ prompt: 'a small wooden boat' }, '?wait=false');
    expect(started.statusCode, started.body).toBe(202);
    const id = started.json().data.id;
    let job = (await browser(ctx.app, person).get(`/api/generations/${id}`)).json().data;
    for (let i = 0; i < 200 && job.status !== 'succeeded' && job.status !== 'failed'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      job = (await browser(ctx.app, person).get(`/api/generations/${id}`)).json().data;
    }
    expect(job.status).toBe('succeeded');
    expect(job.asset.type).toBe('model');
  });

  it('answers the public API with the same job, once per Idempotency-Key', async () => {
    const created = await browser(ctx.app, person).post('/api/api-keys/create', { name: '3D' });
    const key = created.json().data.key as string;
    const call = (payload: object, headers: Record<string, string> = {}) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/generate/3d',
        headers: { authorization: `Bearer ${key}`, ...headers },
        payload,
      });
    const before = await balanceOf(ctx.app, person);
    const first = await call({ prompt: 'a stone tower' }, { 'idempotency-key': 'tower-1' });
    expect(first.statusCode, first.body).toBe(200);
    const again = await call({ prompt: 'a stone tower' }, { 'idempotency-key': 'tower-1' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.id).toBe(first.json().data.id);
    expect(first.json().data.url).toMatch(/original\.glb\?/);
    expect(await balanceOf(ctx.app, person)).toBe(before - 3);
    const job = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/generations/${first.json().data.id}`,
      headers: { authorization: `Bearer ${key}` },
    });
    expect(job.json().data).toMatchObject({ type: 'model', status: 'succeeded' });
    const started = await call({ prompt: 'a blue vase', wait: false });
    expect(started.statusCode, started.body).toBe(202);
  });
});
