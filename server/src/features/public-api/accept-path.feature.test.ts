import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { browser, proKeyHolder, type SignedIn } from '../../../test/factories.js';
import { createFakeProvider } from '../../../test/fake-provider.js';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { until } from '../../../test/provider-fixtures.js';

/**
 * The accept path (`Prefer: respond-async`): the usage record is written in the job's own
 * transaction, so it exists whenever the job does, the job's end settles it, and a rolled-back
 * request leaves no record behind.
 */
describe('the public API accept path and its usage record', () => {
  let ctx: TestContext;
  let fake: ReturnType<typeof createFakeProvider>;
  let admin: SignedIn;
  let person: SignedIn;
  let key: string;

  beforeEach(async () => {
    fake = createFakeProvider();
    ctx = await createTestContext({ providers: [fake.provider] });
    ({ admin, person, key } = await proKeyHolder(ctx.app, {
      credits: 5,
      scopes: ['generate', 'library:read'],
    }));
  });
  afterEach(async () => {
    fake.set({ kind: 'succeed' });
    fake.releaseAll();
    await ctx.close();
  });

  const accept = (prompt: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/generate/image',
      headers: { authorization: `Bearer ${key}`, prefer: 'respond-async', ...headers },
      payload: { prompt },
    });
  const records = () =>
    ctx.database.kysely
      .selectFrom('api_requests')
      .select(['endpoint', 'outcome', 'status_code', 'credits', 'generation_id'])
      .orderBy('created_at')
      .execute();
  const balance = async () => (await browser(ctx.app, person).get('/api/auth/me')).json().data.credits;

  it('answers 202 with the balance the reservation left, and the job’s end settles the record', async () => {
    fake.set({ kind: 'hold' });
    const before = await balance();
    const response = await accept('a lighthouse at dusk');
    expect(response.statusCode, response.body).toBe(202);
    const { data, metadata } = response.json();
    expect(metadata.creditsUsed).toBe(1);
    expect(metadata.remainingCredits).toBe(before - 1);
    expect(metadata.remainingCredits).toBe(await balance());
    // Written with the job, before the answer: accepted, 202, the job's cost.
    expect(await records()).toEqual([
      {
        endpoint: 'POST /api/v1/generate/image',
        outcome: 'accepted',
        status_code: 202,
        credits: 1,
        generation_id: data.id,
      },
    ]);
    await until(async () => fake.heldCount() === 1);
    fake.releaseAll();
    await until(async () => (await records())[0]?.outcome === 'success');
    expect(await records()).toHaveLength(1);
  });

  it('records a refused call once, from the answer, with nothing accepted left behind', async () => {
    await browser(ctx.app, admin).post('/api/auth/update-credits', { credits: 0, userId: person.user.id });
    const response = await accept('no credits');
    expect(response.statusCode).toBe(402);
    expect(await records()).toEqual([
      {
        endpoint: 'POST /api/v1/generate/image',
        outcome: 'insufficient_credits',
        status_code: 402,
        credits: 0,
        generation_id: null,
      },
    ]);
    expect(await ctx.database.kysely.selectFrom('generations').select('id').execute()).toEqual([]);
  });

  it('writes one record and one job for concurrent retries with one Idempotency-Key', async () => {
    fake.set({ kind: 'hold' });
    const answers = await Promise.all(
      [1, 2, 3].map(() => accept('same request', { 'idempotency-key': 'retry-1' })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([202, 202, 202]);
    const ids = new Set(answers.map((answer) => answer.json().data.id));
    expect(ids.size).toBe(1);
    const jobs = await ctx.database.kysely.selectFrom('generations').select('id').execute();
    expect(jobs.map((job) => job.id)).toEqual([...ids]);
    // Replays are not new requests: the one accepted call is the only record.
    const written = await records();
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ outcome: 'accepted', generation_id: [...ids][0] });
  });
});
