import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningAppServer, startAppServer } from '../server/test/app-server.js';
import { freePort } from '../server/test/postgres-server.js';
import { launchBrowser, openJourney, screenshot, VIEWPORTS } from './support/browser.js';
import { english } from './support/catalog.js';

/** Signed-out probes (401) and the refused sign-up of a closed site (403) are expected console errors. */
const unexpected = (problems: string[]) =>
  problems.filter((p) => !/Failed to load resource: the server responded with a status of 40[13]/.test(p));

/** Screenshots of what is on screen now: desktop and phone, light and dark (toasts closed first). */
async function shots(page: Page, name: string) {
  await page.evaluate(() => {
    document
      .querySelectorAll<HTMLButtonElement>('[data-toast-type][data-state="open"] button[aria-label="Close"]')
      .forEach((close) => {
        close.click();
      });
  });
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.waitForFunction(
        (dark) => document.documentElement.classList.contains('dark') === dark,
        colorScheme === 'dark',
      );
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.evaluate(
        () =>
          new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
      );
      await screenshot(page, `admin-${name}-${size}-${colorScheme}`);
    }
  }
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.emulateMedia({ colorScheme: 'light' });
}

/**
 * The administrators' console in Chromium, on a server of its own (its first account is the
 * administrator): the dashboard, a person's page with a credit grant and a disable, the audit log of
 * both, the blocked terms refusing a prompt, and the site settings' announcement and closed sign-ups
 * as everyone meets them.
 */
describe('administration console', () => {
  let browser: Browser;
  let server: RunningAppServer;
  let baseURL: string;

  beforeAll(async () => {
    const port = await freePort();
    baseURL = `http://localhost:${port}`;
    server = await startAppServer({
      port,
      env: { PUBLIC_URL: baseURL, RATE_LIMIT_SIGNUPS_PER_HOUR: '1000' },
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    const code = await server?.stop();
    if (code !== 0 && server) throw new Error(`The server did not shut down cleanly:\n${server.output()}`);
  });

  it('runs the console end to end', async () => {
    const admin = await openJourney(browser, { baseURL, viewport: VIEWPORTS.desktop });
    const member = await openJourney(browser, { baseURL, viewport: VIEWPORTS.desktop });
    const page = admin.page;
    const origin = { Origin: baseURL };

    // The first account is the administrator; the second is a member who makes one image.
    expect(
      (
        await page.request.post('/api/auth/signup', {
          data: { name: 'Root Admin', email: 'root@example.test', password: 'a good password 1' },
          headers: origin,
        })
      ).status(),
    ).toBe(201);
    expect(
      (
        await member.page.request.post('/api/auth/signup', {
          data: { name: 'Grace Hopper', email: 'grace@example.test', password: 'a good password 2' },
          headers: origin,
        })
      ).status(),
    ).toBe(201);
    const made = await member.page.request.post('/api/generate-image', {
      data: { prompt: 'a red lighthouse on a cliff at dusk' },
      headers: origin,
    });
    expect(made.status()).toBe(200);

    // Dashboard, from the user menu.
    await page.goto('/');
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('menuitem', { name: english('admin.nav.userMenu') }).click();
    await page.getByRole('heading', { level: 1, name: english('admin.dashboard.title') }).waitFor();
    const figures = page.getByRole('region', { name: english('admin.dashboard.figures') });
    await figures.getByText(english('admin.dashboard.newPeople', { day: 2, month: 2 })).waitFor();
    await page.locator('.kaleido-chart canvas').first().waitFor();
    await shots(page, 'dashboard');
    // The charts themselves, in both themes (colours are chosen per theme).
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.getByRole('heading', { name: english('admin.dashboard.byStatus') }).scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
      await screenshot(page, `admin-dashboard-charts-desktop-${colorScheme}`);
    }
    await page.emulateMedia({ colorScheme: 'light' });

    // People: search, open Grace, grant 25 credits with a reason.
    await page
      .getByRole('navigation', { name: english('admin.nav.label') })
      .getByRole('link', { name: english('admin.nav.people') })
      .click();
    await page.getByRole('searchbox', { name: english('admin.people.search') }).fill('grace');
    await page.getByRole('link', { name: 'Grace Hopper' }).waitFor();
    await shots(page, 'people');
    await page.getByRole('link', { name: 'Grace Hopper' }).click();
    await page.getByRole('heading', { level: 1, name: 'Grace Hopper' }).waitFor();
    const before = Number((await page.locator('dd .text-2xl').first().textContent())?.replace(/\D/g, ''));
    await page.getByRole('button', { name: english('admin.person.grant') }).click();
    const grant = page.getByRole('dialog', { name: english('admin.person.grantTitle') });
    await grant.getByLabel(english('admin.person.amount')).fill('25');
    await grant.getByRole('button', { name: english('admin.person.grant') }).click();
    await grant.getByText(english('admin.common.reasonRequired')).waitFor();
    await shots(page, 'grant-dialog');
    await grant.getByLabel(english('admin.common.reason')).fill('Conference prize');
    await grant.getByRole('button', { name: english('admin.person.grant') }).click();
    await grant.waitFor({ state: 'detached' });
    await page
      .locator('dd .text-2xl')
      .first()
      .getByText(String(before + 25))
      .waitFor();
    await page.getByRole('cell', { name: 'Conference prize' }).waitFor();
    await shots(page, 'person');

    // Disable Grace: her session ends at once.
    await page.getByRole('button', { name: english('admin.person.disable') }).click();
    const disable = page.getByRole('dialog', {
      name: english('admin.person.disableTitle', { name: 'Grace Hopper' }),
    });
    await disable.getByLabel(english('admin.common.reason')).fill('Testing the console');
    await disable.getByRole('button', { name: english('admin.person.disable') }).click();
    await page.getByRole('button', { name: english('admin.person.enable') }).waitFor();
    expect((await member.page.request.get('/api/auth/me')).status()).toBe(401);

    // Jobs: Grace's image is listed; its page shows the details.
    await page.goto('/admin/jobs');
    await page.getByRole('link', { name: 'a red lighthouse on a cliff at dusk' }).click();
    await page.getByRole('heading', { level: 2, name: english('admin.job.details') }).waitFor();
    await shots(page, 'job');

    // The audit log has both actions, with the reason.
    await page.goto('/admin/audit');
    await page
      .getByRole('cell', { name: english('admin.audit.action.creditsGrant') })
      .first()
      .waitFor();
    await page
      .getByRole('cell', { name: english('admin.audit.action.disable') })
      .first()
      .waitFor();
    const csv = await page.request.get('/api/admin/audit?format=csv');
    expect(csv.status()).toBe(200);
    expect(await csv.text()).toContain('Conference prize');
    await shots(page, 'audit');

    // Moderation: a blocked word is refused at submit, with no charge.
    await page.goto('/admin/moderation');
    await page.getByRole('button', { name: english('admin.moderation.terms.add') }).click();
    await page
      .getByLabel(english('admin.moderation.terms.term', { number: 1 }), { exact: true })
      .fill('forbiddenword');
    await page.getByRole('button', { name: english('admin.moderation.terms.save') }).click();
    await page.getByText(english('admin.moderation.terms.saved')).first().waitFor();
    const refused = await page.request.post('/api/generate-image', {
      data: { prompt: 'a forbiddenword on a hill' },
      headers: origin,
    });
    expect(refused.status()).toBeGreaterThanOrEqual(400);
    expect(((await refused.json()) as { code?: string }).code).toBe('CONTENT_BLOCKED');
    await shots(page, 'moderation');

    // Site settings: an announcement for everyone, and sign-ups closed.
    await page.goto('/admin/settings');
    await page.getByRole('radio', { name: new RegExp(english('admin.settings.signup.closed')) }).check();
    await page
      .getByLabel(english('admin.settings.announcement.text'))
      .fill('Maintenance tonight at 22:00 UTC');
    await page.getByRole('button', { name: english('admin.settings.save') }).click();
    await page.getByText(english('admin.settings.saved')).first().waitFor();
    await shots(page, 'settings');

    const visitor = await openJourney(browser, { baseURL, viewport: VIEWPORTS.phone });
    await visitor.page.goto('/auth?mode=signup');
    await visitor.page.getByRole('heading', { name: english('admin.signup.closedTitle') }).waitFor();
    const banner = visitor.page.getByRole('complementary', { name: english('admin.banner.label') });
    await banner.getByText('Maintenance tonight at 22:00 UTC').waitFor();
    await screenshot(visitor.page, 'admin-signups-closed-phone-light');
    await banner.getByRole('button', { name: english('admin.banner.dismiss') }).click();
    await visitor.page.reload();
    await visitor.page.getByRole('heading', { name: english('admin.signup.closedTitle') }).waitFor();
    expect(await visitor.page.getByText('Maintenance tonight at 22:00 UTC').count()).toBe(0);

    expect(unexpected(admin.problems)).toEqual([]);
    expect(unexpected(visitor.problems)).toEqual([]);
    await visitor.context.close();
    await member.context.close();
    await admin.context.close();
  });
});
