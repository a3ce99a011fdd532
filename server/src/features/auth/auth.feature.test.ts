import { readFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  browser,
  linkIn,
  readOutbox,
  SAME_ORIGIN,
  sessionCookieOf,
  signUp,
} from '../../../test/factories.js';
import { createTestContext, type TestContext, testDatabaseKind } from '../../../test/harness.js';
import { fixedClock } from '../../platform/clock.js';
import { LOGIN_THROTTLE, SESSION_POLICY } from './auth.service.js';

describe('accounts and sessions', () => {
  let ctx: TestContext;
  const clock = fixedClock(new Date('2026-11-01T10:00:00.000Z'));
  beforeEach(async () => {
    clock.set(new Date('2026-11-01T10:00:00.000Z'));
    ctx = await createTestContext({ clock });
  });
  afterEach(async () => {
    await ctx.close();
  });

  it('signs up with 10 credits on the free plan, an HttpOnly Lax session cookie and a token', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: SAME_ORIGIN,
      payload: {
        name: ' Ada Lovelace ',
        email: ' Ada@Example.COM ',
        password: 'analytical engine',
        remember: false,
      },
    });
    expect(response.statusCode).toBe(201);
    const { user, token } = response.json().data;
    expect(user).toMatchObject({
      email: 'ada@example.com',
      displayName: 'Ada Lovelace',
      credits: 10,
      creditsMonthly: 10,
      creditsPurchased: 0,
      plan: 'free',
      hasPassword: true,
    });
    expect(token).toMatch(/^[\w-]{22}\.[\w-]{43}$/);
    const cookie = response.cookies.find((c) => c.name === 'kaleido_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', value: token });
    expect(cookie?.maxAge).toBeUndefined();

    const me = await browser(ctx.app, { cookie: sessionCookieOf(response) }).get('/api/auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toEqual(user);

    const ledger = await ctx.database.kysely
      .selectFrom('credit_ledger')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(ledger).toMatchObject([
      { kind: 'grant', delta_monthly: 10, balance_monthly: 10, balance_purchased: 0 },
    ]);
  });

  it('makes the first account an administrator and later ones users, even when they sign up together', async () => {
    const results = await Promise.all(Array.from({ length: 6 }, () => signUp(ctx.app)));
    const roles = results.map((r) => r.user.role);
    expect(roles.filter((role) => role === 'admin')).toHaveLength(1);
    expect(roles.filter((role) => role === 'user')).toHaveLength(5);
  });

  it('stores only a hash of the session secret and of the password', async () => {
    const person = await signUp(ctx.app);
    const session = await ctx.database.kysely.selectFrom('sessions').selectAll().executeTakeFirstOrThrow();
    const secret = person.token.split('.')[1] ?? '';
    expect(session.token_hash).not.toContain(secret);
    expect(session.token_hash).toMatch(/^[0-9a-f]{64}$/);
    const user = await ctx.database.kysely.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    if (testDatabaseKind() === 'sqlite') {
      const file = await readFile(ctx.config.database.kind === 'sqlite' ? ctx.config.database.file : '');
      expect(file.includes(Buffer.from(secret))).toBe(false);
      expect(file.includes(Buffer.from(person.password))).toBe(false);
    }
  });

  it('rejects a duplicate e-mail whatever its case, and bad sign-up input with clear messages', async () => {
    await signUp(ctx.app, { email: 'grace@example.com' });
    const duplicate = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: SAME_ORIGIN,
      payload: { name: 'Grace', email: 'GRACE@example.com', password: 'long enough pw' },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({
      success: false,
      error: 'An account with this email already exists.',
    });

    const cases: [object, string][] = [
      [{ email: 'a@example.com', password: 'long enough pw' }, 'name: Please enter your full name.'],
      [
        { name: 'A', email: 'not-an-email', password: 'long enough pw' },
        'email: Please enter a valid email address.',
      ],
      [
        { name: 'A', email: 'a@example.com', password: 'short' },
        'password: Password must be at least 8 characters.',
      ],
    ];
    for (const [payload, error] of cases) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        headers: SAME_ORIGIN,
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, error });
    }
    expect(await ctx.database.kysely.selectFrom('users').select('id').execute()).toHaveLength(1);
  });

  it('signs in, rejects a wrong password or unknown e-mail with the same answer, and signs out', async () => {
    const person = await signUp(ctx.app, { email: 'alan@example.com' });
    const wrong = await browser(ctx.app, null).post('/api/auth/login', {
      email: 'alan@example.com',
      password: 'nope-nope',
    });
    const unknown = await browser(ctx.app, null).post('/api/auth/login', {
      email: 'who@example.com',
      password: 'nope-nope',
    });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ success: false, error: 'Invalid email or password.' });
      expect(response.headers['set-cookie']).toBeUndefined();
    }

    const login = await browser(ctx.app, null).post('/api/auth/login', {
      email: 'ALAN@example.com',
      password: person.password,
    });
    expect(login.statusCode).toBe(200);
    const cookie = sessionCookieOf(login);
    expect(cookie).not.toBe(person.cookie);
    const signedIn = browser(ctx.app, { cookie });
    expect((await signedIn.get('/api/auth/me')).statusCode).toBe(200);

    const logout = await signedIn.post('/api/auth/logout');
    expect(logout.statusCode).toBe(200);
    expect(logout.cookies.find((c) => c.name === 'kaleido_session')?.value).toBe('');
    const after = await signedIn.get('/api/auth/me');
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ success: false, error: 'User not authenticated' });
    // The other session (from sign-up) is untouched.
    expect((await browser(ctx.app, person).get('/api/auth/me')).statusCode).toBe(200);
  });

  it('answers the spec texts when signed out or with a bad token', async () => {
    const none = await ctx.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({
      success: false,
      error: 'Authentication required',
      code: 'AUTHENTICATION_REQUIRED',
    });
    for (const token of ['garbage', `${'a'.repeat(22)}.${'b'.repeat(43)}`, 'kal_live_xyz']) {
      const bad = await ctx.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(bad.statusCode).toBe(401);
      expect(bad.json().error).toBe('User not authenticated');
    }
  });

  it('accepts the session token as a bearer token without cookies or CSRF headers', async () => {
    const person = await signUp(ctx.app);
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${person.token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.id).toBe(person.user.id);
    const access = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/validate-access',
      headers: { authorization: `Bearer ${person.token}` },
    });
    expect(access.json()).toEqual({
      success: true,
      data: { valid: true, userId: person.user.id, role: person.user.role, plan: 'free' },
    });
    const change = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { authorization: `Bearer ${person.token}` },
      payload: { currentPassword: person.password, newPassword: 'a brand new password' },
    });
    expect(change.statusCode).toBe(200);
  });

  it('keeps a remember-me session 30 days and no longer', async () => {
    const person = await signUp(ctx.app, { remember: true });
    const login = await browser(ctx.app, null).post('/api/auth/login', {
      email: person.email,
      password: person.password,
      remember: true,
    });
    const cookie = login.cookies.find((c) => c.name === 'kaleido_session');
    expect(cookie?.maxAge).toBe(30 * 24 * 60 * 60);
    const session = { cookie: sessionCookieOf(login) };
    clock.advance(SESSION_POLICY.rememberTtlMs - 60_000);
    expect((await browser(ctx.app, session).get('/api/auth/me')).statusCode).toBe(200);
    clock.advance(2 * 60_000);
    expect((await browser(ctx.app, session).get('/api/auth/me')).statusCode).toBe(401);
  });

  it('ends a browser session after 12 idle hours, but keeps an active one going', async () => {
    const person = await signUp(ctx.app, { remember: false });
    const caller = browser(ctx.app, person);
    for (let hour = 0; hour < 30; hour += 6) {
      clock.advance(6 * 60 * 60_000);
      expect((await caller.get('/api/auth/me')).statusCode).toBe(200);
    }
    clock.advance(SESSION_POLICY.idleTtlMs + 60_000);
    expect((await caller.get('/api/auth/me')).statusCode).toBe(401);
  });

  it('rejects cross-site cookie writes and cross-site sign-in, and lets same-origin ones through', async () => {
    const person = await signUp(ctx.app);
    const attempts = [
      { 'sec-fetch-site': 'cross-site', cookie: person.cookie },
      { 'sec-fetch-site': 'same-site', cookie: person.cookie },
      { origin: 'https://evil.example', cookie: person.cookie },
      { cookie: person.cookie },
    ];
    for (const headers of attempts) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers,
        payload: { currentPassword: person.password, newPassword: 'attacker chosen pw' },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ success: false, code: 'CROSS_SITE_REQUEST' });
    }
    const loginCsrf = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: 'https://evil.example' },
      payload: { email: person.email, password: person.password },
    });
    expect(loginCsrf.statusCode).toBe(403);
    const formPost = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/plain', ...SAME_ORIGIN },
      payload: JSON.stringify({ email: person.email, password: person.password }),
    });
    expect(formPost.statusCode).toBe(415);

    const sameOriginByOrigin = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { origin: 'http://localhost:3000', cookie: person.cookie },
    });
    expect(sameOriginByOrigin.statusCode).toBe(200);
    // A non-browser client signing in (no cookie, no browser headers) is not a CSRF vector.
    const cli = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: person.email, password: person.password },
    });
    expect(cli.statusCode).toBe(200);
  });

  it('locks an account after repeated wrong passwords without affecting others', async () => {
    const victim = await signUp(ctx.app);
    const bystander = await signUp(ctx.app);
    for (let i = 0; i < LOGIN_THROTTLE.maxFailures; i++) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { ...SAME_ORIGIN, 'x-forwarded-for': `10.0.0.${i}` },
        payload: { email: victim.email, password: `wrong-${i}-password` },
      });
      expect(response.statusCode).toBe(401);
    }
    const locked = await browser(ctx.app, null).post('/api/auth/login', {
      email: victim.email,
      password: victim.password,
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toBe(
      'Too many failed sign-in attempts for this account. Please try again in a few minutes.',
    );
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    const other = await browser(ctx.app, null).post('/api/auth/login', {
      email: bystander.email,
      password: bystander.password,
    });
    expect(other.statusCode).toBe(200);
    clock.advance(LOGIN_THROTTLE.lockMs + 1000);
    const later = await browser(ctx.app, null).post('/api/auth/login', {
      email: victim.email,
      password: victim.password,
    });
    expect(later.statusCode).toBe(200);
  });

  it('rate-limits sign-in per IP with a clear message and Retry-After', async () => {
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof ctx.app.inject>> | undefined;
    for (let i = 0; i < 11; i++) {
      last = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: SAME_ORIGIN,
        payload: { email: `nobody-${i}@example.com`, password: 'whatever-pw' },
      });
      statuses.push(last.statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect(last?.json()).toMatchObject({
      success: false,
      error: 'Too many attempts. Please wait a moment and try again.',
    });
    expect(last?.headers['retry-after']).toBeDefined();
  });

  it('resets a forgotten password through a single-use e-mailed link that ends every session', async () => {
    const person = await signUp(ctx.app);
    const unknown = await browser(ctx.app, null).post('/api/auth/forgot-password', {
      email: 'ghost@example.com',
    });
    const known = await browser(ctx.app, null).post('/api/auth/forgot-password', {
      email: person.email.toUpperCase(),
    });
    expect(unknown.json()).toEqual(known.json());
    expect(known.json().data.message).toBe(
      'If an account exists for that email, we sent a link to reset the password.',
    );

    const outbox = await readOutbox(ctx.dataDir);
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toContain(`To: ${person.email}`);
    const link = new URL(linkIn(outbox[0] ?? ''));
    expect(link.origin + link.pathname).toBe('http://localhost:3000/auth/reset');
    const token = link.searchParams.get('token') ?? '';
    const stored = await ctx.database.kysely.selectFrom('one_time_tokens').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.token_hash).not.toContain(token);

    const reset = await browser(ctx.app, null).post('/api/auth/reset-password', {
      token,
      newPassword: 'my new password',
    });
    expect(reset.statusCode).toBe(200);
    expect((await browser(ctx.app, person).get('/api/auth/me')).statusCode).toBe(401);
    const again = await browser(ctx.app, null).post('/api/auth/reset-password', {
      token,
      newPassword: 'another password',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe('This reset link is invalid or has expired.');
    const oldPassword = await browser(ctx.app, null).post('/api/auth/login', {
      email: person.email,
      password: person.password,
    });
    expect(oldPassword.statusCode).toBe(401);
    const newPassword = await browser(ctx.app, null).post('/api/auth/login', {
      email: person.email,
      password: 'my new password',
    });
    expect(newPassword.statusCode).toBe(200);
  });

  it('refuses an expired reset link', async () => {
    const person = await signUp(ctx.app);
    await browser(ctx.app, null).post('/api/auth/forgot-password', { email: person.email });
    const token = new URL(linkIn((await readOutbox(ctx.dataDir))[0] ?? '')).searchParams.get('token');
    clock.advance(31 * 60_000);
    const reset = await browser(ctx.app, null).post('/api/auth/reset-password', {
      token,
      newPassword: 'too late password',
    });
    expect(reset.statusCode).toBe(400);
  });

  it('changes the password only with the right current one, ending the other sessions', async () => {
    const person = await signUp(ctx.app);
    const elsewhere = await browser(ctx.app, null).post('/api/auth/login', {
      email: person.email,
      password: person.password,
    });
    const other = { cookie: sessionCookieOf(elsewhere) };
    const caller = browser(ctx.app, person);
    const wrong = await caller.post('/api/auth/change-password', {
      currentPassword: 'not my password',
      newPassword: 'whatever new pw',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe('Current password is incorrect.');
    const empty = await caller.post('/api/auth/change-password', {
      currentPassword: '',
      newPassword: 'whatever new pw',
    });
    expect(empty.json().error).toBe('currentPassword: Please fill in all password fields.');

    const ok = await caller.post('/api/auth/change-password', {
      currentPassword: person.password,
      newPassword: 'the new password',
    });
    expect(ok.statusCode).toBe(200);
    expect((await caller.get('/api/auth/me')).statusCode).toBe(200);
    expect((await browser(ctx.app, other).get('/api/auth/me')).statusCode).toBe(401);
  });

  it('lets only administrators set credits and plans', async () => {
    const admin = await signUp(ctx.app);
    const user = await signUp(ctx.app);
    expect(admin.user.role).toBe('admin');
    const denied = await browser(ctx.app, user).post('/api/auth/update-credits', { credits: 1000 });
    expect(denied.statusCode).toBe(403);
    const deniedPlan = await browser(ctx.app, user).post('/api/auth/update-plan', { plan: 'enterprise' });
    expect(deniedPlan.statusCode).toBe(403);
    expect((await browser(ctx.app, user).get('/api/auth/me')).json().data).toMatchObject({
      credits: 10,
      plan: 'free',
    });

    const set = await browser(ctx.app, admin).post('/api/auth/update-credits', {
      credits: 42,
      userId: user.user.id,
    });
    expect(set.json().data).toMatchObject({ id: user.user.id, credits: 42 });
    const plan = await browser(ctx.app, admin).post('/api/auth/update-plan', {
      plan: 'pro',
      userId: user.user.id,
    });
    expect(plan.json().data).toMatchObject({ plan: 'pro' });
    const negative = await browser(ctx.app, admin).post('/api/auth/update-credits', { credits: -5 });
    expect(negative.statusCode).toBe(400);
    const entries = await ctx.database.kysely
      .selectFrom('credit_ledger')
      .selectAll()
      .where('user_id', '=', user.user.id)
      .orderBy('created_at')
      .execute();
    expect(entries.map((e) => [e.kind, e.balance_monthly + e.balance_purchased])).toEqual([
      ['grant', 10],
      ['adjustment', 42],
    ]);
  });
});
