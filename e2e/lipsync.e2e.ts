import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningAppServer, startAppServer } from '../server/test/app-server.js';
import { type FakeFal, startFakeFal } from '../server/test/fakes/fake-fal.js';
import { mp4WithMetadata, wavOf } from '../server/test/upload-files.js';
import { launchBrowser, openJourney, screenshot, VIEWPORTS } from './support/browser.js';

/** Console errors that are not the app's fault. */
const unexpected = (problems: string[]) =>
  problems.filter((p) => !/Failed to load resource: the server responded with a status of 401/.test(p));

/** Screenshots of what is on screen now, light and dark (the account follows the system theme). */
async function shots(page: Page, name: string, size: keyof typeof VIEWPORTS) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.waitForFunction(
      (dark) => document.documentElement.classList.contains('dark') === dark,
      colorScheme === 'dark',
    );
    await screenshot(page, `lipsync-${name}-${size}-${colorScheme}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/**
 * Video Lipsync against its own built server configured with fal's lipsync model (the protocol-faithful
 * fake queue on loopback): a video and a voice are uploaded on the page and previewed, the job shows
 * fal's queue and progress, and the lip-synced video plays and lands in the library with both inputs as
 * its sources.
 */
describe('Video Lipsync', () => {
  let browser: Browser;
  let fal: FakeFal;
  let server: RunningAppServer;
  let configDir: string;

  beforeAll(async () => {
    fal = await startFakeFal('fal-e2e-key');
    configDir = await mkdtemp(path.join(os.tmpdir(), 'kaleido-lipsync-e2e-'));
    const providersFile = path.join(configDir, 'providers.json');
    await writeFile(
      providersFile,
      JSON.stringify({
        sketch: true,
        providers: [
          {
            type: 'fal',
            key: 'env:E2E_FAL_KEY',
            queueUrl: fal.url,
            pollIntervalMs: 400,
            models: [{ id: 'fal-lipsync', name: 'Lipsync 2', endpoint: 'fal-ai/sync-lipsync/v2' }],
          },
        ],
      }),
    );
    server = await startAppServer({
      env: { PROVIDERS_FILE: providersFile, E2E_FAL_KEY: 'fal-e2e-key', RATE_LIMIT_SIGNUPS_PER_HOUR: '1000' },
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    const code = await server?.stop();
    await fal?.close();
    await rm(configDir, { recursive: true, force: true });
    if (code !== 0 && server) throw new Error(`The server did not shut down cleanly:\n${server.output()}`);
  });

  for (const size of ['desktop', 'phone'] as const) {
    it(`uploads a video and a voice, lip-syncs them on fal and finds the result in the library (${size})`, async () => {
      const { page, context, problems } = await openJourney(browser, {
        baseURL: server.baseUrl,
        viewport: VIEWPORTS[size],
      });
      const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
      const signup = await page.request.post('/api/auth/signup', {
        data: {
          name: 'Lina Lips',
          email: `lips.${size}.${stamp}@example.test`,
          password: 'a good password 1',
        },
      });
      expect(signup.status()).toBe(201);

      // The home tile opens the tool.
      await page.goto('/');
      await page.getByRole('link', { name: 'Open Video Lipsync' }).click();
      await page.waitForURL((url) => url.pathname === '/tools/lipsync');
      await page.getByRole('heading', { level: 1, name: 'Video Lipsync' }).waitFor();
      await page.getByText('Drop an audio file here, or paste one').waitFor();
      await shots(page, 'empty', size);

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
      await shots(page, 'form', size);
      await page.getByRole('button', { name: 'Lip-sync · 2 credits' }).click();

      // fal's queue and progress, then the result plays.
      await page.getByRole('progressbar').waitFor({ timeout: 30_000 });
      await page.getByRole('link', { name: 'Open in library' }).waitFor({ timeout: 120_000 });
      const result = page.getByLabel('The result');
      await result.waitFor();
      await shots(page, 'result', size);
      expect(fal.submits).toContainEqual(
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
      await shots(page, 'lineage', size);

      expect(unexpected(problems), unexpected(problems).join('\n')).toEqual([]);
      await context.close();
    });
  }
});
