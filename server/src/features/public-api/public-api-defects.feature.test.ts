import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { browser, type SignedIn, signUp } from '../../../test/factories.js';
import { createFakeProvider } from '../../../test/fake-provider.js';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { keyUsageAfter } from '../../../test/provider-fixtures.js';

/** What the request loggers said at warn level or above, and the replays they logged (issue 15). */
interface LogCapture {
  problems: string[];
  replays: number;
}

/** The defects a developer hit on the public API (issue 15): each one pinned by a test. */
describe('the public API answers developers precisely', () => {
  let ctx: TestContext;
  let fake: ReturnType<typeof createFakeProvider>;
  let admin: SignedIn;
  let person: SignedIn;
  let logs: LogCapture;

  beforeEach(async () => {
    fake = createFakeProvider();
    logs = { problems: [], replays: 0 };
    ctx = await createTestContext({
      providers: [fake.provider],
      routes: (app) => {
        // Every request's logger, watched: a replay must not reach "Reply was already sent" or a DB error.
        app.addHook('onRequest', async (request) => {
          const log = request.log;
          const info = log.info.bind(log);
          const watch =
            (level: 'warn' | 'error') =>
            (...args: unknown[]) => {
              logs.problems.push(`${level}: ${args.map((arg) => JSON.stringify(arg)).join(' ')}`);
            };
          log.warn = watch('warn');
          log.error = watch('error');
          log.info = (...args: Parameters<typeof info>) => {
            if (args.some((arg) => arg === 'idempotent replay answered')) logs.replays += 1;
            return info(...args);
          };
        });
      },
    });
    admin = await signUp(ctx.app);
    person = await signUp(ctx.app);
  });
  afterEach(async () => {
    fake.releaseAll();
    await ctx.close();
  });

  const createKey = async (plan: 'free' | 'pro' = 'free') => {
    if (plan === 'pro') {
      await browser(ctx.app, admin).post('/api/auth/update-plan', { plan: 'pro', userId: person.user.id });
    }
    const response = await browser(ctx.app, person).post('/api/api-keys/create', { name: 'Defects', plan });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { id: string; key: string };
  };

  it('answers a known path asked with the wrong method with 405 and Allow, in the envelope', async () => {
    const { key } = await createKey();
    const wrong = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/v1/generate/image',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(wrong.statusCode).toBe(405);
    expect(wrong.headers.allow).toBe('POST');
    expect(wrong.json()).toEqual({
      success: false,
      code: 'METHOD_NOT_ALLOWED',
      error: 'DELETE is not allowed on /api/v1/generate/image; allowed: POST',
    });
    const status = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/generations/abc?x=1',
      headers: { 'accept-language': 'de' },
    });
    expect(status.statusCode).toBe(405);
    expect(status.headers.allow).toContain('GET');
    expect(status.json().error).toContain('nicht erlaubt');
    // An unknown path stays a 404.
    const unknown = await ctx.app.inject({ method: 'POST', url: '/api/v1/nothing-here' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('ROUTE_NOT_FOUND');
  });

  it('answers a text/plain body with 415, and refuses unknown fields naming them', async () => {
    const { key } = await createKey();
    const headers = { authorization: `Bearer ${key}` };
    const plain = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/generate/image',
      headers: { ...headers, 'content-type': 'text/plain' },
      payload: 'a lighthouse',
    });
    expect(plain.statusCode).toBe(415);
    expect(plain.json()).toMatchObject({ success: false, code: 'UNSUPPORTED_MEDIA_TYPE' });

    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/generate/image',
      headers,
      payload: { prompt: 'a lighthouse', colour: 'red', settings: { style: 'realistic', steps: 30 } },
    });
    expect(unknown.statusCode).toBe(400);
    const body = unknown.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(['Unrecognized key: "colour"', 'settings: Unrecognized key: "steps"']).toContain(body.error);
    expect(body.details).toHaveLength(2);
    expect(body.details).toEqual(
      expect.arrayContaining([
        { path: 'colour', message: 'Unrecognized key: "colour"' },
        { path: 'settings.steps', message: 'Unrecognized key: "steps"' },
      ]),
    );
    expect(fake.calls).toHaveLength(0);
  });

  it('reports a cancelled job as cancelled, not as a failed generation', async () => {
    const { key } = await createKey();
    fake.set({ kind: 'hold' });
    const headers = { authorization: `Bearer ${key}`, prefer: 'respond-async', 'idempotency-key': 'c-1' };
    const send = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/generate/image',
        headers,
        payload: { prompt: 'waves' },
      });
    const target = await send();
    expect(target.statusCode, target.body).toBe(202);
    const id = target.json().data.id as string;
    const cancel = await browser(ctx.app, person).post(`/api/generations/${id}/cancel`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    const status = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/generations/${id}`,
      headers: { authorization: `Bearer ${key}` },
    });
    expect(status.json().data.status).toBe('cancelled');
    const replay = await send();
    expect(replay.statusCode).toBe(409);
    expect(replay.json()).toMatchObject({
      success: false,
      code: 'GENERATION_CANCELLED',
      details: { id, creditsUsed: 0 },
    });
  });

  it('answers a replayed Idempotency-Key once, logs it as a replay and never submits twice', async () => {
    const { id: keyId, key } = await createKey('pro');
    const headers = { authorization: `Bearer ${key}`, 'idempotency-key': 'replay-1' };
    const send = () =>
      ctx.app.inject({ method: 'POST', url: '/api/v1/generate/image', headers, payload: { prompt: 'once' } });
    const first = await send();
    expect(first.statusCode).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const second = await send();
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json().data.id).toBe(first.json().data.id);
    expect(fake.calls).toHaveLength(1);
    const jobs = await ctx.database.kysely
      .selectFrom('generations')
      .select('id')
      .where('user_id', '=', person.user.id)
      .execute();
    expect(jobs).toHaveLength(1);
    expect(logs.replays).toBe(1);
    expect(logs.problems).toEqual([]);
    // The replay is not a second request for the key's figures: nothing counted as invalid.
    const usage = await keyUsageAfter(ctx, person, keyId, 1);
    expect(usage).toMatchObject({ totalRequests: 1, successRate: 100, creditsUsed: 1 });
  });
});
