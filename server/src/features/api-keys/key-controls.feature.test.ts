import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { browser, type SignedIn, signUp } from '../../../test/factories.js';
import { createFakeProvider } from '../../../test/fake-provider.js';
import {
  createTestContext,
  insertOldAccount,
  migrateToJustBefore,
  openBareDatabase,
  type TestContext,
} from '../../../test/harness.js';
import { keyUsageAfter } from '../../../test/provider-fixtures.js';
import { fixedClock } from '../../platform/clock.js';
import { migrateToLatest } from '../../platform/db/database.js';
import { newApiKey } from './key-format.js';

const HOUR = 3_600_000;

interface CreatedKey {
  id: string;
  key: string;
  scopes: string[];
  permissions: string[];
  expiresAt: string | null;
  monthlySpendCap: number | null;
  spentThisMonth: number;
  webhookUrl: string | null;
  previousKeyValidUntil: string | null;
}

/** Key controls of issue 15: scopes, expiry, a monthly spend cap, rotation and the key's webhook URL. */
describe('API key controls', () => {
  let ctx: TestContext;
  let fake: ReturnType<typeof createFakeProvider>;
  let admin: SignedIn;
  let person: SignedIn;
  const clock = fixedClock(new Date('2026-11-28T12:00:00.000Z'));

  beforeEach(async () => {
    clock.set(new Date('2026-11-28T12:00:00.000Z'));
    fake = createFakeProvider();
    ctx = await createTestContext({ providers: [fake.provider], clock });
    admin = await signUp(ctx.app);
    person = await signUp(ctx.app);
  });
  afterEach(async () => {
    await ctx.close();
  });

  const createKey = async (who: SignedIn, body: object = { name: 'My app' }) => {
    const response = await browser(ctx.app, who).post('/api/api-keys/create', body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as CreatedKey;
  };
  const call = (key: string, url: string, payload?: object) =>
    ctx.app.inject({
      method: payload ? 'POST' : 'GET',
      url,
      headers: { authorization: `Bearer ${key}` },
      ...(payload ? { payload } : {}),
    });
  const listed = async (id: string) => {
    const response = await browser(ctx.app, person).get('/api/api-keys/list');
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().data as CreatedKey[]).find((key) => key.id === id);
  };
  /** Moves the clock on, keeping both browser sessions alive (they end after 12 idle hours). */
  const advance = async (ms: number) => {
    for (let left = ms; left > 0; left -= 11 * HOUR) {
      clock.advance(Math.min(left, 11 * HOUR));
      for (const who of [person, admin]) await browser(ctx.app, who).get('/api/auth/me');
    }
  };
  const proAccount = async (credits: number) => {
    await browser(ctx.app, admin).post('/api/auth/update-plan', { plan: 'pro', userId: person.user.id });
    await browser(ctx.app, admin).post('/api/auth/update-credits', { credits, userId: person.user.id });
  };

  it('gives new keys the default scopes and keeps the permissions field in step', async () => {
    const key = await createKey(person);
    expect(key).toMatchObject({
      scopes: ['generate', 'library:read', 'account:read'],
      permissions: ['images:create', 'generations:read'],
      expiresAt: null,
      monthlySpendCap: null,
      spentThisMonth: 0,
      webhookUrl: null,
      previousKeyValidUntil: null,
    });
    const caller = browser(ctx.app, person);
    const patched = await caller.patch(`/api/api-keys/${key.id}`, { scopes: ['library:read', 'generate'] });
    expect(patched.json().data).toMatchObject({
      scopes: ['generate', 'library:read'],
      permissions: ['images:create', 'generations:read'],
    });
    const none = await caller.patch(`/api/api-keys/${key.id}`, { scopes: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toContain('Choose at least one scope.');
    const unknown = await caller.post('/api/api-keys/create', { name: 'x', scopes: ['admin'] });
    expect(unknown.statusCode).toBe(400);
  });

  it('refuses a call without its scope with 403 INSUFFICIENT_SCOPE, and lets a key follow its own jobs', async () => {
    const readOnly = await createKey(person, { name: 'reader', scopes: ['library:read'] });
    const refused = await call(readOnly.key, '/api/v1/generate/image', { prompt: 'a fox' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      success: false,
      code: 'INSUFFICIENT_SCOPE',
      error:
        'This API key lacks the "generate" scope this call needs. Add it to the key on the API Keys page.',
    });

    const generator = await createKey(person, { name: 'generator', scopes: ['generate'] });
    const other = await createKey(person, { name: 'other' });
    const mine = (await call(generator.key, '/api/v1/generate/image', { prompt: 'mine' })).json().data;
    const theirs = (await call(other.key, '/api/v1/generate/image', { prompt: 'theirs' })).json().data;
    // Its own job: readable with `generate` alone (an async job must be followable).
    expect((await call(generator.key, `/api/v1/generations/${mine.id}`)).statusCode).toBe(200);
    const foreign = await call(generator.key, `/api/v1/generations/${theirs.id}`);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().code).toBe('INSUFFICIENT_SCOPE');
    // library:read reads every generation of the account.
    expect((await call(readOnly.key, `/api/v1/generations/${mine.id}`)).statusCode).toBe(200);
    // A refused call is recorded as forbidden and charges nothing.
    const usage = await keyUsageAfter(ctx, person, readOnly.id, 2);
    expect(usage).toMatchObject({ totalRequests: 2, creditsUsed: 0 });
  });

  it('answers 401 once a key has expired, and refuses an expiry in the past', async () => {
    const caller = browser(ctx.app, person);
    const past = await caller.post('/api/api-keys/create', {
      name: 'old',
      expiresAt: '2026-11-01T00:00:00.000Z',
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().error).toContain('The expiry date must be in the future.');
    const key = await createKey(person, { name: 'short', expiresAt: '2026-11-28T13:00:00Z' });
    expect(key.expiresAt).toBe('2026-11-28T13:00:00.000Z');
    expect((await call(key.key, '/api/v1/generate/image', { prompt: 'in time' })).statusCode).toBe(200);
    clock.advance(HOUR);
    const expired = await call(key.key, '/api/v1/generate/image', { prompt: 'too late' });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({
      code: 'AUTHENTICATION_FAILED',
      error:
        'This API key expired at 2026-11-28T13:00:00.000Z. Create a new key or change its expiry on the API Keys page.',
    });
    // The owner can lift the expiry.
    const lifted = await caller.patch(`/api/api-keys/${key.id}`, { expiresAt: null });
    expect(lifted.json().data.expiresAt).toBeNull();
    expect((await call(key.key, '/api/v1/generate/image', { prompt: 'again' })).statusCode).toBe(200);
  });

  it('never lets concurrent calls spend past the monthly cap, and refunds failed jobs', async () => {
    await proAccount(100);
    const key = await createKey(person, { name: 'capped', plan: 'pro', monthlySpendCap: 3 });
    expect(key.monthlySpendCap).toBe(3);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => call(key.key, '/api/v1/generate/image', { prompt: `race ${i}` })),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 402)).toHaveLength(5);
    const refusal = answers.find((answer) => answer.statusCode === 402);
    expect(refusal?.json()).toMatchObject({
      code: 'INSUFFICIENT_CREDITS',
      error:
        "This call would exceed the API key's monthly spend cap of 3 credits (3 spent this month). Raise the cap on the API Keys page or wait until next month.",
    });
    expect(await listed(key.id)).toMatchObject({ spentThisMonth: 3, monthlySpendCap: 3 });

    // Raising the cap lets the key spend again; a failed job gives its credits back to the month.
    await browser(ctx.app, person).patch(`/api/api-keys/${key.id}`, { monthlySpendCap: 5 });
    fake.set({ kind: 'fail' });
    expect((await call(key.key, '/api/v1/generate/image', { prompt: 'fails' })).statusCode).toBe(502);
    expect(await listed(key.id)).toMatchObject({ spentThisMonth: 3 });
    fake.set({ kind: 'succeed' });
    expect((await call(key.key, '/api/v1/generate/image', { prompt: 'ok' })).statusCode).toBe(200);
    expect(await listed(key.id)).toMatchObject({ spentThisMonth: 4 });

    // A new month starts from nothing spent.
    await advance(Date.parse('2026-12-01T00:00:01.000Z') - clock.now().getTime());
    expect(await listed(key.id)).toMatchObject({ spentThisMonth: 0 });
    const invalid = await browser(ctx.app, person).patch(`/api/api-keys/${key.id}`, { monthlySpendCap: 0 });
    expect(invalid.statusCode).toBe(400);
  });

  it('rotates a key: the new secret works at once, the old one until the grace period ends', async () => {
    const key = await createKey(person);
    const caller = browser(ctx.app, person);
    expect((await caller.post(`/api/api-keys/${key.id}/rotate`, { graceHours: 200 })).statusCode).toBe(400);
    const rotated = await caller.post(`/api/api-keys/${key.id}/rotate`, { graceHours: 24 });
    expect(rotated.statusCode).toBe(200);
    const next = rotated.json().data as CreatedKey;
    expect(next.key).not.toBe(key.key);
    expect(next.previousKeyValidUntil).toBe('2026-11-29T12:00:00.000Z');
    expect((await caller.get(`/api/api-keys/${key.id}/reveal`)).json().data.key).toBe(next.key);
    expect((await call(next.key, '/api/v1/generate/image', { prompt: 'new' })).statusCode).toBe(200);
    expect((await call(key.key, '/api/v1/generate/image', { prompt: 'old' })).statusCode).toBe(200);
    await advance(24 * HOUR);
    expect((await call(key.key, '/api/v1/generate/image', { prompt: 'old' })).statusCode).toBe(401);
    expect((await listed(key.id))?.previousKeyValidUntil).toBeNull();
    expect((await call(next.key, '/api/v1/generate/image', { prompt: 'new' })).statusCode).toBe(200);

    // No grace: the previous secret is refused at once.
    const again = (await caller.post(`/api/api-keys/${key.id}/rotate`, { graceHours: 0 })).json()
      .data as CreatedKey;
    expect(again.previousKeyValidUntil).toBeNull();
    expect((await call(next.key, '/api/v1/generate/image', { prompt: 'x' })).statusCode).toBe(401);
    // Someone else cannot rotate it.
    const stranger = browser(ctx.app, admin);
    expect((await stranger.post(`/api/api-keys/${key.id}/rotate`, { graceHours: 0 })).statusCode).toBe(404);
  });

  it("refuses a disabled account's key at once, by its current and by its previous secret", async () => {
    const key = await createKey(person, { name: 'rotated', scopes: ['account:read'] });
    const rotated = await browser(ctx.app, person).post(`/api/api-keys/${key.id}/rotate`, { graceHours: 24 });
    const next = rotated.json().data as CreatedKey;
    // A well-formed secret no key has is looked up both ways, and refused.
    expect((await call(newApiKey('developer').secret, '/api/v1/account')).statusCode).toBe(401);
    for (const secret of [next.key, key.key])
      expect((await call(secret, '/api/v1/account')).statusCode).toBe(200);

    const disabled = await browser(ctx.app, admin).post(`/api/admin/users/${person.user.id}/disable`, {
      reason: 'Spam',
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    for (const secret of [next.key, key.key])
      expect((await call(secret, '/api/v1/account')).statusCode).toBe(401);

    expect((await browser(ctx.app, admin).post(`/api/admin/users/${person.user.id}/enable`)).statusCode).toBe(
      200,
    );
    for (const secret of [next.key, key.key])
      expect((await call(secret, '/api/v1/account')).statusCode).toBe(200);
  });

  it("stores the key's own webhook URL, checked like the Settings one", async () => {
    const key = await createKey(person, { name: 'hooks', webhookUrl: 'https://hooks.example.com/key' });
    expect(key.webhookUrl).toBe('https://hooks.example.com/key');
    const caller = browser(ctx.app, person);
    const bad = await caller.patch(`/api/api-keys/${key.id}`, { webhookUrl: 'javascript:alert(1)' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('Webhook URL must start with http:// or https://');
    expect(
      (await caller.patch(`/api/api-keys/${key.id}`, { webhookUrl: '' })).json().data.webhookUrl,
    ).toBeNull();
  });
});

describe("a key's webhook URL and private addresses", () => {
  it('refuses a URL that resolves to a private address when saved, as Settings does', async () => {
    const ctx = await createTestContext({
      config: { webhooks: { allowPrivate: false } },
      webhookResolver: async (hostname) =>
        hostname === 'sneaky.example'
          ? [{ address: '127.0.0.1', family: 4 }]
          : [{ address: '93.184.216.34', family: 4 }],
    });
    try {
      const caller = browser(ctx.app, await signUp(ctx.app));
      for (const webhookUrl of [
        'http://127.0.0.1:8080/hook',
        'https://sneaky.example/hook',
        'http://[::1]/x',
      ]) {
        const refused = await caller.post('/api/api-keys/create', { name: 'hooks', webhookUrl });
        expect(refused.statusCode, webhookUrl).toBe(400);
        expect(refused.json().code).toBe('VALIDATION_FAILED');
      }
      const made = await caller.post('/api/api-keys/create', {
        name: 'hooks',
        webhookUrl: 'https://hooks.example.com/key',
      });
      expect(made.statusCode).toBe(201);
      const patched = await caller.patch(`/api/api-keys/${made.json().data.id}`, {
        webhookUrl: 'https://sneaky.example/hook',
      });
      expect(patched.statusCode).toBe(400);
    } finally {
      await ctx.close();
    }
  });
});

describe('migration 0013-key-controls on existing keys', () => {
  it('grants the scopes equivalent to the old permissions and counts what the allowance already lost', async () => {
    const bare = await openBareDatabase();
    try {
      const { database } = bare;
      const at = '2026-11-02T10:00:00.000Z';
      await migrateToJustBefore(database, '0013-key-controls');
      await insertOldAccount(database, { id: 'u1', createdAt: at });
      const insertKey = (id: string, plan: string, permissions: string[], remaining: number) =>
        sql`insert into api_keys (id, user_id, kind, name, description, plan, permissions, key_hash, key_encrypted,
            key_preview, is_active, credits_remaining, credits_period, created_at, updated_at)
          values (${id}, 'u1', 'developer', ${id}, '', ${plan}, ${JSON.stringify(permissions)}, ${`hash-${id}`},
            'enc', 'kal_live', 1, ${remaining}, '2026-11', ${at}, ${at})`.execute(database.kysely);
      await insertKey('video', 'basic', ['images:create', 'videos:create', 'generations:read'], 40);
      await insertKey('images', 'free', ['images:create'], 10);
      await migrateToLatest(database);
      const rows = await database.kysely
        .selectFrom('api_keys')
        .select(['id', 'scopes', 'credits_spent', 'expires_at', 'monthly_spend_cap', 'previous_key_hash'])
        .orderBy('id')
        .execute();
      expect(rows).toEqual([
        {
          id: 'images',
          scopes: '["generate"]',
          credits_spent: 0,
          expires_at: null,
          monthly_spend_cap: null,
          previous_key_hash: null,
        },
        {
          id: 'video',
          scopes: '["generate","library:read"]',
          credits_spent: 460,
          expires_at: null,
          monthly_spend_cap: null,
          previous_key_hash: null,
        },
      ]);
    } finally {
      await bare.close();
    }
  });
});
