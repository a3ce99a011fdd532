import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openJourney, screenshot, VIEWPORTS } from './support/browser.js';
import { signUp, unexpectedProblems } from './support/tool-providers.js';

/** The share of the viewer's canvas that the object covers (the renderer clears to transparent). */
async function drawnShare(page: Page): Promise<number> {
  return page.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('[data-state="ready"] canvas');
    if (!canvas) return 0;
    const copy = document.createElement('canvas');
    copy.width = canvas.width;
    copy.height = canvas.height;
    const context = copy.getContext('2d');
    if (!context) return 0;
    context.drawImage(canvas, 0, 0);
    const { data } = context.getImageData(0, 0, copy.width, copy.height);
    let drawn = 0;
    for (let i = 3; i < data.length; i += 4) if ((data[i] ?? 0) > 0) drawn += 1;
    return drawn / (copy.width * copy.height);
  });
}

describe('3D Objects', () => {
  const baseURL = inject('baseUrl');
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('makes an offline 3D object, shows it in the viewer and files it in the library', async () => {
    const { page, context, problems } = await openJourney(browser, { baseURL, viewport: VIEWPORTS.desktop });
    await signUp(page, { name: 'Theo Three', emailPrefix: 'three' });

    // The home tile opens the tool.
    await page.goto('/');
    await page.getByRole('link', { name: 'Open 3D Objects' }).click();
    await page.waitForURL((url) => url.pathname === '/tools/3d');
    await page.getByLabel('Describe the object').fill('a red vintage car');
    await page.getByRole('button', { name: /Make 3D object/ }).click();

    // The object turns in the viewer: its canvas shows the object over the transparent background.
    const viewer = page.getByRole('img', { name: /3D view of “a red vintage car”/ });
    await expect.poll(() => viewer.getAttribute('data-state'), { timeout: 60_000 }).toBe('ready');
    await expect.poll(() => drawnShare(page), { timeout: 20_000 }).toBeGreaterThan(0.03);
    expect(await page.getByRole('link', { name: 'Download GLB' }).getAttribute('href')).toBeTruthy();
    await screenshot(page, 'three-d-result-desktop-light');

    // The library files it under 3D; its detail opens the viewer.
    const library = (await (await page.request.get('/api/assets?type=model')).json()).data;
    expect(library.items).toHaveLength(1);
    await page.getByRole('link', { name: 'Open in library' }).click();
    await page.waitForURL((url) => url.pathname === '/library');
    const detail = page.getByRole('img', { name: /3D view of “a red vintage car”/ });
    await expect.poll(() => detail.getAttribute('data-state'), { timeout: 60_000 }).toBe('ready');
    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();
  });
});
