import { createHmac } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningAppServer, startAppServer } from '../server/test/app-server.js';
import { startOidcProvider, type TestOidcProvider } from '../server/test/oidc-provider.js';
import { freePort } from '../server/test/postgres-server.js';
import { appStarted, launchBrowser, openJourney, screenshot, VIEWPORTS } from './support/browser.js';
import { english } from './support/catalog.js';

/**
 * Signed-out probes (GET /api/auth/me → 401) show up as console errors; they are expected. So does the
 * aborted background passkey request (conditional UI) when the button starts its own.
 */
const unexpected = (problems: string[]) =>
  problems.filter((p) => !/Failed to load resource: the server responded with a status of 401/.test(p));

/** RFC 4648 base32 (the otpauth secret) to bytes. */
function base32(secret: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secret.replace(/[\s=]/g, '').toUpperCase()) {
    const value = alphabet.indexOf(char);
    if (value < 0) throw new Error(`Not base32: ${char}`);
    bits += value.toString(2).padStart(5, '0');
  }
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(Number.parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** RFC 6238 TOTP (SHA-1, 30 s, 6 digits) at `time`, as an authenticator app computes it. */
function totp(secret: string, time = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(time / 1000 / 30)));
  const hmac = createHmac('sha1', base32(secret)).update(counter).digest();
  const offset = (hmac[hmac.length - 1] ?? 0) & 0x0f;
  const value = (hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return value.toString().padStart(6, '0');
}

/** A platform authenticator with resident keys and user verification, as a phone or laptop has. */
async function addVirtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

/** A screenshot once the last change has painted. */
async function shot(page: Page, name: string) {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
  await screenshot(page, name);
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).waitFor();
}

async function openSecurity(page: Page) {
  await page.goto('/profile?tab=settings');
  const section = page.locator('section', {
    has: page.getByRole('heading', { level: 2, name: 'Security', exact: true }),
  });
  await section.getByText('Authenticator app').waitFor();
  return section;
}

/** Settings › Security › Authenticator app: set up with the key shown, save the codes; returns the key. */
async function turnOnAuthenticator(page: Page, name?: string): Promise<string> {
  const security = await openSecurity(page);
  await security.getByRole('button', { name: 'Set up' }).click();
  const setup = page.getByRole('dialog', { name: 'Set up your authenticator app' });
  await setup.getByRole('img', { name: /QR code/ }).waitFor();
  const secret = (await setup.getByTestId('totp-secret').textContent())?.replace(/\s/g, '') ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  if (name) await shot(page, name);
  await setup.getByLabel('6-digit code').fill(totp(secret));
  const codesDialog = page.getByRole('dialog', { name: 'Save your recovery codes' });
  await codesDialog.waitFor();
  const codes = await codesDialog
    .getByRole('list', { name: 'Recovery codes' })
    .getByRole('listitem')
    .allTextContents();
  expect(codes).toHaveLength(10);
  if (name) await shot(page, 'two-factor-recovery-codes-desktop-light');
  await codesDialog.getByRole('checkbox', { name: 'I have saved these codes' }).check();
  await codesDialog.getByRole('button', { name: 'Done' }).click();
  await security.getByText('10 codes left.', { exact: false }).waitFor();
  return secret;
}

/** "Continue with Local ID": the popup at the local OpenID provider (any login), until it closes. */
async function socialSignIn(page: Page, login: string) {
  // The social buttons are the app's (this server's providers): it starts on the first interaction.
  await appStarted(page);
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue with Local ID' }).click();
  const popup = await popupOpened;
  const closed = popup.waitForEvent('close');
  const form = popup.locator('input[name=login]');
  const consent = popup.getByRole('button', { name: 'Continue' });
  // The provider asks for the login once per browser session, and for consent when it has none.
  const step = await Promise.race([
    form.waitFor().then(() => 'login' as const),
    consent.waitFor().then(() => 'consent' as const),
    closed.then(() => 'closed' as const),
  ]);
  if (step === 'login') {
    await form.fill(login);
    await popup.locator('input[name=password]').fill('anything at all');
    await popup.locator('button[type=submit]').click();
  }
  if (step !== 'closed') {
    await Promise.race([consent.click(), closed]);
  }
  await closed;
}

/**
 * Its own server with `PUBLIC_URL` on `localhost`: WebAuthn refuses an IP address as the relying party,
 * and the passkeys' RP id comes from `PUBLIC_URL`.
 */
describe('two-factor sign-in and passkeys', () => {
  let browser: Browser;
  let server: RunningAppServer;
  let oidc: TestOidcProvider;
  let baseURL: string;

  beforeAll(async () => {
    const port = await freePort();
    baseURL = `http://localhost:${port}`;
    oidc = await startOidcProvider({ redirectUris: [`${baseURL}/api/auth/oidc/local/callback`] });
    server = await startAppServer({
      port,
      env: {
        PUBLIC_URL: baseURL,
        RATE_LIMIT_SIGNUPS_PER_HOUR: '1000',
        OIDC_ISSUER: oidc.issuer,
        OIDC_CLIENT_ID: oidc.clientId,
        OIDC_CLIENT_SECRET: oidc.clientSecret,
        OIDC_NAME: 'Local ID',
        OIDC_ID: 'local',
      },
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await oidc?.stop();
    const code = await server?.stop();
    if (code !== 0 && server) throw new Error(`The server did not shut down cleanly:\n${server.output()}`);
  });

  it('registers a passkey and signs in with it; turns on the authenticator app and passes its code step', async () => {
    const { page, context, problems } = await openJourney(browser, { baseURL, viewport: VIEWPORTS.desktop });
    await addVirtualAuthenticator(context, page);
    const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
    const email = `tess.${stamp}@example.test`;
    const password = 'a good password 1';
    const signup = await page.request.post('/api/auth/signup', {
      data: { name: 'Tess Two-Factor', email, password },
    });
    expect(signup.status()).toBe(201);

    // Settings › Security: add a passkey with a name; the virtual authenticator creates it.
    let security = await openSecurity(page);
    await security.getByRole('button', { name: 'Add a passkey' }).click();
    const addDialog = page.getByRole('dialog', { name: 'Add a passkey' });
    await addDialog.getByLabel('Name').fill('Test laptop');
    await addDialog.getByRole('button', { name: 'Continue' }).click();
    await addDialog.waitFor({ state: 'detached' });
    await security.getByRole('list', { name: 'Your passkeys' }).getByText('Test laptop').waitFor();
    await security.getByText(/never used/).waitFor();

    // Sign out, then in with the passkey alone: no password, no second step. The e-mail field offers the
    // passkey (conditional UI), and this authenticator answers such a request by itself.
    // The authenticator may answer before a test step could read the field, so the page notes the field's
    // autocomplete value itself as soon as it appears.
    await signOut(page);
    await page.addInitScript(() => {
      const note = () => {
        const field = document.querySelector<HTMLInputElement>('input[type="email"]');
        if (field && !sessionStorage.getItem('e2e-email-autocomplete')) {
          sessionStorage.setItem('e2e-email-autocomplete', field.autocomplete);
        }
      };
      new MutationObserver(note).observe(document, { childList: true, subtree: true, attributes: true });
    });
    await page.goto('/auth');
    // The passkey list belongs to the e-mail field, which the app asks for as it starts: at once on
    // this server's /auth, whose social sign-in buttons are the app's (spa.ts).
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.evaluate(() => sessionStorage.getItem('e2e-email-autocomplete'))).toBe(
      'username webauthn',
    );
    await page.getByRole('button', { name: 'Open user menu' }).waitFor();

    // The same with the "Sign in with a passkey" button, in a browser without passkey autofill.
    await signOut(page);
    await context.addInitScript(() => {
      PublicKeyCredential.isConditionalMediationAvailable = async () => false;
    });
    await page.goto('/auth');
    await page.getByRole('heading', { name: english('auth.signIn.title') }).waitFor();
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Open user menu' }).waitFor();
    security = await openSecurity(page);
    await security.getByText(/last used/).waitFor();

    // Turn on the authenticator app: the key shown is the one the test's "app" computes codes from.
    const secret = await turnOnAuthenticator(page, 'two-factor-setup-desktop-light');
    await page.setViewportSize(VIEWPORTS.phone);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.waitForFunction(
        (dark) => document.documentElement.classList.contains('dark') === dark,
        colorScheme === 'dark',
      );
      await security.scrollIntoViewIfNeeded();
      await page.evaluate(() => document.getElementById('settings-security')?.scrollIntoView());
      await shot(page, `two-factor-settings-phone-${colorScheme}`);
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize(VIEWPORTS.desktop);

    // Sign out, then in with the password: the code step, on a phone, in both themes.
    await signOut(page);
    await page.setViewportSize(VIEWPORTS.phone);
    await page.goto('/auth');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('heading', { name: english('security.step.title') }).waitFor();
    const code = page.getByLabel('Authentication code');
    expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await code.getAttribute('inputmode')).toBe('numeric');
    await page.getByRole('button', { name: 'Use a passkey instead' }).waitFor();
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.waitForFunction(
        (dark) => document.documentElement.classList.contains('dark') === dark,
        colorScheme === 'dark',
      );
      await shot(page, `two-factor-code-step-phone-${colorScheme}`);
    }
    await page.emulateMedia({ colorScheme: 'light' });

    // A wrong code is refused with a clear message; the next step's code (never used) signs in.
    await code.fill('000000');
    await page.getByRole('alert').getByText(english('api.twoFactor.codeInvalid')).waitFor();
    await page.getByRole('checkbox', { name: 'Trust this device for 30 days' }).check();
    await code.fill(totp(secret, Date.now() + 30_000));
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Open user menu' }).waitFor();
    const trusted = (await context.cookies()).some((cookie) => cookie.httpOnly && /trust/i.test(cookie.name));
    expect(trusted).toBe(true);

    expect(unexpected(problems), unexpected(problems).join('\n')).toEqual([]);
    await context.close();
  });

  it('asks for the second step after a social sign-in in the popup', async () => {
    const { page, context, problems } = await openJourney(browser, { baseURL, viewport: VIEWPORTS.desktop });
    const login = `sol.${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

    // The first social sign-in makes the account; it then turns on the authenticator app.
    await page.goto('/auth');
    await socialSignIn(page, login);
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Open user menu' }).waitFor();
    const secret = await turnOnAuthenticator(page);
    await signOut(page);

    // Signing in again through the popup: no session yet, the page asks for the code.
    await page.goto('/auth');
    await socialSignIn(page, login);
    await page.getByRole('heading', { name: english('security.step.title') }).waitFor();
    expect(await page.getByRole('button', { name: 'Open user menu' }).count()).toBe(0);
    await page.getByLabel('Authentication code').fill(totp(secret, Date.now() + 30_000));
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Open user menu' }).waitFor();

    expect(unexpected(problems), unexpected(problems).join('\n')).toEqual([]);
    await context.close();
  });
});
