import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
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
import { mp4WithMetadata, pngOf, uploadAs, wavOf } from '../../../test/upload-files.js';

/** The fake fal answers by poll count (3 queued, 4 working), so short intervals keep every stage. */
const FAL_POLL_MS = 45;
const PROGRESS_WRITE_MS = 40;

/** fal's and Replicate's lipsync models, as an operator configures them (their presets fill the input). */
const lipsyncProviders = (fal: FakeFal, replicate: FakeReplicate) => [
  {
    type: 'fal',
    key: 'env:TEST_FAL_KEY',
    queueUrl: fal.url,
    storageUrl: fal.url,
    // No faster than progress is written (PROGRESS_WRITE_MS), so the progress events show each stage.
    pollIntervalMs: FAL_POLL_MS,
    models: [
      { id: 'fal-lipsync', name: 'Lipsync 2 (fal)', endpoint: 'fal-ai/sync-lipsync/v2' },
      // A short-clip configuration: the limit a refusal names.
      {
        id: 'fal-lipsync-short',
        name: 'Short lipsync',
        endpoint: 'fal-ai/sync-lipsync/v2',
        maxOutputSeconds: 2,
      },
    ],
  },
  {
    type: 'replicate',
    baseUrl: `${replicate.url}/v1`,
    apiToken: 'r8_test',
    pollIntervalMs: 20,
    models: [{ id: 'replicate-lipsync', name: 'Lipsync 2 (Replicate)', model: 'sync/lipsync-2' }],
  },
];

describe('Video Lipsync on the jobs engine, against fal and Replicate', () => {
  let ctx: TestContext;
  let fal: FakeFal;
  let replicate: FakeReplicate;
  let person: SignedIn;

  beforeEach(async () => {
    fal = await startFakeFal('fal-key-test');
    replicate = await startFakeReplicate();
    ctx = await createTestContext({
      providers: providersFrom(lipsyncProviders(fal, replicate), { TEST_FAL_KEY: 'fal-key-test' }),
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

  const upload = async (who: SignedIn, name: string, type: string, data: Buffer) => {
    const response = await uploadAs(ctx.app, who, { name, type, data });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { id: string };
  };
  /** A 2-second video and a 3-second voice of `who`. */
  const inputs = async (who: SignedIn = person) => ({
    video: await upload(who, 'face.mp4', 'video/mp4', await mp4WithMetadata(2)),
    audio: await upload(who, 'voice.wav', 'audio/wav', wavOf(3)),
  });
  const lipsync = (body: object, who: SignedIn = person, query = '') =>
    browser(ctx.app, who).post(`/api/tools/lipsync${query}`, body);

  it('lists the lipsync models of both providers with their limits and sync modes', async () => {
    const info = (await ctx.app.inject({ method: 'GET', url: '/api/tools' })).json().data.lipsync;
    expect(info).toMatchObject({
      available: true,
      providers: ['fal', 'replicate'],
      syncModes: ['cut_off', 'loop', 'bounce', 'silence', 'remap'],
      secondsPerCredit: 2,
    });
    expect(
      info.models.map((model: { id: string; maxOutputSeconds: number }) => [
        model.id,
        model.maxOutputSeconds,
      ]),
    ).toEqual([
      ['fal-lipsync', 300],
      ['fal-lipsync-short', 2],
      ['replicate-lipsync', 300],
    ]);
    // Tool-only models are never offered to the generators.
    const models = (await ctx.app.inject({ method: 'GET', url: '/api/models' })).json().data;
    expect(models).toEqual([]);
  });

  it('lip-syncs on fal: both files uploaded to fal’s storage first, progress, a video charged per output second, lineage to both', async () => {
    const { video, audio } = await inputs();
    const submitted = await lipsync(
      { videoAssetId: video.id, audioAssetId: audio.id, syncMode: 'loop', model: 'fal-lipsync' },
      person,
      '?wait=false',
    );
    expect(submitted.statusCode, submitted.body).toBe(202);
    const events = await eventsOf(ctx.app, person, submitted.json().data.id);
    const body = fal.submits[0]?.body ?? {};
    expect(fal.submits[0]?.path).toBe('/fal-ai/sync-lipsync/v2');
    expect(body).toMatchObject({ model: 'lipsync-2', sync_mode: 'loop' });
    // Large inputs go to fal's storage, not inside the request: the URLs it gave, the bytes as uploaded.
    const storedFile = (url: unknown) =>
      fal.training.uploads.get(/\/files\/([^/.]+)\./.exec(String(url))?.[1] ?? '');
    expect(String(body.video_url)).toMatch(new RegExp(`^${fal.url}/files/[^/]+\\.mp4$`));
    expect(String(body.audio_url)).toMatch(new RegExp(`^${fal.url}/files/[^/]+\\.wav$`));
    expect(storedFile(body.video_url)).toMatchObject({ contentType: 'video/mp4' });
    expect(storedFile(body.audio_url)).toMatchObject({ contentType: 'audio/wav' });
    expect(storedFile(body.audio_url)?.bytes.subarray(0, 4).toString()).toBe('RIFF');
    expect(events.some((event) => /queue/.test(String(event.generation.stage)))).toBe(true);
    expect(events.some((event) => Number(event.generation.progress) >= 30)).toBe(true);
    const done = events.at(-1);
    expect(done?.type).toBe('done');
    const asset = done?.generation.asset as {
      id: string;
      type: string;
      metadata: object;
      sourceAssetIds: string[];
    };
    expect(asset).toMatchObject({
      type: 'video',
      metadata: { contentType: 'video/mp4', width: 320, height: 240 },
      sourceAssetIds: [video.id, audio.id],
    });
    // loop: as long as the 3-second audio, at 2 seconds a credit.
    expect(await balanceOf(ctx.app, person)).toBe(8);
    const lineage = (await browser(ctx.app, person).get(`/api/library/${asset.id}/lineage`)).json().data;
    expect(lineage.sources.map((source: { id: string }) => source.id).sort()).toEqual(
      [video.id, audio.id].sort(),
    );
    const derived = (await browser(ctx.app, person).get(`/api/library/${audio.id}/lineage`)).json().data;
    expect(derived.derived.map((item: { id: string }) => item.id)).toEqual([asset.id]);
  });

  it('lip-syncs on Replicate: both files through the Files API, cut off at the shorter input', async () => {
    const { video, audio } = await inputs();
    const response = await lipsync({
      videoAssetId: video.id,
      audioAssetId: audio.id,
      model: 'replicate-lipsync',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(replicate.uploads.map((file) => [file.name, file.contentType])).toEqual([
      ['video.mp4', 'video/mp4'],
      ['audio.wav', 'audio/wav'],
    ]);
    const input = replicate.creates[0]?.body.input as Record<string, unknown>;
    expect(input).toMatchObject({ sync_mode: 'cut_off', temperature: 0.5 });
    expect(String(input.video)).toContain(`/v1/files/${replicate.uploads[0]?.id}`);
    expect(String(input.audio)).toContain(`/v1/files/${replicate.uploads[1]?.id}`);
    expect(response.json().data.metadata).toMatchObject({ contentType: 'video/mp4', provider: 'replicate' });
    // cut_off: the 2-second video, one credit.
    expect(await balanceOf(ctx.app, person)).toBe(9);
  });

  it('refunds a lipsync the model fails', async () => {
    const { video, audio } = await inputs();
    fal.state.lipsync = 'fail';
    const response = await lipsync({ videoAssetId: video.id, audioAssetId: audio.id, model: 'fal-lipsync' });
    expect(response.statusCode).toBe(502);
    expect(await balanceOf(ctx.app, person)).toBe(10);
  });

  it('cancels the remote prediction when the job is cancelled, and refunds', async () => {
    const { video, audio } = await inputs();
    replicate.state.lipsync = 'hold';
    const id = (
      await lipsync(
        { videoAssetId: video.id, audioAssetId: audio.id, model: 'replicate-lipsync', syncMode: 'bounce' },
        person,
        '?wait=false',
      )
    ).json().data.id;
    await until(() => [...replicate.predictions.values()].some((item) => item.status === 'processing'));
    await browser(ctx.app, person).post(`/api/generations/${id}/cancel`);
    await until(async () => (await generationOf(ctx.app, person, id)).status === 'cancelled');
    await until(() => replicate.cancels.length === 1);
    expect([...replicate.predictions.values()][0]?.status).toBe('canceled');
    expect(await balanceOf(ctx.app, person)).toBe(10);
  });

  it('refuses wrong kinds, another person’s files, unknown models and outputs past the model’s limit', async () => {
    const { video, audio } = await inputs();
    const picture = await upload(person, 'face.png', 'image/png', await pngOf(32, 32));
    const refused = async (body: object, status: number, who: SignedIn = person) => {
      const response = await lipsync(body, who);
      expect(response.statusCode, response.body).toBe(status);
      return response.json();
    };
    const swapped = await refused({ videoAssetId: audio.id, audioAssetId: video.id }, 400);
    expect(swapped.error).toBe('Choose a video (MP4, WebM or MOV) to lip-sync.');
    const still = await refused({ videoAssetId: picture.id, audioAssetId: audio.id }, 400);
    expect(still.error).toMatch(/Choose a video/);
    const mute = await refused({ videoAssetId: video.id, audioAssetId: picture.id }, 400);
    expect(mute.error).toBe('Choose an audio file (WAV, MP3 or M4A) for the voice.');
    const unknown = await refused({ videoAssetId: video.id, audioAssetId: audio.id, model: 'nope' }, 400);
    expect(unknown.error).toMatch(/"nope"/);
    const long = await refused(
      { videoAssetId: video.id, audioAssetId: audio.id, model: 'fal-lipsync-short', syncMode: 'loop' },
      400,
    );
    expect(long.error).toBe(
      'The lip-synced video would last 3 seconds; this model makes at most 2. Shorten the audio, or choose “Cut off” to stop at the end of the video.',
    );
    // In their language too.
    expect((await browser(ctx.app, person).patch('/api/settings', { language: 'es' })).statusCode).toBe(200);
    const spanish = await lipsync({
      videoAssetId: video.id,
      audioAssetId: audio.id,
      model: 'fal-lipsync-short',
      syncMode: 'loop',
    });
    expect(spanish.json().error).toMatch(/^El video sincronizado duraría 3 segundos/);

    const stranger = await signUp(ctx.app, { email: 'stranger@example.com' });
    await refused({ videoAssetId: video.id, audioAssetId: audio.id }, 404, stranger);
    const theirs = await inputs(stranger);
    await refused({ videoAssetId: video.id, audioAssetId: theirs.audio.id }, 404);
    expect(await balanceOf(ctx.app, person)).toBe(10);
    expect(fal.submits).toHaveLength(0);
    expect(replicate.creates).toHaveLength(0);

    // Cut off at the 2-second video, the short model takes it.
    const fits = await lipsync({
      videoAssetId: video.id,
      audioAssetId: audio.id,
      model: 'fal-lipsync-short',
    });
    expect(fits.statusCode, fits.body).toBe(200);
  });

  it('is in the public API: asynchronous, idempotent, followed like a generation', async () => {
    const key = (await browser(ctx.app, person).post('/api/api-keys/create', { name: 'Lipsync' })).json().data
      .key;
    const { video, audio } = await inputs();
    const call = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/tools/lipsync',
        headers: { authorization: `Bearer ${key}`, prefer: 'respond-async', 'idempotency-key': 'lipsync-1' },
        payload: { videoAssetId: video.id, audioAssetId: audio.id, model: 'fal-lipsync' },
      });
    const accepted = await call();
    expect(accepted.statusCode, accepted.body).toBe(202);
    const replayed = await call();
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    const id = accepted.json().data.id;
    expect(replayed.json().data.id).toBe(id);
    // Followed through the session (the key's rate limit is not for polling loops), then read once by key.
    await until(async () => (await generationOf(ctx.app, person, id)).status === 'succeeded');
    const read = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/generations/${id}`,
      headers: { authorization: `Bearer ${key}` },
    });
    expect(read.json().data).toMatchObject({
      type: 'video',
      status: 'succeeded',
      metadata: { creditsUsed: 1 },
    });
    expect((await generationOf(ctx.app, person, id)).asset.sourceAssetIds).toEqual([video.id, audio.id]);
    expect(fal.submits).toHaveLength(1);
    expect(await balanceOf(ctx.app, person)).toBe(9);
    const strict = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/tools/lipsync',
      headers: { authorization: `Bearer ${key}` },
      payload: { videoAssetId: video.id, audioAssetId: audio.id, colour: 'red' },
    });
    expect(strict.statusCode).toBe(400);
  });
});

describe('Video Lipsync without a capable provider', () => {
  let ctx: TestContext;
  afterEach(async () => {
    await ctx?.close();
  });

  it('says it needs fal or Replicate, and refuses jobs before charging', async () => {
    ctx = await createTestContext();
    const person = await signUp(ctx.app);
    const info = (await ctx.app.inject({ method: 'GET', url: '/api/tools' })).json().data;
    expect(info.lipsync).toMatchObject({ available: false, models: [], providers: ['fal', 'replicate'] });
    expect(info.docsUrl).toBe('/docs/providers');
    const video = (
      await uploadAs(ctx.app, person, { name: 'face.mp4', type: 'video/mp4', data: await mp4WithMetadata(1) })
    ).json().data;
    const audio = (
      await uploadAs(ctx.app, person, { name: 'voice.wav', type: 'audio/wav', data: wavOf(1) })
    ).json().data;
    const response = await browser(ctx.app, person).post('/api/tools/lipsync', {
      videoAssetId: video.id,
      audioAssetId: audio.id,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(
      'No configured model can do this. It needs an AI provider: fal, replicate.',
    );
    expect(await balanceOf(ctx.app, person)).toBe(10);
  });
});

describe('Video Lipsync across a restart', () => {
  let dataDir: string;
  let testDatabase: TestDatabase;
  let fal: FakeFal;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'kaleido-lipsync-'));
    testDatabase = await createTestDatabase(dataDir);
    fal = await startFakeFal('fal-key-test');
  });
  afterEach(async () => {
    await fal.close();
    await testDatabase.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('follows the same fal request after a restart instead of paying for a second one', async () => {
    const providers = () =>
      providersFrom(
        [
          {
            type: 'fal',
            key: 'env:TEST_FAL_KEY',
            queueUrl: fal.url,
            storageUrl: fal.url,
            pollIntervalMs: 30,
            models: [{ id: 'fal-lipsync', name: 'Lipsync 2 (fal)', endpoint: 'fal-ai/sync-lipsync/v2' }],
          },
        ],
        { TEST_FAL_KEY: 'fal-key-test' },
      );
    // A server whose worker took the job and submitted it (its checkpoint saved), then died.
    const first = await createTestContext({
      shared: { database: testDatabase.config, dataDir },
      providers: providers(),
      config: { workerConcurrency: 0 },
    });
    let person: SignedIn;
    let jobId: string;
    try {
      person = await signUp(first.app);
      const video = (
        await uploadAs(first.app, person, {
          name: 'face.mp4',
          type: 'video/mp4',
          data: await mp4WithMetadata(2),
        })
      ).json().data;
      const audio = (
        await uploadAs(first.app, person, { name: 'voice.wav', type: 'audio/wav', data: wavOf(2) })
      ).json().data;
      jobId = (
        await browser(first.app, person).post('/api/tools/lipsync?wait=false', {
          videoAssetId: video.id,
          audioAssetId: audio.id,
        })
      ).json().data.id;
      const submitted = (await (
        await fetch(`${fal.url}/fal-ai/sync-lipsync/v2`, {
          method: 'POST',
          headers: { authorization: 'Key fal-key-test', 'content-type': 'application/json' },
          body: JSON.stringify({
            video_url: 'https://example.com/face.mp4',
            audio_url: 'https://example.com/voice.wav',
          }),
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
      expect(job.asset).toMatchObject({ type: 'video', metadata: { contentType: 'video/mp4' } });
      expect(await balanceOf(restarted.app, person)).toBe(9);
    } finally {
      await restarted.close();
    }
  }, 60_000);
});
