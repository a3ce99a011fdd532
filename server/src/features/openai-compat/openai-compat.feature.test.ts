import OpenAI, { APIError, AuthenticationError, BadRequestError, RateLimitError } from 'openai';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser, type SignedIn, signUp } from '../../../test/factories.js';
import { createFakeProvider } from '../../../test/fake-provider.js';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { freePort } from '../../../test/postgres-server.js';

/**
 * The OpenAI-compatible endpoint driven by the official `openai` package over real HTTP, as Open
 * WebUI, LibreChat or any OpenAI SDK would: the app listens on a loopback port that is also its
 * PUBLIC_URL, so the URLs it answers can be fetched.
 */
describe('the OpenAI-compatible endpoint', () => {
  let ctx: TestContext;
  let fake: ReturnType<typeof createFakeProvider>;
  let admin: SignedIn;
  let person: SignedIn;
  let baseUrl: string;

  beforeEach(async () => {
    fake = createFakeProvider();
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    ctx = await createTestContext({ providers: [fake.provider], config: { publicUrl: baseUrl } });
    await ctx.app.listen({ port, host: '127.0.0.1' });
    admin = await signUp(ctx.app);
    person = await signUp(ctx.app);
  });
  afterEach(async () => {
    await ctx.close();
  });

  const createKey = async (who: SignedIn) => {
    const response = await browser(ctx.app, who).post('/api/api-keys/create', { name: 'Open WebUI' });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { id: string; key: string };
  };
  /** A client as Open WebUI configures one: base URL and a Kaleido key; no retries, so tests stay fast. */
  const client = (apiKey: string) =>
    new OpenAI({ baseURL: `${baseUrl}/api/openai/v1`, apiKey, maxRetries: 0 });
  const balance = async (who: SignedIn) =>
    (await browser(ctx.app, who).get('/api/auth/me')).json().data.credits as number;
  /** The key's usage figures once they include `expected` (a call is recorded after its answer is sent). */
  const expectUsage = (who: SignedIn, keyId: string, expected: object) =>
    vi.waitFor(async () =>
      expect((await browser(ctx.app, who).get(`/api/api-keys/${keyId}/usage`)).json().data).toMatchObject(
        expected,
      ),
    );
  /** What a failed SDK call threw. */
  const failure = async (call: Promise<unknown>): Promise<APIError> => {
    const error = await call.then(
      () => null,
      (thrown: unknown) => thrown,
    );
    if (!(error instanceof APIError)) throw new Error(`expected an APIError, got ${String(error)}`);
    return error;
  };

  it('lists the image models in OpenAI list shape', async () => {
    const { key } = await createKey(person);
    const models = [];
    for await (const model of client(key).models.list()) models.push(model);
    expect(models).toEqual([
      { id: 'fake-1', object: 'model', created: expect.any(Number), owned_by: 'fake' },
    ]);
  });

  it('answers a signed absolute URL at the nearest supported size, charging one credit', async () => {
    const { key, id } = await createKey(person);
    const answer = await client(key).images.generate({
      model: 'dall-e-3',
      prompt: 'a lighthouse at golden hour',
      size: '1792x1024',
      quality: 'hd',
      style: 'natural',
      response_format: 'url',
      user: 'end-user-7',
    });
    expect(answer.created).toBeGreaterThan(0);
    expect(answer.data).toHaveLength(1);
    const [image] = answer.data ?? [];
    expect(image?.revised_prompt).toBe('a lighthouse at golden hour');
    expect(image?.b64_json).toBeUndefined();
    expect(image?.url).toMatch(new RegExp(`^${baseUrl}/api/files/.+\\?exp=\\d+&sig=`));
    const file = await fetch(image?.url ?? '');
    expect(file.status).toBe(200);
    // 1792x1024 is nearest 16:9 at our 2048 px long side.
    expect(await sharp(Buffer.from(await file.arrayBuffer())).metadata()).toMatchObject({
      format: 'png',
      width: 2048,
      height: 1152,
    });
    expect(fake.calls.at(-1)).toMatchObject({ style: 'photographic', quality: 'high', model: 'fake-1' });
    expect(await balance(person)).toBe(9);
    await expectUsage(person, id, { totalRequests: 1, imageRequests: 1, creditsUsed: 1 });
  });

  it('answers base64 PNGs; n=2 makes and charges two generations', async () => {
    const { key, id } = await createKey(person);
    const answer = await client(key).images.generate({
      prompt: 'two cats',
      n: 2,
      size: '1024x1536',
      response_format: 'b64_json',
    });
    expect(answer.data).toHaveLength(2);
    for (const image of answer.data ?? []) {
      expect(image.url).toBeUndefined();
      const png = Buffer.from(image.b64_json ?? '', 'base64');
      // 1024x1536 is 2:3; its long side lies midway between our 1024 and 2048, and a tie goes up.
      expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 1368, height: 2048 });
    }
    expect(await balance(person)).toBe(8);
    const keys = (await browser(ctx.app, person).get('/api/api-keys/list')).json().data;
    expect(keys[0]).toMatchObject({ credits: 8 });
    await expectUsage(person, id, { totalRequests: 1, creditsUsed: 2 });
  });

  it("refuses an unsupported size in OpenAI's error shape, charging nothing", async () => {
    const { key } = await createKey(person);
    const size: string = '999x999';
    const error = await failure(client(key).images.generate({ prompt: 'x', size: size as '1024x1024' }));
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.error).toEqual({
      message: expect.stringContaining('size'),
      type: 'invalid_request_error',
      param: 'size',
      code: 'invalid_value',
    });
    const tooMany = await failure(client(key).images.generate({ prompt: 'x', n: 5 }));
    expect(tooMany).toMatchObject({ status: 400, param: 'n' });
    const unknownModel = await failure(client(key).images.generate({ prompt: 'x', model: 'nope' }));
    expect(unknownModel).toMatchObject({ status: 400, param: 'model' });
    expect(await balance(person)).toBe(10);
    expect(fake.calls).toHaveLength(0);
  });

  it('refuses an invalid key with 401 invalid_api_key, and other routes keep their own envelope', async () => {
    const error = await failure(client(`kal_live_${'A'.repeat(49)}`).images.generate({ prompt: 'x' }));
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error).toMatchObject({ type: 'invalid_request_error', code: 'invalid_api_key', param: null });
    expect(error.message).toContain('Invalid API key.');
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/openai/v1/models' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json().error.code).toBe('invalid_api_key');
    const publicApi = await ctx.app.inject({ method: 'POST', url: '/api/v1/generate/image', payload: {} });
    expect(publicApi.json()).toMatchObject({ success: false, code: 'AUTHENTICATION_REQUIRED' });
  });

  it('refuses n images the credits cannot all pay with 402 insufficient_quota, submitting none', async () => {
    const { key } = await createKey(person);
    await browser(ctx.app, admin).post('/api/auth/update-credits', { credits: 1, userId: person.user.id });
    const error = await failure(client(key).images.generate({ prompt: 'two please', n: 2 }));
    expect(error.status).toBe(402);
    expect(error).toMatchObject({ type: 'insufficient_quota', code: 'insufficient_quota' });
    expect(error.message).toContain('Insufficient credits. Image generation requires 2 credits.');
    expect(await balance(person)).toBe(1);
    expect(await ctx.database.kysely.selectFrom('generations').select('id').execute()).toHaveLength(0);

    await ctx.database.kysely.updateTable('api_keys').set({ credits_remaining: 0 }).execute();
    const allowance = await failure(client(key).images.generate({ prompt: 'one more' }));
    expect(allowance).toMatchObject({ status: 402, code: 'insufficient_quota' });
    expect(allowance.message).toContain("This API key's monthly allowance is used up.");

    // The key's spend cap counts for all n images too.
    await browser(ctx.app, admin).post('/api/auth/update-credits', { credits: 10, userId: person.user.id });
    await ctx.database.kysely
      .updateTable('api_keys')
      .set({ credits_remaining: 10, monthly_spend_cap: 1 })
      .execute();
    const capped = await failure(client(key).images.generate({ prompt: 'two please', n: 2 }));
    expect(capped).toMatchObject({ status: 402, code: 'insufficient_quota' });
    expect(capped.message).toContain('monthly spend cap of 1 credits (0 spent this month)');
    expect(await balance(person)).toBe(10);
    expect(await ctx.database.kysely.selectFrom('generations').select('id').execute()).toHaveLength(0);
  });

  it("answers the key's rate limit with 429 rate_limit_exceeded and Retry-After", async () => {
    const { key } = await createKey(person);
    const openai = client(key);
    // A free key allows 5 requests a minute; listing models counts like any call.
    for (let i = 0; i < 5; i++) await openai.models.list();
    const error = await failure(openai.images.generate({ prompt: 'one too many' }));
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ code: 'rate_limit_exceeded', type: 'requests' });
    expect(Number(error.headers?.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await balance(person)).toBe(10);
  });

  it("stays out of both OpenAPI documents (its reference is OpenAI's)", async () => {
    for (const url of ['/api/openapi.json', '/api/v1/openapi.json']) {
      const paths = Object.keys((await ctx.app.inject({ method: 'GET', url })).json().paths);
      expect(paths.length, url).toBeGreaterThan(0);
      expect(
        paths.filter((path) => path.includes('openai')),
        url,
      ).toEqual([]);
    }
  });

  it('refuses a key without the generate scope with 403 permission_error', async () => {
    const response = await browser(ctx.app, person).post('/api/api-keys/create', {
      name: 'reader',
      scopes: ['library:read'],
    });
    expect(response.statusCode, response.body).toBe(201);
    const error = await failure(client(response.json().data.key).images.generate({ prompt: 'x' }));
    expect(error).toMatchObject({ status: 403, type: 'permission_error', code: 'insufficient_scope' });
    expect(await balance(person)).toBe(10);
  });

  it('answers 502 when the generation fails, charging nothing', async () => {
    const { key } = await createKey(person);
    fake.set({ kind: 'fail' });
    const error = await failure(client(key).images.generate({ prompt: 'doomed', n: 2 }));
    expect(error.status).toBe(502);
    expect(error).toMatchObject({ type: 'server_error', code: 'generation_failed_image' });
    expect(await balance(person)).toBe(10);
  });
});
