import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SAME_ORIGIN, type SignedIn, signUp } from '../../../test/factories.js';
import { createFakeProvider } from '../../../test/fake-provider.js';
import { createTestContext, type TestContext } from '../../../test/harness.js';

/** The offline queue's replays: POST /api/generate-* in a browser session with an Idempotency-Key. */
describe('generation requests with an Idempotency-Key (browser sessions)', () => {
  let ctx: TestContext;
  let person: SignedIn;

  beforeEach(async () => {
    ctx = await createTestContext({ providers: [createFakeProvider().provider] });
    person = await signUp(ctx.app);
  });
  afterEach(async () => {
    await ctx.close();
  });

  const send = (key: string | undefined, body: object, who: SignedIn = person) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/generate-image?wait=false',
      headers: { ...SAME_ORIGIN, cookie: who.cookie, ...(key ? { 'idempotency-key': key } : {}) },
      payload: body,
    });
  const jobOf = (answer: { json(): { data: { generation: { id: string } } } }) =>
    answer.json().data.generation.id;
  const request = { prompt: 'a red fox in the snow', settings: { style: 'realistic' } };
  const credits = async (who: SignedIn = person) =>
    (await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: who.cookie } })).json()
      .data.credits as number;
  const jobs = async (userId = person.user.id) =>
    (await ctx.database.kysely.selectFrom('generations').select('id').where('user_id', '=', userId).execute())
      .length;

  it('accepts a replay once: the same job comes back and the price is reserved once', async () => {
    const before = await credits();
    const first = await send('replay-1', request);
    expect(first.statusCode).toBe(202);
    // The job may have finished in between: 200 with the result then, still the same job.
    const again = await send('replay-1', request);
    expect([200, 202]).toContain(again.statusCode);
    expect(jobOf(again)).toBe(jobOf(first));
    expect(await jobs()).toBe(1);
    expect(await credits()).toBe(before - 1);

    // Without a key every request is a new job.
    await send(undefined, request);
    expect(await jobs()).toBe(2);
  });

  it('sends racing replays of one key to one job', async () => {
    const before = await credits();
    const answers = await Promise.all([1, 2, 3, 4].map(() => send('race-key', request)));
    for (const answer of answers) expect([200, 202]).toContain(answer.statusCode);
    expect(new Set(answers.map(jobOf)).size).toBe(1);
    expect(await jobs()).toBe(1);
    expect(await credits()).toBe(before - 1);
  });

  it('refuses the same key with another request, and keeps keys apart per person', async () => {
    await send('shared-key', request);
    const other = await send('shared-key', { ...request, prompt: 'something else' });
    expect(other.statusCode).toBe(409);

    const someoneElse = await signUp(ctx.app);
    const theirs = await send('shared-key', request, someoneElse);
    expect(theirs.statusCode).toBe(202);
    expect(await jobs(someoneElse.user.id)).toBe(1);
  });

  it('checks the key', async () => {
    const response = await send('x'.repeat(256), request);
    expect(response.statusCode).toBe(400);
  });
});
