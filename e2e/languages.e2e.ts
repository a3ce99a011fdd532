import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { LOCALES } from '@kaleido/common';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openJourney, screenshot, VIEWPORTS } from './support/browser.js';
import { type Catalog, catalogOf } from './support/catalog.js';

/**
 * The five languages, as people meet them (issue "Five languages"): a visitor's browser language and the
 * footer's picker before signing in; then, for each language, a new account switches in Settings and
 * visits every route, and no English sentence of the English catalog is on any screen. Phone screenshots
 * of home, generator and library per language land in artifacts/e2e/lang-*.
 */

/** The literal runs of text of an ICU message (the parts between placeholders, in every branch). */
function literalRuns(message: string): string[] {
  const runs: string[] = [];
  let current = '';
  const flush = () => {
    if (current.trim()) runs.push(current.replace(/\s+/g, ' ').trim());
    current = '';
  };
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type === TYPE.literal) current += element.value;
      else {
        flush();
        if (element.type === TYPE.plural || element.type === TYPE.select) {
          for (const option of Object.values(element.options)) walk(option.value);
        } else if (element.type === TYPE.tag) walk(element.children);
      }
    }
    flush();
  };
  walk(parse(message, { ignoreTag: false }));
  return runs;
}

/** Three or more words: a sentence or phrase that a translated screen must not show in English. */
const SENTENCE = /\p{L}{2,}[\s,]+\p{L}{2,}[\s,]+\p{L}{2,}/u;

/**
 * English phrases that must not appear on a screen in `locale`: the English runs of three or more words
 * of every message, unless its translation contains them too (a product name kept as is). A message
 * left in English counts: its runs are forbidden.
 */
function forbiddenEnglish(english: Catalog, translated: Catalog): string[] {
  const phrases = new Set<string>();
  for (const [key, message] of Object.entries(english)) {
    const other = translated[key];
    if (other === undefined) continue;
    for (const run of literalRuns(message)) {
      if (SENTENCE.test(run) && (other === message || !other.includes(run))) phrases.add(run);
    }
  }
  return [...phrases];
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/** The English phrases visible on the page now (text, labels, placeholders, titles and alt texts). */
async function englishOnScreen(page: Page, phrases: string[]): Promise<string[]> {
  const text = await page.evaluate(() => {
    const parts = [document.body.innerText, document.title];
    for (const element of Array.from(document.querySelectorAll('[aria-label],[placeholder],[title],[alt]'))) {
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = element.getAttribute(name);
        if (value) parts.push(value);
      }
    }
    const description = document.querySelector('meta[name="description"]')?.getAttribute('content');
    if (description) parts.push(description);
    return parts.join('\n').replace(/\s+/g, ' ');
  });
  return phrases.filter((phrase) => text.includes(phrase));
}

/** Every route of the app, signed in (a public profile needs the handle). */
function routes(handle: string): string[] {
  return [
    '/',
    '/generate/image',
    '/generate/video',
    '/library',
    '/pricing',
    '/profile',
    '/profile?tab=usage',
    '/profile?tab=billing',
    '/profile?tab=settings',
    '/billing',
    '/api-keys',
    '/api-docs',
    '/tools',
    '/gallery',
    '/tools/variations',
    `/u/${handle}`,
    '/no-such-page',
  ];
}

describe('languages', () => {
  const baseURL = inject('baseUrl');
  let browser: Browser;
  let english: Catalog;
  beforeAll(async () => {
    browser = await launchBrowser();
    english = catalogOf('en');
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("greets a visitor in the browser's language, and the footer picker switches at once and is remembered", async () => {
    const { page, problems } = await openJourney(browser, { baseURL, locale: 'fr-FR' });
    const french = catalogOf('fr');
    await page.goto('/');
    await page.waitForFunction(() => document.documentElement.lang === 'fr');
    await settle(page);
    expect(await englishOnScreen(page, forbiddenEnglish(english, french))).toEqual([]);

    // A marker on the window survives only if the page is not reloaded.
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
    await page.getByRole('contentinfo').getByRole('combobox').selectOption('de');
    await page.waitForFunction(() => document.documentElement.lang === 'de');
    const german = catalogOf('de');
    await settle(page);
    expect(await page.evaluate(() => '__sameDocument' in window)).toBe(true);
    expect(await englishOnScreen(page, forbiddenEnglish(english, german))).toEqual([]);

    await page.reload();
    await page.waitForFunction(() => document.documentElement.lang === 'de');
    expect(await page.evaluate(() => localStorage.getItem('kaleido.language'))).toBe('de');

    // Signed out, the server answers in the language the interface shows.
    await page.goto('/auth');
    const refused = await page.evaluate(async () => {
      const response = await fetch('/api/auth/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Accept-Language': 'de' },
        body: JSON.stringify({ email: 'nobody@example.test', password: 'wrong password 1' }),
      });
      return (await response.json()) as { error: string; code: string };
    });
    expect(refused.code).toBe('AUTHENTICATION_FAILED');
    expect(refused.error).toBe(german['api.auth.invalidCredentials']);
    expect(problems.filter((p) => !/status of 401/.test(p))).toEqual([]);
  });

  for (const locale of LOCALES) {
    it(`${locale}: a new account switches in Settings, and every route is in that language`, async () => {
      const { page, problems } = await openJourney(browser, { baseURL, viewport: VIEWPORTS.phone });
      const translated = catalogOf(locale);
      const phrases = locale === 'en' ? [] : forbiddenEnglish(english, translated);
      const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
      const signup = await page.request.post('/api/auth/signup', {
        data: {
          name: 'Lin Lang',
          email: `lang.${locale}.${stamp}@example.test`,
          password: 'a good password 1',
        },
      });
      expect(signup.status()).toBe(201);
      const handle = `lang-${locale}-${stamp}`.toLowerCase().slice(0, 30);
      const saved = await page.request.patch('/api/settings', {
        data: { handle, profileVisibility: 'public' },
        headers: { Origin: baseURL },
      });
      expect(saved.status()).toBe(200);
      // One result, so the library and the generator's history have something to show.
      const generated = await page.request.post('/api/generate-image', {
        data: { prompt: 'a red lighthouse on a cliff at dusk' },
        headers: { Origin: baseURL },
      });
      expect(generated.status()).toBe(200);

      // Switch in Settings: the interface changes at once, without a reload.
      await page.goto('/profile?tab=settings');
      // The Language setting (the footer has a picker too, outside <main>).
      const picker = page.getByRole('main').locator('select:has(option[value="zh"])');
      await picker.waitFor();
      await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
      if (locale !== 'en') {
        const patched = page.waitForResponse(
          (response) => response.url().endsWith('/api/settings') && response.request().method() === 'PATCH',
        );
        await picker.selectOption(locale);
        expect((await patched).status()).toBe(200);
      }
      const tag = locale === 'zh' ? 'zh-Hans' : locale;
      await page.waitForFunction((expected) => document.documentElement.lang === expected, tag);
      expect(await page.evaluate(() => '__sameDocument' in window)).toBe(true);

      const seen: Record<string, string[]> = {};
      for (const route of routes(handle)) {
        await page.goto(route);
        await page.waitForFunction((expected) => document.documentElement.lang === expected, tag);
        await settle(page);
        // No message id shows instead of its text.
        const body = await page.evaluate(() => document.body.innerText);
        expect(body, route).not.toMatch(
          /\b(?:api|app|auth|library|generate|settings|billing)\.[a-z][A-Za-z]+\.[a-zA-Z.]+\b/,
        );
        const left = await englishOnScreen(page, phrases);
        if (left.length) seen[route] = left;
        if (route === '/' || route === '/generate/image' || route === '/library') {
          const name = route === '/' ? 'home' : route === '/library' ? 'library' : 'generator';
          await screenshot(page, `lang-${locale}-${name}-phone`);
        }
      }
      expect(seen, `English left on screens in ${locale}`).toEqual({});
      expect(problems.filter((p) => !/status of (401|404)/.test(p))).toEqual([]);
    });
  }
});
