import { BILLING_MESSAGES, LIMITS, TIMINGS } from '@kaleido/common';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { appStarted, launchBrowser, openJourney, screenshot, VIEWPORTS } from './support/browser.js';
import { english } from './support/catalog.js';

/** Refused calls the journey makes on purpose (signed-out probe, a declined card) are expected. */
const unexpected = (problems: string[]) =>
  problems.filter((p) => !/Failed to load resource: the server responded with a status of 40[0-9]/.test(p));

async function painted(page: Page) {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/** The gallery samples are rendered in the background at first start: wait until all are there. */
async function waitForGallery(page: Page) {
  const deadline = Date.now() + 150_000;
  for (;;) {
    const response = await page.request.get('/api/gallery');
    const items = ((await response.json()) as { data: unknown[] }).data;
    if (items.length === LIMITS.galleryItems) return;
    if (Date.now() > deadline) throw new Error(`the gallery has ${items.length} items`);
    await page.waitForTimeout(1000);
  }
}

/** The carousel's current slide, from its dots. */
const currentSlide = (page: Page) =>
  page
    .getByRole('region', { name: 'Highlights' })
    .locator('button[aria-current="true"]')
    .getAttribute('aria-label');

describe('home, pricing and billing', () => {
  const baseURL = inject('baseUrl');
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('home: the carousel advances and wraps, the gallery loads 26 real images, tiles navigate', async () => {
    const { page, problems, context } = await openJourney(browser, { baseURL });
    await waitForGallery(page);
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: /Turn words into images and video/ }).waitFor();
    // The carousel's timer and the gallery are the app's: it starts on the first interaction.
    await appStarted(page);

    // Auto-advance every 8 s, wrapping from the last slide to the first (the pointer is away).
    await page.mouse.move(0, 0);
    expect(await currentSlide(page)).toBe('Go to slide 1');
    await page.waitForFunction(
      () => document.querySelector('[aria-label="Go to slide 2"]')?.getAttribute('aria-current') === 'true',
      undefined,
      { timeout: TIMINGS.carouselIntervalMs + 3000 },
    );
    await page.waitForFunction(
      () => document.querySelector('[aria-label="Go to slide 1"]')?.getAttribute('aria-current') === 'true',
      undefined,
      { timeout: TIMINGS.carouselIntervalMs + 3000 },
    );
    // The arrows wrap too; slide 2 shows six gallery images behind it.
    const carousel = page.getByRole('region', { name: 'Highlights' });
    await carousel.getByRole('button', { name: 'Previous slide' }).click();
    expect(await currentSlide(page)).toBe('Go to slide 2');
    await page.waitForFunction(() => {
      const slide = document.querySelectorAll('[aria-roledescription="slide"]')[1];
      const images = Array.from(slide?.querySelectorAll('img') ?? []) as HTMLImageElement[];
      return images.length === 6 && images.every((img) => img.complete && img.naturalWidth > 0);
    });
    await carousel.getByRole('link', { name: 'Apply Now' }).waitFor();
    await carousel.getByRole('button', { name: 'Next slide' }).click();
    expect(await currentSlide(page)).toBe('Go to slide 1');

    // The gallery: 26 real images, the first 16 eager; scrolling brings in the lazy ones.
    const gallery = page.getByRole('region', { name: 'Gallery' });
    const images = gallery.getByRole('list').getByRole('img');
    await images.first().waitFor();
    expect(await images.count()).toBe(LIMITS.galleryItems);
    const loading = await images.evaluateAll((all) => all.map((img) => img.getAttribute('loading')));
    expect(loading.filter((value) => value === 'eager')).toHaveLength(LIMITS.galleryEagerItems);
    for (let y = 0; y < 12; y++) {
      await page.mouse.wheel(0, 800);
      await page.waitForTimeout(150);
    }
    await page.waitForFunction(
      () =>
        Array.from(document.querySelectorAll('section[aria-labelledby="gallery-heading"] ul img')).every(
          (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
        ),
      undefined,
      { timeout: 30_000 },
    );
    const heights = await gallery
      .locator('figure')
      .evaluateAll((all) => all.map((figure) => figure.getBoundingClientRect().height));
    expect(heights).toHaveLength(LIMITS.galleryItems);
    for (const height of heights) {
      expect(height).toBeGreaterThanOrEqual(LIMITS.galleryItemMinHeightPx - 1);
      expect(height).toBeLessThanOrEqual(LIMITS.galleryItemMaxHeightPx + 1);
    }
    expect(await gallery.getByText('Video', { exact: true }).count()).toBeGreaterThan(0);

    // Screenshots of home, phone and desktop, light and dark.
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(viewport);
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
        await page.evaluate(() => window.scrollTo(0, 0));
        await painted(page);
        await screenshot(page, `home-${size}-${colorScheme}`);
        await gallery.scrollIntoViewIfNeeded();
        await painted(page);
        await screenshot(page, `home-gallery-${size}-${colorScheme}`);
      }
    }
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.emulateMedia({ colorScheme: 'light' });

    // Tiles navigate; Show all and View all open their pages.
    await page.evaluate(() => window.scrollTo(0, 0));
    const tools = page.getByRole('region', { name: 'Generate' });
    await tools.getByRole('link', { name: 'Open Video', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/generate/video');
    await page.goBack();
    await page.getByRole('region', { name: 'Generate' }).getByRole('link', { name: 'Show all' }).click();
    await page.getByRole('heading', { level: 1, name: 'Tools' }).waitFor();
    expect(await page.getByRole('article').count()).toBe(8);
    await page.goto('/gallery');
    await page.getByRole('heading', { level: 1, name: 'Gallery' }).waitFor();
    // 24 a page: the 26 items in two pages.
    await page.locator('main figure img').first().waitFor();
    expect(await page.locator('main figure img').count()).toBe(24);
    await page.getByRole('button', { name: 'Load more' }).click();
    await page
      .locator('main figure img')
      .nth(LIMITS.galleryItems - 1)
      .waitFor();
    await page.getByRole('button', { name: 'Load more' }).waitFor({ state: 'detached' });
    expect(await page.locator('main figure img').count()).toBe(LIMITS.galleryItems);

    expect(unexpected(problems)).toEqual([]);
    await context.close();
  }, 240_000);

  it('pricing → buy the 100 pack with a test card → balance +110 → listed on the profile → upgrade to Pro', async () => {
    const { page, problems, context } = await openJourney(browser, { baseURL });
    const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
    const signup = await page.request.post('/api/auth/signup', {
      data: { name: 'Mary Jackson', email: `mary.${stamp}@example.test`, password: 'billing password 1' },
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(signup.status()).toBeLessThan(300);

    await page.goto('/pricing');
    const nav = page.getByRole('banner');
    await nav.getByLabel('Credit balance: 10 credits').waitFor();

    // A declined card first: nothing is granted.
    await page.getByRole('button', { name: 'Buy 100 credits for $15' }).click();
    let dialog = page.getByRole('dialog', { name: 'Buy 100 credits' });
    await dialog.getByLabel('Card Number').fill('4000 0000 0000 0002');
    await dialog.getByLabel('Expiry (MM/YY)').fill('12/34');
    await dialog.getByLabel('CVC').fill('123');
    await dialog.getByLabel('Cardholder Name').fill('Mary Jackson');
    await dialog.getByRole('button', { name: 'Save card' }).click();
    await dialog.getByRole('button', { name: 'Pay $15' }).click();
    await dialog.getByText(english(BILLING_MESSAGES.cardDeclined)).waitFor();
    await screenshot(page, 'checkout-declined');

    // Then the documented success card.
    await dialog.getByRole('button', { name: 'Add another card' }).click();
    await dialog.getByLabel('Card Number').fill('4242 4242 4242 4242');
    await dialog.getByLabel('Expiry (MM/YY)').fill('12/34');
    await dialog.getByLabel('CVC').fill('123');
    await dialog.getByLabel('Cardholder Name').fill('Mary Jackson');
    await dialog.getByRole('button', { name: 'Save card' }).click();
    await dialog.getByRole('radio', { name: /Visa •••• 4242/ }).check();
    await dialog.getByRole('button', { name: 'Pay $15' }).dblclick();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('110 credits added to your balance.', { exact: true }).waitFor();
    await nav.getByLabel('Credit balance: 120 credits').waitFor();

    // The profile's Billing tab lists it, with its invoice.
    await page.goto('/profile?tab=billing');
    const purchases = page.getByRole('region', { name: 'Purchases' });
    await purchases.getByText('100 credits + 10 bonus').first().waitFor();
    expect(await purchases.getByText('100 credits + 10 bonus').count()).toBe(2);
    expect(await purchases.getByText('Paid', { exact: true }).count()).toBe(1);
    expect(await purchases.getByText('Declined', { exact: true }).count()).toBe(1);
    await page
      .getByRole('region', { name: 'Invoices' })
      .getByText(/^KAL-\d{8}-[0-9A-F]{8}$/)
      .waitFor();
    await screenshot(page, 'profile-billing');

    // Upgrade to Pro: charged now, 500 monthly credits now, purchased credits kept.
    await page.goto('/pricing');
    await page.getByRole('region', { name: 'Plans' }).getByRole('button', { name: 'Upgrade to Pro' }).click();
    dialog = page.getByRole('dialog', { name: 'Upgrade to Pro' });
    // The declined card was saved first, so it is the default: pick the good one.
    await dialog.getByRole('radio', { name: /Visa •••• 4242/ }).check();
    await dialog.getByRole('button', { name: 'Pay $19' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await nav.getByLabel('Credit balance: 610 credits').waitFor();
    await page.getByRole('region', { name: 'Plans' }).getByText('Current plan').waitFor();
    await page.goto('/billing');
    await page.getByText('Current plan').waitFor();
    await page.getByText('Pro', { exact: true }).first().waitFor();
    expect(await page.getByText('$19 per month · 500 credits every month').count()).toBe(1);
    await screenshot(page, 'billing-pro');

    expect(unexpected(problems)).toEqual([]);
    await context.close();
  }, 180_000);
});
