import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { browser, type SignedIn, signUp } from '../../../test/factories.js';
import { createFakeProvider } from '../../../test/fake-provider.js';
import { createTestContext, type TestContext } from '../../../test/harness.js';

/**
 * The one Idempotency-Key mechanism across its three users: a browser session's generations, the
 * public API's (per API key) and purchases. A key is scoped to its caller and to what it protects.
 */
describe('one Idempotency-Key mechanism', () => {
  let ctx: TestContext;
  let person: SignedIn;

  beforeEach(async () => {
    ctx = await createTestContext({ providers: [createFakeProvider().provider] });
    person = await signUp(ctx.app);
  });
  afterEach(async () => {
    await ctx.close();
  });

  const as = () => browser(ctx.app, person);
  const me = async () => (await as().get('/api/auth/me')).json().data;
  const records = () =>
    ctx.database.kysely
      .selectFrom('idempotency_keys')
      .select(['operation', 'api_key_id', 'key'])
      .where('user_id', '=', person.user.id)
      .execute();

  it('keeps a purchase, a session generation and an API key generation under one key apart, each made and charged once even when doubled at once', async () => {
    expect(
      (
        await as().post('/api/billing/payment-methods', {
          number: '4242 4242 4242 4242',
          expiry: '12/29',
          cvc: '123',
          name: 'Ada Lovelace',
        })
      ).statusCode,
    ).toBe(201);
    const apiKey = (await as().post('/api/api-keys/create', { name: 'shop' })).json().data.key as string;
    const key = 'same-key-everywhere-1';
    const purchase = () => as().post('/api/billing/purchases', { packId: 'pack-50', idempotencyKey: key });
    const session = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/generate-image?wait=false',
        headers: { 'sec-fetch-site': 'same-origin', cookie: person.cookie, 'idempotency-key': key },
        payload: { prompt: 'a kite over the dunes' },
      });
    const publicApi = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/generate/image',
        headers: { authorization: `Bearer ${apiKey}`, 'idempotency-key': key },
        payload: { prompt: 'a kite over the dunes' },
      });

    const [purchases, sessions, publics] = await Promise.all([
      Promise.all([purchase(), purchase()]),
      Promise.all([session(), session()]),
      Promise.all([publicApi(), publicApi()]),
    ]);
    for (const response of purchases) expect(response.statusCode, response.body).toBe(201);
    for (const response of sessions) expect([200, 202], response.body).toContain(response.statusCode);
    for (const response of publics) expect([200, 202], response.body).toContain(response.statusCode);
    const purchaseIds = new Set(purchases.map((r) => r.json().data.purchase.id));
    const sessionJobs = new Set(sessions.map((r) => r.json().data.generation.id));
    const publicJobs = new Set(publics.map((r) => r.json().data.id));
    expect([purchaseIds.size, sessionJobs.size, publicJobs.size]).toEqual([1, 1, 1]);
    expect(sessionJobs).not.toEqual(publicJobs);

    // 10 monthly + 50 bought (a pack of 50 has no bonus), minus one image each for two jobs. Jobs
    // spend purchased credits first, so which bucket each job drew from depends on whether the
    // purchase landed before its reservation; the total and the one purchase entry do not.
    expect(await me()).toMatchObject({ credits: 58 });
    const bought = await ctx.database.kysely
      .selectFrom('credit_ledger')
      .select(['delta_monthly', 'delta_purchased'])
      .where('user_id', '=', person.user.id)
      .where('kind', '=', 'purchase')
      .execute();
    expect(bought).toEqual([{ delta_monthly: 0, delta_purchased: 50 }]);
    const jobs = await ctx.database.kysely
      .selectFrom('generations')
      .select('id')
      .where('user_id', '=', person.user.id)
      .execute();
    expect(jobs).toHaveLength(2);
    expect(
      (await records()).map((record) => [record.operation, record.api_key_id === null, record.key]).sort(),
    ).toEqual([
      ['generation', false, key],
      ['generation', true, key],
      ['purchase', true, key],
    ]);
  });

  it('answers 409 for the same key with another request on each path, with that path’s message', async () => {
    const session = (prompt: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/generate-image?wait=false',
        headers: { 'sec-fetch-site': 'same-origin', cookie: person.cookie, 'idempotency-key': 'k-1' },
        payload: { prompt },
      });
    expect((await session('first')).statusCode).toBe(202);
    const other = await session('second');
    expect(other.statusCode).toBe(409);
    expect(other.json().error).toBe('This Idempotency-Key was already used with a different request.');
    // The whole request counts, not only the prompt.
    const restyled = await ctx.app.inject({
      method: 'POST',
      url: '/api/generate-image?wait=false',
      headers: { 'sec-fetch-site': 'same-origin', cookie: person.cookie, 'idempotency-key': 'k-1' },
      payload: { prompt: 'first', settings: { style: 'cartoon' } },
    });
    expect(restyled.statusCode).toBe(409);
  });

  it('refuses an empty or overlong Idempotency-Key with the catalog message alone', async () => {
    for (const key of ['', 'x'.repeat(256)]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/generate-image?wait=false',
        headers: { 'sec-fetch-site': 'same-origin', cookie: person.cookie, 'idempotency-key': key },
        payload: { prompt: 'checked' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('Idempotency-Key must be 1 to 255 characters.');
    }
  });
});
