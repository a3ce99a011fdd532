import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { browser, readOutbox, sessionCookieOf, signUp } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { signInAtProvider, startOidcProvider, type TestOidcProvider } from '../../../test/oidc-provider.js';

const CALLBACK = 'http://localhost:3000/api/auth/oidc/local/callback';

describe('social sign-in (OpenID Connect, popup flow)', () => {
  let op: TestOidcProvider;
  let ctx: TestContext;
  beforeAll(async () => {
    op = await startOidcProvider({ redirectUris: [CALLBACK] });
  });
  afterAll(async () => {
    await op.stop();
  });
  beforeEach(async () => {
    ctx = await createTestContext({
      config: {
        social: [
          {
            id: 'local',
            name: 'Local ID',
            issuer: op.issuer,
            clientId: op.clientId,
            clientSecret: op.clientSecret,
          },
        ],
      },
    });
  });
  afterEach(async () => {
    await ctx.close();
  });

  /** Start → identity provider → callback, as the popup does. Returns the callback response. */
  async function popupSignIn(
    login: string,
    options: { abort?: boolean; returnTo?: string; popup?: boolean; lang?: string } = {},
  ) {
    const popup = options.popup ?? true;
    const start = await ctx.app.inject({
      method: 'GET',
      url: `/api/auth/oidc/local/start?${popup ? 'popup=1&' : ''}${options.lang ? `lang=${options.lang}&` : ''}returnTo=${encodeURIComponent(options.returnTo ?? '/library')}`,
    });
    expect(start.statusCode).toBe(303);
    const authorization = new URL(String(start.headers.location));
    expect(authorization.origin).toBe(op.issuer);
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorization.searchParams.get('state')).toBeTruthy();
    expect(authorization.searchParams.get('nonce')).toBeTruthy();
    const attempt = start.cookies.find((c) => c.name === 'kaleido_oidc');
    expect(attempt).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth/oidc' });
    const callback = await signInAtProvider(authorization.toString(), {
      login,
      stopAt: CALLBACK,
      abort: options.abort,
    });
    const url = new URL(callback);
    return ctx.app.inject({
      method: 'GET',
      url: url.pathname + url.search,
      headers: { cookie: `kaleido_oidc=${attempt?.value}` },
    });
  }

  it('lists the configured providers', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/auth/social-providers' });
    expect(response.json()).toEqual({ success: true, data: [{ id: 'local', name: 'Local ID' }] });
  });

  it('creates an account on first sign-in and hands the result to the opener without a token', async () => {
    op.identities.set('carol', { email: 'Carol@Example.test', email_verified: true, name: 'Carol Shaw' });
    const callback = await popupSignIn('carol');
    expect(callback.statusCode).toBe(200);
    expect(callback.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(callback.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'nonce-[^']+'/);
    expect(callback.body).toContain('"type":"kaleido:auth-popup","ok":true');
    expect(callback.body).toContain('postMessage(m,"http://localhost:3000")');
    expect(callback.body).toContain('BroadcastChannel("kaleido-auth")');
    const cookie = sessionCookieOf(callback);
    expect(callback.body).not.toContain(cookie.split('=')[1]);

    const me = (await browser(ctx.app, { cookie }).get('/api/auth/me')).json().data;
    expect(me).toMatchObject({
      email: 'carol@example.test',
      displayName: 'Carol Shaw',
      credits: 10,
      plan: 'free',
      hasPassword: false,
      socialProviders: ['local'],
    });

    // Signing in again finds the same account.
    const again = await popupSignIn('carol');
    const meAgain = (await browser(ctx.app, { cookie: sessionCookieOf(again) }).get('/api/auth/me')).json()
      .data;
    expect(meAgain.id).toBe(me.id);
    expect(await ctx.database.kysely.selectFrom('users').select('id').execute()).toHaveLength(1);
  });

  it('gives a first social sign-in the interface language, and answers the popup in it', async () => {
    op.identities.set('elif', { email: 'elif@example.test', email_verified: true, name: 'Elif Kaya' });
    const callback = await popupSignIn('elif', { lang: 'fr' });
    expect(callback.statusCode).toBe(200);
    expect(callback.body).toContain('<html lang="fr">');
    expect(callback.body).toContain('Connexion réussie. Vous pouvez fermer cette fenêtre.');
    const settings = await browser(ctx.app, { cookie: sessionCookieOf(callback) }).get('/api/settings');
    expect(settings.json().data.language).toBe('fr');

    op.identities.set('jonas', { email: 'jonas@example.test', email_verified: true });
    const cancelled = await popupSignIn('jonas', { abort: true, lang: 'de' });
    expect(cancelled.body).toContain('<html lang="de">');
    expect(cancelled.body).toContain('"error":"Die Anmeldung wurde abgebrochen."');
  });

  it('links to an existing account by verified e-mail, ending the unverified password and its sessions', async () => {
    const squatter = await signUp(ctx.app, { email: 'dana@example.test' });
    op.identities.set('dana', { email: 'dana@example.test', email_verified: true });
    const callback = await popupSignIn('dana');
    const me = (await browser(ctx.app, { cookie: sessionCookieOf(callback) }).get('/api/auth/me')).json()
      .data;
    expect(me).toMatchObject({ id: squatter.user.id, hasPassword: false, socialProviders: ['local'] });
    expect((await browser(ctx.app, squatter).get('/api/auth/me')).statusCode).toBe(401);
    const login = await browser(ctx.app, null).post('/api/auth/login', {
      email: squatter.email,
      password: squatter.password,
    });
    expect(login.statusCode).toBe(401);
    const notices = await readOutbox(ctx.dataDir);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain('Subject: Local ID sign-in was linked to your Kaleido account');
    expect(notices[0]?.replace(/=\r?\n/g, '')).toContain('the password set on the account was removed');
  });

  it('refuses an identity without a verified e-mail', async () => {
    op.identities.set('erin', { email: 'erin@example.test', email_verified: false });
    const callback = await popupSignIn('erin');
    expect(callback.body).toContain('"ok":false');
    expect(callback.body).toContain('Your Local ID account has no verified email address to sign in with.');
    expect(callback.headers['set-cookie']?.toString() ?? '').not.toContain('kaleido_session=');
    expect(await ctx.database.kysely.selectFrom('users').select('id').execute()).toHaveLength(0);
  });

  it('reports a cancelled sign-in to the opener', async () => {
    const callback = await popupSignIn('frank', { abort: true });
    expect(callback.body).toContain('"ok":false');
    expect(callback.body).toContain('Sign-in was cancelled.');
  });

  it('rejects a callback without its attempt cookie, or with a tampered state', async () => {
    const noCookie = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/oidc/local/callback?code=abc&state=xyz',
    });
    expect(noCookie.body).toContain('Your sign-in took too long or was interrupted.');

    const start = await ctx.app.inject({ method: 'GET', url: '/api/auth/oidc/local/start?popup=1' });
    const attempt = start.cookies.find((c) => c.name === 'kaleido_oidc');
    const callback = new URL(
      await signInAtProvider(String(start.headers.location), { login: 'gina', stopAt: CALLBACK }),
    );
    callback.searchParams.set('state', 'tampered');
    const tampered = await ctx.app.inject({
      method: 'GET',
      url: callback.pathname + callback.search,
      headers: { cookie: `kaleido_oidc=${attempt?.value}` },
    });
    expect(tampered.body).toContain('"ok":false');
    expect(tampered.body).toContain('Local ID sign-in failed. Please try again.');

    const forged = await ctx.app.inject({
      method: 'GET',
      url: callback.pathname + callback.search,
      headers: { cookie: `kaleido_oidc=${Buffer.from('{"provider":"local"}').toString('base64url')}.forged` },
    });
    expect(forged.body).toContain('Your sign-in took too long or was interrupted.');
  });

  it('redirects back to a same-site path only, without the popup', async () => {
    op.identities.set('hank', {});
    const ok = await popupSignIn('hank', { popup: false, returnTo: '/library' });
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toBe('/library');
    const evil = await popupSignIn('hank', { popup: false, returnTo: '//evil.example/steal' });
    expect(evil.headers.location).toBe('/');
  });

  it('lets a social-only account delete itself right after signing in, not later without re-auth', async () => {
    op.identities.set('ivy', {});
    const callback = await popupSignIn('ivy');
    const caller = browser(ctx.app, { cookie: sessionCookieOf(callback) });
    const deleted = await caller.delete('/api/account', { confirm: 'DELETE' });
    expect(deleted.statusCode).toBe(200);
    expect(await ctx.database.kysely.selectFrom('oauth_accounts').selectAll().execute()).toEqual([]);
  });

  it('refuses a social sign-in to an account an administrator disabled, saying so', async () => {
    const admin = await signUp(ctx.app);
    op.identities.set('jude', { email: 'jude@example.test', email_verified: true, name: 'Jude Law' });
    const first = await popupSignIn('jude');
    const jude = (await browser(ctx.app, { cookie: sessionCookieOf(first) }).get('/api/auth/me')).json().data;
    const disabled = await browser(ctx.app, admin).post(`/api/admin/users/${jude.id}/disable`, {});
    expect(disabled.statusCode, disabled.body).toBe(200);
    const refused = await popupSignIn('jude');
    expect(refused.body).toContain('"ok":false');
    expect(refused.body).toContain(
      '"error":"This account has been disabled. Contact this site\'s administrator."',
    );
    expect(refused.cookies.find((c) => c.name.endsWith('kaleido_session'))).toBeUndefined();
  });
});

describe('social sign-in when no provider is configured', () => {
  it('lists none and answers a start with a clear message', async () => {
    const ctx = await createTestContext();
    try {
      const list = await ctx.app.inject({ method: 'GET', url: '/api/auth/social-providers' });
      expect(list.json()).toEqual({ success: true, data: [] });
      const start = await ctx.app.inject({ method: 'GET', url: '/api/auth/oidc/google/start?popup=1' });
      expect(start.body).toContain('Unknown sign-in provider.');
    } finally {
      await ctx.close();
    }
  });
});
