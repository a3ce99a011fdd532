import { trainedModelId } from '@kaleido/common';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { browser, type SignedIn, signUp } from '../../../test/factories.js';
import { type FakeFal, startFakeFal } from '../../../test/fakes/fake-fal.js';
import { type FakeReplicate, startFakeReplicate } from '../../../test/fakes/fake-replicate.js';
import { createTestContext, type TestContext, type TestContextOptions } from '../../../test/harness.js';
import { balanceOf, providersFrom, until } from '../../../test/provider-fixtures.js';
import { photo, uploadAs } from '../../../test/upload-files.js';

/** Train (issue 21) through the app against the fake fal queue and storage. */

const TRAINING_PATH = '/fal-ai/flux-lora-fast-training';
const WAIT = 30_000;

function falProviders(fal: FakeFal) {
  return providersFrom(
    [
      {
        type: 'fal',
        key: 'env:TEST_FAL_KEY',
        queueUrl: fal.url,
        storageUrl: fal.url,
        pollIntervalMs: 50,
        models: [{ id: 'flux-dev', name: 'FLUX dev', endpoint: 'fal-ai/flux/dev' }],
      },
    ],
    { TEST_FAL_KEY: 'fal-key-test' },
  );
}

function contextWith(fal: FakeFal, extra: TestContextOptions = {}) {
  return createTestContext({
    providers: falProviders(fal),
    trainingOptions: { pollMs: 60 },
    ...extra,
  });
}

/** `count` distinct uploaded images of this person. */
async function uploadImages(ctx: TestContext, person: SignedIn, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index++) {
    const data = await photo(80 + index, 60 + index)
      .png()
      .toBuffer();
    const response = await uploadAs(ctx.app, person, { name: `p${index}.png`, type: 'image/png', data });
    expect(response.statusCode).toBe(200);
    ids.push(response.json().data.id);
  }
  return ids;
}

async function giveCredits(ctx: TestContext, person: SignedIn, credits: number) {
  await ctx.database.kysely
    .updateTable('users')
    .set({ credits_monthly: 0, credits_purchased: credits })
    .where('id', '=', person.user.id)
    .execute();
}

async function trainingOf(ctx: TestContext, person: SignedIn, id: string) {
  return (await browser(ctx.app, person).get(`/api/trainings/${id}`)).json().data;
}

const body = (assetIds: string[]) => ({ name: 'My mug', triggerWord: 'KLDMUG', kind: 'product', assetIds });

describe('Train through fal', () => {
  let fal: FakeFal;
  let ctx: TestContext;
  let person: SignedIn;

  beforeEach(async () => {
    fal = await startFakeFal('fal-key-test');
    ctx = await contextWith(fal);
    person = await signUp(ctx.app);
    await giveCredits(ctx, person, 100);
  });
  afterEach(async () => {
    await ctx.close();
    await fal.close();
  });

  it('trains from a zip of the images, shows progress, charges once and puts the model in its owner’s picker only', async () => {
    const assetIds = await uploadImages(ctx, person, 10);
    const started = await browser(ctx.app, person).post('/api/trainings', body(assetIds));
    expect(started.statusCode).toBe(201);
    const id = started.json().data.id;
    expect(started.json().data).toMatchObject({ status: 'queued', cost: 60, imageCount: 10, modelId: null });
    expect(await balanceOf(ctx.app, person)).toBe(40);

    const progress: number[] = [];
    await until(async () => {
      const training = await trainingOf(ctx, person, id);
      progress.push(training.progress);
      return training.status === 'succeeded';
    }, WAIT);
    expect(progress.some((value) => value > 1 && value < 100)).toBe(true);

    const submit = fal.submits.find((entry) => entry.path === TRAINING_PATH);
    expect(submit?.authorization).toBe('Key fal-key-test');
    expect(submit?.body).toMatchObject({ trigger_word: 'KLDMUG', steps: 1000, is_style: false });
    expect(String(submit?.body.images_data_url)).toMatch(new RegExp(`^${fal.url}/files/`));
    expect(fal.training.imagesSeen).toEqual([10]);
    const training = await trainingOf(ctx, person, id);
    expect(training).toMatchObject({ progress: 100, modelId: trainedModelId(id), providerName: 'fal' });
    expect(await balanceOf(ctx.app, person)).toBe(40);

    const models = (await browser(ctx.app, person).get('/api/models')).json().data;
    expect(models.find((model: { id: string }) => model.id === trainedModelId(id))).toMatchObject({
      name: 'My mug',
      types: ['image'],
    });
    // The owner's API keys see it too (`/api/v1/models`).
    const key = (
      await browser(ctx.app, person).post('/api/api-keys/create', { name: 'app', scopes: ['generate'] })
    ).json().data.key;
    const viaKey = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/models',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(viaKey.json().data.map((model: { id: string }) => model.id)).toContain(trainedModelId(id));
    const stranger = await signUp(ctx.app);
    const theirs = (await browser(ctx.app, stranger).get('/api/models')).json().data;
    expect(theirs.some((model: { id: string }) => model.id === trainedModelId(id))).toBe(false);
    const borrowed = await browser(ctx.app, stranger).post('/api/generate-image', {
      prompt: 'a mug',
      model: trainedModelId(id),
    });
    expect(borrowed.statusCode).toBe(400);
    expect((await browser(ctx.app, stranger).get(`/api/trainings/${id}`)).statusCode).toBe(404);
  });

  it('generates with the trained model through fal’s LoRA endpoint, then deleting it takes it out of the picker', async () => {
    const assetIds = await uploadImages(ctx, person, 10);
    const id = (await browser(ctx.app, person).post('/api/trainings', body(assetIds))).json().data.id;
    await until(async () => (await trainingOf(ctx, person, id)).status === 'succeeded', WAIT);
    const trainingRequest = [...fal.requests.values()].find((r) => r.endpoint.includes('training'));
    const weights = trainingRequest?.result as { diffusers_lora_file: { url: string } } | undefined;

    // An administrator's list of the plan's models does not hold back the owner's own trained model
    // (the first account, `person`, is the administrator).
    const restricted = await browser(ctx.app, person).put('/api/admin/site-settings', {
      signupMode: 'open',
      startingCredits: 10,
      planModels: { free: ['flux-dev'], pro: ['flux-dev'], enterprise: ['flux-dev'] },
      announcement: null,
    });
    expect(restricted.statusCode, restricted.body).toBe(200);
    const generated = await browser(ctx.app, person).post('/api/generate-image', {
      prompt: 'a mug on a beach',
      model: trainedModelId(id),
    });
    expect(generated.statusCode, generated.body).toBe(200);
    expect(generated.json().data.metadata).toMatchObject({ model: trainedModelId(id), provider: 'trained' });
    const lora = fal.submits.find((entry) => entry.path === '/fal-ai/flux-lora');
    expect(lora?.body).toMatchObject({
      prompt: 'KLDMUG a mug on a beach',
      loras: [{ path: weights?.diffusers_lora_file.url, scale: 1 }],
    });
    expect(await balanceOf(ctx.app, person)).toBe(39);

    const removed = await browser(ctx.app, person).delete(`/api/trainings/${id}`);
    expect(removed.statusCode).toBe(200);
    const models = (await browser(ctx.app, person).get('/api/models')).json().data;
    expect(models.some((model: { id: string }) => model.id === trainedModelId(id))).toBe(false);
    const after = await browser(ctx.app, person).post('/api/generate-image', {
      prompt: 'again',
      model: trainedModelId(id),
    });
    expect(after.statusCode).toBe(400);
    const list = (await browser(ctx.app, person).get('/api/trainings')).json().data;
    expect(list.trainings).toEqual([]);
    expect(list.trainers).toEqual([{ id: 'fal', name: 'fal', deletes: false }]);
  });

  it('trains through the public API with a key: strict body, the same training, the key owner’s only', async () => {
    const assetIds = await uploadImages(ctx, person, 10);
    const key = (
      await browser(ctx.app, person).post('/api/api-keys/create', {
        name: 'app',
        scopes: ['generate', 'library:read', 'library:write'],
      })
    ).json().data.key;
    const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
      ctx.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${key}` },
        ...(payload ? { payload } : {}),
      });
    const unknown = await call('POST', '/api/v1/trainings', { ...body(assetIds), steps: 5000 });
    expect(unknown.statusCode).toBe(400);
    const created = await call('POST', '/api/v1/trainings', body(assetIds));
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    // Followed through the session (polling with the key would spend its rate limit).
    await until(async () => (await trainingOf(ctx, person, id)).status === 'succeeded', WAIT);
    expect((await call('GET', `/api/v1/trainings/${id}`)).json().data.status).toBe('succeeded');
    const list = (await call('GET', '/api/v1/trainings')).json().data;
    expect(list.trainings.map((training: { id: string }) => training.id)).toEqual([id]);
    expect((await browser(ctx.app, person).get(`/api/trainings/${id}`)).json().data.modelId).toBe(
      trainedModelId(id),
    );
    const stranger = await signUp(ctx.app);
    expect((await browser(ctx.app, stranger).get(`/api/trainings/${id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/v1/trainings/${id}`)).statusCode).toBe(200);
    // (A free key makes 5 calls a minute: the rest is checked through the session.)
    expect((await browser(ctx.app, person).get(`/api/trainings/${id}`)).statusCode).toBe(404);
  });

  it('refunds a training the provider failed, with its reason', async () => {
    fal.training.state.outcome = 'fail';
    const assetIds = await uploadImages(ctx, person, 10);
    const id = (await browser(ctx.app, person).post('/api/trainings', body(assetIds))).json().data.id;
    await until(async () => (await trainingOf(ctx, person, id)).status === 'failed', WAIT);
    expect((await trainingOf(ctx, person, id)).error).toMatch(/loss is NaN/);
    expect(await balanceOf(ctx.app, person)).toBe(100);
  });

  it('cancels: refunded at once, and fal is asked to cancel the request', async () => {
    fal.training.state.outcome = 'hold';
    const assetIds = await uploadImages(ctx, person, 10);
    const id = (await browser(ctx.app, person).post('/api/trainings', body(assetIds))).json().data.id;
    await until(
      () =>
        [...fal.requests.values()].some((r) => r.endpoint.includes('training') && r.status === 'IN_PROGRESS'),
      WAIT,
    );
    const cancelled = await browser(ctx.app, person).post(`/api/trainings/${id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data.status).toBe('cancelled');
    expect(await balanceOf(ctx.app, person)).toBe(100);
    const remote = [...fal.requests.values()].find((r) => r.endpoint.includes('training'));
    expect(fal.cancels).toContain(remote?.id);
    expect(remote?.cancelled).toBe(true);
    expect((await browser(ctx.app, person).post(`/api/trainings/${id}/cancel`)).statusCode).toBe(409);
  });

  it('refuses fewer than 10 or more than 40 images, the same image twice, someone else’s image and a bad trigger word', async () => {
    const assetIds = await uploadImages(ctx, person, 10);
    const few = await browser(ctx.app, person).post('/api/trainings', body(assetIds.slice(0, 9)));
    expect(few.statusCode).toBe(400);
    expect(few.json().error).toMatch(/at least 10 images/);
    const many = await browser(ctx.app, person).post('/api/trainings', body(Array(41).fill(assetIds[0])));
    expect(many.statusCode).toBe(400);
    expect(many.json().error).toMatch(/at most 40 images/);
    const twice = await browser(ctx.app, person).post(
      '/api/trainings',
      body([...assetIds.slice(1), assetIds[1] as string]),
    );
    expect(twice.statusCode).toBe(400);
    const stranger = await signUp(ctx.app);
    const [theirs] = await uploadImages(ctx, stranger, 1);
    const foreign = await browser(ctx.app, person).post(
      '/api/trainings',
      body([...assetIds.slice(1), theirs as string]),
    );
    expect(foreign.statusCode).toBe(404);
    const word = await browser(ctx.app, person).post('/api/trainings', {
      ...body(assetIds),
      triggerWord: 'two words',
    });
    expect(word.statusCode).toBe(400);
    expect(word.json().error).toMatch(/trigger word/);
    expect(fal.submits.filter((entry) => entry.path === TRAINING_PATH)).toHaveLength(0);
    expect(await balanceOf(ctx.app, person)).toBe(100);
  });

  it('refuses a training the balance cannot pay, without charging', async () => {
    await giveCredits(ctx, person, 59);
    const assetIds = await uploadImages(ctx, person, 10);
    const refused = await browser(ctx.app, person).post('/api/trainings', body(assetIds));
    expect(refused.statusCode).toBe(402);
    expect(await balanceOf(ctx.app, person)).toBe(59);
  });
});

describe('Train across a restart', () => {
  it('follows the same remote training after the server restarts, without submitting it again', async () => {
    const fal = await startFakeFal('fal-key-test');
    const owner = await createTestContext({ config: { workerConcurrency: 0 } });
    const shared = { database: owner.config.database, dataDir: owner.dataDir };
    try {
      fal.training.state.outcome = 'hold';
      const first = await contextWith(fal, { shared });
      const person = await signUp(first.app);
      await giveCredits(first, person, 100);
      const assetIds = await uploadImages(first, person, 10);
      const id = (await browser(first.app, person).post('/api/trainings', body(assetIds))).json().data.id;
      await until(
        () =>
          [...fal.requests.values()].some(
            (r) => r.endpoint.includes('training') && r.status === 'IN_PROGRESS',
          ),
        WAIT,
      );
      await first.close();

      fal.training.state.outcome = 'succeed';
      const second = await contextWith(fal, { shared });
      try {
        await until(async () => (await trainingOf(second, person, id)).status === 'succeeded', WAIT);
        expect(fal.submits.filter((entry) => entry.path === TRAINING_PATH)).toHaveLength(1);
        expect(await balanceOf(second.app, person)).toBe(40);
      } finally {
        await second.close();
      }
    } finally {
      await owner.close();
      await fal.close();
    }
  });
});

describe('Train without a provider that can', () => {
  it('says which providers can, and refuses to start', async () => {
    const ctx = await createTestContext();
    try {
      const person = await signUp(ctx.app);
      const info = (await browser(ctx.app, person).get('/api/trainings')).json().data;
      expect(info).toMatchObject({ trainers: [], providers: ['fal', 'replicate'], price: 60 });
      const refused = await browser(ctx.app, person).post(
        '/api/trainings',
        body(Array.from({ length: 10 }, (_, i) => `a${i}`)),
      );
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toMatch(/fal, replicate/);
    } finally {
      await ctx.close();
    }
  });
});

describe('Train through Replicate', () => {
  let replicate: FakeReplicate;
  let ctx: TestContext;
  let person: SignedIn;

  beforeEach(async () => {
    replicate = await startFakeReplicate();
    ctx = await createTestContext({
      providers: providersFrom(
        [
          {
            type: 'replicate',
            baseUrl: `${replicate.url}/v1`,
            apiToken: 'env:TEST_REPLICATE_TOKEN',
            pollIntervalMs: 50,
            models: [
              { id: 'flux-schnell', name: 'FLUX.1 [schnell]', model: 'black-forest-labs/flux-schnell' },
            ],
          },
        ],
        { TEST_REPLICATE_TOKEN: 'r8_test' },
      ),
      trainingOptions: { pollMs: 60 },
    });
    person = await signUp(ctx.app);
    await giveCredits(ctx, person, 100);
  });
  afterEach(async () => {
    await ctx.close();
    await replicate.close();
  });

  it('trains into a private destination model, generates with its version, and deleting removes the version and the model', async () => {
    const assetIds = await uploadImages(ctx, person, 12);
    const id = (
      await browser(ctx.app, person).post('/api/trainings', { ...body(assetIds), kind: 'character' })
    ).json().data.id;
    await until(async () => (await trainingOf(ctx, person, id)).status === 'succeeded', WAIT);
    const [destination] = [...replicate.training.models.keys()];
    expect(destination).toMatch(/^kaleido-test\/kaleido-/);
    expect(replicate.training.models.get(destination as string)).toMatchObject({ visibility: 'private' });
    const remote = [...replicate.training.trainings.values()][0];
    expect(remote?.input).toMatchObject({ trigger_word: 'KLDMUG', steps: 1000 });
    expect(replicate.training.imagesSeen).toEqual([12]);
    expect((await trainingOf(ctx, person, id)).providerDeletes).toBe(true);

    const generated = await browser(ctx.app, person).post('/api/generate-image', {
      prompt: 'KLDMUG on a shelf',
      model: trainedModelId(id),
    });
    expect(generated.statusCode).toBe(200);
    const create = replicate.creates.at(-1);
    expect(create?.body).toMatchObject({
      version: remote?.output?.version.split(':')[1],
      input: { prompt: 'KLDMUG on a shelf', num_outputs: 1 },
    });

    expect((await browser(ctx.app, person).delete(`/api/trainings/${id}`)).statusCode).toBe(200);
    expect(replicate.training.deletes).toEqual([remote?.output?.version, destination]);
    expect(replicate.training.models.size).toBe(0);
  });

  it('cancels the remote training and refunds', async () => {
    replicate.training.state.outcome = 'hold';
    const assetIds = await uploadImages(ctx, person, 10);
    const id = (await browser(ctx.app, person).post('/api/trainings', body(assetIds))).json().data.id;
    await until(
      () => [...replicate.training.trainings.values()].some((t) => t.status === 'processing'),
      WAIT,
    );
    expect((await browser(ctx.app, person).post(`/api/trainings/${id}/cancel`)).statusCode).toBe(200);
    expect([...replicate.training.trainings.values()][0]?.status).toBe('canceled');
    expect(await balanceOf(ctx.app, person)).toBe(100);
  });
});
