import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { browser, type SignedIn, signUp } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { pngOf, uploadAs, wavOf } from '../../../test/upload-files.js';
import { createSketchProvider } from '../../providers/sketch/provider.js';

describe('public API: uploads, enhance and edit', () => {
  let ctx: TestContext;
  let person: SignedIn;
  let key: string;

  beforeEach(async () => {
    ctx = await createTestContext({ providers: [createSketchProvider({ poolSize: 0 })] });
    person = await signUp(ctx.app);
    const created = await browser(ctx.app, person).post('/api/api-keys/create', { name: 'Tools' });
    key = created.json().data.key;
  });
  afterEach(async () => {
    await ctx.close();
  });

  const call = (url: string, payload: object, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${key}`, ...headers }, payload });
  const balance = async () => (await browser(ctx.app, person).get('/api/auth/me')).json().data.credits;

  it('uploads audio (checked and cleaned like any upload), which the tools refuse', async () => {
    const uploaded = await uploadAs(
      ctx.app,
      { authorization: `Bearer ${key}` },
      { name: 'voice.wav', type: 'audio/wav', data: wavOf(1) },
      '/api/v1/uploads',
    );
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const asset = uploaded.json().data;
    expect(asset).toMatchObject({
      type: 'audio',
      origin: 'uploaded',
      thumbnailUrl: null,
      metadata: { contentType: 'audio/wav' },
    });
    const enhance = await call('/api/v1/enhance', { assetId: asset.id, scale: 2 });
    expect(enhance.statusCode).toBe(400);
  });

  it('uploads, then enhances asynchronously (followed like a generation, idempotent, charged once)', async () => {
    const uploaded = await uploadAs(
      ctx.app,
      { authorization: `Bearer ${key}` },
      { name: 'pic.png', type: 'image/png', data: await pngOf(32, 24) },
      '/api/v1/uploads',
    );
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const asset = uploaded.json().data;
    expect(asset).toMatchObject({ type: 'image', origin: 'uploaded', sourceAssetIds: [] });
    expect(asset.url).toMatch(/^http:\/\/localhost:3000\/api\/files\//);
    const before = await balance();

    const accepted = await call(
      '/api/v1/enhance',
      { assetId: asset.id, scale: 2, quality: 'fast' },
      { prefer: 'respond-async', 'idempotency-key': 'enhance-1' },
    );
    expect(accepted.statusCode, accepted.body).toBe(202);
    expect(accepted.headers.location).toBe(accepted.json().data.statusUrl);
    const jobId = accepted.json().data.id;
    const replay = await call(
      '/api/v1/enhance',
      { assetId: asset.id, scale: 2, quality: 'fast' },
      { prefer: 'respond-async', 'idempotency-key': 'enhance-1' },
    );
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().data.id).toBe(jobId);

    // Followed with the session (a free key allows 5 calls a minute), then read once with the key.
    for (let i = 0; i < 400; i++) {
      const job = (await browser(ctx.app, person).get(`/api/generations/${jobId}`)).json().data;
      if (job.status === 'failed') throw new Error(job.error);
      if (job.status === 'succeeded') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const read = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/generations/${jobId}`,
      headers: { authorization: `Bearer ${key}` },
    });
    expect(read.json().data).toMatchObject({ status: 'succeeded', metadata: { width: 64, height: 48 } });
    expect(await balance()).toBe(before - 1);
  }, 60_000);

  it('edits offline with lineage, and refuses what needs a provider or is not in the contract', async () => {
    const asset = (
      await uploadAs(ctx.app, person, { name: 'pic.png', type: 'image/png', data: await pngOf(32, 24) })
    ).json().data;
    const edited = await call('/api/v1/edit', {
      assetId: asset.id,
      mode: 'restyle',
      style: 'vintage',
      strength: 0.5,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.metadata).toMatchObject({ width: 32, height: 24 });
    const resultAsset = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/assets?type=all`,
      headers: { authorization: `Bearer ${key}` },
    });
    const items = resultAsset.json().data.items as { tool: string | null; sourceAssetIds: string[] }[];
    expect(items.filter((item) => item.tool === 'edit')[0]?.sourceAssetIds).toEqual([asset.id]);

    const unavailable = await call('/api/v1/edit', {
      assetId: asset.id,
      mode: 'prompt',
      prompt: 'make it night',
    });
    expect(unavailable.statusCode).toBe(400);
    const unknownField = await call('/api/v1/enhance', { assetId: asset.id, colour: 'red' });
    expect(unknownField.statusCode).toBe(400);
  }, 60_000);

  it('documents the calls in the OpenAPI document', async () => {
    const document = (await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/uploads', '/enhance', '/edit']));
    expect(
      document.paths['/uploads'].post.requestBody.content['multipart/form-data'].schema.required,
    ).toEqual(['file']);
    expect(document.paths['/enhance'].post.tags).toEqual(['Tools']);
    expect(document.components.schemas.PublicAsset.properties.sourceAssetIds).toBeDefined();
  });
});
