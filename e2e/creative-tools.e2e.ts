import { deflateSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openJourney, screenshot, VIEWPORTS } from './support/browser.js';

type Size = keyof typeof VIEWPORTS;

/** Console errors that are not the app's fault: none expected when signed in. */
const unexpected = (problems: string[]) =>
  problems.filter((p) => !/Failed to load resource: the server responded with a status of 401/.test(p));

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A small RGB PNG with soft shapes (something the models and the slider can show), made here. */
function testPng(width: number, height: number): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const inCircle = (x - width / 2) ** 2 + (y - height / 2) ** 2 < (width / 4) ** 2;
      row[1 + x * 3] = inCircle ? 240 : Math.round((x / width) * 200);
      row[2 + x * 3] = inCircle ? 180 : Math.round((y / height) * 160);
      row[3 + x * 3] = inCircle ? 40 : 200;
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

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
    await screenshot(page, `creative-tools-${name}-${size}-${colorScheme}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** Picks one of a set of chips (radio inputs inside their labels), as a person clicks them. */
async function choose(page: Page, name: string) {
  const radio = page.getByRole('radio', { name, exact: true });
  await page.locator('label').filter({ has: radio }).click();
  await expect.poll(() => radio.isChecked()).toBe(true);
}

describe('creative tools', () => {
  const baseURL = inject('baseUrl');
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const size of ['desktop', 'phone'] as const) {
    it(`uploads, enhances, compares, edits (restyle, expand) and follows the lineage (${size})`, async () => {
      const { page, context, problems } = await openJourney(browser, { baseURL, viewport: VIEWPORTS[size] });
      const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
      const response = await page.request.post('/api/auth/signup', {
        data: {
          name: 'Tess Tools',
          email: `tools.${size}.${stamp}@example.test`,
          password: 'a good password 1',
        },
      });
      expect(response.status()).toBe(201);

      // The home tile opens the Enhancer.
      await page.goto('/');
      await page.getByRole('link', { name: 'Open Enhancer' }).click();
      await page.waitForURL((url) => url.pathname === '/tools/enhance');
      await page.getByRole('heading', { level: 1, name: 'Enhancer' }).waitFor();
      await page.getByText(/Largest output: 8,192 px on the long side/).waitFor();
      await shots(page, 'enhance-empty', size);

      // Upload from the file picker: the source shows with its size; the address names it.
      await page.locator('input[type=file]').setInputFiles({
        name: 'shapes.png',
        mimeType: 'image/png',
        buffer: testPng(96, 64),
      });
      await page.getByText('96 × 64 px').first().waitFor({ timeout: 30_000 });
      await expect.poll(() => new URL(page.url()).searchParams.get('asset')).toBeTruthy();
      const uploadId = new URL(page.url()).searchParams.get('asset') ?? '';

      // ×2, fast: the output size and the price are stated before submitting.
      await choose(page, 'Fast');
      await page.getByText('Output: 192 × 128 px').waitFor();
      await page.getByText(/^Costs 1 credit\./).waitFor();
      await shots(page, 'enhance-form', size);
      await page.getByRole('button', { name: 'Enhance ×2 · 1 credit' }).click();

      // Progress, then the result beside its source on a before/after slider that the keyboard moves.
      const slider = page.getByRole('slider', { name: 'Before and after divider' });
      await slider.waitFor({ timeout: 120_000 });
      await page.getByText('96 × 64 px → 192 × 128 px').waitFor();
      expect(await slider.getAttribute('aria-valuenow')).toBe('50');
      await slider.focus();
      await page.keyboard.press('ArrowRight');
      expect(await slider.getAttribute('aria-valuenow')).toBe('51');
      await page.keyboard.press('Home');
      expect(await slider.getAttribute('aria-valuenow')).toBe('0');
      await page.keyboard.press('PageUp');
      await page.keyboard.press('PageUp');
      await page.keyboard.press('PageUp');
      expect(await slider.getAttribute('aria-valuenow')).toBe('30');
      await shots(page, 'enhance-result', size);

      // Edit the enhanced image: restyle.
      await page.getByRole('link', { name: 'Open in Edit' }).click();
      await page.waitForURL((url) => url.pathname === '/tools/edit');
      const enhancedId = new URL(page.url()).searchParams.get('asset') ?? '';
      expect(enhancedId).not.toBe(uploadId);
      await page.getByRole('heading', { level: 1, name: 'Edit' }).waitFor();
      await page.getByText('192 × 128 px').first().waitFor();
      await choose(page, 'Anime');
      await shots(page, 'edit-restyle', size);
      await page.getByRole('button', { name: 'Restyle · 1 credit' }).click();
      await page.getByRole('slider', { name: 'Before and after divider' }).waitFor({ timeout: 120_000 });
      await page.getByText('192 × 128 px → 192 × 128 px').waitFor();

      // Expand the same image to 16:9.
      await page.getByRole('button', { name: 'Start over' }).click();
      await choose(page, 'Expand');
      await choose(page, '16:9');
      await page.getByText(/^New size: 22\d × 128 px$/).waitFor();
      await page.getByText(/does not invent new objects/).waitFor();
      await shots(page, 'edit-expand', size);
      await page.getByRole('button', { name: 'Expand · 1 credit' }).click();
      await page.getByRole('img', { name: 'The result' }).waitFor({ timeout: 120_000 });
      await page.getByText(/^192 × 128 px → 22\d × 128 px$/).waitFor();

      // Inpaint needs an AI provider on this installation: the page says which and where to set one up.
      await choose(page, 'Inpaint');
      await page.getByRole('heading', { name: 'Inpaint needs an AI provider' }).waitFor();
      await page.getByRole('link', { name: 'How to set up a provider' }).waitFor();
      expect(await page.getByRole('button', { name: 'Inpaint · 1 credit' }).count()).toBe(0);
      await shots(page, 'edit-needs-provider', size);

      // The library shows the lineage: the expanded image was edited from the enhanced one...
      await page.getByRole('link', { name: 'Open in library' }).click();
      await page.waitForURL((url) => url.pathname === '/library');
      const detail = page.getByRole('dialog');
      await detail
        .getByRole('list', { name: 'Made from' })
        .getByRole('link', { name: /Edited from/ })
        .click();
      await expect.poll(() => new URL(page.url()).searchParams.get('asset')).toBe(enhancedId);
      // ...which was enhanced from the upload, and has two edits made from it.
      await detail
        .getByRole('list', { name: 'Made from' })
        .getByRole('link', { name: /Enhanced from/ })
        .waitFor();
      await expect
        .poll(() => detail.getByRole('list', { name: 'Made from this' }).getByRole('link').count())
        .toBe(2);
      await detail.getByRole('link', { name: 'Open in Enhancer' }).waitFor();
      await shots(page, 'library-lineage', size);
      await page.keyboard.press('Escape');

      // Uploads have their own filter.
      await page.goto('/library?type=upload');
      const list = page.getByRole('list', { name: 'Your creations' });
      await list.waitFor();
      await expect.poll(() => list.getByRole('listitem').count()).toBe(1);
      await shots(page, 'library-uploads', size);

      // The profile shows the storage used against the plan's quota.
      await page.goto('/profile');
      await page.getByText(/ of 1\.1 GB used/).waitFor();

      expect(unexpected(problems), unexpected(problems).join('\n')).toEqual([]);
      await context.close();
    });
  }
});
