import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { browser, proKeyHolder, type SignedIn } from '../../../test/factories.js';
import { createFakeProvider } from '../../../test/fake-provider.js';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { recordedRequests, until } from '../../../test/provider-fixtures.js';

/**
 * `GET /api/v1/account` reads the usage records of reads that are not written yet (they are written
 * together, within 50 ms): every figure it answers must still be exact on the very next call, and a
 * change made anywhere else must show on the very next call too.
 */
describe('GET /api/v1/account: exact on the very next call', () => {
  let ctx: TestContext;
  let fake: ReturnType<typeof createFakeProvider>;
  let admin: SignedIn;
  let person: SignedIn;
  let key: string;
  let keyId: string;

  beforeEach(async () => {
    fake = createFakeProvider();
    ctx = await createTestContext({ providers: [fake.provider] });
    ({ admin, person, key, keyId } = await proKeyHolder(ctx.app, {
      credits: 50,
      scopes: ['generate', 'library:read', 'account:read'],
    }));
  });
  afterEach(async () => {
    await ctx.close();
  });

  const call = (url: string, payload?: object) =>
    ctx.app.inject({
      method: payload ? 'POST' : 'GET',
      url,
      headers: { authorization: `Bearer ${key}` },
      ...(payload ? { payload } : {}),
    });
  const account = async () => {
    const response = await call('/api/v1/account');
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  const written = () => recordedRequests(ctx.database, keyId);

  it('counts every earlier call, whether its record is written yet or not, and never twice', async () => {
    // Each answer counts the calls before it (its own record is written once it is answered).
    for (let expected = 0; expected < 6; expected++) {
      expect((await account()).key.usageThisMonth.requests).toBe(expected);
    }
    await call('/api/v1/models');
    expect((await account()).key.usageThisMonth.requests).toBe(7);
    // Once written, the same figure: the records now come from the database alone.
    await until(async () => (await written()) === 8);
    expect((await account()).key.usageThisMonth.requests).toBe(8);
    // The key's usage page reads the records with SQL: it writes the waiting ones first.
    const usage = await browser(ctx.app, person).get(`/api/api-keys/${keyId}/usage`);
    expect(usage.json().data.totalRequests).toBe(9);
    expect(await written()).toBe(9);
  });

  it('writes the waiting records when the app closes', async () => {
    await account();
    await account();
    await ctx.app.close();
    expect(await written()).toBe(2);
  });

  it('shows a new charge, a balance or plan change, a deactivation and a revocation on the next call', async () => {
    const before = await account();
    expect(before).toMatchObject({
      plan: 'pro',
      balance: { total: 50 },
      key: { usageThisMonth: { generations: 0, creditsUsed: 0 } },
    });
    const generated = await call('/api/v1/generate/image', { prompt: 'a lighthouse' });
    expect(generated.statusCode, generated.body).toBe(200);
    expect(await account()).toMatchObject({
      balance: { total: 49 },
      key: { allowance: { remaining: 1999 }, usageThisMonth: { generations: 1, creditsUsed: 1 } },
    });
    await browser(ctx.app, admin).post('/api/auth/update-credits', { credits: 7, userId: person.user.id });
    expect((await account()).balance.total).toBe(7);
    await browser(ctx.app, admin).post('/api/auth/update-plan', { plan: 'free', userId: person.user.id });
    expect((await account()).plan).toBe('free');
    await browser(ctx.app, person).post(`/api/api-keys/${keyId}/deactivate`);
    expect((await call('/api/v1/account')).statusCode).toBe(403);
    await browser(ctx.app, person).post(`/api/api-keys/${keyId}/activate`);
    expect((await call('/api/v1/account')).statusCode).toBe(200);
    await browser(ctx.app, person).delete(`/api/api-keys/${keyId}`);
    expect((await call('/api/v1/account')).statusCode).toBe(401);
  });
});
