import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openJourney, VIEWPORTS } from './support/browser.js';
import { signUp, themeShots, unexpectedProblems } from './support/tool-providers.js';

/** Drags the pointer over the canvas between two points given as fractions of its side. */
async function drag(page: Page, from: [number, number], to: [number, number]) {
  const canvas = page.getByTestId('realtime-canvas');
  const box = await canvas.boundingBox();
  if (!box) throw new Error('no canvas');
  await page.mouse.move(box.x + from[0] * box.width, box.y + from[1] * box.height);
  await page.mouse.down();
  for (let step = 1; step <= 8; step++) {
    const f = step / 8;
    await page.mouse.move(
      box.x + (from[0] + (to[0] - from[0]) * f) * box.width,
      box.y + (from[1] + (to[1] - from[1]) * f) * box.height,
    );
  }
  await page.mouse.up();
}

const frameId = (page: Page) => page.getByTestId('realtime-output').getAttribute('data-frame-id');

/** Waits until the preview shows the page's newest state (nothing scheduled, nothing in flight). */
async function settled(page: Page, previous: string | null): Promise<string | null> {
  const output = page.getByTestId('realtime-output');
  await expect
    .poll(
      async () =>
        (await output.getAttribute('data-updating')) === 'false' && (await frameId(page)) !== previous,
      {
        timeout: 60_000,
      },
    )
    .toBe(true);
  return frameId(page);
}

describe('Realtime', () => {
  const baseURL = inject('baseUrl');
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const size of ['desktop', 'phone'] as const) {
    it(`draws and types, the image follows live, and Keep puts it in the library (${size})`, async () => {
      const { page, context, problems } = await openJourney(browser, { baseURL, viewport: VIEWPORTS[size] });
      await signUp(page, { name: 'Rita Realtime', emailPrefix: `realtime.${size}` });

      // The home tile opens the tool; it connects and renders the empty canvas's scene.
      await page.goto('/');
      await page.getByRole('link', { name: 'Open Realtime' }).click();
      await page.waitForURL((url) => url.pathname === '/tools/realtime');
      await page.getByRole('heading', { level: 1, name: 'Realtime' }).waitFor();
      await page.getByRole('status').getByText('Live').waitFor({ timeout: 30_000 });
      await page.getByTestId('realtime-output').waitFor({ timeout: 60_000 });
      const first = await settled(page, null);

      // A painted sky and a red disc: a new frame comes back.
      await page.getByRole('button', { name: 'Colour #5da9e9' }).click();
      await page.getByRole('button', { name: 'Rectangle' }).click();
      await drag(page, [0.02, 0.02], [0.98, 0.4]);
      await page.keyboard.press('b');
      await page.getByRole('button', { name: 'Colour #e53935' }).click();
      await page.getByLabel('Size').selectOption({ index: 3 });
      await drag(page, [0.4, 0.6], [0.6, 0.65]);
      const drawn = await settled(page, first);

      // Typing changes it again (a new scene: a quick draft, then the full frame); the time per frame is shown.
      await page.getByLabel('Prompt').fill('a lighthouse by the sea');
      const typed = await settled(page, drawn);
      const output = page.getByTestId('realtime-output');
      expect(await output.getAttribute('data-draft')).toBe('false');
      expect(await output.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(512);
      await page.getByTestId('realtime-latency').waitFor();
      expect(await page.getByTestId('realtime-latency').textContent()).toMatch(/^\d+ ms per frame$/);

      // Undo with the keyboard takes the stroke back, and the image follows.
      // Out of the prompt first: in a text field the keys are the field's.
      await page.getByRole('heading', { level: 1, name: 'Realtime' }).click();
      await page.keyboard.press('Control+z');
      await settled(page, typed);
      expect(await page.getByRole('button', { name: 'Redo' }).isEnabled()).toBe(true);
      await themeShots(page, `realtime-drawing-${size}`);

      // Keep: charged once, saved in the library with the drawing as its source.
      const credits = async () =>
        (await (await page.request.get('/api/auth/me')).json()).data.credits as number;
      const before = await credits();
      await page.getByRole('button', { name: /^Keep this image/ }).click();
      await page
        .getByText('Kept in your library, with your drawing as its source.')
        .waitFor({ timeout: 60_000 });
      expect(await credits()).toBe(before - 1);
      await themeShots(page, `realtime-kept-${size}`);

      const library = (await (await page.request.get('/api/assets')).json()).data;
      const kept = library.items.find(
        (asset: { prompt: string }) => asset.prompt === 'a lighthouse by the sea',
      );
      expect(kept).toBeTruthy();
      const lineage = (await (await page.request.get(`/api/library/${kept.id}/lineage`)).json()).data;
      expect(lineage.sources.map((source: { prompt: string }) => source.prompt)).toEqual([
        'Realtime drawing',
      ]);

      await page.getByRole('link', { name: 'Open the library' }).click();
      await page.waitForURL((url) => url.pathname === '/library');
      await page.getByText('a lighthouse by the sea').first().waitFor({ timeout: 30_000 });

      expect(unexpectedProblems(problems)).toEqual([]);
      await context.close();
    });
  }
});
