import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SAME_ORIGIN } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { createRequestLimiter, type LimitDecision } from './request-limiter.js';

/**
 * The per-IP limits of sign-up and sign-in count in the database, so several processes sharing one
 * database (scale-out on PostgreSQL) share them: here two app instances on one database, taking turns.
 */
describe('per-IP limits shared by every process on the database', () => {
  let first: TestContext;
  let second: TestContext;
  beforeEach(async () => {
    first = await createTestContext({ config: { rateLimits: { signupsPerHour: 4, loginsPerMinute: 6 } } });
    second = await createTestContext({
      config: { rateLimits: { signupsPerHour: 4, loginsPerMinute: 6 } },
      shared: { database: first.config.database, dataDir: first.dataDir },
    });
  });
  afterEach(async () => {
    await second.close();
    await first.close();
  });

  it('refuses the sign-in over the limit whichever process answers it', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt++) {
      const app = attempt % 2 === 0 ? first.app : second.app;
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: SAME_ORIGIN,
        payload: { email: `nobody-${attempt}@example.com`, password: 'whatever-pw' },
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(response.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    // Each process saw at most four of the seven: only a shared count reaches the limit of six.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429]);
  });

  it('counts sign-ups across processes, and each route on its own', async () => {
    const signUp = (app: TestContext['app'], n: number) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        headers: SAME_ORIGIN,
        payload: { name: `Person ${n}`, email: `person-${n}@example.com`, password: 'a good password 1' },
      });
    const statuses = [];
    for (let n = 0; n < 5; n++)
      statuses.push((await signUp(n % 2 === 0 ? first.app : second.app, n)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 429]);
    // The sign-in limit has its own count: the sign-ups did not use it up.
    const login = await second.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: SAME_ORIGIN,
      payload: { email: 'person-0@example.com', password: 'a good password 1' },
    });
    expect(login.statusCode).toBe(200);
  });
});

/**
 * A count must hold whatever else the process is doing: on SQLite every request shares one connection,
 * and another request's transaction may be open on it (between two of its awaits) when a count is made.
 */
describe('request counts beside other requests’ transactions', () => {
  let ctx: TestContext;
  beforeEach(async () => {
    ctx = await createTestContext();
  });
  afterEach(async () => {
    await ctx.close();
  });

  it('keeps a count made while another transaction is open, when that transaction rolls back', async () => {
    const limiter = createRequestLimiter(ctx.database);
    expect((await limiter.consume('key-a', 5)).remaining).toBe(4);
    let during: Promise<LimitDecision> | undefined;
    const rolledBack = ctx.database.kysely.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ updated_at: new Date().toISOString() })
        .where('id', '=', 'nobody')
        .execute();
      during = limiter.consume('key-a', 5);
      await new Promise((resolve) => setTimeout(resolve, 20));
      throw new Error('this transaction rolls back');
    });
    await expect(rolledBack).rejects.toThrow('this transaction rolls back');
    expect((await during)?.remaining).toBe(3);
    // The count made during the other transaction survived its rollback.
    expect((await limiter.consume('key-a', 5)).remaining).toBe(2);
  });
});
