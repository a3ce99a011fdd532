import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openJourney, screenshot, VIEWPORTS } from './support/browser.js';

/** The landscape quick start of the floating prompt box (web/src/app/floating-prompt.tsx). */
const LANDSCAPE = 'A misty mountain landscape at sunrise, pine forest and a winding river in the valley';
const VIDEO_PROMPT = 'Waves rolling onto a quiet beach at dusk, camera drifting along the shore';

type Size = keyof typeof VIEWPORTS;

/** Console errors that are not the app's fault: none expected when signed in. */
const unexpected = (problems: string[]) =>
  problems.filter((p) => !/Failed to load resource: the server responded with a status of 401/.test(p));

async function painted(page: Page) {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/** Screenshots of what is on screen now, light and dark (the account follows the system theme). */
async function shots(page: Page, name: string, size: Size) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.waitForFunction(
      (dark) => document.documentElement.classList.contains('dark') === dark,
      colorScheme === 'dark',
    );
    await painted(page);
    await screenshot(page, `generate-${name}-${size}-${colorScheme}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** Records every value and stage the progress bar shows from now on (it may come and go quickly). */
async function recordProgress(page: Page) {
  await page.evaluate(() => {
    const seen = { values: [] as number[], stages: [] as string[] };
    (window as unknown as { __progress: typeof seen }).__progress = seen;
    const look = () => {
      const bar = document.querySelector('[role=progressbar]');
      if (!bar) return;
      const value = Number(bar.getAttribute('aria-valuenow'));
      if (seen.values.at(-1) !== value) seen.values.push(value);
      const stage = document.querySelector('[data-testid=generation-stage]')?.textContent ?? '';
      if (stage && seen.stages.at(-1) !== stage) seen.stages.push(stage);
    };
    new MutationObserver(look).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
    look();
  });
}

async function progressSeen(page: Page): Promise<{ values: number[]; stages: string[] }> {
  return page.evaluate(
    () => (window as unknown as { __progress: { values: number[]; stages: string[] } }).__progress,
  );
}

async function balance(page: Page, credits: number) {
  const label = `Credit balance: ${credits} credit${credits === 1 ? '' : 's'}`;
  await page.getByLabel(label).waitFor();
  expect(await page.getByLabel(label).textContent()).toBe(String(credits));
}

async function signUp(page: Page, size: Size, stamp: string) {
  const email = `maker.${size}.${stamp}@example.test`;
  if (size === 'desktop') {
    await page.goto('/auth?mode=signup');
    await page.getByLabel('Full name').fill('Mae Maker');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('a good password 1');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  } else {
    const response = await page.request.post('/api/auth/signup', {
      data: { name: 'Mae Maker', email, password: 'a good password 1' },
    });
    expect(response.status()).toBe(201);
    await page.goto('/');
  }
  await balance(page, 10);
}

/** Picks one of a set of chips (radio inputs inside their labels), as a person clicks them. */
async function choose(page: Page, name: string) {
  const radio = page.getByRole('radio', { name, exact: true });
  await page.locator('label').filter({ has: radio }).click();
  await expect.poll(() => radio.isChecked()).toBe(true);
}

/** Goes to a page from the navigation: the top bar on a desktop, the bottom bar on a phone. */
async function navigate(page: Page, size: Size, label: string, path: string) {
  const nav = page.getByRole('navigation', { name: size === 'desktop' ? 'Main' : 'Mobile' });
  await nav.getByRole('link', { name: label, exact: true }).click();
  await page.waitForURL((url) => url.pathname === path);
}

describe('generate and library', () => {
  const baseURL = inject('baseUrl');
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows visitors the generator with its options, disabled, and the sign-in text', async () => {
    for (const size of ['desktop', 'phone'] as const) {
      const { page, context, problems } = await openJourney(browser, { baseURL, viewport: VIEWPORTS[size] });
      await page.goto('/generate/image');
      await page.getByText('Please log in to generate images').waitFor();
      await page.getByRole('textbox', { name: 'Prompt' }).fill('A lighthouse on a rocky coast');
      expect(await page.getByRole('button', { name: /^Generate/ }).isDisabled()).toBe(true);
      expect(await page.getByRole('textbox', { name: 'Describe what to create' }).count()).toBe(0);
      await shots(page, 'image-signed-out', size);
      expect(unexpected(problems), unexpected(problems).join('\n')).toEqual([]);
      await context.close();
    }
  });

  for (const size of ['desktop', 'phone'] as const) {
    it(`makes an image and a video and manages them in the library (${size})`, async () => {
      const { page, context, problems } = await openJourney(browser, {
        baseURL,
        viewport: VIEWPORTS[size],
      });
      const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
      await signUp(page, size, stamp);

      // The floating prompt box: expands on focus; the Landscape chip fills it; Generate opens the image generator.
      const box = page.getByRole('textbox', { name: 'Describe what to create' });
      await box.waitFor();
      await shots(page, 'prompt-box-collapsed', size);
      await box.click();
      const quick = page.getByRole('form', { name: 'Quick create' });
      await quick.getByRole('button', { name: 'Landscape' }).waitFor();
      expect(await quick.getByRole('button', { name: 'Generate' }).isDisabled()).toBe(true);
      await quick.getByRole('button', { name: 'Landscape' }).click();
      expect(await box.inputValue()).toBe(LANDSCAPE);
      await shots(page, 'prompt-box', size);
      await quick.getByRole('button', { name: 'Generate' }).click();
      await page.waitForURL((url) => url.pathname === '/generate/image');

      // The image generator, filled in, with the contract's defaults and the price on the button.
      const prompt = page.getByRole('textbox', { name: 'Prompt' });
      await expect.poll(() => prompt.inputValue()).toBe(LANDSCAPE);
      expect(await page.getByRole('combobox', { name: 'Style', exact: true }).inputValue()).toBe('realistic');
      expect(await page.getByRole('radio', { name: '1:1' }).isChecked()).toBe(true);
      expect(await page.getByRole('textbox', { name: 'Describe what to create' }).count()).toBe(0);
      const generate = page.getByRole('button', { name: /^Generate\s*1 credit$/ });
      await choose(page, '16:9');
      await shots(page, 'image-form', size);

      // Generate: progress comes live from the event stream, the inputs are disabled meanwhile.
      await recordProgress(page);
      await generate.click();
      const result = page.getByRole('img', { name: LANDSCAPE });
      await result.waitFor({ timeout: 60_000 });
      const seen = await progressSeen(page);
      expect(seen.values.length).toBeGreaterThan(0);
      expect(seen.stages.length).toBeGreaterThan(0);
      // The element appears with its src; the picture itself loads a moment later.
      await expect
        .poll(() => result.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
          timeout: 15_000,
        })
        .toBe(1024);
      await page.getByText('Your image is ready and saved to your library.').waitFor();
      expect(await prompt.isEnabled()).toBe(true);
      await balance(page, 9);
      await page.getByText(/read your prompt as:/).waitFor();
      await shots(page, 'image-result', size);

      // The history panel has it (a drawer on the phone): picking it loads it.
      if (size === 'desktop') {
        const history = page.getByRole('region', { name: 'Earlier images' });
        await history.getByRole('button', { name: new RegExp(`Load: ${LANDSCAPE}`) }).waitFor();
      } else {
        await page.getByRole('button', { name: 'History' }).click();
        const drawer = page.getByRole('dialog', { name: 'History' });
        await drawer.getByRole('button', { name: new RegExp(`Load: ${LANDSCAPE}`) }).waitFor();
        await shots(page, 'history-drawer', size);
        await drawer.getByRole('button', { name: new RegExp(`Load: ${LANDSCAPE}`) }).click();
        await drawer.waitFor({ state: 'detached' });
      }

      // Clearing returns to the form.
      await page.getByRole('button', { name: 'Clear' }).click();
      await page.getByText('Your image will appear here').waitFor();

      // The library: search finds it by a word of the prompt; the video filter has nothing yet.
      await navigate(page, size, 'Library', '/library');
      const library = page.getByRole('list', { name: 'Your creations' });
      await library.waitFor();
      await page.getByRole('searchbox', { name: 'Search your library' }).fill('mountain');
      await page.waitForURL((url) => url.searchParams.get('q') === 'mountain');
      await library.getByRole('button', { name: new RegExp(`Details: ${LANDSCAPE}`) }).waitFor();
      await shots(page, 'library-search', size);
      await page.getByRole('searchbox', { name: 'Search your library' }).fill('');
      await page.waitForURL((url) => !url.searchParams.has('q'));
      await choose(page, 'Videos');
      await page.getByRole('heading', { name: 'No videos yet' }).waitFor();
      await shots(page, 'library-no-videos', size);

      // A short video: 3 s at 854×480. The player plays it.
      await navigate(page, size, 'Video', '/generate/video');
      await page.getByRole('textbox', { name: 'Prompt' }).fill(VIDEO_PROMPT);
      await choose(page, '3 s');
      await choose(page, '480p');
      await recordProgress(page);
      await page.getByRole('button', { name: /^Generate\s*3 credits$/ }).click();
      await page.getByRole('progressbar').waitFor();
      expect(await page.getByRole('textbox', { name: 'Prompt' }).isDisabled()).toBe(true);
      await page.emulateMedia({ colorScheme: size === 'desktop' ? 'light' : 'dark' });
      await painted(page);
      await screenshot(page, `generate-video-progress-${size}-${size === 'desktop' ? 'light' : 'dark'}`);
      await page.emulateMedia({ colorScheme: 'light' });
      const player = page.locator('video[aria-label^="Generated video"]');
      await player.waitFor({ timeout: 90_000 });
      const videoProgress = await progressSeen(page);
      expect(videoProgress.stages.some((stage) => /Rendering frame \d+ of 72/.test(stage))).toBe(true);
      await expect
        .poll(() => player.evaluate((video: HTMLVideoElement) => video.readyState), { timeout: 20_000 })
        .toBeGreaterThanOrEqual(2);
      await player.evaluate((video: HTMLVideoElement) => (video.paused ? video.play() : undefined));
      const startedAt = await player.evaluate((video: HTMLVideoElement) => video.currentTime);
      await expect
        .poll(() => player.evaluate((video: HTMLVideoElement) => video.currentTime), { timeout: 10_000 })
        .not.toBe(startedAt);
      expect(
        await player.evaluate((video: HTMLVideoElement) => [video.videoWidth, video.videoHeight]),
      ).toEqual([854, 480]);
      await balance(page, 6);
      await player.evaluate((video: HTMLVideoElement) => video.pause());
      await shots(page, 'video-result', size);

      // Back to the library: both are there; details of the video.
      await navigate(page, size, 'Library', '/library');
      await choose(page, 'All');
      await library.getByRole('button', { name: new RegExp(`Details: ${VIDEO_PROMPT}`) }).waitFor();
      await library.getByRole('button', { name: new RegExp(`Details: ${LANDSCAPE}`) }).waitFor();
      await shots(page, 'library-grid', size);
      await choose(page, 'List');
      await shots(page, 'library-list', size);
      await choose(page, 'Grid');
      await library.getByRole('button', { name: new RegExp(`Details: ${VIDEO_PROMPT}`) }).click();
      const details = page.getByRole('dialog', { name: 'Video details' });
      await details.getByText('854 × 480 px').waitFor();
      await details.getByRole('button', { name: 'Use these settings again' }).waitFor();
      await shots(page, 'library-details', size);

      // Delete the image (with confirmation), then search for it: no match.
      await page.keyboard.press('Escape');
      await details.waitFor({ state: 'detached' });
      if (size === 'desktop') {
        await library.getByRole('button', { name: new RegExp(`Details: ${LANDSCAPE}`) }).hover();
        await library.getByRole('button', { name: `Delete: ${LANDSCAPE}` }).click();
      } else {
        await library.getByRole('button', { name: new RegExp(`Details: ${LANDSCAPE}`) }).click();
        await page
          .getByRole('dialog', { name: 'Image details' })
          .getByRole('button', { name: 'Delete' })
          .click();
      }
      const confirm = page.getByRole('alertdialog', { name: 'Delete this image?' });
      await confirm.waitFor();
      await shots(page, 'library-delete-confirm', size);
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await page.getByText('Image deleted', { exact: true }).waitFor();
      await library
        .getByRole('button', { name: new RegExp(`Details: ${LANDSCAPE}`) })
        .waitFor({ state: 'detached' });
      await page.getByRole('searchbox', { name: 'Search your library' }).fill('mountain');
      await page.getByRole('heading', { name: 'No items match “mountain”' }).waitFor();
      await shots(page, 'library-no-match', size);

      // Select the video and delete it from the selection bar: the library is empty.
      await page.getByRole('searchbox', { name: 'Search your library' }).fill('');
      await library.getByRole('checkbox', { name: `Select: ${VIDEO_PROMPT}` }).check({ force: true });
      const selection = page.getByRole('toolbar', { name: 'Selection' });
      await selection.getByText('1 selected').waitFor();
      expect(await selection.getByRole('link', { name: 'Download zip' }).getAttribute('href')).toMatch(
        /^\/api\/assets\/archive\?ids=/,
      );
      await selection.getByRole('button', { name: 'Delete' }).click();
      await page
        .getByRole('alertdialog', { name: 'Delete this video?' })
        .getByRole('button', { name: 'Delete' })
        .click();
      await page.getByRole('heading', { name: 'No creations yet' }).waitFor();
      await shots(page, 'library-empty', size);
      await balance(page, 6);

      expect(unexpected(problems), unexpected(problems).join('\n')).toEqual([]);
      await context.close();
    });
  }

  it('picks a running video up again after a reload, and says when it is ready on another page', async () => {
    const { page, context, problems } = await openJourney(browser, { baseURL, viewport: VIEWPORTS.desktop });
    const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
    await signUp(page, 'phone', `reload.${stamp}`);
    await page.setViewportSize(VIEWPORTS.desktop);

    await page.goto('/generate/video');
    await page
      .getByRole('textbox', { name: 'Prompt' })
      .fill('A futuristic city at night with neon lights in the rain');
    await choose(page, '8 s');
    await choose(page, '1080p');
    await page.getByRole('button', { name: /^Generate/ }).click();
    const bar = page.getByRole('progressbar');
    await expect
      .poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 30_000 })
      .toBeGreaterThan(4);
    const before = Number(await bar.getAttribute('aria-valuenow'));

    await page.reload();
    await bar.waitFor({ timeout: 15_000 });
    expect(Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(before);
    expect(await page.getByRole('textbox', { name: 'Prompt' }).inputValue()).toBe(
      'A futuristic city at night with neon lights in the rain',
    );
    expect(await page.getByRole('radio', { name: '8 s' }).isChecked()).toBe(true);
    await expect
      .poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 30_000 })
      .toBeGreaterThan(before);
    // One quick picture (the job must still be running when the page is left).
    await screenshot(page, 'generate-video-resumed-desktop-light');

    // Leave the page: a toast says when the video is ready, and View opens it in the library.
    await navigate(page, 'desktop', 'Library', '/library');
    await page.getByText('Your video is ready', { exact: true }).waitFor({ timeout: 90_000 });
    await painted(page);
    await screenshot(page, 'generate-video-ready-toast-desktop-light');
    await balance(page, 7);
    await page.locator('[data-toast-type=success]').getByRole('button', { name: 'View' }).click();
    await page.getByRole('dialog', { name: 'Video details' }).getByText('1,920 × 1,080 px').waitFor();

    expect(unexpected(problems), unexpected(problems).join('\n')).toEqual([]);
    await context.close();
  });
});
