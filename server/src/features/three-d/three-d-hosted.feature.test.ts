import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { NodeIO } from '@gltf-transform/core';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { browser, type SignedIn, signUp } from '../../../test/factories.js';
import { type FakeFal, startFakeFal } from '../../../test/fakes/fake-fal.js';
import { type FakeReplicate, startFakeReplicate } from '../../../test/fakes/fake-replicate.js';
import {
  createTestContext,
  createTestDatabase,
  type TestContext,
  type TestDatabase,
} from '../../../test/harness.js';
import { balanceOf, eventsOf, generationOf, providersFrom, until } from '../../../test/provider-fixtures.js';
import { pngOf, uploadAs } from '../../../test/upload-files.js';
import { createSketchProvider } from '../../providers/sketch/provider.js';

/** The fake fal answers by poll count (3 queued, 4 working), so short intervals keep every stage. */
const FAL_POLL_MS = 45;
const PROGRESS_WRITE_MS = 40;

/** fal's and Replicate's image-to-3D models and fal's text-to-3D one, as an operator configures them (their presets fill the input). */
const hostedProviders = (fal: FakeFal, replicate: FakeReplicate, falPollMs = FAL_POLL_MS) => [
  {
    type: 'fal',
    key: 'env:TEST_FAL_KEY',
    queueUrl: fal.url,
    // No faster than progress is written (PROGRESS_WRITE_MS), so the progress events show each stage.
    pollIntervalMs: falPollMs,
    models: [
      { id: 'fal-hunyuan3d', name: 'Hunyuan3D 2 (fal)', endpoint: 'fal-ai/hunyuan3d/v2' },
      { id: 'fal-tripo', name: 'Tripo v2.5 (fal)', endpoint: 'tripo3d/tripo/v2.5/text-to-3d' },
    ],
  },
  {
    type: 'replicate',
    baseUrl: `${replicate.url}/v1`,
    apiToken: 'r8_test',
    pollIntervalMs: 20,
    models: [{ id: 'replicate-trellis', name: 'TRELLIS (Replicate)', model: 'firtoz/trellis' }],
  },
];

describe('3D Objects from an image, on fal and Replicate', () => {
  let ctx: TestContext;
  let fal: FakeFal;
  let replicate: FakeReplicate;
  let person: SignedIn;

  beforeEach(async () => {
    fal = await startFakeFal('fal-key-test');
    replicate = await startFakeReplicate();
    ctx = await createTestContext({
      providers: [
        createSketchProvider({ poolSize: 0 }),
        ...providersFrom(hostedProviders(fal, replicate), { TEST_FAL_KEY: 'fal-key-test' }),
      ],
      config: { workerConcurrency: 2 },
      runnerOptions: { progressWriteMs: PROGRESS_WRITE_MS },
    });
    person = await signUp(ctx.app);
  });
  afterEach(async () => {
    await ctx?.close();
    await fal?.close();
    await replicate?.close();
  });

  const picture = async (who: SignedIn = person) => {
    const response = await uploadAs(ctx.app, who, {
      name: 'chair.png',
      type: 'image/png',
      data: await pngOf(64, 48),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { id: string };
  };
  const make = (body: object, query = '?wait=true', who: SignedIn = person) =>
    browser(ctx.app, who).post(`/api/generate-3d${query}`, body);

  it('lists the hosted image-to-3D models, and the text-to-3D one as prompt-only, beside the offline one', async () => {
    const info = (await ctx.app.inject({ method: 'GET', url: '/api/tools/3d' })).json().data;
    expect(
      info.models.map((model: { id: string; offline: boolean; takesImage: boolean }) => [
        model.id,
        model.offline,
        model.takesImage,
      ]),
    ).toEqual([
      ['lowpoly-3d', true, false],
      ['fal-hunyuan3d', false, true],
      ['fal-tripo', false, false],
      ['replicate-trellis', false, true],
    ]);
  });

  /** The share of reddish pixels in a model's still (fake-glb.ts's cube has a red base colour). */
  const reddishShare = async (thumbnailUrl: string) => {
    const still = await ctx.app.inject({ method: 'GET', url: thumbnailUrl });
    expect(still.statusCode).toBe(200);
    const { data, info } = await sharp(still.rawPayload).raw().toBuffer({ resolveWithObject: true });
    let reddish = 0;
    for (let i = 0; i < data.length; i += info.channels) {
      if ((data[i] as number) > (data[i + 1] as number) + 40) reddish++;
    }
    return reddish / (info.width * info.height);
  };

  it('models a prompt on fal’s text-to-3D: the prompt alone in, progress, the GLB from `pbr_model` with its still', async () => {
    const before = await balanceOf(ctx.app, person);
    const started = await make({ prompt: 'a red toy car', model: 'fal-tripo', seed: 11 }, '?wait=false');
    expect(started.statusCode, started.body).toBe(202);
    const events = await eventsOf(ctx.app, person, started.json().data.id);
    expect(fal.submits[0]?.path).toBe('/tripo3d/tripo/v2.5/text-to-3d');
    expect(fal.submits[0]?.body).toEqual({ prompt: 'a red toy car', seed: 11 });
    const seen = events.map((event) => [event.type, event.generation.progress, event.generation.error]);
    expect(
      events.some((event) => Number(event.generation.progress) >= 30),
      JSON.stringify(seen),
    ).toBe(true);
    const done = events.at(-1);
    expect(done?.type).toBe('done');
    const asset = done?.generation.asset as { downloadUrl: string; thumbnailUrl: string };
    expect(asset).toMatchObject({
      type: 'model',
      tool: '3d',
      metadata: { contentType: 'model/gltf-binary', width: 512, height: 512, provider: 'fal' },
      sourceAssetIds: [],
    });
    expect(await balanceOf(ctx.app, person)).toBe(before - 3);
    const file = await ctx.app.inject({ method: 'GET', url: asset.downloadUrl });
    const document = await new NodeIO().readBinary(new Uint8Array(file.rawPayload));
    expect(document.getRoot().listMeshes()).toHaveLength(1);
    expect(await reddishShare(asset.thumbnailUrl)).toBeGreaterThan(0.05);
    const job = await generationOf(ctx.app, person, started.json().data.id);
    expect(job.details).toMatchObject({
      endpoint: 'tripo3d/tripo/v2.5/text-to-3d',
      still: 'mesh',
      triangles: 12,
    });
  });

  it('refunds a text-to-3D object the model fails', async () => {
    const before = await balanceOf(ctx.app, person);
    fal.state.threeD = 'fail';
    const failed = await make({ prompt: 'a red toy car', model: 'fal-tripo' });
    expect(failed.statusCode).toBe(502);
    // A 3D object's own failure code and words, not a video's.
    expect(failed.json()).toMatchObject({
      code: 'GENERATION_FAILED_MODEL',
      error: 'Failed to generate the 3D object',
    });
    // The request reached the model and completed with its error (not refused at submission).
    expect([...fal.requests.values()].map((request) => request.error)).toEqual([
      'Could not generate a 3D model from this prompt',
    ]);
    expect(fal.submits.map((submit) => submit.path)).toEqual(['/tripo3d/tripo/v2.5/text-to-3d']);
    expect(await balanceOf(ctx.app, person)).toBe(before);
  });

  it('models an image on fal: a data URI in, progress, a GLB with a drawn still, lineage to the image', async () => {
    const image = await picture();
    const before = await balanceOf(ctx.app, person);
    const started = await make(
      { prompt: 'a wooden chair', imageAssetId: image.id, model: 'fal-hunyuan3d', seed: 5 },
      '?wait=false',
    );
    expect(started.statusCode, started.body).toBe(202);
    const events = await eventsOf(ctx.app, person, started.json().data.id);
    expect(fal.submits[0]?.path).toBe('/fal-ai/hunyuan3d/v2');
    expect(fal.submits[0]?.body).toMatchObject({ seed: 5, textured_mesh: true });
    expect(String(fal.submits[0]?.body.input_image_url)).toMatch(/^data:image\/png;base64,/);
    expect(events.some((event) => /queue/.test(String(event.generation.stage)))).toBe(true);
    expect(events.some((event) => Number(event.generation.progress) >= 30)).toBe(true);
    const done = events.at(-1);
    expect(done?.type).toBe('done');
    const asset = done?.generation.asset as {
      id: string;
      downloadUrl: string;
      thumbnailUrl: string;
      sourceAssetIds: string[];
    };
    expect(asset).toMatchObject({
      type: 'model',
      tool: '3d',
      metadata: { contentType: 'model/gltf-binary', width: 512, height: 512, provider: 'fal' },
      sourceAssetIds: [image.id],
    });
    expect(await balanceOf(ctx.app, person)).toBe(before - 3);

    const file = await ctx.app.inject({ method: 'GET', url: asset.downloadUrl });
    const document = await new NodeIO().readBinary(new Uint8Array(file.rawPayload));
    expect(document.getRoot().listMeshes()).toHaveLength(1);
    // The still is the cube drawn in its red base colour, not a blank or invented picture.
    const still = await ctx.app.inject({ method: 'GET', url: asset.thumbnailUrl });
    expect(still.statusCode).toBe(200);
    const { data, info } = await sharp(still.rawPayload).raw().toBuffer({ resolveWithObject: true });
    let reddish = 0;
    for (let i = 0; i < data.length; i += info.channels) {
      if ((data[i] as number) > (data[i + 1] as number) + 40) reddish++;
    }
    expect(reddish / (info.width * info.height)).toBeGreaterThan(0.05);
    const job = await generationOf(ctx.app, person, started.json().data.id);
    expect(job.details).toMatchObject({ endpoint: 'fal-ai/hunyuan3d/v2', still: 'mesh', triangles: 12 });

    const lineage = (await browser(ctx.app, person).get(`/api/library/${asset.id}/lineage`)).json().data;
    expect(lineage.sources.map((source: { id: string }) => source.id)).toEqual([image.id]);
  });

  it('models an image on Replicate: the image through the Files API, the GLB picked from TRELLIS’s outputs', async () => {
    const image = await picture();
    const response = await make({ prompt: 'a chair', imageAssetId: image.id, model: 'replicate-trellis' });
    expect(response.statusCode, response.body).toBe(200);
    expect(replicate.uploads.map((file) => file.name)).toEqual(['image.png']);
    const input = replicate.creates[0]?.body.input as Record<string, unknown>;
    expect(input).toMatchObject({ generate_model: true, images: [expect.stringContaining('/v1/files/')] });
    // A community model: run by its version.
    expect(replicate.creates[0]?.body.version).toEqual(expect.any(String));
    const finished = response.json().data;
    expect(finished.metadata).toMatchObject({ contentType: 'model/gltf-binary', provider: 'replicate' });
    const file = await ctx.app.inject({ method: 'GET', url: finished.downloadUrl });
    expect(file.rawPayload.subarray(0, 4).toString('latin1')).toBe('glTF');
    expect((await generationOf(ctx.app, person, finished.generationId)).asset.sourceAssetIds).toEqual([
      image.id,
    ]);
  });

  it('refunds a 3D object the model fails', async () => {
    const image = await picture();
    const before = await balanceOf(ctx.app, person);
    fal.state.threeD = 'fail';
    const failed = await make({ prompt: 'a chair', imageAssetId: image.id, model: 'fal-hunyuan3d' });
    expect(failed.statusCode).toBe(502);
    replicate.state.threeD = 'fail';
    const again = await make({ prompt: 'a chair', imageAssetId: image.id, model: 'replicate-trellis' });
    expect(again.statusCode).toBe(502);
    expect(await balanceOf(ctx.app, person)).toBe(before);
  });

  it('cancels the remote request when the job is cancelled, and refunds', async () => {
    const image = await picture();
    const before = await balanceOf(ctx.app, person);
    fal.state.threeD = 'hold';
    const id = (
      await make({ prompt: 'a chair', imageAssetId: image.id, model: 'fal-hunyuan3d' }, '?wait=false')
    ).json().data.id;
    await until(() => [...fal.requests.values()].some((item) => item.status === 'IN_PROGRESS'), 30_000);
    await browser(ctx.app, person).post(`/api/generations/${id}/cancel`);
    await until(async () => (await generationOf(ctx.app, person, id)).status === 'cancelled', 30_000);
    await until(() => fal.cancels.length === 1, 30_000);
    expect(await balanceOf(ctx.app, person)).toBe(before);
  });

  it('refuses someone else’s image, an image-to-3D model without an image and a text-to-3D one with, before charging', async () => {
    const stranger = await signUp(ctx.app, { email: 'stranger@example.com' });
    const theirs = await picture(stranger);
    const before = await balanceOf(ctx.app, person);
    const foreign = await make({ prompt: 'a chair', imageAssetId: theirs.id, model: 'fal-hunyuan3d' });
    expect(foreign.statusCode).toBe(404);
    const bare = await make({ prompt: 'a chair', model: 'replicate-trellis' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().error).toBe(
      'TRELLIS (Replicate) makes 3D objects from an image: choose one, or pick another model.',
    );
    // A text-to-3D model does not take an image.
    const mine = await picture();
    const textWithImage = await make({ prompt: 'a chair', imageAssetId: mine.id, model: 'fal-tripo' });
    expect(textWithImage.statusCode).toBe(400);
    // Without a model and an image, the offline modeller takes the prompt.
    const offline = await make({ prompt: 'a chair' });
    expect(offline.statusCode, offline.body).toBe(200);
    expect(offline.json().data.metadata.model).toBe('lowpoly-3d');
    expect(await balanceOf(ctx.app, person)).toBe(before - 3);
    expect(fal.submits).toHaveLength(0);
    expect(replicate.creates).toHaveLength(0);
  });
});

describe('3D Objects on fal across a restart', () => {
  let dataDir: string;
  let testDatabase: TestDatabase;
  let fal: FakeFal;
  let replicate: FakeReplicate;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'kaleido-3d-'));
    testDatabase = await createTestDatabase(dataDir);
    fal = await startFakeFal('fal-key-test');
    replicate = await startFakeReplicate();
  });
  afterEach(async () => {
    await fal.close();
    await replicate.close();
    await testDatabase.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('follows the same fal request after a restart instead of paying for a second one', async () => {
    const providers = () =>
      providersFrom(hostedProviders(fal, replicate, 30), { TEST_FAL_KEY: 'fal-key-test' });
    // A server whose worker took the job and submitted it (its checkpoint saved), then died.
    const first = await createTestContext({
      shared: { database: testDatabase.config, dataDir },
      providers: providers(),
      config: { workerConcurrency: 0 },
    });
    let person: SignedIn;
    let jobId: string;
    let imageId: string;
    try {
      person = await signUp(first.app);
      imageId = (
        await uploadAs(first.app, person, { name: 'chair.png', type: 'image/png', data: await pngOf(32, 32) })
      ).json().data.id;
      jobId = (
        await browser(first.app, person).post('/api/generate-3d?wait=false', {
          prompt: 'a chair',
          imageAssetId: imageId,
          model: 'fal-hunyuan3d',
        })
      ).json().data.id;
      const submitted = (await (
        await fetch(`${fal.url}/fal-ai/hunyuan3d/v2`, {
          method: 'POST',
          headers: { authorization: 'Key fal-key-test', 'content-type': 'application/json' },
          body: JSON.stringify({ input_image_url: 'https://example.com/chair.png' }),
        })
      ).json()) as { request_id: string; status_url: string; response_url: string; cancel_url: string };
      await first.database.kysely
        .updateTable('generations')
        .set({
          status: 'running',
          attempts: 1,
          lease_until: new Date(Date.now() - 1000).toISOString(),
          provider_state: JSON.stringify({
            requestId: submitted.request_id,
            statusUrl: submitted.status_url,
            responseUrl: submitted.response_url,
            cancelUrl: submitted.cancel_url,
          }),
        })
        .where('id', '=', jobId)
        .execute();
    } finally {
      await first.close();
    }

    const restarted = await createTestContext({
      shared: { database: testDatabase.config, dataDir },
      providers: providers(),
    });
    try {
      await until(
        async () => (await generationOf(restarted.app, person, jobId)).status === 'succeeded',
        30_000,
      );
      expect(fal.submits).toHaveLength(1);
      const job = await generationOf(restarted.app, person, jobId);
      expect(job.asset).toMatchObject({
        type: 'model',
        metadata: { contentType: 'model/gltf-binary' },
        sourceAssetIds: [imageId],
      });
      expect(job.details).toMatchObject({ requestId: [...fal.requests.keys()][0] });
    } finally {
      await restarted.close();
    }
  }, 60_000);
});
