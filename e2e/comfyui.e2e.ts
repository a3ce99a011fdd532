import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningAppServer, startAppServer } from '../server/test/app-server.js';
import { type FakeComfy, startFakeComfy } from '../server/test/fakes/fake-comfyui.js';
import { launchBrowser, openJourney, screenshot, VIEWPORTS } from './support/browser.js';

/**
 * A journey against its own built server configured with a ComfyUI server (a protocol-faithful fake
 * on loopback, with slow sampler steps): the model picker appears, the job shows step progress and a
 * live preview, and the result lands in the library.
 */
describe('generating with ComfyUI', () => {
  let browser: Browser;
  let comfy: FakeComfy;
  let server: RunningAppServer;

  beforeAll(async () => {
    comfy = await startFakeComfy({ stepMs: 250 });
    server = await startAppServer({
      env: { COMFYUI_URLS: comfy.url, RATE_LIMIT_SIGNUPS_PER_HOUR: '1000' },
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    const code = await server?.stop();
    await comfy?.close();
    if (code !== 0 && server) throw new Error(`The server did not shut down cleanly:\n${server.output()}`);
  });

  it('picks the ComfyUI model, shows its progress and preview, and saves the result to the library', async () => {
    const { page, context, problems } = await openJourney(browser, {
      baseURL: server.baseUrl,
      viewport: VIEWPORTS.desktop,
    });
    const stamp = Date.now().toString(36);
    const signup = await page.request.post('/api/auth/signup', {
      data: { name: 'Cora Comfy', email: `cora.${stamp}@example.test`, password: 'a good password 1' },
    });
    expect(signup.status()).toBe(201);

    await page.goto('/generate/image');
    const prompt = page.getByRole('textbox', { name: 'Prompt', exact: true });
    await prompt.waitFor();
    await page
      .locator('summary')
      .filter({ hasText: /^Advanced/ })
      .click();
    const picker = page.getByRole('combobox', { name: 'Model' });
    await picker.waitFor();
    expect(await picker.locator('option').allTextContents()).toEqual([
      'Stable Diffusion (ComfyUI)',
      'Sketch (offline)',
    ]);
    expect(await picker.inputValue()).toBe('comfyui-image');
    // 2048 px is more than the ComfyUI model makes: not offered.
    expect(await page.getByRole('radio', { name: '2048 px' }).count()).toBe(0);
    await prompt.fill('A lighthouse on a cliff at dawn, oil painting');
    await page.getByRole('button', { name: /^Generate/ }).click();

    // Step progress and a sampler preview while ComfyUI works.
    const preview = page.locator('img[src*="/previews/"]');
    await preview.first().waitFor({ timeout: 30_000 });
    const bar = page.getByRole('progressbar');
    await expect
      .poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 20_000 })
      .toBeGreaterThan(10);
    // A new account's default quality is High (the spec's settings default): 30 sampler steps.
    expect(await page.getByText(/Sampling step \d+ of 30/).count()).toBeGreaterThan(0);
    await screenshot(page, 'comfyui-progress-desktop-light');

    // The result, then the library.
    await page
      .getByRole('img', { name: /lighthouse on a cliff/i })
      .first()
      .waitFor({ timeout: 30_000 });
    await screenshot(page, 'comfyui-result-desktop-light');
    expect(comfy.prompts).toHaveLength(1);
    expect(comfy.prompts[0]?.graph['6']?.inputs.text).toBe('A lighthouse on a cliff at dawn, oil painting');

    await page.goto('/library');
    await page.getByText('A lighthouse on a cliff at dawn, oil painting').first().waitFor();
    const assets = await page.request.get('/api/assets');
    const item = (await assets.json()).data.items[0];
    expect(item.metadata).toMatchObject({
      provider: 'comfyui',
      model: 'comfyui-image',
      width: 1024,
      height: 1024,
    });
    const models = await (await page.request.get('/api/models')).json();
    expect(models.data.map((model: { id: string }) => model.id)).toEqual(['comfyui-image', 'sketch-1']);
    expect(problems, problems.join('\n')).toEqual([]);
    await context.close();
  });
});
