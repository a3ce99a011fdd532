import { afterEach, describe, expect, it } from 'vitest';
import { browser, type SignedIn, signUp } from '../../../test/factories.js';
import { createFakeProvider } from '../../../test/fake-provider.js';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { englishOf } from '../../../test/messages.js';
import { fixedClock } from '../../platform/clock.js';
import { type GenerationProvider, ProviderError } from '../../providers/provider.js';

/** The fake provider under another id, its model in failover group `g` (optionally always down). */
function groupedProvider(id: string, down?: ProviderError): GenerationProvider {
  const base = createFakeProvider(down ? { kind: 'fail', error: down } : { kind: 'succeed' }).provider;
  return {
    id,
    capabilities() {
      const capabilities = base.capabilities();
      return {
        ...capabilities,
        providerId: id,
        providerName: id,
        models: capabilities.models.map((model) => ({ ...model, id: `${id}-1`, failoverGroup: 'g' })),
      };
    },
    generate: (request, context) => base.generate(request, context),
  };
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 200; i += 1) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('timed out waiting');
}

describe('debug mode: per-job diagnostics', () => {
  let ctx: TestContext;
  afterEach(async () => {
    await ctx?.close();
  });

  it('are for the owner with debug mode on: job id, model, provider, attempts, failovers, stages, the provider error redacted', async () => {
    ctx = await createTestContext({
      providers: [
        groupedProvider(
          'down',
          new ProviderError(
            'unavailable',
            'upstream 503 from https://gpu.example.com/v1/run?token=abc123secret (Authorization: Bearer sk-live-0123456789abcdef)',
          ),
        ),
        groupedProvider('up'),
      ],
    });
    const owner = await signUp(ctx.app);
    const other = await signUp(ctx.app);
    const as = browser(ctx.app, owner);
    const made = await as.post('/api/generate-image', { prompt: 'a lighthouse', seed: 7 });
    expect(made.statusCode, made.body).toBe(200);
    const jobId = made.json().data.generationId as string;

    // Debug mode off (the default): refused with a clear message, for the owner too.
    const off = await as.get(`/api/generations/${jobId}/diagnostics`);
    expect(off.statusCode).toBe(403);
    expect(off.json()).toEqual({
      success: false,
      code: 'DEBUG_MODE_OFF',
      error: englishOf('api.error.DEBUG_MODE_OFF'),
    });

    expect((await as.patch('/api/settings', { debugMode: true })).statusCode).toBe(200);
    const on = await as.get(`/api/generations/${jobId}/diagnostics`);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.headers['cache-control']).toBe('no-store');
    const diagnostics = on.json().data;
    expect(diagnostics).toMatchObject({
      jobId,
      type: 'image',
      status: 'succeeded',
      model: 'up-1',
      provider: 'up',
      attempts: 1,
      failovers: [{ from: 'down-1', to: 'up-1', reason: expect.stringContaining('upstream 503') }],
      errorCode: null,
      error: null,
    });
    expect(diagnostics.stages.map((stage: { name: string }) => stage.name)).toEqual([
      'queued',
      'render',
      'render',
      'store',
    ]);
    expect(diagnostics.stages[1].detail).toBe('down-1 on down: unavailable, failed over to up-1');
    expect(diagnostics.stages[2].detail).toBe('up-1 on up');
    expect(diagnostics.stages[3].detail).toBe('file and thumbnail');
    for (const stage of diagnostics.stages) expect(stage.seconds).toBeGreaterThanOrEqual(0);
    // The provider's own text, without the URL's query string or the token.
    expect(diagnostics.providerError).toContain(
      'upstream 503 from https://gpu.example.com/v1/run?[redacted]',
    );
    expect(diagnostics.providerError).not.toContain('abc123secret');
    expect(diagnostics.providerError).not.toContain('sk-live-0123456789abcdef');

    // The library reaches the same diagnostics from an asset's generation id.
    const assetId = made.json().data.id as string;
    const asset = (await as.get(`/api/assets/${assetId}`)).json().data;
    expect(asset.generationId).toBe(jobId);

    // Another person's job looks missing, whatever their own debug mode says.
    const stranger = browser(ctx.app, other);
    await stranger.patch('/api/settings', { debugMode: true });
    expect((await stranger.get(`/api/generations/${jobId}/diagnostics`)).statusCode).toBe(404);
    expect((await browser(ctx.app, null).get(`/api/generations/${jobId}/diagnostics`)).statusCode).toBe(401);
  });

  it('times the queue with the clock and keep the provider error text of a failed job', async () => {
    const clock = fixedClock(new Date('2026-05-10T08:00:00.000Z'));
    const fake = createFakeProvider({ kind: 'hold' });
    ctx = await createTestContext({ clock, providers: [fake.provider] });
    const owner: SignedIn = await signUp(ctx.app);
    const as = browser(ctx.app, owner);
    await as.patch('/api/settings', { debugMode: true });

    const first = (await as.post('/api/generate-image?wait=false', { prompt: 'first' })).json().data.id;
    await until(
      async () => fake.heldCount(),
      (count) => count === 1,
    );
    fake.set({
      kind: 'fail',
      error: new ProviderError('internal', 'CUDA out of memory on https://gpu.internal/run?sig=SECRET42'),
    });
    const second = (await as.post('/api/generate-image?wait=false', { prompt: 'second' })).json().data.id;
    clock.advance(4000);
    fake.releaseAll();
    const ended = await until(
      async () => (await as.get(`/api/generations/${second}`)).json().data,
      (generation) => generation.status === 'failed',
    );
    expect(ended.error).toBe('Failed to generate image');

    const diagnostics = (await as.get(`/api/generations/${second}/diagnostics`)).json().data;
    expect(diagnostics).toMatchObject({
      jobId: second,
      status: 'failed',
      provider: 'fake',
      model: 'fake-1',
      attempts: 1,
      failovers: [],
      queuedSeconds: 4,
      runSeconds: 0,
      errorCode: 'INTERNAL',
      error: 'Failed to generate image',
      providerError: 'CUDA out of memory on https://gpu.internal/run?[redacted]',
    });
    expect(diagnostics.stages).toEqual([
      { name: 'queued', seconds: 4, detail: null },
      { name: 'render', seconds: expect.any(Number), detail: 'fake-1 on fake: failed' },
    ]);
    const firstDiagnostics = (await as.get(`/api/generations/${first}/diagnostics`)).json().data;
    expect(firstDiagnostics).toMatchObject({ status: 'succeeded', queuedSeconds: 0, providerError: null });
  });
});

describe('data collection', () => {
  let ctx: TestContext;
  afterEach(async () => {
    await ctx?.close();
  });

  it('off: new usage logs and API request records keep no prompt text; the library keeps its own; activity says so', async () => {
    ctx = await createTestContext({ providers: [createFakeProvider().provider] });
    const person = await signUp(ctx.app);
    const as = browser(ctx.app, person);
    const kept = await as.post('/api/generate-image', { prompt: 'a red fox' });
    expect(kept.statusCode, kept.body).toBe(200);

    expect((await as.patch('/api/settings', { dataCollection: false })).json().data.dataCollection).toBe(
      false,
    );
    const unkept = await as.post('/api/generate-image', { prompt: 'my secret garden' });
    expect(unkept.statusCode, unkept.body).toBe(200);
    const key = (await as.post('/api/api-keys/create', { name: 'Script' })).json().data.key as string;
    const viaApi = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/generate/image',
      headers: { authorization: `Bearer ${key}` },
      payload: { prompt: 'an api secret' },
    });
    expect(viaApi.statusCode, viaApi.body).toBe(200);

    const logs = await ctx.database.kysely
      .selectFrom('usage_logs')
      .select(['generation_id', 'prompt'])
      .where('user_id', '=', person.user.id)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    const promptOf = (generationId: string) => logs.find((log) => log.generation_id === generationId)?.prompt;
    expect(logs).toHaveLength(3);
    expect(promptOf(kept.json().data.generationId)).toBe('a red fox');
    expect(promptOf(unkept.json().data.generationId)).toBeNull();
    expect(promptOf(viaApi.json().data.id)).toBeNull();
    // API request records hold no prompt text at all.
    // (Recorded once the answer is sent: an onResponse hook that may land just after inject resolves.)
    const requestsOf = () =>
      ctx.database.kysely
        .selectFrom('api_requests')
        .selectAll()
        .where('user_id', '=', person.user.id)
        .execute();
    await expect.poll(async () => (await requestsOf()).length).toBe(1);
    const requests = await requestsOf();
    expect(JSON.stringify(requests)).not.toContain('api secret');

    // The library keeps its own prompts.
    const asset = (await as.get(`/api/assets/${unkept.json().data.id}`)).json().data;
    expect(asset.prompt).toBe('my secret garden');

    // The profile's recent activity: "prompt not kept" for the logs written while it was off.
    const activity = (await as.get('/api/usage/summary')).json().data.recentActivity as {
      id: string;
      detail: string | null;
      promptKept?: boolean;
    }[];
    const generationsActivity = activity.filter((event) => event.id.startsWith('generation:'));
    expect(generationsActivity.map((event) => [event.detail, event.promptKept])).toEqual(
      expect.arrayContaining([
        ['a red fox', true],
        [null, false],
        [null, false],
      ]),
    );
    expect(JSON.stringify(activity)).not.toContain('secret');

    // Turned back on: new logs keep the prompt again (existing ones stay without).
    await as.patch('/api/settings', { dataCollection: true });
    const again = await as.post('/api/generate-image', { prompt: 'a blue whale' });
    const log = await ctx.database.kysely
      .selectFrom('usage_logs')
      .select('prompt')
      .where('generation_id', '=', again.json().data.generationId)
      .executeTakeFirstOrThrow();
    expect(log.prompt).toBe('a blue whale');
  });
});
