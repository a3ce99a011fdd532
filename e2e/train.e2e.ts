import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photo } from '../server/test/upload-files.js';
import { launchBrowser, openJourney, VIEWPORTS } from './support/browser.js';
import {
  type FalApp,
  signUp,
  startFalApp,
  themeShots,
  unexpectedProblems,
} from './support/tool-providers.js';

/**
 * Train against its own built server configured with fal (the protocol-faithful fake queue and
 * storage on loopback): ten images uploaded at once, a product model trained with progress, then
 * "Generate with it" opens the image generator on that model and renders through fal's LoRA endpoint.
 */
describe('Train', () => {
  let browser: Browser;
  let app: FalApp;

  beforeAll(async () => {
    app = await startFalApp({
      pollIntervalMs: 300,
      storage: true,
      models: [{ id: 'fal-flux-dev', name: 'FLUX.1 [dev] (fal)', endpoint: 'fal-ai/flux/dev' }],
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('uploads ten images, trains a product model on fal, and generates with it', async () => {
    const { page, context, problems } = await openJourney(browser, {
      baseURL: app.server.baseUrl,
      viewport: VIEWPORTS.desktop,
    });
    const userId = await signUp(page, { name: 'Tess Trainer', emailPrefix: 'train' });
    // The first account administers this fresh server: it grants itself the training's price.
    const granted = await page.request.post('/api/auth/update-credits', {
      data: { credits: 100, userId },
      headers: { Origin: app.server.baseUrl },
    });
    expect(granted.status()).toBe(200);

    // The home tile opens the tool.
    await page.goto('/');
    await page.getByRole('link', { name: 'Open Train' }).click();
    await page.waitForURL((url) => url.pathname === '/tools/train');
    await page.getByRole('heading', { level: 1, name: 'Train' }).waitFor();
    await themeShots(page, 'train-empty-desktop');

    const files = await Promise.all(
      Array.from({ length: 10 }, async (_, index) => ({
        name: `mug-${index}.png`,
        mimeType: 'image/png',
        buffer: await photo(120 + index, 90 + index)
          .png()
          .toBuffer(),
      })),
    );
    await page.locator('input[type=file][multiple]').setInputFiles(files);
    await page.getByText('10 images chosen (between 10 and 40).').waitFor({ timeout: 60_000 });
    await page.getByLabel('Model name').fill('My mug');
    await page.getByLabel('Trigger word').fill('KLDMUG');
    const product = page.getByRole('radio', { name: /Product/ });
    await page.locator('label').filter({ has: product }).click();
    await themeShots(page, 'train-form-desktop');
    await page.getByRole('button', { name: 'Start training' }).click();

    // Progress while fal trains, then the model is ready.
    await page.getByRole('progressbar', { name: 'Training progress of My mug' }).waitFor({ timeout: 30_000 });
    await page.getByRole('link', { name: 'Generate with it' }).waitFor({ timeout: 120_000 });
    await themeShots(page, 'train-ready-desktop');
    expect(app.fal.training.imagesSeen).toEqual([10]);

    // The generator opens on the trained model with its trigger word.
    await page.getByRole('link', { name: 'Generate with it' }).click();
    await page.waitForURL((url) => url.pathname === '/generate/image');
    await expect.poll(() => page.getByRole('textbox').first().inputValue()).toMatch(/^KLDMUG /);
    await page.getByRole('textbox').first().fill('KLDMUG mug on a sunny beach');
    await page.getByRole('button', { name: /^Generate\s*\d+ credits?$/ }).click();
    await expect
      .poll(() => app.fal.submits.map((submit) => submit.path), { timeout: 60_000 })
      .toContain('/fal-ai/flux-lora');
    await page
      .getByRole('img', { name: /KLDMUG mug on a sunny beach/ })
      .first()
      .waitFor({ timeout: 60_000 });
    await themeShots(page, 'train-generated-desktop');
    const lora = app.fal.submits.find((submit) => submit.path === '/fal-ai/flux-lora');
    expect(lora?.body).toMatchObject({ prompt: 'KLDMUG mug on a sunny beach', loras: [{ scale: 1 }] });

    expect(unexpectedProblems(problems), unexpectedProblems(problems).join('\n')).toEqual([]);
    await context.close();
  });
});
