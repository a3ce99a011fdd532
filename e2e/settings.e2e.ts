import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openJourney, screenshot, VIEWPORTS } from './support/browser.js';

/**
 * Settings that change something visible, changed as a person does it and checked where they act:
 * the generators' defaults, the personal API key (generate, reveal, copy, refused while integrations
 * are off, revoke), debug mode's diagnostics under a result, theme, compact mode and the time zone.
 */

/** Console errors that are not the app's fault: the deliberate refused API call is made outside the page. */
const unexpected = (problems: string[]) =>
  problems.filter((p) => !/Failed to load resource: the server responded with a status of 401/.test(p));

async function shot(page: Page, name: string) {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
  await screenshot(page, name);
}

/** Screenshots of what is on screen now (scrolled to `target` when given), light and dark, desktop and phone. */
async function screenshots(page: Page, name: string, target?: string) {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.waitForFunction(
        (dark) => document.documentElement.classList.contains('dark') === dark,
        colorScheme === 'dark',
      );
      if (target) await page.locator(target).evaluate((node) => node.scrollIntoView({ block: 'start' }));
      else await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, `${name}-${size}-${colorScheme}`);
    }
  }
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.emulateMedia({ colorScheme: 'light' });
}

/** The section of the Settings tab with this heading. */
const section = (page: Page, title: string) =>
  page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: title, exact: true }) });

/** Flips a switch and waits until the server has the new value. */
async function flip(page: Page, name: string, on: boolean) {
  const toggle = page.getByRole('switch', { name, exact: true });
  if ((await toggle.getAttribute('aria-checked')) !== String(on)) {
    const saved = page.waitForResponse(
      (response) => response.url().endsWith('/api/settings') && response.request().method() === 'PATCH',
    );
    await toggle.click();
    expect((await saved).status()).toBe(200);
  }
  await expect.poll(() => toggle.getAttribute('aria-checked')).toBe(String(on));
}

/** Chooses from a settings list and waits for the save. */
async function select(page: Page, label: string, value: string) {
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/api/settings') && response.request().method() === 'PATCH',
  );
  await page.getByLabel(label, { exact: true }).selectOption(value);
  expect((await saved).status()).toBe(200);
}

async function openSettings(page: Page) {
  await page.goto('/profile?tab=settings');
  await page.getByRole('heading', { level: 2, name: 'Account', exact: true }).waitFor();
}

describe('settings', () => {
  const baseURL = inject('baseUrl');
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('changes each visible setting and sees its effect', async () => {
    const { page, context, problems } = await openJourney(browser, { baseURL, viewport: VIEWPORTS.desktop });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
    const email = `set.${stamp}@example.test`;
    const signup = await page.request.post('/api/auth/signup', {
      data: { name: 'Sam Settings', email, password: 'a good password 1' },
    });
    expect(signup.status()).toBe(201);

    // The Settings tab: eight groups, each control with what it really does.
    await openSettings(page);
    expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toEqual([
      'Account',
      'Security',
      'Generation',
      'Notifications',
      'Privacy',
      'Appearance',
      'Integrations',
      'Advanced',
    ]);
    await page.getByText('Kaleido does not send webhooks to it yet.', { exact: false }).waitFor();
    expect(await page.getByText(/coming\ssoon/i).count()).toBe(0);
    await screenshots(page, 'settings-top');

    // Generation defaults reach the generators.
    await select(page, 'Default image style', 'watercolor');
    await select(page, 'Default quality', 'ultra');
    const length = page.getByLabel('Default video length', { exact: true });
    // 6 s is not a duration the Sketch model offers: the generator starts at the nearest one, 5 s
    // (with the spec's default of 30 s it starts at 8 s).
    await length.fill('6');
    const lengthSaved = page.waitForResponse(
      (response) => response.url().endsWith('/api/settings') && response.request().method() === 'PATCH',
    );
    await section(page, 'Generation').getByRole('button', { name: 'Save' }).click();
    expect((await lengthSaved).status()).toBe(200);
    await screenshots(page, 'settings-generation', '#settings-generation');

    await page.goto('/generate/image');
    const style = page.getByRole('combobox', { name: 'Style', exact: true });
    await expect.poll(() => style.inputValue()).toBe('watercolor');
    await expect.poll(() => page.getByRole('radio', { name: 'Ultra', exact: true }).isChecked()).toBe(true);
    await shot(page, 'settings-defaults-image-desktop-light');
    await page.goto('/generate/video');
    await expect.poll(() => page.getByRole('radio', { name: '5 s', exact: true }).isChecked()).toBe(true);
    await shot(page, 'settings-defaults-video-desktop-light');

    // The personal API key: generate, masked, reveal, copy; refused while integrations are off; revoke.
    await openSettings(page);
    const integrations = section(page, 'Integrations');
    await integrations.getByRole('button', { name: 'Generate key' }).click();
    const masked = integrations.getByText(/^ck_[A-Za-z0-9]{5}•+$/);
    await masked.waitFor();
    await integrations
      .getByText('Integrations are off: this key is refused until you turn them on.')
      .waitFor();
    await integrations.getByRole('button', { name: 'Reveal' }).click();
    const revealed = integrations.getByText(/^ck_[A-Za-z0-9]{49}$/);
    await revealed.waitFor();
    const key = (await revealed.textContent()) ?? '';
    await integrations.getByRole('button', { name: 'Copy' }).click();
    await integrations.getByText('Copied', { exact: true }).waitFor();
    await page.getByText('API key copied to clipboard', { exact: true }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await screenshots(page, 'settings-integrations', '#settings-integrations');

    const refused = await page.request.post('/api/v1/generate/image', {
      headers: { Authorization: `Bearer ${key}` },
      data: { prompt: 'a lighthouse' },
    });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).success).toBe(false);

    await flip(page, 'Integrations', true);
    await expect
      .poll(() =>
        integrations.getByText('Integrations are off: this key is refused until you turn them on.').count(),
      )
      .toBe(0);

    await integrations.getByRole('button', { name: 'Revoke' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke your personal API key?' });
    await confirm.waitFor();
    await shot(page, 'settings-revoke-key-desktop-light');
    await confirm.getByRole('button', { name: 'Revoke key' }).click();
    await integrations.getByRole('button', { name: 'Generate key' }).waitFor();
    const gone = await page.request.post('/api/v1/generate/image', {
      headers: { Authorization: `Bearer ${key}` },
      data: { prompt: 'a lighthouse' },
    });
    expect(gone.status()).toBe(401);

    // Debug mode: the result of a generation shows its diagnostics.
    await flip(page, 'Debug mode', true);
    await page.goto('/generate/image');
    const prompt = page.getByRole('textbox', { name: 'Prompt' });
    await prompt.fill('A quiet harbour at dawn');
    await page.getByRole('button', { name: /^Generate/ }).click();
    await page.getByRole('img', { name: 'A quiet harbour at dawn' }).waitFor({ timeout: 60_000 });
    const diagnostics = page.getByRole('region', { name: 'Diagnostics' }).first();
    await diagnostics.getByRole('button', { name: 'Diagnostics' }).click();
    await diagnostics.getByText('Job id').waitFor();
    await diagnostics.getByText('Attempts').waitFor();
    await screenshots(page, 'settings-debug-panel');
    await openSettings(page);
    await flip(page, 'Debug mode', false);
    await page.goto('/generate/image');
    await prompt.waitFor();
    expect(await page.getByRole('region', { name: 'Diagnostics' }).count()).toBe(0);

    // Appearance: theme, compact mode, and the time zone of every date.
    await openSettings(page);
    const theme = page.getByRole('radiogroup', { name: 'Theme' });
    await theme.locator('label').filter({ hasText: 'Dark' }).click();
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    await shot(page, 'settings-theme-dark-desktop');
    await theme.locator('label').filter({ hasText: 'Light' }).click();
    await page.waitForFunction(() => !document.documentElement.classList.contains('dark'));
    await flip(page, 'Compact mode', true);
    await page.waitForFunction(() => document.documentElement.classList.contains('compact'));
    await flip(page, 'Compact mode', false);
    await page.waitForFunction(() => !document.documentElement.classList.contains('compact'));

    await select(page, 'Time zone', 'Pacific/Kiritimati');
    await integrations.getByRole('button', { name: 'Generate key' }).click();
    const created = integrations.getByText(/^Created /);
    await created.waitFor();
    // The key's creation time, shown in the chosen zone (UTC+14), matches the instant the server gave.
    const createdAt = await page.evaluate(async () => {
      const response = await fetch('/api/settings/api-key');
      return ((await response.json()) as { data: { createdAt: string } }).data.createdAt;
    });
    const expected = new Intl.DateTimeFormat('en-US', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'Pacific/Kiritimati',
    }).format(new Date(createdAt));
    expect(await created.textContent()).toContain(expected);
    await page.reload();
    await page.getByRole('heading', { level: 2, name: 'Account', exact: true }).waitFor();
    expect(await page.getByLabel('Time zone', { exact: true }).inputValue()).toBe('Pacific/Kiritimati');

    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });

  it('keeps results out of the library with auto-save off, saves one, and shares it on a public profile', async () => {
    const { page, context, problems } = await openJourney(browser, { baseURL, viewport: VIEWPORTS.desktop });
    const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
    const signup = await page.request.post('/api/auth/signup', {
      data: { name: `Lena ${stamp}`, email: `share.${stamp}@example.test`, password: 'a good password 1' },
    });
    expect(signup.status()).toBe(201);
    const handle = `lena-${stamp}`.toLowerCase();

    await openSettings(page);
    await flip(page, 'Save results to my library', false);
    await select(page, 'Profile visibility', 'public');

    // Auto-save off: the result is in the generator, marked Unsaved, and not in the library.
    const PROMPT = 'A paper lantern festival over a river at night';
    await page.goto('/generate/image');
    await page.getByRole('textbox', { name: 'Prompt' }).fill(PROMPT);
    await page.getByRole('button', { name: /^Generate/ }).click();
    await page.getByRole('img', { name: PROMPT }).first().waitFor({ timeout: 60_000 });
    const save = page.getByRole('button', { name: 'Save image to your library' }).first();
    await save.waitFor();
    await page.getByText('Unsaved', { exact: true }).first().waitFor();
    await screenshots(page, 'settings-autosave-off');
    const library = async () =>
      ((await (await page.request.get('/api/assets')).json()) as { data: { items?: unknown[] } | unknown[] })
        .data;
    const count = (data: { items?: unknown[] } | unknown[]) =>
      Array.isArray(data) ? data.length : (data.items?.length ?? 0);
    expect(count(await library())).toBe(0);

    // Save: now it is in the library.
    await save.click();
    await page.getByRole('button', { name: 'Saved to your library' }).first().waitFor();
    expect(count(await library())).toBe(1);

    // Share it from the library's detail dialog.
    await page.goto('/library');
    const creations = page.getByRole('list', { name: 'Your creations' });
    await creations.getByRole('button', { name: new RegExp(`Details: ${PROMPT}`) }).click();
    const details = page.getByRole('dialog', { name: 'Image details' });
    const shared = page.waitForResponse(
      (response) => /\/api\/assets\/[^/]+$/.test(response.url()) && response.request().method() === 'PATCH',
    );
    await details.getByRole('switch', { name: 'Share' }).click();
    expect((await shared).status()).toBe(200);
    await details.getByRole('link', { name: 'your profile' }).waitFor();
    await shot(page, 'settings-share-toggle-desktop-light');
    await page.keyboard.press('Escape');

    // A signed-out visitor sees it on the public profile; the prompt only once the owner shares it.
    const visitor = await openJourney(browser, { baseURL, viewport: VIEWPORTS.phone });
    await visitor.page.goto(`/u/${handle}`);
    await visitor.page.getByRole('heading', { level: 1, name: `Lena ${stamp}` }).waitFor();
    await visitor.page
      .getByRole('link', { name: /^Open / })
      .first()
      .waitFor();
    expect(await visitor.page.getByRole('button', { name: /^Use the prompt/ }).count()).toBe(0);
    expect(await visitor.page.getByText(PROMPT).count()).toBe(0);
    await screenshots(visitor.page, 'settings-public-profile');

    await openSettings(page);
    await flip(page, 'Show prompts on shared creations', true);
    await visitor.page.reload();
    await visitor.page.getByRole('button', { name: `Use the prompt “${PROMPT}”` }).waitFor();
    await shot(visitor.page, 'settings-public-profile-prompts-phone-light');

    // Private again: the profile answers like an unknown one.
    await select(page, 'Profile visibility', 'private');
    const hidden = await visitor.page.request.get(`/api/profiles/${handle}`);
    expect(hidden.status()).toBe(404);

    expect(unexpected(problems)).toEqual([]);
    expect(unexpected(visitor.problems)).toEqual([]);
    await visitor.context.close();
    await context.close();
  });
});
