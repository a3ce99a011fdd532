import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { artifactsDir, launchBrowser, openJourney, screenshot, VIEWPORTS } from './support/browser.js';
import { english } from './support/catalog.js';

/** Refused calls the journey makes on purpose show up as console errors; they are expected. */
const unexpected = (problems: string[]) =>
  problems.filter((p) => !/Failed to load resource: the server responded with a status of 40[0-9]/.test(p));

/** Light and dark screenshots of what is on screen now. */
async function shots(page: Page, name: string) {
  // Toasts that are still up would cover the page: close them first (screenshots only, so never fail).
  const toasts = page.locator('[data-toast-type]');
  for (let attempt = 0; attempt < 10 && (await toasts.count()) > 0; attempt += 1) {
    await page.evaluate(() => {
      document
        .querySelectorAll<HTMLButtonElement>(
          '[data-toast-type][data-state="open"] button[aria-label="Close"]',
        )
        .forEach((close) => {
          close.click();
        });
    });
    await page.waitForTimeout(250);
  }
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.waitForFunction(
      (dark) => document.documentElement.classList.contains('dark') === dark,
      colorScheme === 'dark',
    );
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
    );
    await screenshot(page, `${name}-${colorScheme}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

async function generate(baseURL: string, key: string) {
  const response = await fetch(`${baseURL}/api/v1/generate/image`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ prompt: 'a red kite over green hills', settings: { resolution: '512x512' } }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('API keys', () => {
  const baseURL = inject('baseUrl');
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    it(`creates, reveals, copies, uses, exports and deactivates a key (${size})`, async () => {
      const { page, context, problems } = await openJourney(browser, { baseURL, viewport });
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
      const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

      // Sign up over HTTP; the browser context shares the cookie.
      const signup = await page.request.post('/api/auth/signup', {
        data: { name: 'Grace Hopper', email: `grace.${stamp}@example.test`, password: 'keys password 1' },
        headers: { 'sec-fetch-site': 'same-origin' },
      });
      expect(signup.status()).toBeLessThan(300);

      await page.goto('/api-keys');
      await page.getByRole('heading', { level: 1, name: 'API Keys' }).waitFor();
      await page.getByRole('heading', { name: english('apiKeys.empty.title') }).waitFor();
      await page.getByText(english('apiKeys.empty.description')).waitFor();
      await shots(page, `api-keys-empty-${size}`);

      // Create a key: the secret is shown once, with Copy.
      await page.getByRole('button', { name: 'Create new key' }).click();
      const panel = page.getByRole('region', { name: 'Create API Key' });
      await panel.getByLabel('Name').fill('My Project Key');
      await panel.getByLabel('Description').fill('The shop front');
      await panel.getByText('14/50 characters').waitFor();
      await shots(page, `api-keys-create-${size}`);
      await panel.getByRole('button', { name: 'Create API Key' }).click();
      const secretBox = page.getByTestId('new-api-key');
      await secretBox.waitFor();
      const secret = (await secretBox.textContent())?.trim() ?? '';
      expect(secret).toMatch(/^kal_live_\S{40,}$/);
      await page
        .getByRole('region', { name: /Your new key/ })
        .getByRole('button', { name: 'Done' })
        .click();
      await secretBox.waitFor({ state: 'detached' });

      // Masked, then revealed.
      const card = page.getByRole('article', { name: 'My Project Key' });
      const value = card.getByTestId('api-key-value');
      expect(await value.textContent()).toBe(`${secret.slice(0, 8)}${'•'.repeat(24)}`);
      await card.getByRole('button', { name: 'Reveal' }).click();
      await expect.poll(() => value.textContent()).toBe(secret);
      await card.getByRole('button', { name: 'Hide' }).click();
      await expect.poll(() => value.textContent()).not.toBe(secret);

      // Copy: 'Copied' for 2 s, the toast, and the secret on the clipboard.
      await card.getByRole('button', { name: 'Copy' }).click();
      await card.getByRole('button', { name: 'Copied' }).waitFor();
      await page.getByText(english('apiKeys.copy.toast')).first().waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
      await card.getByRole('button', { name: 'Copy' }).waitFor({ timeout: 4000 });

      // Use it on the public API, then Refresh stats shows the request.
      const first = await generate(baseURL, secret);
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      await card.getByRole('button', { name: 'Actions for My Project Key' }).click();
      await page.getByRole('menuitem', { name: 'Refresh stats' }).click();
      const overview = card.getByRole('region', { name: 'Usage Overview' });
      const models = card.getByRole('region', { name: 'Model Usage' });
      const stat = (region: typeof overview, label: string) =>
        region.locator('div', { has: page.getByText(label, { exact: true }) }).locator('dd');
      await expect.poll(() => stat(overview, 'Total requests').textContent()).toBe('1');
      await expect.poll(() => stat(models, 'Image Generation').textContent()).toBe('1');
      expect(await stat(overview, 'Credits remaining').textContent()).toBe('9');
      expect(await stat(overview, 'Last used').textContent()).not.toBe('Never');
      expect(await card.getByTestId('success-rate').textContent()).toBe('100%');
      const summary = page.getByLabel('Summary of your API keys');
      await expect
        .poll(() =>
          summary
            .locator('div', { has: page.getByText('Total Requests') })
            .locator('dd')
            .textContent(),
        )
        .toBe('1');
      await expect
        .poll(() =>
          summary
            .locator('div', { has: page.getByText('Success Rate') })
            .locator('dd')
            .textContent(),
        )
        .toBe('100%');
      // The chart's table (for screen readers) counts today's request.
      const chart = card.getByRole('table', { name: 'Requests per day, last 7 days' });
      expect(await chart.locator('tbody tr').last().locator('td').textContent()).toBe('1');
      await page.evaluate(() => window.scrollTo(0, 0));
      await shots(page, `api-keys-${size}`);
      await card.getByRole('region', { name: 'Model Usage' }).scrollIntoViewIfNeeded();
      await shots(page, `api-keys-card-${size}`);
      if (size === 'desktop') {
        await page.screenshot({
          path: path.join(artifactsDir, 'api-keys-full-desktop-light.png'),
          fullPage: true,
        });
      }

      // Export data: a JSON file named after the key, without the secret.
      await card.getByRole('button', { name: 'Actions for My Project Key' }).click();
      const downloading = page.waitForEvent('download');
      await page.getByRole('menuitem', { name: 'Export data' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe('My_Project_Key_data.json');
      const text = await readFile((await download.path()) ?? '', 'utf8');
      expect(text).not.toContain(secret);
      expect(text).not.toContain(secret.slice(9));
      const exported = JSON.parse(text) as Record<string, unknown>;
      expect(Object.keys(exported).sort()).toEqual(
        [
          'createdAt',
          'credits',
          'description',
          'lastUsed',
          'name',
          'permissions',
          'plan',
          'rateLimit',
          'usage',
          'usageCount',
        ].sort(),
      );
      expect(exported).toMatchObject({
        name: 'My Project Key',
        description: 'The shop front',
        plan: 'free',
        usageCount: 1,
        credits: 9,
        usage: { imageRequests: 1, totalRequests: 1 },
      });
      await page.getByText(english('apiKeys.card.exported')).first().waitFor();

      // Deactivate in Settings: the API refuses the key.
      await card.getByRole('button', { name: 'Actions for My Project Key' }).click();
      await page.getByRole('menuitem', { name: 'Settings' }).click();
      const dialog = page.getByRole('dialog', { name: 'Key settings' });
      await dialog.getByRole('button', { name: 'Deactivate key' }).click();
      await dialog.getByRole('button', { name: 'Activate key' }).waitFor();
      await page.getByText('API key deactivated', { exact: true }).waitFor();
      await shots(page, `api-keys-settings-${size}`);
      await page.keyboard.press('Escape');
      await card.getByText('Inactive', { exact: true }).waitFor();
      const refused = await generate(baseURL, secret);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ success: false, error: 'This API key is inactive.' });
      await page
        .getByLabel('Summary of your API keys')
        .locator('div', { has: page.getByText('Active Keys') })
        .locator('dd', { hasText: '0/1' })
        .waitFor();

      // The docs page, with this server's base URL.
      await page.goto('/api-docs');
      await page.getByRole('heading', { level: 1, name: 'API documentation' }).waitFor();
      await page.getByRole('article', { name: 'Generate an image' }).waitFor();
      expect(await page.getByTestId('api-base-url').textContent()).toBe(`${baseURL}/api/v1`);
      await page.evaluate(() => window.scrollTo(0, 0));
      await shots(page, `api-docs-${size}`);
      await page.getByRole('article', { name: 'Generate an image' }).scrollIntoViewIfNeeded();
      await shots(page, `api-docs-endpoints-${size}`);
      await page.getByRole('heading', { level: 2, name: 'Code Examples' }).scrollIntoViewIfNeeded();
      await page
        .getByRole('tablist', { name: 'Code example language' })
        .getByRole('tab', { name: 'Python' })
        .click();
      await shots(page, `api-docs-examples-${size}`);
      await page.getByRole('heading', { level: 2, name: 'Rate Limits & Pricing' }).scrollIntoViewIfNeeded();
      await shots(page, `api-docs-limits-${size}`);
      if (size === 'desktop') {
        await page.screenshot({
          path: path.join(artifactsDir, 'api-docs-full-desktop-light.png'),
          fullPage: true,
        });
      }

      expect(unexpected(problems)).toEqual([]);
      await context.close();
    });
  }
});
