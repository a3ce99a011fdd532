import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  appStarted,
  type Journey,
  launchBrowser,
  openJourney,
  screenshot,
  VIEWPORTS,
} from './support/browser.js';

/** Signed-out probes (GET /api/auth/me → 401) show up as console errors; they are expected. */
const unexpected = (problems: string[]) =>
  problems.filter((p) => !/Failed to load resource: the server responded with a status of 401/.test(p));

describe('the app shell', () => {
  const baseURL = inject('baseUrl');
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function open(options: Parameters<typeof openJourney>[1]): Promise<Journey> {
    return openJourney(browser, options);
  }

  it('loads home, toggles the theme and keeps it across a reload', async () => {
    const { page, context, problems } = await open({
      baseURL,
      viewport: VIEWPORTS.desktop,
      colorScheme: 'light',
    });
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect.poll(() => page.title()).toContain('Kaleido');
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
    await screenshot(page, 'home-desktop-light');
    await appStarted(page);

    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('kaleido-theme'))).toBe('dark');
    await page.reload();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await screenshot(page, 'home-desktop-dark');
    await appStarted(page);
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);

    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });

  it('follows the system theme until one is chosen', async () => {
    const { page, context } = await open({ baseURL, colorScheme: 'dark' });
    await page.goto('/pricing');
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await screenshot(page, 'pricing-desktop-dark');
    await context.close();
  });

  it('navigates every route from the nav bar with the spec signed-out texts', async () => {
    const { page, context, problems } = await open({ baseURL, viewport: VIEWPORTS.desktop });
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const stops: [string, string, string][] = [
      ['Image', '/generate/image', 'Please log in to generate images'],
      ['Video', '/generate/video', 'Please log in to generate videos'],
      ['Library', '/library', 'Please sign in to view your assets.'],
      ['Pricing', '/pricing', 'Enterprise'],
      ['Profile', '/profile', 'Please log in to view your profile.'],
      ['Home', '/', 'Video Lipsync'],
    ];
    for (const [label, path, text] of stops) {
      await nav.getByRole('link', { name: label, exact: true }).click();
      await page.waitForURL((url) => url.pathname === path);
      await page.getByText(text, { exact: false }).first().waitFor();
      expect(await nav.getByRole('link', { name: label, exact: true }).getAttribute('aria-current')).toBe(
        'page',
      );
    }
    await page.getByRole('link', { name: 'Sign In' }).first().click();
    await page.waitForURL((url) => url.pathname === '/auth');
    await page.getByText('Welcome back').first().waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    await screenshot(page, 'auth-desktop-light');
    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });

  it('answers deep links and reloads with the app, and unknown pages with a 404', async () => {
    const { page, context, problems } = await open({ baseURL });
    const deepLinks: [string, string][] = [
      ['/library', 'Please sign in to view your assets.'],
      ['/api-keys', 'Please sign in to manage your API keys'],
      ['/billing', 'Please sign in to manage billing'],
      ['/api-docs', 'Build AI-powered applications with a simple API for image and video generation.'],
      ['/generate/video', 'Please log in to generate videos'],
    ];
    for (const [path, text] of deepLinks) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await page.getByText(text).first().waitFor();
      await page.reload();
      await page.getByText(text).first().waitFor();
    }
    expect(unexpected(problems)).toEqual([]);
    // The document itself answers 404 (Chromium logs that as a console error); the app shows its page.
    const missing = await page.goto('/no-such-page');
    expect(missing?.status()).toBe(404);
    await page.getByRole('link', { name: /home/i }).first().waitFor();
    await screenshot(page, 'not-found-desktop-light');
    await context.close();
  });

  it('uses the bottom bar on a phone', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { page, context, problems } = await open({ baseURL, viewport: VIEWPORTS.phone, colorScheme });
      await page.goto('/');
      const bar = page.getByRole('navigation', { name: 'Mobile' });
      await bar.waitFor();
      expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
      await screenshot(page, `home-phone-${colorScheme}`);
      for (const [label, path] of [
        ['Image', '/generate/image'],
        ['Video', '/generate/video'],
        ['Home', '/'],
      ] as const) {
        await bar.getByRole('link', { name: label, exact: true }).click();
        await page.waitForURL((url) => url.pathname === path);
      }
      await bar.getByRole('link', { name: 'Sign In' }).click();
      await page.waitForURL((url) => url.pathname === '/auth');
      if (colorScheme === 'light') await screenshot(page, 'auth-phone-light');
      expect(unexpected(problems)).toEqual([]);
      await context.close();
    }
  });
});
