import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const artifactsDir = path.join(repoRoot, 'artifacts', 'e2e');

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

/** Debian's Chromium (or CHROME_PATH), headless, with no background traffic off this machine. */
export async function launchBrowser(): Promise<Browser> {
  const executablePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) {
    throw new Error(
      `Chromium not found at ${executablePath}: apt-get install -y chromium, or set CHROME_PATH`,
    );
  }
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

export interface Journey {
  context: BrowserContext;
  page: Page;
  /** Console errors, page errors and CSP violations seen so far. */
  problems: string[];
}

/** A fresh browser context with animations reduced and every page problem recorded. */
export async function openJourney(
  browser: Browser,
  options: {
    baseURL: string;
    viewport?: { width: number; height: number };
    colorScheme?: 'light' | 'dark';
    /** The browser's language (navigator.languages and Accept-Language); English unless a journey says otherwise. */
    locale?: string;
    /** 'block': no service worker, so every request of the page reaches `page.route` and the server. */
    serviceWorkers?: 'allow' | 'block';
  },
): Promise<Journey> {
  const context = await browser.newContext({
    baseURL: options.baseURL,
    serviceWorkers: options.serviceWorkers ?? 'allow',
    locale: options.locale ?? 'en-US',
    viewport: options.viewport ?? VIEWPORTS.desktop,
    colorScheme: options.colorScheme ?? 'light',
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return { context, page, problems };
}

/** Whether the page is still the prerendered HTML alone (its head tags go when the app takes over). */
export async function appPending(page: Page): Promise<boolean> {
  return page.evaluate(() => document.head.querySelector('[data-prerendered]') !== null);
}

/**
 * Waits until the app has taken over a prerendered page (the prerendered head tags are removed when
 * React starts hydrating). A signed-out visitor's page starts it on a first interaction only
 * (web/scripts/prerender.mjs, startOnIntent): a key press that does nothing (Shift) is that
 * interaction. A page rendered afresh has no such tags to begin with.
 */
export async function appStarted(page: Page): Promise<void> {
  if (await appPending(page)) await page.keyboard.press('Shift');
  await page.waitForFunction(() => document.head.querySelector('[data-prerendered]') === null, undefined, {
    timeout: 30_000,
  });
}

export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(artifactsDir, { recursive: true });
  const file = path.join(artifactsDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}
