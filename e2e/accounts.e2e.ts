import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { AUTH_MESSAGES } from '@kaleido/common';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  appStarted,
  artifactsDir,
  launchBrowser,
  openJourney,
  screenshot,
  VIEWPORTS,
} from './support/browser.js';
import { english } from './support/catalog.js';

/**
 * Signed-out probes (GET /api/auth/me → 401) and the journey's one deliberately wrong current password
 * (400) show up as console errors; they are expected.
 */
const unexpected = (problems: string[]) =>
  problems.filter((p) => !/Failed to load resource: the server responded with a status of 40[01]/.test(p));

const DAY_SECONDS = 24 * 60 * 60;

/** A screenshot once the last change has painted. */
async function shot(page: Page, name: string) {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
  await screenshot(page, name);
}

/** Screenshots of what is on screen now, light and dark, on a desktop and on a phone. */
async function screenshots(page: Page, name: string) {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.waitForFunction(
        (dark) => document.documentElement.classList.contains('dark') === dark,
        colorScheme === 'dark',
      );
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, `${name}-${size}-${colorScheme}`);
    }
  }
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.emulateMedia({ colorScheme: 'light' });
}

/** The newest e-mail in the app's outbox addressed to `to`, with quoted-printable soft breaks undone. */
async function latestMailTo(dataDir: string, to: string): Promise<string | null> {
  const dir = path.join(dataDir, 'outbox');
  let files: string[];
  try {
    files = (await readdir(dir)).filter((file) => file.endsWith('.eml')).sort();
  } catch {
    return null;
  }
  for (const file of files.reverse()) {
    const text = (await readFile(path.join(dir, file), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    if (text.includes(to)) return text;
  }
  return null;
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).waitFor();
  await page.waitForURL((url) => url.pathname === '/');
}

async function signIn(page: Page, email: string, password: string, options: { remember?: boolean } = {}) {
  await page.goto('/auth');
  await page.getByRole('heading', { name: english('auth.signIn.title') }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  if (options.remember) await page.getByRole('checkbox', { name: 'Remember me' }).check();
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

describe('accounts', () => {
  const baseURL = inject('baseUrl');
  const dataDir = inject('dataDir');
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('signs up, signs in (remembered and socially), resets, changes the password and deletes the account', async () => {
    const { page, context, problems } = await openJourney(browser, { baseURL, viewport: VIEWPORTS.desktop });
    const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
    const name = 'Ada Lovelace';
    const email = `ada.${stamp}@example.test`;
    const passwords = ['first password 1', 'second password 2', 'third password 3'] as const;

    // The sign-in page, as visitors see it.
    await page.goto('/auth');
    // The social buttons are the app's (this server's providers): it starts on the first interaction.
    await appStarted(page);
    await page.getByRole('button', { name: 'Continue with Local ID' }).waitFor();
    await screenshots(page, 'accounts-auth');

    // Sign up: the new account starts with 10 credits, shown in the navigation bar.
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByRole('heading', { name: english('auth.signUp.title') }).waitFor();
    await shot(page, 'accounts-signup-desktop-light');
    await page.getByLabel('Full name').fill(name);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(passwords[0]);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByLabel('Credit balance: 10 credits').waitFor();
    expect(await page.getByLabel('Credit balance: 10 credits').textContent()).toBe('10');

    // Sign out, then sign in with "remember me": the session cookie lasts about 30 days.
    await signOut(page);
    await signIn(page, email, passwords[0], { remember: true });
    await page.getByLabel('Credit balance: 10 credits').waitFor();
    const session = (await context.cookies()).find((cookie) => cookie.name === 'kaleido_session');
    expect(session?.httpOnly).toBe(true);
    const lifetime = (session?.expires ?? 0) - Date.now() / 1000;
    expect(lifetime).toBeGreaterThan(29 * DAY_SECONDS);
    expect(lifetime).toBeLessThan(31 * DAY_SECONDS);
    await signOut(page);

    // Social sign-in in a popup at the local OpenID provider (any login and password).
    await page.goto('/auth');
    await appStarted(page);
    const login = `grace.${stamp}`;
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Continue with Local ID' }).click();
    const popup = await popupOpened;
    await page.getByText('Finish signing in with Local ID in the window that opened.').waitFor();
    await popup.locator('input[name=login]').fill(login);
    await popup.locator('input[name=password]').fill('anything at all');
    await popup.locator('button[type=submit]').click();
    await popup.getByRole('button', { name: 'Continue' }).click();
    await popup.waitForEvent('close');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByLabel('Credit balance: 10 credits').waitFor();
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('menu').getByText(`${login}@example.test`).waitFor();
    await page.keyboard.press('Escape');
    await signOut(page);

    // Forgot password: the e-mailed link resets it.
    await page.goto('/auth');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('status').getByText(english(AUTH_MESSAGES.resetEmailSent)).waitFor();
    await shot(page, 'accounts-forgot-sent-desktop-light');
    let link: string | undefined;
    await expect
      .poll(
        async () => {
          const mail = await latestMailTo(dataDir, email);
          link = mail?.match(/https?:\/\/\S+\/auth\/reset\?token=[^\s"<>]+/)?.[0];
          return link;
        },
        { timeout: 10_000 },
      )
      .toBeTruthy();
    const resetUrl = new URL(link ?? '');
    const resetPage = await page.goto(`${resetUrl.pathname}${resetUrl.search}`);
    expect(resetPage?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.getByLabel('New password', { exact: true }).fill(passwords[1]);
    await page.getByLabel('Confirm new password').fill(`${passwords[1]}!`);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText(english('auth.validation.passwordsDoNotMatch')).waitFor();
    await page.getByLabel('Confirm new password').fill(passwords[1]);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText(english(AUTH_MESSAGES.passwordReset)).waitFor();
    await shot(page, 'accounts-reset-done-desktop-light');
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/auth');

    // The old password no longer works; the new one does.
    const refused = await page.request.post('/api/auth/login', {
      data: { email, password: passwords[0], remember: false },
    });
    expect(refused.status()).toBe(401);
    await signIn(page, email, passwords[1]);
    await page.getByLabel('Credit balance: 10 credits').waitFor();

    // The profile: real figures on Overview.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
    await page.waitForURL((url) => url.pathname === '/profile');
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.getByRole('tabpanel').getByText('Email and password').waitFor();
    await screenshots(page, 'accounts-profile-overview');
    await page.getByRole('tab', { name: 'Usage' }).click();
    // A new account: nothing generated or bought yet; the only event is the sign-up grant of 10 credits.
    const usage = page.getByRole('tabpanel');
    await usage.getByText(/^This month began /).waitFor();
    await usage.getByRole('row', { name: /^Generations 0 0$/ }).waitFor();
    await usage.getByText('Credits granted').waitFor();
    await shot(page, 'accounts-profile-usage-desktop-light');
    await page.getByRole('tab', { name: 'Billing' }).click();
    await page.getByText('No purchases yet').waitFor();
    await shot(page, 'accounts-profile-billing-desktop-light');

    // Settings: saved at once on the server (survives a reload).
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.waitForURL((url) => url.search === '?tab=settings');
    const productNews = page.getByRole('switch', { name: 'Product news' });
    expect(await productNews.getAttribute('aria-checked')).toBe('false');
    const saved = page.waitForResponse(
      (response) => response.url().endsWith('/api/settings') && response.request().method() === 'PATCH',
    );
    await productNews.click();
    expect((await saved).status()).toBe(200);
    await expect.poll(() => productNews.getAttribute('aria-busy')).toBeNull();
    await expect.poll(() => productNews.getAttribute('aria-checked')).toBe('true');
    await page.reload();
    await page.getByRole('heading', { name: 'Notifications' }).waitFor();
    expect(await page.getByRole('switch', { name: 'Product news' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    await screenshots(page, 'accounts-profile-settings');
    // The whole settings tab, top to bottom.
    await page.screenshot({
      path: path.join(artifactsDir, 'accounts-profile-settings-full-desktop-light.png'),
      fullPage: true,
    });
    await page.setViewportSize(VIEWPORTS.phone);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({
      path: path.join(artifactsDir, 'accounts-profile-settings-full-phone-dark.png'),
      fullPage: true,
    });
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.emulateMedia({ colorScheme: 'light' });

    // Change the password in Settings › Security.
    const security = page.locator('section', {
      has: page.getByRole('heading', { level: 2, name: 'Security', exact: true }),
    });
    await security.getByRole('button', { name: 'Change password' }).click();
    await security.getByLabel('Current password').fill(passwords[0]);
    await security.getByLabel('New password', { exact: true }).fill(passwords[2]);
    await security.getByLabel('Confirm new password').fill(passwords[2]);
    await security.getByRole('button', { name: 'Update password' }).click();
    await security.getByRole('alert').getByText(english(AUTH_MESSAGES.currentPasswordIncorrect)).waitFor();
    await security.getByLabel('Current password').fill(passwords[1]);
    await security.getByRole('button', { name: 'Update password' }).click();
    await security.getByText(english(AUTH_MESSAGES.passwordChanged)).waitFor();

    // Delete the account: it takes the word DELETE and the (new) password; then the visitor is signed out.
    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.waitFor();
    const confirm = dialog.getByRole('button', { name: 'Delete account' });
    await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Password', { exact: true }).fill(passwords[2]);
    await page.setViewportSize(VIEWPORTS.phone);
    await page.emulateMedia({ colorScheme: 'dark' });
    await shot(page, 'accounts-delete-dialog-phone-dark');
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.emulateMedia({ colorScheme: 'light' });
    await confirm.click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).waitFor();
    const gone = await page.request.post('/api/auth/login', {
      data: { email, password: passwords[2], remember: false },
    });
    expect(gone.status()).toBe(401);

    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });
});
