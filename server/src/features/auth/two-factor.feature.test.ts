import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authenticatorCode } from '../../../test/authenticator-app.js';
import { browser, type SignedIn, sessionCookieOf, signUp } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { sentMail } from '../../../test/mail.js';
import { fixedClock } from '../../platform/clock.js';

/** `name=value` of a Set-Cookie, for a Cookie header. */
function cookieOf(response: LightMyRequestResponse, name: string): string {
  const cookie = response.cookies.find((c) => c.name === name);
  if (!cookie) throw new Error(`no ${name} cookie in ${JSON.stringify(response.headers['set-cookie'])}`);
  return `${cookie.name}=${cookie.value}`;
}

describe('two-factor sign-in (TOTP and recovery codes)', () => {
  let ctx: TestContext;
  const clock = fixedClock(new Date('2026-11-01T10:00:05.000Z'));
  beforeEach(async () => {
    clock.set(new Date('2026-11-01T10:00:05.000Z'));
    ctx = await createTestContext({ clock });
  });
  afterEach(async () => {
    await ctx.close();
  });

  const code = (secret: string, offsetSteps = 0) =>
    authenticatorCode(secret, new Date(clock.now().getTime() + offsetSteps * 30_000));

  /** Signs up and turns TOTP on; the clock then moves to the next step (the enabling code is used). */
  async function withTotp(): Promise<{ person: SignedIn; secret: string; recoveryCodes: string[] }> {
    const person = await signUp(ctx.app);
    const setup = await browser(ctx.app, person).post('/api/auth/2fa/totp/setup');
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret } = setup.json().data;
    const enabled = await browser(ctx.app, person).post('/api/auth/2fa/totp/enable', { code: code(secret) });
    expect(enabled.statusCode, enabled.body).toBe(200);
    clock.advance(30_000);
    return { person, secret, recoveryCodes: enabled.json().data.recoveryCodes };
  }

  const login = (person: SignedIn, cookie?: string) =>
    browser(ctx.app, cookie ? { cookie } : null).post('/api/auth/login', {
      email: person.email,
      password: person.password,
    });

  /** Password, then the second step's cookie. */
  async function challenge(person: SignedIn, extraCookie?: string): Promise<string> {
    const response = await login(person, extraCookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({ twoFactorRequired: true, methods: ['totp', 'recovery'] });
    return cookieOf(response, 'kaleido_2fa');
  }

  const verify = (cookie: string, payload: object) =>
    browser(ctx.app, { cookie }).post('/api/auth/2fa/verify', payload);

  it('sets up with a QR URI, enables with a code, then asks for a code at sign-in', async () => {
    const person = await signUp(ctx.app);
    const as = browser(ctx.app, person);
    expect((await as.get('/api/auth/2fa')).json().data).toEqual({
      totp: { enabled: false, pending: false },
      recoveryCodesRemaining: 0,
      passkeys: [],
      trustedDevice: false,
    });
    const setup = (await as.post('/api/auth/2fa/totp/setup')).json().data;
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauthUrl).toBe(
      `otpauth://totp/Kaleido:${encodeURIComponent(person.email)}?secret=${setup.secret}&issuer=Kaleido`,
    );
    expect((await as.get('/api/auth/2fa')).json().data.totp).toEqual({ enabled: false, pending: true });
    // The secret is kept sealed, never as it was shown.
    const row = await ctx.database.kysely.selectFrom('user_totp').selectAll().executeTakeFirstOrThrow();
    expect(row.secret_sealed).not.toContain(setup.secret);

    // A pending setup does not change sign-in; a wrong code does not turn it on.
    expect((await login(person)).json().data.token).toBeTruthy();
    const wrong = await as.post('/api/auth/2fa/totp/enable', { code: code(setup.secret, 3) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe(
      'That code is not valid. Enter the current 6-digit code from your authenticator app.',
    );
    const enabled = await as.post('/api/auth/2fa/totp/enable', { code: code(setup.secret) });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const { recoveryCodes } = enabled.json().data;
    expect(recoveryCodes).toHaveLength(10);
    for (const recovery of recoveryCodes) expect(recovery).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    const stored = await ctx.database.kysely.selectFrom('recovery_codes').select('code_hash').execute();
    expect(stored.map((r) => r.code_hash).join()).not.toContain(recoveryCodes[0]);
    expect((await as.get('/api/auth/2fa')).json().data).toMatchObject({
      totp: { enabled: true, pending: false },
      recoveryCodesRemaining: 10,
    });
    expect((await as.get('/api/settings')).json().data.twoFactorEnabled).toBe(true);
    expect((await as.post('/api/auth/2fa/totp/setup')).statusCode).toBe(409);

    // Sign-in: the password alone gives no session, only the second step's cookie.
    clock.advance(30_000);
    const first = await login(person);
    expect(first.json()).toEqual({
      success: true,
      data: { twoFactorRequired: true, methods: ['totp', 'recovery'] },
    });
    expect(first.cookies.find((c) => c.name.endsWith('kaleido_session'))).toBeUndefined();
    expect(first.cookies.find((c) => c.name === 'kaleido_2fa')).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/api/auth',
      maxAge: 300,
    });
    const verified = await verify(cookieOf(first, 'kaleido_2fa'), { code: code(setup.secret) });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().data.user.email).toBe(person.email);
    const me = await browser(ctx.app, { cookie: sessionCookieOf(verified) }).get('/api/auth/me');
    expect(me.statusCode).toBe(200);

    const subjects = (await sentMail(ctx.app, ctx.dataDir)).map((mail) => mail.headers.subject);
    expect(subjects).toContain('Two-factor sign-in is on');
  });

  it('accepts a code once: a replay in its window is refused, the next step works', async () => {
    const { person, secret } = await withTotp();
    const used = code(secret);
    const ok = await verify(await challenge(person), { code: used });
    expect(ok.statusCode).toBe(200);
    const replay = await verify(await challenge(person), { code: used });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error).toBe(
      'That code is not valid. Enter the current 6-digit code from your authenticator app.',
    );
    // The enabling code's step (one step back) is spent too.
    expect((await verify(await challenge(person), { code: code(secret, -1) })).statusCode).toBe(401);
    clock.advance(30_000);
    expect((await verify(await challenge(person), { code: code(secret) })).statusCode).toBe(200);
    // A challenge is single use.
    const cookie = await challenge(person);
    clock.advance(30_000);
    expect((await verify(cookie, { code: code(secret) })).statusCode).toBe(200);
    clock.advance(30_000);
    const again = await verify(cookie, { code: code(secret) });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({
      code: 'TWO_FACTOR_CHALLENGE_EXPIRED',
      error: 'Your sign-in took too long. Please sign in again.',
    });
  });

  it('takes each recovery code once, and says so by e-mail', async () => {
    const { person, recoveryCodes } = await withTotp();
    const [first = '', second = ''] = recoveryCodes;
    const ok = await verify(await challenge(person), { recoveryCode: first.toUpperCase() });
    expect(ok.statusCode, ok.body).toBe(200);
    const reused = await verify(await challenge(person), { recoveryCode: first });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().error).toBe('That recovery code is not valid or has already been used.');
    expect((await verify(await challenge(person), { recoveryCode: second })).statusCode).toBe(200);
    const status = await browser(ctx.app, { cookie: sessionCookieOf(ok) }).get('/api/auth/2fa');
    expect(status.json().data.recoveryCodesRemaining).toBe(8);
    const subjects = (await sentMail(ctx.app, ctx.dataDir)).map((mail) => mail.headers.subject);
    expect(subjects.filter((subject) => subject === 'A Kaleido recovery code was used')).toHaveLength(2);
  });

  it('turns off only with the password and a code; new recovery codes void the old ones', async () => {
    const { person, secret, recoveryCodes } = await withTotp();
    const as = browser(ctx.app, person);
    const trusted = await verify(await challenge(person), { code: code(secret), trustDevice: true });
    const device = cookieOf(trusted, 'kaleido_trusted');
    clock.advance(30_000);
    const noPassword = await as.post('/api/auth/2fa/totp/disable', {
      password: 'wrong password',
      code: code(secret),
    });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().error).toBe('Current password is incorrect.');
    const noCode = await as.post('/api/auth/2fa/totp/disable', { password: person.password, code: '000000' });
    expect(noCode.statusCode).toBe(400);

    const renewed = await as.post('/api/auth/2fa/recovery-codes', {
      password: person.password,
      code: code(secret),
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const fresh: string[] = renewed.json().data.recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(recoveryCodes[0]);
    const old = await as.post('/api/auth/2fa/totp/disable', {
      password: person.password,
      code: recoveryCodes[0],
    });
    expect(old.statusCode).toBe(400);
    expect(old.json().error).toBe('That recovery code is not valid or has already been used.');

    const off = await as.post('/api/auth/2fa/totp/disable', { password: person.password, code: fresh[0] });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toEqual({ totp: { enabled: false } });
    expect((await as.get('/api/settings')).json().data.twoFactorEnabled).toBe(false);
    expect((await login(person)).json().data.token).toBeTruthy();
    expect(await ctx.database.kysely.selectFrom('recovery_codes').selectAll().execute()).toHaveLength(0);
    // Turning it off forgets the trusted devices: turned on again, this browser is asked again.
    expect(await ctx.database.kysely.selectFrom('trusted_devices').selectAll().execute()).toHaveLength(0);
    const setup = (await as.post('/api/auth/2fa/totp/setup')).json().data;
    expect((await as.post('/api/auth/2fa/totp/enable', { code: code(setup.secret) })).statusCode).toBe(200);
    expect((await login(person, device)).json().data.twoFactorRequired).toBe(true);
    const subjects = (await sentMail(ctx.app, ctx.dataDir)).map((mail) => mail.headers.subject);
    expect(subjects).toEqual(
      expect.arrayContaining(['New Kaleido recovery codes were created', 'Two-factor sign-in is off']),
    );
  });

  it('lets the second step expire after five minutes of the app clock', async () => {
    const { person, secret } = await withTotp();
    const cookie = await challenge(person);
    clock.advance(5 * 60_000 + 1_000);
    const late = await verify(cookie, { code: code(secret) });
    expect(late.statusCode).toBe(401);
    expect(late.json()).toMatchObject({
      code: 'TWO_FACTOR_CHALLENGE_EXPIRED',
      error: 'Your sign-in took too long. Please sign in again.',
    });
    // No cookie, or a tampered one, is no better.
    expect(
      (await browser(ctx.app, null).post('/api/auth/2fa/verify', { code: code(secret) })).statusCode,
    ).toBe(401);
    expect((await verify('kaleido_2fa=forged.value', { code: code(secret) })).statusCode).toBe(401);
  });

  it('trusts a device for 30 days, until the password changes', async () => {
    const { person, secret } = await withTotp();
    const trusted = await verify(await challenge(person), { code: code(secret), trustDevice: true });
    expect(trusted.statusCode).toBe(200);
    expect(trusted.cookies.find((c) => c.name === 'kaleido_trusted')).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/api/auth',
      maxAge: 30 * 24 * 3600,
    });
    const device = cookieOf(trusted, 'kaleido_trusted');
    const session = sessionCookieOf(trusted);
    expect(
      (await browser(ctx.app, { cookie: `${session}; ${device}` }).get('/api/auth/2fa')).json().data
        .trustedDevice,
    ).toBe(true);
    const skipped = await login(person, device);
    expect(skipped.json().data.token).toBeTruthy();
    // Another account's trusted device is not this one's.
    const other = await withTotp();
    expect((await login(other.person, device)).json().data.twoFactorRequired).toBe(true);

    // Changing the password ends the other sessions and forgets the trusted devices.
    const changed = await browser(ctx.app, { cookie: session }).post('/api/auth/change-password', {
      currentPassword: person.password,
      newPassword: 'another long passphrase',
    });
    expect(changed.statusCode).toBe(200);
    const after = await browser(ctx.app, { cookie: device }).post('/api/auth/login', {
      email: person.email,
      password: 'another long passphrase',
    });
    expect(after.json().data.twoFactorRequired).toBe(true);

    // Past 30 days a trusted device is not trusted any more.
    clock.advance(30_000);
    const again = await verify(await challenge({ ...person, password: 'another long passphrase' }), {
      code: code(secret),
      trustDevice: true,
    });
    const second = cookieOf(again, 'kaleido_trusted');
    clock.advance(31 * 24 * 3600_000);
    const expired = await browser(ctx.app, { cookie: second }).post('/api/auth/login', {
      email: person.email,
      password: 'another long passphrase',
    });
    expect(expired.json().data.twoFactorRequired).toBe(true);
  });

  it('locks the account after five wrong codes and passwords together', async () => {
    const { person, secret } = await withTotp();
    const cookie = await challenge(person);
    const wrongPassword = await browser(ctx.app, null).post('/api/auth/login', {
      email: person.email,
      password: 'not the password',
    });
    expect(wrongPassword.statusCode).toBe(401);
    for (let i = 0; i < 4; i++) expect((await verify(cookie, { code: '000000' })).statusCode).toBe(401);
    const locked = await verify(cookie, { code: code(secret) });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toBe(
      'Too many failed sign-in attempts for this account. Please try again in a few minutes.',
    );
    expect((await login(person)).statusCode).toBe(429);
    clock.advance(16 * 60_000);
    const cookieAfter = await challenge(person);
    expect((await verify(cookieAfter, { code: code(secret) })).statusCode).toBe(200);
  });

  it('limits second-step attempts per IP', async () => {
    await ctx.close();
    ctx = await createTestContext({
      clock,
      config: { rateLimits: { signupsPerHour: 10, loginsPerMinute: 3 } },
    });
    const { person } = await withTotp();
    const cookie = await challenge(person);
    for (let i = 0; i < 3; i++) expect((await verify(cookie, { code: '000000' })).statusCode).toBe(401);
    const limited = await verify(cookie, { code: '000000' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe('Too many attempts. Please wait a moment and try again.');
  });

  it('refuses setting twoFactorEnabled directly', async () => {
    const person = await signUp(ctx.app);
    const response = await browser(ctx.app, person).patch('/api/settings', { twoFactorEnabled: true });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(
      'twoFactorEnabled: Turn two-factor sign-in on or off in Settings → Security.',
    );
  });

  it('lets an administrator reset a second factor (audited by e-mail); others get 403', async () => {
    const admin = await signUp(ctx.app);
    expect(admin.user.role).toBe('admin');
    const { person, secret } = await withTotp();
    const trusted = await verify(await challenge(person), { code: code(secret), trustDevice: true });
    expect(trusted.statusCode).toBe(200);
    const forbidden = await browser(ctx.app, person).post(`/api/admin/users/${admin.user.id}/reset-2fa`);
    expect(forbidden.statusCode).toBe(403);
    expect(
      (await browser(ctx.app, null).post(`/api/admin/users/${person.user.id}/reset-2fa`)).statusCode,
    ).toBe(401);
    expect((await browser(ctx.app, admin).post('/api/admin/users/nobody/reset-2fa')).statusCode).toBe(404);

    const reset = await browser(ctx.app, admin).post(`/api/admin/users/${person.user.id}/reset-2fa`);
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().data).toEqual({ userId: person.user.id, reset: true });
    expect((await login(person)).json().data.token).toBeTruthy();
    for (const table of ['user_totp', 'recovery_codes', 'trusted_devices'] as const) {
      const rows = await ctx.database.kysely
        .selectFrom(table)
        .select('user_id')
        .where('user_id', '=', person.user.id)
        .execute();
      expect(rows, table).toHaveLength(0);
    }
    const mails = (await sentMail(ctx.app, ctx.dataDir)).filter((mail) => mail.headers.to === person.email);
    expect(mails.map((mail) => mail.headers.subject)).toContain(
      'Two-factor sign-in was reset on your Kaleido account',
    );
  });
});
