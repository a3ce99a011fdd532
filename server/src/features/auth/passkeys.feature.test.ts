import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { browser, type SignedIn, sessionCookieOf, signUp } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { sentMail } from '../../../test/mail.js';
import { type SoftwarePasskey, softwarePasskey } from '../../../test/webauthn-authenticator.js';
import { PASSKEY_CHALLENGES_PER_MINUTE } from './two-factor.routes.js';

const ORIGIN = 'http://localhost:3000';

function cookieOf(response: LightMyRequestResponse, name: string): string {
  const cookie = response.cookies.find((c) => c.name === name);
  if (!cookie) throw new Error(`no ${name} cookie in ${JSON.stringify(response.headers['set-cookie'])}`);
  return `${cookie.name}=${cookie.value}`;
}

describe('passkeys (WebAuthn)', () => {
  let ctx: TestContext;
  beforeEach(async () => {
    ctx = await createTestContext();
  });
  afterEach(async () => {
    await ctx.close();
  });

  /** Registration as the settings screen does it: options, the authenticator, verify. */
  async function register(person: SignedIn, authenticator: SoftwarePasskey, name = 'My laptop') {
    const as = browser(ctx.app, person);
    const options = await as.post('/api/auth/passkeys/register/options');
    expect(options.statusCode, options.body).toBe(200);
    const response = authenticator.register(options.json().data);
    return as.post('/api/auth/passkeys/register/verify', { name, response });
  }

  /** "Sign in with a passkey": discoverable options, the authenticator, verify. */
  async function passkeySignIn(authenticator: SoftwarePasskey, extra?: { userVerified?: boolean }) {
    const anonymous = browser(ctx.app, null);
    const options = await anonymous.post('/api/auth/passkeys/login/options');
    expect(options.statusCode, options.body).toBe(200);
    const response = authenticator.authenticate(options.json().data, extra);
    return browser(ctx.app, { cookie: cookieOf(options, 'kaleido_passkey') }).post(
      '/api/auth/passkeys/login/verify',
      { response },
    );
  }

  it('registers named passkeys for the origin of PUBLIC_URL, requiring a discoverable credential', async () => {
    const person = await signUp(ctx.app);
    const options = (await browser(ctx.app, person).post('/api/auth/passkeys/register/options')).json().data;
    expect(options).toMatchObject({
      rp: { id: 'localhost', name: 'Kaleido' },
      user: { name: person.email, displayName: 'Test Person' },
      attestation: 'none',
      authenticatorSelection: {
        residentKey: 'required',
        requireResidentKey: true,
        userVerification: 'preferred',
      },
      excludeCredentials: [],
    });

    const laptop = softwarePasskey(ORIGIN);
    const added = await register(person, laptop);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data.passkey).toMatchObject({ name: 'My laptop', lastUsedAt: null });
    const phone = softwarePasskey(ORIGIN);
    expect((await register(person, phone, 'Phone')).statusCode).toBe(200);

    const as = browser(ctx.app, person);
    const status = (await as.get('/api/auth/2fa')).json().data;
    expect(status.passkeys.map((p: { name: string }) => p.name)).toEqual(['My laptop', 'Phone']);
    expect((await as.get('/api/settings')).json().data.twoFactorEnabled).toBe(true);
    // The next registration excludes both.
    const next = (await as.post('/api/auth/passkeys/register/options')).json().data;
    expect(next.excludeCredentials.map((c: { id: string }) => c.id).sort()).toEqual(
      [laptop.credentialId, phone.credentialId].sort(),
    );

    // Another origin's answer, or a replayed one, is refused.
    const elsewhere = softwarePasskey('http://evil.test:3000');
    const refused = await register(person, elsewhere);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error).toBe('The passkey could not be verified. Please try again.');

    const id = added.json().data.passkey.id;
    const renamed = await as.post(`/api/auth/passkeys/${id}/rename`, { name: '  Work laptop ' });
    expect(renamed.json().data.passkey.name).toBe('Work laptop');
    expect((await as.post(`/api/auth/passkeys/${id}/rename`, { name: '' })).statusCode).toBe(400);
    const other = await signUp(ctx.app);
    expect((await browser(ctx.app, other).delete(`/api/auth/passkeys/${id}`)).statusCode).toBe(404);
    const deleted = await as.delete(`/api/auth/passkeys/${id}`);
    expect(deleted.json()).toEqual({ success: true, data: { id } });

    const subjects = (await sentMail(ctx.app, ctx.dataDir))
      .filter((mail) => mail.headers.to === person.email)
      .map((mail) => mail.headers.subject);
    expect(subjects.filter((s) => s === 'A new passkey was added to your Kaleido account')).toHaveLength(2);
    expect(subjects).toContain('A passkey was removed from your Kaleido account');
  });

  it('lets the sign-in page be opened often: the passkey challenge has a wider limit of its own', async () => {
    const challenge = async () =>
      (await browser(ctx.app, null).post('/api/auth/passkeys/login/options')).statusCode;
    const answers: number[] = [];
    for (let i = 0; i < PASSKEY_CHALLENGES_PER_MINUTE; i++) answers.push(await challenge());
    expect(answers.every((status) => status === 200)).toBe(true);
    expect(await challenge()).toBe(429);
  });

  it('signs in with a passkey alone (user verification required), once per challenge', async () => {
    const person = await signUp(ctx.app);
    const key = softwarePasskey(ORIGIN);
    expect((await register(person, key)).statusCode).toBe(200);

    const options = await browser(ctx.app, null).post('/api/auth/passkeys/login/options');
    expect(options.json().data).toMatchObject({ rpId: 'localhost', allowCredentials: [] });
    const signedIn = await passkeySignIn(key);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().data.user.id).toBe(person.user.id);
    const me = await browser(ctx.app, { cookie: sessionCookieOf(signedIn) }).get('/api/auth/me');
    expect(me.json().data.email).toBe(person.email);
    const session = await ctx.database.kysely
      .selectFrom('sessions')
      .select('auth_method')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(session.auth_method).toBe('passkey');
    const status = (await browser(ctx.app, person).get('/api/auth/2fa')).json().data;
    expect(status.passkeys[0].lastUsedAt).not.toBeNull();

    // Without user verification the passkey is one factor only: refused.
    expect((await passkeySignIn(key, { userVerified: false })).statusCode).toBe(401);
    // The same challenge cannot be used twice.
    const again = await browser(ctx.app, null).post('/api/auth/passkeys/login/options');
    const cookie = cookieOf(again, 'kaleido_passkey');
    const answer = key.authenticate(again.json().data);
    const verifyWith = () =>
      browser(ctx.app, { cookie }).post('/api/auth/passkeys/login/verify', { response: answer });
    expect((await verifyWith()).statusCode).toBe(200);
    expect((await verifyWith()).statusCode).toBe(401);
    // An unknown passkey says so.
    const stranger = await passkeySignIn(softwarePasskey(ORIGIN));
    expect(stranger.statusCode).toBe(401);
    expect(stranger.json().error).toMatch(/not registered with Kaleido/);
  });

  it('is a second factor after the password, for this account only', async () => {
    const person = await signUp(ctx.app);
    const key = softwarePasskey(ORIGIN);
    expect((await register(person, key)).statusCode).toBe(200);
    const intruder = await signUp(ctx.app);
    const intruderKey = softwarePasskey(ORIGIN);
    expect((await register(intruder, intruderKey)).statusCode).toBe(200);

    const login = await browser(ctx.app, null).post('/api/auth/login', {
      email: person.email,
      password: person.password,
    });
    expect(login.json().data).toEqual({ twoFactorRequired: true, methods: ['passkey'] });
    const cookie = cookieOf(login, 'kaleido_2fa');
    const step = browser(ctx.app, { cookie });
    const options = await step.post('/api/auth/2fa/passkey/options');
    expect(options.statusCode, options.body).toBe(200);
    expect(options.json().data.allowCredentials).toEqual([
      { id: key.credentialId, type: 'public-key', transports: ['internal'] },
    ]);
    // Another account's passkey does not complete this account's sign-in.
    const wrong = await step.post('/api/auth/2fa/passkey/verify', {
      response: intruderKey.authenticate(options.json().data),
    });
    expect(wrong.statusCode).toBe(401);
    const verified = await step.post('/api/auth/2fa/passkey/verify', {
      response: key.authenticate(options.json().data, { userVerified: false }),
      trustDevice: true,
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().data.user.id).toBe(person.user.id);
    expect(verified.cookies.find((c) => c.name === 'kaleido_trusted')).toBeDefined();
    // Without the second step's cookie there is nothing to ask options for.
    expect((await browser(ctx.app, null).post('/api/auth/2fa/passkey/options')).statusCode).toBe(401);
  });

  it('exports passkey names and dates without key material, and deletion removes every factor', async () => {
    const person = await signUp(ctx.app);
    const key = softwarePasskey(ORIGIN);
    expect((await register(person, key, 'Security key')).statusCode).toBe(200);
    const as = browser(ctx.app, person);
    const setup = (await as.post('/api/auth/2fa/totp/setup')).json().data;
    expect(setup.secret).toBeTruthy();
    expect((await passkeySignIn(key)).statusCode).toBe(200);

    const exported = await as.get('/api/account/export');
    expect(exported.statusCode).toBe(200);
    const { twoFactor } = exported.json().data;
    expect(twoFactor).toMatchObject({
      totp: { enabled: false, enabledAt: null },
      recoveryCodesRemaining: 0,
      passkeys: [{ name: 'Security key', createdAt: expect.any(String), lastUsedAt: expect.any(String) }],
    });
    const row = await ctx.database.kysely.selectFrom('passkeys').selectAll().executeTakeFirstOrThrow();
    expect(exported.body).not.toContain(row.public_key);
    expect(exported.body).not.toContain(row.credential_id);
    expect(exported.body).not.toContain(setup.secret);

    const deleted = await as.delete('/api/account', { confirm: 'DELETE', password: person.password });
    expect(deleted.statusCode, deleted.body).toBe(200);
    for (const table of [
      'passkeys',
      'user_totp',
      'recovery_codes',
      'trusted_devices',
      'auth_challenges',
    ] as const) {
      expect(await ctx.database.kysely.selectFrom(table).selectAll().execute(), table).toHaveLength(0);
    }
    expect((await passkeySignIn(key)).statusCode).toBe(401);
  });
});
