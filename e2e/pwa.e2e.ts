import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { appStarted, launchBrowser, openJourney, screenshot } from './support/browser.js';

const swFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../web/dist/sw.js');

/** Failed requests while the browser is offline, and the 401 of a signed-out check, are expected. */
const unexpected = (problems: string[]) =>
  problems.filter(
    (p) =>
      !/Failed to load resource: the server responded with a status of 401/.test(p) &&
      !/net::ERR_INTERNET_DISCONNECTED|Failed to fetch|ERR_FAILED|no-response/.test(p),
  );

async function signUp(page: Page, label: string) {
  const email = `pwa.${label}.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@example.test`;
  const response = await page.request.post('/api/auth/signup', {
    data: { name: 'Pia Offline', email, password: 'a good password 1' },
  });
  expect(response.status()).toBe(201);
}

/** Loads the app and waits until the service worker controls the page. */
async function controlled(page: Page, url = '/') {
  await page.goto(url);
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
    timeout: 30_000,
  });
}

async function queuedCount(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('kaleido-pwa', 1);
        open.onsuccess = () => {
          const count = open.result.transaction('backgroundSync').objectStore('backgroundSync').count();
          count.onsuccess = () => {
            open.result.close();
            resolve(count.result);
          };
          count.onerror = () => reject(count.error);
        };
        open.onerror = () => reject(open.error);
      }),
  );
}

describe('installable app in Chromium', () => {
  let browser: Browser;
  const baseURL = inject('baseUrl');

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('serves a manifest and a worker at /sw.js that registers and controls the page', async () => {
    const { context, page, problems } = await openJourney(browser, { baseURL });
    try {
      const manifest = await page.request.get('/manifest.webmanifest');
      expect(manifest.status()).toBe(200);
      const data = (await manifest.json()) as {
        name: string;
        start_url: string;
        display: string;
        icons: { sizes: string; purpose: string }[];
        shortcuts: { url: string }[];
      };
      expect(data).toMatchObject({ name: 'Kaleido', start_url: '/', display: 'standalone' });
      expect(data.icons).toContainEqual(expect.objectContaining({ sizes: '512x512', purpose: 'maskable' }));
      expect(data.shortcuts.map((shortcut) => shortcut.url)).toEqual([
        '/generate/image',
        '/generate/video',
        '/library',
      ]);
      const sw = await page.request.get('/sw.js');
      expect(sw.status()).toBe(200);
      expect(sw.headers()['content-type']).toMatch(/javascript/);
      expect(sw.headers()['cache-control']).toBe('no-cache');

      await controlled(page);
      const registration = await page.evaluate(async () => {
        const found = await navigator.serviceWorker.getRegistration('/');
        return { scope: found?.scope, script: found?.active?.scriptURL };
      });
      expect(registration).toEqual({ scope: `${baseURL}/`, script: `${baseURL}/sw.js` });
      expect(await page.locator('link[rel=manifest]').getAttribute('href')).toBe('/manifest.webmanifest');

      // Chromium's own installability check (what Lighthouse's installable-manifest audit asked it).
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: { errorId: string }[];
      };
      // Playwright's contexts are incognito, which Chromium never installs from; nothing else may stand in the way.
      expect(installabilityErrors.map((error) => error.errorId)).toEqual(['in-incognito']);

      // The start URL loads offline (from the precached shell).
      await context.setOffline(true);
      const offline = await page.goto('/');
      expect(offline?.status()).toBe(200);
      expect(offline?.fromServiceWorker()).toBe(true);
      // (Chromium keeps navigator.onLine true for a document loaded under Playwright's offline mode, so
      // the banner is checked in the next journey, where the connection drops under an open page.)
      await page.getByRole('navigation').first().waitFor();
      await context.setOffline(false);
      expect(unexpected(problems)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows the offline banner, queues a generation made offline and sends it once on reconnect', async () => {
    const { context, page, problems } = await openJourney(browser, { baseURL });
    try {
      await signUp(page, 'queue');
      await controlled(page, '/library');
      await page.waitForLoadState('networkidle');
      // The worker keeps the account data these visits fetch.
      await page.goto('/generate/image');
      const form = page.getByRole('form', { name: 'Image generator' });
      await form.getByRole('button', { name: /^Generate/ }).waitFor();
      await page.waitForLoadState('networkidle');

      await context.setOffline(true);
      const banner = page.getByRole('status', { name: 'Offline' });
      await banner.getByText("You're offline.").waitFor();
      await screenshot(page, 'pwa-offline-banner');

      const prompt = `Lanterns over a harbour at night ${Date.now()}`;
      await form.getByLabel('Prompt', { exact: true }).fill(prompt);
      await form.getByRole('button', { name: /^Generate/ }).click();
      await page.getByText(/You're offline\. Your image request is queued/).waitFor();
      expect(await queuedCount(page)).toBe(1);
      await banner.getByText(/1 action queued/).waitFor({ timeout: 10_000 });
      await banner.getByRole('button').click();
      await banner.getByRole('listitem').filter({ hasText: 'Image: “Lanterns over a harbour' }).waitFor();
      await screenshot(page, 'pwa-offline-queued');

      await context.setOffline(false);
      // (.first(): the toast's text is also announced to screen readers for a moment.)
      await page.getByText('Back online: sent 1 queued action').first().waitFor({ timeout: 20_000 });
      await banner.waitFor({ state: 'detached' });
      expect(await queuedCount(page)).toBe(0);

      // The server got it once, and it lands in the library.
      const jobs = async () => {
        const list = await page.request.get('/api/generations?limit=20');
        return ((await list.json()) as { data: { prompt: string; status: string }[] }).data.filter(
          (job) => job.prompt === prompt,
        );
      };
      await expect
        .poll(async () => (await jobs()).map((job) => job.status), { timeout: 60_000 })
        .toEqual(['succeeded']);
      await page.goto('/library');
      await page.getByText(prompt).first().waitFor({ timeout: 20_000 });
      const thumbnails = page.locator('main img');
      await expect.poll(() => thumbnails.count()).toBeGreaterThan(0);
      await page.waitForLoadState('networkidle');

      // Offline again: the library and its thumbnails come from the worker's cache.
      await context.setOffline(true);
      await page.reload();
      await page.getByText(prompt).first().waitFor({ timeout: 20_000 });
      await expect
        .poll(() =>
          thumbnails.evaluateAll((images) =>
            images.some((image) => (image as HTMLImageElement).naturalWidth > 0),
          ),
        )
        .toBe(true);
      await screenshot(page, 'pwa-library-offline');
      await context.setOffline(false);

      // A later reconnect has nothing left to send.
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      await page.waitForTimeout(1000);
      expect(await jobs()).toHaveLength(1);
      await screenshot(page, 'pwa-replayed-in-library');

      // Signing out empties the worker's copies of the account's data and the offline queue.
      const cached = () =>
        page.evaluate(async () => {
          const names = ['kaleido-api', 'kaleido-files'];
          const counts = await Promise.all(
            names.map(async (name) => (await (await caches.open(name)).keys()).length),
          );
          return Object.fromEntries(names.map((name, index) => [name, counts[index]]));
        });
      expect((await cached())['kaleido-api']).toBeGreaterThan(0);
      expect((await cached())['kaleido-files']).toBeGreaterThan(0);
      await page.getByRole('button', { name: 'Open user menu' }).click();
      await page.getByRole('menuitem', { name: 'Sign Out' }).click();
      await expect.poll(cached).toEqual({ 'kaleido-api': 0, 'kaleido-files': 0 });
      expect(await queuedCount(page)).toBe(0);
      expect(unexpected(problems)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows the install prompt after beforeinstallprompt, and a dismissal keeps it away', async () => {
    const { context, page, problems } = await openJourney(browser, { baseURL });
    const signal = () =>
      page.evaluate(() => {
        const event = new Event('beforeinstallprompt', { cancelable: true });
        Object.assign(event, {
          prompt: async () => {},
          userChoice: Promise.resolve({ outcome: 'dismissed', platform: 'web' }),
        });
        window.dispatchEvent(event);
      });
    try {
      await controlled(page);
      await signal();
      const prompt = page.getByRole('heading', { name: 'Install Kaleido' });
      // It waits until the person uses the page (never over the first view).
      await page.waitForTimeout(300);
      expect(await prompt.count()).toBe(0);
      await page.keyboard.press('Shift');
      await prompt.waitFor();
      await screenshot(page, 'pwa-install-prompt');
      await page.getByRole('button', { name: 'Not now' }).click();
      await prompt.waitFor({ state: 'detached' });
      expect(await page.evaluate(() => localStorage.getItem('kaleido-install-dismissed'))).toBe('true');

      await page.reload();
      await page.waitForLoadState('networkidle');
      await signal();
      await page.keyboard.press('Shift');
      await page.waitForTimeout(500);
      expect(await prompt.count()).toBe(0);
      expect(unexpected(problems)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("offers a new build with the update prompt, and 'Update Now' reloads onto it", async () => {
    const { context, page, problems } = await openJourney(browser, { baseURL });
    const original = await readFile(swFile, 'utf8');
    try {
      await controlled(page);
      // The update prompt is the app's: on a prerendered page it starts on the first interaction.
      await appStarted(page);
      const firstWorker = await page.evaluate(
        async () => (await navigator.serviceWorker.getRegistration('/'))?.active?.scriptURL,
      );
      expect(firstWorker).toBe(`${baseURL}/sw.js`);

      // A new build is deployed: the worker script changes.
      await writeFile(swFile, `${original}\n// build ${Date.now()}\n`);
      await page.evaluate(() => {
        (window as unknown as { __before: boolean }).__before = true;
      });
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/'))?.update());
      await page.getByText('A new version of Kaleido is ready.').waitFor({ timeout: 30_000 });
      await screenshot(page, 'pwa-update-prompt');

      await page.getByRole('button', { name: 'Update Now' }).click();
      await page.getByRole('button', { name: 'Updating App...' }).waitFor();
      // The page reloads onto the new worker.
      await page.waitForFunction(() => !(window as unknown as { __before?: boolean }).__before, undefined, {
        timeout: 20_000,
      });
      await page.waitForFunction(() => navigator.serviceWorker?.controller !== null);
      const after = await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration('/');
        return { waiting: registration?.waiting ?? null, script: await (await fetch('/sw.js')).text() };
      });
      expect(after.waiting).toBeNull();
      expect(after.script).toContain('// build ');
      expect(await page.getByText('A new version of Kaleido is ready.').count()).toBe(0);
      expect(unexpected(problems)).toEqual([]);
    } finally {
      await writeFile(swFile, original);
      await context.close();
    }
  });
});
