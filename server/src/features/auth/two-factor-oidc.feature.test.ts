import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authenticatorCode } from '../../../test/authenticator-app.js';
import { browser, sessionCookieOf } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { signInAtProvider, startOidcProvider, type TestOidcProvider } from '../../../test/oidc-provider.js';
import { fixedClock } from '../../platform/clock.js';

const CALLBACK = 'http://localhost:3000/api/auth/oidc/local/callback';

describe('social sign-in on an account with a second factor', () => {
  let op: TestOidcProvider;
  let ctx: TestContext;
  // The identity provider checks its tokens against real time: the app clock starts from it.
  const clock = fixedClock(new Date());
  beforeAll(async () => {
    op = await startOidcProvider({ redirectUris: [CALLBACK] });
  });
  afterAll(async () => {
    await op.stop();
  });
  beforeEach(async () => {
    clock.set(new Date());
    ctx = await createTestContext({
      clock,
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

  async function socialSignIn(login: string, popup: boolean) {
    const start = await ctx.app.inject({
      method: 'GET',
      url: `/api/auth/oidc/local/start?${popup ? 'popup=1&' : ''}returnTo=%2Flibrary`,
    });
    const attempt = start.cookies.find((c) => c.name === 'kaleido_oidc');
    const callback = new URL(
      await signInAtProvider(String(start.headers.location), { login, stopAt: CALLBACK }),
    );
    return ctx.app.inject({
      method: 'GET',
      url: callback.pathname + callback.search,
      headers: { cookie: `kaleido_oidc=${attempt?.value}` },
    });
  }

  it('asks the popup’s opener for the second step instead of signing in', async () => {
    op.identities.set('tess', { email: 'tess@example.test', email_verified: true, name: 'Tess Ito' });
    const first = await socialSignIn('tess', true);
    const person = browser(ctx.app, { cookie: sessionCookieOf(first) });
    const { secret } = (await person.post('/api/auth/2fa/totp/setup')).json().data;
    const enabled = await person.post('/api/auth/2fa/totp/enable', {
      code: authenticatorCode(secret, clock.now()),
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
    clock.advance(30_000);

    const popup = await socialSignIn('tess', true);
    expect(popup.statusCode).toBe(200);
    expect(popup.body).toContain(
      '"type":"kaleido:auth-popup","ok":false,"twoFactorRequired":true,"methods":["totp","recovery"]',
    );
    expect(popup.body).toContain('One more step: confirm the sign-in in the Kaleido window.');
    expect(popup.cookies.find((c) => c.name.endsWith('kaleido_session'))).toBeUndefined();
    const challenge = popup.cookies.find((c) => c.name === 'kaleido_2fa');
    expect(challenge).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth' });

    // The opener completes it with a code: a social session ("remember me" like any social sign-in).
    const verified = await browser(ctx.app, { cookie: `kaleido_2fa=${challenge?.value}` }).post(
      '/api/auth/2fa/verify',
      { code: authenticatorCode(secret, clock.now()) },
    );
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().data.user.socialProviders).toEqual(['local']);
    expect(verified.cookies.find((c) => c.name === 'kaleido_session')?.maxAge).toBe(30 * 24 * 3600);
    const sessions = await ctx.database.kysely.selectFrom('sessions').select('auth_method').execute();
    expect(sessions.map((s) => s.auth_method)).toEqual(['social', 'social']);

    // Without the popup, the redirect lands on the sign-in page's code step.
    const redirect = await socialSignIn('tess', false);
    expect(redirect.statusCode).toBe(303);
    expect(redirect.headers.location).toBe('/auth?twoFactor=totp%2Crecovery&returnTo=%2Flibrary');
    expect(redirect.cookies.find((c) => c.name === 'kaleido_2fa')).toBeDefined();
  });
});
