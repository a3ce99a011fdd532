import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningAppServer, startAppServer } from '../server/test/app-server.js';
import { type FakeFal, startFakeFal } from '../server/test/fakes/fake-fal.js';
import { photo } from '../server/test/upload-files.js';
import { launchBrowser, openJourney, screenshot, VIEWPORTS } from './support/browser.js';

/** Console errors that are not the app's fault. */
const unexpected = (problems: string[]) =>
  problems.filter((p) => !/Failed to load resource: the server responded with a status of 401/.test(p));

async function shots(page: Page, name: string) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.waitForFunction(
      (dark) => document.documentElement.classList.contains('dark') === dark,
      colorScheme === 'dark',
    );
    await screenshot(page, `train-${name}-desktop-${colorScheme}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/**
 * Train against its own built server configured with fal (the protocol-faithful fake queue and
 * storage on loopback): ten images uploaded at once, a product model trained with progress, then
 * "Generate with it" opens the image generator on that model and renders through fal's LoRA endpoint.
 */
describe('Train', () => {
  let browser: Browser;
  let fal: FakeFal;
  let server: RunningAppServer;
  let configDir: string;

  beforeAll(async () => {
    fal = await startFakeFal('fal-e2e-key');
    configDir = await mkdtemp(path.join(os.tmpdir(), 'kaleido-train-e2e-'));
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
            storageUrl: fal.url,
            pollIntervalMs: 300,
            models: [{ id: 'fal-flux-dev', name: 'FLUX.1 [dev] (fal)', endpoint: 'fal-ai/flux/dev' }],
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

  it('uploads ten images, trains a product model on fal, and generates with it', async () => {
    const { page, context, problems } = await openJourney(browser, {
      baseURL: server.baseUrl,
      viewport: VIEWPORTS.desktop,
    });
    const signup = await page.request.post('/api/auth/signup', {
      data: {
        name: 'Tess Trainer',
        email: `train.${Date.now().toString(36)}@example.test`,
        password: 'a good password 1',
      },
    });
    expect(signup.status()).toBe(201);
    // The first account administers this fresh server: it grants itself the training's price.
    const userId = (await signup.json()).data.user.id;
    const granted = await page.request.post('/api/auth/update-credits', {
      data: { credits: 100, userId },
      headers: { Origin: server.baseUrl },
    });
    expect(granted.status()).toBe(200);

    // The home tile opens the tool.
    await page.goto('/');
    await page.getByRole('link', { name: 'Open Train' }).click();
    await page.waitForURL((url) => url.pathname === '/tools/train');
    await page.getByRole('heading', { level: 1, name: 'Train' }).waitFor();
    await shots(page, 'empty');

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
    await shots(page, 'form');
    await page.getByRole('button', { name: 'Start training' }).click();

    // Progress while fal trains, then the model is ready.
    await page.getByRole('progressbar', { name: 'Training progress of My mug' }).waitFor({ timeout: 30_000 });
    await page.getByRole('link', { name: 'Generate with it' }).waitFor({ timeout: 120_000 });
    await shots(page, 'ready');
    expect(fal.training.imagesSeen).toEqual([10]);

    // The generator opens on the trained model with its trigger word.
    await page.getByRole('link', { name: 'Generate with it' }).click();
    await page.waitForURL((url) => url.pathname === '/generate/image');
    await expect.poll(() => page.getByRole('textbox').first().inputValue()).toMatch(/^KLDMUG /);
    await page.getByRole('textbox').first().fill('KLDMUG mug on a sunny beach');
    await page.getByRole('button', { name: /^Generate\s*\d+ credits?$/ }).click();
    await expect
      .poll(() => fal.submits.map((submit) => submit.path), { timeout: 60_000 })
      .toContain('/fal-ai/flux-lora');
    await page
      .getByRole('img', { name: /KLDMUG mug on a sunny beach/ })
      .first()
      .waitFor({ timeout: 60_000 });
    await shots(page, 'generated');
    const lora = fal.submits.find((submit) => submit.path === '/fal-ai/flux-lora');
    expect(lora?.body).toMatchObject({ prompt: 'KLDMUG mug on a sunny beach', loras: [{ scale: 1 }] });

    expect(unexpected(problems), unexpected(problems).join('\n')).toEqual([]);
    await context.close();
  });
});
