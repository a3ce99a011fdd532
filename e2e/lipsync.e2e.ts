import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mp4WithMetadata, wavOf } from '../server/test/upload-files.js';
import { launchBrowser, openJourney, VIEWPORTS } from './support/browser.js';
import {
  type FalApp,
  signUp,
  startFalApp,
  themeShots,
  unexpectedProblems,
} from './support/tool-providers.js';

/**
 * Video Lipsync against its own built server configured with fal's lipsync model (the protocol-faithful
 * fake queue on loopback): a video and a voice are uploaded on the page and previewed, the job shows
 * fal's queue and progress, and the lip-synced video plays and lands in the library with both inputs as
 * its sources.
 */
describe('Video Lipsync', () => {
  let browser: Browser;
  let app: FalApp;

  beforeAll(async () => {
    app = await startFalApp({
      pollIntervalMs: 400,
      // The video and the voice go to fal's storage first.
      storage: true,
      models: [{ id: 'fal-lipsync', name: 'Lipsync 2', endpoint: 'fal-ai/sync-lipsync/v2' }],
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  for (const size of ['desktop', 'phone'] as const) {
    it(`uploads a video and a voice, lip-syncs them on fal and finds the result in the library (${size})`, async () => {
      const { page, context, problems } = await openJourney(browser, {
        baseURL: app.server.baseUrl,
        viewport: VIEWPORTS[size],
      });
      await signUp(page, { name: 'Lina Lips', emailPrefix: `lips.${size}` });

      // The home tile opens the tool.
      await page.goto('/');
      await page.getByRole('link', { name: 'Open Video Lipsync' }).click();
      await page.waitForURL((url) => url.pathname === '/tools/lipsync');
      await page.getByRole('heading', { level: 1, name: 'Video Lipsync' }).waitFor();
      await page.getByText('Drop an audio file here, or paste one').waitFor();
      await themeShots(page, `lipsync-empty-${size}`);

      // Both inputs through the upload controls; both previews appear.
      await page
        .getByRole('region', { name: 'Video' })
        .locator('input[type=file]')
        .setInputFiles({ name: 'face.mp4', mimeType: 'video/mp4', buffer: await mp4WithMetadata(2) });
      await page.locator('video').first().waitFor({ timeout: 30_000 });
      await page
        .getByRole('region', { name: 'Audio' })
        .locator('input[type=file]')
        .setInputFiles({ name: 'voice.wav', mimeType: 'audio/wav', buffer: wavOf(3) });
      await page.locator('audio').waitFor({ timeout: 30_000 });
      await page.getByText('0:03').first().waitFor();
      await expect.poll(() => new URL(page.url()).searchParams.get('audio')).toBeTruthy();

      // Loop: as long as the 3-second voice, 2 credits.
      const loop = page.getByRole('radio', { name: /Loop/ });
      await page.locator('label').filter({ has: loop }).click();
      await page.getByText('The result will last about 3 seconds.').waitFor();
      await themeShots(page, `lipsync-form-${size}`);
      await page.getByRole('button', { name: 'Lip-sync · 2 credits' }).click();

      // fal's queue and progress, then the result plays.
      await page.getByRole('progressbar').waitFor({ timeout: 30_000 });
      await page.getByRole('link', { name: 'Open in library' }).waitFor({ timeout: 120_000 });
      const result = page.getByLabel('The result');
      await result.waitFor();
      await themeShots(page, `lipsync-result-${size}`);
      expect(app.fal.submits).toContainEqual(
        expect.objectContaining({
          path: '/fal-ai/sync-lipsync/v2',
          body: expect.objectContaining({ sync_mode: 'loop', model: 'lipsync-2' }),
        }),
      );

      // The library shows both inputs as its sources.
      await page.getByRole('link', { name: 'Open in library' }).click();
      await page.waitForURL((url) => url.pathname === '/library');
      const sources = page.getByRole('dialog').getByRole('list', { name: 'Made from' });
      await expect
        .poll(() => sources.getByRole('link', { name: /Lip-synced from/ }).count(), { timeout: 30_000 })
        .toBe(2);
      await themeShots(page, `lipsync-lineage-${size}`);

      expect(unexpectedProblems(problems), unexpectedProblems(problems).join('\n')).toEqual([]);
      await context.close();
    });
  }
});
