import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type RunningAppServer, startAppServer } from '../server/test/app-server.js';
import { freePort } from '../server/test/postgres-server.js';
import { appPending, appStarted, type Journey, launchBrowser, openJourney } from './support/browser.js';

/**
 * Signed-out probes (GET /api/auth/me → 401) show up as console errors, and so does the app's worker
 * registration, as these journeys block service workers (so `page.route` sees every request).
 */
const unexpected = (problems: string[]) =>
  problems.filter(
    (p) =>
      !/Failed to load resource: the server responded with a status of 401|\[pwa\] service worker registration failed/.test(
        p,
      ),
  );

/** The app's scripts: every script of the build but the prerendered pages' small start module. */
const isAppScript = (url: string) => /\/assets\/(?!start-)[^/]+\.js$/.test(new URL(url).pathname);

/** Records the app scripts and API calls the page asks for. */
function watchRequests(page: Page): { scripts: string[]; api: string[] } {
  const seen = { scripts: [] as string[], api: [] as string[] };
  page.on('request', (request) => {
    if (isAppScript(request.url())) seen.scripts.push(request.url());
    if (new URL(request.url()).pathname.startsWith('/api/')) seen.api.push(request.url());
  });
  return seen;
}

/** Holds the app's scripts until `release()`: what the visitor does meanwhile happens before the app starts. */
async function holdAppScripts(page: Page): Promise<{ release(): void }> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => isAppScript(url.href),
    async (route: Route) => {
      await released;
      await route.continue();
    },
  );
  return { release };
}

/** The page has loaded and its network has been quiet for a while: anything started at load has been asked for. */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 1000)));
}

/** The start module has made its choice: started at once (the app's scripts asked for) or waiting. */
async function startDecided(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 700)));
}

const dark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));

/** Signs up over HTTP (not in the browser, which stays signed out). */
async function signUp(baseUrl: string): Promise<{ email: string; password: string }> {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const account = { email: `start.${stamp}@example.test`, password: 'start password 1' };
  const response = await fetch(`${baseUrl}/api/auth/signup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin' },
    body: JSON.stringify({ name: 'Start Visitor', ...account }),
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return account;
}

describe('prerendered pages start the app on intent', () => {
  const baseURL = inject('baseUrl');
  let browser: Browser;
  const journeys: Journey[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const journey of journeys) await journey.context.close();
    await browser?.close();
  });

  async function open(options: Omit<Parameters<typeof openJourney>[1], 'baseURL'> = {}): Promise<Journey> {
    const journey = await openJourney(browser, { baseURL, serviceWorkers: 'block', ...options });
    journeys.push(journey);
    return journey;
  }

  it('a signed-out visit to / asks for no app script until the first interaction', async () => {
    const { page, problems } = await open();
    const seen = watchRequests(page);
    await page.goto('/');
    await settled(page);
    expect(seen.scripts).toEqual([]);
    // Only the session's answer (no one here), asked by the start module.
    expect(seen.api.map((url) => new URL(url).pathname)).toEqual(['/api/auth/me']);
    expect(await appPending(page)).toBe(true);

    await appStarted(page);
    expect(seen.scripts.length).toBeGreaterThan(0);
    expect(unexpected(problems)).toEqual([]);
  });

  it('a visitor signed in without the hint (here by an API call) gets the app at once', async () => {
    const { page, context, problems } = await open();
    const signup = await context.request.post('/api/auth/signup', {
      data: {
        name: 'Hintless',
        email: `hintless.${Date.now().toString(36)}@example.test`,
        password: 'start password 1',
      },
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(signup.status()).toBeLessThan(300);
    await page.goto('/');
    await page.getByRole('button', { name: 'Open user menu' }).waitFor({ timeout: 30_000 });
    expect(await appPending(page)).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('kaleido.signed-in'))).toBe('1');
    expect(unexpected(problems)).toEqual([]);
  });

  it('a link followed before the app starts loads the next prerendered page', async () => {
    const { page, problems } = await open();
    const seen = watchRequests(page);
    await page.goto('/');
    await settled(page);
    const pricing = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' });
    expect(await pricing.getAttribute('href')).toBe('/pricing');
    await pricing.click();
    await page.waitForURL((url) => url.pathname === '/pricing');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await settled(page);
    // A full page load of the prerendered page, and still no app: pressing a link is no reason to start it.
    expect(await appPending(page)).toBe(true);
    expect(seen.scripts).toEqual([]);
    expect(unexpected(problems)).toEqual([]);
  });

  it('a theme switch clicked before the app starts is replayed once it has', async () => {
    const { page, problems } = await open({ colorScheme: 'light' });
    const held = await holdAppScripts(page);
    await page.goto('/');
    await settled(page);
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    // The press started the app, whose scripts are held: the click waits for it.
    expect(await dark(page)).toBe(false);
    expect(await appPending(page)).toBe(true);
    held.release();
    await expect.poll(() => dark(page), { timeout: 30_000 }).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('kaleido-theme'))).toBe('dark');
    expect(await appPending(page)).toBe(false);
    // Replayed once: the next click switches back.
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await expect.poll(() => dark(page)).toBe(false);
    expect(unexpected(problems)).toEqual([]);
  });

  it('a dark-theme visitor’s theme switch is named for what it does before the app starts', async () => {
    const { page, problems } = await open({ colorScheme: 'dark' });
    await page.goto('/');
    await settled(page);
    expect(await appPending(page)).toBe(true);
    expect(await dark(page)).toBe(true);
    // The prerendered page is light; its switch's name follows the theme the head script applied.
    await page.getByRole('button', { name: 'Switch to light theme', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Switch to dark theme', exact: true }).count()).toBe(0);
    expect(unexpected(problems)).toEqual([]);
  });

  it('/auth keeps what was typed before the app started, and signing in works; a signed-in visit starts at once', async () => {
    const account = await signUp(baseURL);
    const { page, problems } = await open();
    const held = await holdAppScripts(page);
    await page.goto('/auth');
    // This server has social sign-in: /auth starts the app at once (its buttons are the app's), whose
    // scripts are held here, so the network never goes quiet.
    await startDecided(page);
    expect(await appPending(page)).toBe(true);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('checkbox', { name: 'Remember me' }).check();
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    // Held: the browser did not submit the form itself (the password stays out of the address).
    expect(page.url()).toBe(`${baseURL}/auth`);
    expect(await appPending(page)).toBe(true);
    const signIn = page.waitForResponse((response) => response.url().endsWith('/api/auth/login'));
    held.release();
    const answer = await signIn;
    expect(answer.status()).toBe(200);
    const sent = answer.request().postDataJSON() as { email: string; password: string; remember: boolean };
    expect(sent).toMatchObject({ email: account.email, password: account.password, remember: true });
    await page.waitForURL((url) => url.pathname === '/');
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('kaleido.signed-in')), { timeout: 30_000 })
      .toBe('1');

    // Signed in (the hint the app left): the next prerendered page starts without any interaction.
    await page.unrouteAll({ behavior: 'wait' });
    await page.goto('/pricing');
    await page.waitForFunction(() => document.head.querySelector('[data-prerendered]') === null, undefined, {
      timeout: 30_000,
    });
    await page.getByRole('button', { name: 'Open user menu' }).waitFor();
    expect(unexpected(problems)).toEqual([]);
  });
});

describe('prerendered pages show this server’s values before the app starts', () => {
  let browser: Browser;
  let server: RunningAppServer;
  let baseURL: string;
  const journeys: Journey[] = [];

  beforeAll(async () => {
    // A server of its own, without social sign-in: its first account is the administrator.
    const port = await freePort();
    baseURL = `http://localhost:${port}`;
    server = await startAppServer({
      port,
      env: { PUBLIC_URL: baseURL, RATE_LIMIT_SIGNUPS_PER_HOUR: '1000' },
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const journey of journeys) await journey.context.close();
    await browser?.close();
    const code = await server?.stop();
    if (code !== 0 && server) throw new Error(`The server did not shut down cleanly:\n${server.output()}`);
  });

  async function visitor(): Promise<Journey> {
    const journey = await openJourney(browser, { baseURL, serviceWorkers: 'block' });
    journeys.push(journey);
    return journey;
  }

  it('an announcement and a starting-credits figure an administrator set are on the page of a visitor who does nothing', async () => {
    // The defaults: the pages as built, started on intent; the docs with this site's address.
    const before = await visitor();
    const held = await holdAppScripts(before.page);
    await before.page.goto('/');
    await settled(before.page);
    expect(await appPending(before.page)).toBe(true);
    await before.page.getByText('Start free with 10 credits').waitFor();
    await before.page.goto('/api-docs');
    await settled(before.page);
    expect(await before.page.getByTestId('api-base-url').textContent()).toBe(`${baseURL}/api/v1`);
    await before.page.goto('/auth');
    await settled(before.page);
    await before.page.getByRole('button', { name: 'Continue with a social account' }).waitFor();
    expect(await before.page.getByText('Loading sign-in options').count()).toBe(0);
    expect(await appPending(before.page)).toBe(true);
    held.release();
    expect(unexpected(before.problems)).toEqual([]);

    // The administrator (the first account) sets both.
    const admin = await fetch(`${baseURL}/api/auth/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin' },
      body: JSON.stringify({ name: 'Admin', email: 'admin@example.test', password: 'admin password 1' }),
    });
    expect(admin.status, await admin.clone().text()).toBeLessThan(300);
    const cookie = (admin.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const text = 'Maintenance tonight <script>window.injected = 1</script> & <b>back soon</b>';
    // 25 starting credits, with or without the announcement.
    const saveSettings = (announcement: { text: string; level: 'warning'; until: null } | null) =>
      fetch(`${baseURL}/api/admin/site-settings`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin', Cookie: cookie },
        body: JSON.stringify({
          signupMode: 'open',
          startingCredits: 25,
          planModels: { free: null, pro: null, enterprise: null },
          announcement,
        }),
      });
    const saved = await saveSettings({ text, level: 'warning', until: null });
    expect(saved.status, await saved.clone().text()).toBe(200);

    // A fresh visitor who does not interact.
    const { page, problems } = await visitor();
    const seen = watchRequests(page);
    await page.goto('/');
    // The figure is in the page as served, before any script of the app.
    await page.getByText('Start free with 25 credits').waitFor();
    expect(await page.getByText('Start free with 10 credits').count()).toBe(0);
    // The page starts the app by itself, whose banner shows the text as text.
    const banner = page.getByRole('complementary', { name: 'Announcement' });
    await banner.waitFor({ timeout: 30_000 });
    expect(await banner.textContent()).toContain(text);
    expect(await page.evaluate(() => (window as { injected?: number }).injected)).toBeUndefined();
    expect(seen.scripts.length).toBeGreaterThan(0);
    await expect.poll(() => appPending(page), { timeout: 30_000 }).toBe(false);
    // Hydrated, not drawn again: the figure is still the server's, and no hydration error.
    await page.getByText('Start free with 25 credits').waitFor();
    await page.keyboard.press('Tab');
    await page.mouse.wheel(0, 400);
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500)));
    expect(unexpected(problems)).toEqual([]);

    // The other pages start at once too, the docs with this site's address.
    await page.goto('/api-docs');
    await startDecided(page);
    expect(await page.getByTestId('api-base-url').textContent()).toBe(`${baseURL}/api/v1`);
    await banner.waitFor({ timeout: 30_000 });
    expect(unexpected(problems)).toEqual([]);

    // Without the announcement the figure stays filled in and the page waits for the visitor again.
    const cleared = await saveSettings(null);
    expect(cleared.status).toBe(200);
    const later = await visitor();
    const laterSeen = watchRequests(later.page);
    await later.page.goto('/');
    await settled(later.page);
    await later.page.getByText('Start free with 25 credits').waitFor();
    expect(laterSeen.scripts).toEqual([]);
    expect(await appPending(later.page)).toBe(true);
    await appStarted(later.page);
    await later.page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500)));
    await later.page.getByText('Start free with 25 credits').waitFor();
    expect(unexpected(later.problems)).toEqual([]);
  });

  it('on a server with social sign-in, /auth starts by itself and shows its buttons', async () => {
    const journey = await openJourney(browser, { baseURL: inject('baseUrl'), serviceWorkers: 'block' });
    journeys.push(journey);
    await journey.page.goto('/auth');
    await journey.page.getByRole('button', { name: 'Continue with Local ID' }).waitFor({ timeout: 30_000 });
    expect(await journey.page.getByText('Social sign-in is not set up on this server.').count()).toBe(0);
    expect(unexpected(journey.problems)).toEqual([]);
  });
});
