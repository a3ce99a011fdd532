import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { browser, SAME_ORIGIN, type SignedIn, sessionCookieOf, signUp } from '../../../test/factories.js';
import { createFakeProvider } from '../../../test/fake-provider.js';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { type ParsedMail, sentMail } from '../../../test/mail.js';
import { fixedClock } from '../../platform/clock.js';
import { deriveKey } from '../../platform/keys.js';
import { ProviderError } from '../../providers/provider.js';
import { createNotificationsRepository } from './notifications.repository.js';
import { createUnsubscribeTokens } from './unsubscribe-tokens.js';

const VISA = '4242 4242 4242 4242';
const CARD = { number: VISA, expiry: '12/29', cvc: '123', name: 'Ada Lovelace' };

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('e-mail notifications', () => {
  let ctx: TestContext;
  let clock: ReturnType<typeof fixedClock>;
  let fake: ReturnType<typeof createFakeProvider>;
  let person: SignedIn;

  beforeEach(async () => {
    clock = fixedClock(new Date('2026-11-02T08:00:00.000Z'));
    fake = createFakeProvider();
    ctx = await createTestContext({ clock, providers: [fake.provider] });
    person = await signUp(ctx.app, { name: 'Ada <Lovelace> & Co', remember: true });
  });
  afterEach(async () => {
    fake.releaseAll();
    await ctx.close();
  });

  const as = (who: SignedIn = person) => browser(ctx.app, who);
  const mailTo = async (who: SignedIn = person): Promise<ParsedMail[]> =>
    (await sentMail(ctx.app, ctx.dataDir)).filter((mail) => mail.headers.to === who.email);
  const statusOf = async (id: string) =>
    (
      await ctx.database.kysely
        .selectFrom('generations')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).status;
  const unsubscribeUrlOf = (mail: ParsedMail) => {
    const header = mail.headers['list-unsubscribe'] ?? '';
    expect(header).toMatch(/^<http:\/\/localhost:3000\/api\/email\/unsubscribe\?token=[^>]+>$/);
    const url = new URL(header.slice(1, -1));
    return `${url.pathname}${url.search}`;
  };
  /** Sessions expire when the clock moves by weeks; sign in again. */
  const signInAgain = async (who: SignedIn): Promise<SignedIn> => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: SAME_ORIGIN,
      payload: { email: who.email, password: who.password, remember: true },
    });
    expect(response.statusCode).toBe(200);
    return { ...who, cookie: sessionCookieOf(response) };
  };

  it('e-mails a failed generation with both parts, the escaped name, links back and RFC 8058 headers', async () => {
    fake.set({
      kind: 'fail',
      error: new ProviderError('content_policy', 'refused', {
        userMessage: 'The prompt was refused by the provider.',
      }),
    });
    const failed = await as().post('/api/generate-image', { prompt: 'a <b>bold</b> lighthouse' });
    expect(failed.statusCode).toBe(502);

    const [mail, ...more] = await mailTo();
    expect(more).toHaveLength(0);
    expect(mail?.headers.subject).toBe('Your image could not be made');
    expect(mail?.headers['content-type']).toMatch(/^multipart\/alternative/);
    expect(mail?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(unsubscribeUrlOf(mail as ParsedMail)).toMatch(/^\/api\/email\/unsubscribe\?token=/);
    // Plain text: the name as written; the reason, the prompt, a link back, the unsubscribe link.
    expect(mail?.text).toContain('Hi Ada <Lovelace> & Co,');
    expect(mail?.text).toContain('The prompt was refused by the provider.');
    expect(mail?.text).toContain('Prompt: a <b>bold</b> lighthouse');
    expect(mail?.text).toContain('Try again: http://localhost:3000/generate/image');
    expect(mail?.text).toContain('Unsubscribe: http://localhost:3000/api/email/unsubscribe?token=');
    expect(mail?.text).toContain('Ended: 2 Nov 2026, 08:00 UTC');
    // HTML: Kaleido's look, everything interpolated escaped, the same links.
    expect(mail?.html).toContain('Kaleido');
    expect(mail?.html).toContain('color-scheme');
    expect(mail?.html).toContain('Hi Ada &#60;Lovelace&#62; &#38; Co,');
    expect(mail?.html).toContain('a &#60;b&#62;bold&#60;/b&#62; lighthouse');
    expect(mail?.html).not.toContain('<b>bold');
    expect(mail?.html).toContain('href="http://localhost:3000/generate/image"');
    expect(mail?.html).toContain('href="http://localhost:3000/api/email/unsubscribe?token=');
    expect(mail?.html).toContain('href="http://localhost:3000/profile?tab=settings"');
  });

  it('sends no notification e-mail while emailNotifications is off', async () => {
    expect((await as().patch('/api/settings', { emailNotifications: false })).statusCode).toBe(200);
    fake.set({ kind: 'fail' });
    await as().post('/api/generate-image', { prompt: 'nobody is told' });
    await as().post('/api/generate-video', { prompt: 'nobody is told', settings: { duration: 5 } });
    expect(await mailTo()).toHaveLength(0);
  });

  it('e-mails a long job that no open page followed, and not one the event stream followed to its end', async () => {
    await as().patch('/api/settings', { creditAlerts: false });
    fake.set({ kind: 'hold' });
    // Nobody watches: the video ends while the person is away.
    const alone = (await as().post('/api/generate-video?wait=false', { prompt: 'a quiet harbour' })).json()
      .data;
    await until(async () => fake.heldCount() === 1, 'the first video to run');
    fake.releaseAll();
    await until(async () => (await statusOf(alone.id)) === 'succeeded', 'the first video to end');
    const away = await mailTo();
    expect(away.map((mail) => mail.headers.subject)).toEqual(['Your video is ready']);
    const asset = (
      await ctx.database.kysely
        .selectFrom('generations')
        .select('asset_id')
        .where('id', '=', alone.id)
        .executeTakeFirstOrThrow()
    ).asset_id;
    expect(away[0]?.text).toContain(`Open in your library: http://localhost:3000/library?asset=${asset}`);
    expect(away[0]?.text).toContain('Prompt: a quiet harbour');

    // An open page follows the next one through its event stream until it ends: no e-mail.
    const watched = (await as().post('/api/generate-video?wait=false', { prompt: 'a busy harbour' })).json()
      .data;
    await until(async () => fake.heldCount() === 1, 'the second video to run');
    const stream = as().get(`/api/generations/${watched.id}/events`);
    await until(
      async () =>
        (
          await ctx.database.kysely
            .selectFrom('generations')
            .select('watched_at')
            .where('id', '=', watched.id)
            .executeTakeFirstOrThrow()
        ).watched_at !== null,
      'the stream to mark the job watched',
    );
    fake.releaseAll();
    expect((await stream).body).toContain('event: done');
    expect(await statusOf(watched.id)).toBe('succeeded');
    expect((await mailTo()).map((mail) => mail.headers.subject)).toEqual(['Your video is ready']);
  });

  it('says where an unsaved long job waits when auto-save is off', async () => {
    await as().patch('/api/settings', { creditAlerts: false, autoSaveEnabled: false });
    fake.set({ kind: 'hold' });
    const job = (await as().post('/api/generate-video?wait=false', { prompt: 'a night market' })).json().data;
    await until(async () => fake.heldCount() === 1, 'the video to run');
    fake.releaseAll();
    await until(async () => (await statusOf(job.id)) === 'succeeded', 'the video to end');
    const [mail] = await mailTo();
    expect(mail?.text).toContain('Auto-save is off: save it from the generator’s history within 7 days');
    expect(mail?.text).toContain('Open the generator: http://localhost:3000/generate/video');
    expect(mail?.text).not.toContain('in your library');
  });

  it('counts polling as following; a heartbeat gone stale before the end does not count', async () => {
    await as().patch('/api/settings', { creditAlerts: false });
    fake.set({ kind: 'hold' });
    // Polled once at the start, then the page went away; the image took 61 s: e-mailed.
    const left = (await as().post('/api/generate-image?wait=false', { prompt: 'left alone' })).json().data;
    await until(async () => fake.heldCount() === 1, 'the first image to run');
    expect((await as().get(`/api/generations/${left.id}`)).statusCode).toBe(200);
    clock.advance(61_000);
    fake.releaseAll();
    await until(async () => (await statusOf(left.id)) === 'succeeded', 'the first image to end');
    expect((await mailTo()).map((mail) => mail.headers.subject)).toEqual(['Your image is ready']);

    // Polled up to its end 61 s later: the page saw it, no e-mail.
    const polled = (await as().post('/api/generate-image?wait=false', { prompt: 'polled' })).json().data;
    await until(async () => fake.heldCount() === 1, 'the second image to run');
    clock.advance(61_000);
    expect((await as().get(`/api/generations/${polled.id}`)).statusCode).toBe(200);
    fake.releaseAll();
    await until(async () => (await statusOf(polled.id)) === 'succeeded', 'the second image to end');

    // A short image (under 60 s) that nobody watched is not a long job: no e-mail either.
    fake.set({ kind: 'succeed' });
    expect((await as().post('/api/generate-image', { prompt: 'quick' })).statusCode).toBe(200);
    expect((await mailTo()).map((mail) => mail.headers.subject)).toEqual(['Your image is ready']);

    // Another person cannot mark someone else's job watched.
    const other = await signUp(ctx.app);
    fake.set({ kind: 'hold' });
    const mine = (await as().post('/api/generate-image?wait=false', { prompt: 'mine' })).json().data;
    await until(async () => fake.heldCount() === 1, 'the third image to run');
    expect((await as(other).get(`/api/generations/${mine.id}`)).statusCode).toBe(404);
    const row = await ctx.database.kysely
      .selectFrom('generations')
      .select('watched_at')
      .where('id', '=', mine.id)
      .executeTakeFirstOrThrow();
    expect(row.watched_at).toBeNull();
  });

  it('warns once per crossing of the low-credit mark, with creditAlerts on', async () => {
    const quiet = await signUp(ctx.app);
    await as(quiet).patch('/api/settings', { creditAlerts: false });
    // Billing months start (anchored at sign-up), so the monthly reset below applies.
    await ctx.app.jobs.runMonthlyResets();
    // 10 credits, the mark is "below 10": the first image crosses it.
    expect((await as().post('/api/generate-image', { prompt: 'one' })).statusCode).toBe(200);
    expect((await as(quiet).post('/api/generate-image', { prompt: 'one' })).statusCode).toBe(200);
    let mails = await mailTo();
    expect(mails.map((mail) => mail.headers.subject)).toEqual(['Your Kaleido credits are running low']);
    expect(mails[0]?.text).toContain('You have 9 credits left.');
    expect(mails[0]?.text).toContain('See plans and packs: http://localhost:3000/pricing');
    expect(mails[0]?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(await mailTo(quiet)).toHaveLength(0);

    // Still below the mark: no second e-mail.
    clock.advance(60_000);
    expect((await as().post('/api/generate-image', { prompt: 'two' })).statusCode).toBe(200);
    expect(await mailTo()).toHaveLength(1);

    // The monthly reset brings the balance back to 10; the next drop below is a new crossing.
    clock.set(new Date('2026-12-02T08:00:01.000Z'));
    await ctx.app.jobs.runMonthlyResets();
    person = await signInAgain(person);
    clock.advance(60_000);
    expect((await as().post('/api/generate-image', { prompt: 'three' })).statusCode).toBe(200);
    mails = await mailTo();
    expect(mails.map((mail) => mail.headers.subject)).toEqual([
      'Your Kaleido credits are running low',
      'Your Kaleido credits are running low',
    ]);
  });

  it('sends receipts and plan-change e-mails with amount, credits and invoice, dated in the person’s zone', async () => {
    await as().patch('/api/settings', { timezone: 'Europe/Paris' });
    expect((await as().post('/api/billing/payment-methods', CARD)).statusCode).toBe(201);

    const pack = { packId: 'pack-100', idempotencyKey: 'receipt-pack-1' };
    const bought = await as().post('/api/billing/purchases', pack);
    expect(bought.statusCode, bought.body).toBe(201);
    // A retry of the same purchase sends no second receipt.
    expect((await as().post('/api/billing/purchases', pack)).statusCode).toBe(201);
    const invoices = (await as().get('/api/billing/invoices')).json().data;
    let mails = await mailTo();
    expect(mails.map((mail) => mail.headers.subject)).toEqual([`Kaleido receipt ${invoices[0].number}`]);
    const receipt = mails[0] as ParsedMail;
    expect(receipt.text).toContain('Amount: $15.00');
    expect(receipt.text).toContain('Credits: 110 credits (100 + 10 bonus) added to your balance');
    expect(receipt.text).toContain(`Invoice: ${invoices[0].number}`);
    expect(receipt.text).toContain('Date: 2 Nov 2026, 09:00 CET (Europe/Paris)');
    expect(receipt.text).toContain('Paid with: visa ending in 4242');
    expect(receipt.text).toContain('View billing: http://localhost:3000/profile?tab=billing');
    expect(receipt.html).toContain('$15.00');
    expect(receipt.headers['list-unsubscribe']).toMatch(/^<http/);

    // Upgrade now: a receipt.
    clock.advance(3_600_000);
    expect(
      (await as().post('/api/billing/plan', { plan: 'pro', idempotencyKey: 'upgrade-pro-1' })).statusCode,
    ).toBe(200);
    mails = await mailTo();
    expect(mails).toHaveLength(2);
    const upgrade = mails.find((mail) => mail.text.includes('You are on the Pro plan')) as ParsedMail;
    expect(upgrade.text).toContain('Date: 2 Nov 2026, 10:00 CET (Europe/Paris)');
    expect(upgrade.text).toContain('Credits: 500 monthly credits');

    // Renewal a month later: a receipt.
    clock.set(new Date('2026-12-02T09:00:00.000Z'));
    expect(await ctx.app.jobs.runMonthlyResets()).toEqual({ reset: 1 });
    person = await signInAgain(person);
    mails = await mailTo();
    expect(mails).toHaveLength(3);
    const renewal = mails.find((mail) => mail.text.includes('Your Pro plan was renewed')) as ParsedMail;
    expect(renewal.text).toContain('Date: 2 Dec 2026, 10:00 CET (Europe/Paris)');

    // Downgrade: scheduled now (an e-mail), applied with the next billing month (another).
    expect(
      (await as().post('/api/billing/plan', { plan: 'free', idempotencyKey: 'downgrade-free-1' })).statusCode,
    ).toBe(200);
    mails = await mailTo();
    const scheduled = mails.find((mail) => mail.headers.subject?.startsWith('Your plan changes to Free'));
    expect(scheduled?.text).toContain('Takes effect: 2 Jan 2027, 10:00 CET (Europe/Paris)');
    clock.set(new Date('2027-01-02T09:00:00.000Z'));
    expect(await ctx.app.jobs.runMonthlyResets()).toEqual({ reset: 1 });
    mails = await mailTo();
    expect(mails.map((mail) => mail.headers.subject)).toContain('You are now on the Free plan');
    expect(mails).toHaveLength(5);
  });

  it('always sends security e-mails (password changed, password reset), without an unsubscribe link', async () => {
    await as().patch('/api/settings', { emailNotifications: false, marketingEmails: false });
    const changed = await as().post('/api/auth/change-password', {
      currentPassword: person.password,
      newPassword: 'a brand new passphrase',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    let mails = await mailTo();
    expect(mails.map((mail) => mail.headers.subject)).toEqual(['Your Kaleido password was changed']);
    expect(mails[0]?.headers['list-unsubscribe']).toBeUndefined();
    expect(mails[0]?.text).not.toContain('Unsubscribe');
    expect(mails[0]?.text).toContain('This is a security notice');
    expect(mails[0]?.html).toContain('Review your account');

    await browser(ctx.app, null).post('/api/auth/forgot-password', { email: person.email });
    mails = await mailTo();
    const resetMail = mails.find(
      (mail) => mail.headers.subject === 'Reset your Kaleido password',
    ) as ParsedMail;
    expect(resetMail.html).toContain('Choose a new password');
    const token = new URL(
      /http:\/\/localhost:3000\/auth\/reset\?token=\S+/.exec(resetMail.text)?.[0] ?? '',
    ).searchParams.get('token');
    const reset = await browser(ctx.app, null).post('/api/auth/reset-password', {
      token,
      newPassword: 'another new passphrase',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    mails = await mailTo();
    expect(mails.map((mail) => mail.headers.subject)).toContain('Your Kaleido password was reset');
  });

  it('unsubscribes with one click: GET only confirms, POST turns exactly the signed setting off', async () => {
    fake.set({ kind: 'fail' });
    await as().post('/api/generate-image', { prompt: 'a failure to report' });
    const [mail] = await mailTo();
    const url = unsubscribeUrlOf(mail as ParsedMail);

    // GET: a confirmation page with a button; nothing changes (link scanners fetch links).
    const page = await ctx.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<form method="post"');
    expect(page.body).toContain('name="List-Unsubscribe" value="One-Click"');
    expect((await as().get('/api/settings')).json().data.emailNotifications).toBe(true);

    // Forged, malformed, and altered tokens: refused in the envelope, nothing saved.
    const before = (await as().get('/api/settings')).json().data;
    const token = new URL(url, 'http://x').searchParams.get('token') ?? '';
    const [payload, signature] = token.split('.');
    const other = await signUp(ctx.app);
    const forTheOther = Buffer.from(
      Buffer.from(payload ?? '', 'base64url')
        .toString()
        .replace(person.user.id, other.user.id),
    ).toString('base64url');
    const asMarketing = Buffer.from(
      Buffer.from(payload ?? '', 'base64url')
        .toString()
        .replace('v1.n.', 'v1.m.'),
    ).toString('base64url');
    for (const bad of [
      'forged',
      `${payload}.${'A'.repeat(43)}`,
      `${forTheOther}.${signature}`,
      `${asMarketing}.${signature}`,
      `${token}.extra`,
    ]) {
      const refused = await ctx.app.inject({
        method: 'POST',
        url: `/api/email/unsubscribe?token=${encodeURIComponent(bad)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json()).toMatchObject({ success: false, code: 'UNSUBSCRIBE_LINK_INVALID' });
      expect(refused.json().error).toMatch(/unsubscribe link is not valid/);
    }
    const missing = await ctx.app.inject({ method: 'POST', url: '/api/email/unsubscribe' });
    expect(missing.statusCode).toBe(400);
    const forgedPage = await ctx.app.inject({ method: 'GET', url: '/api/email/unsubscribe?token=forged' });
    expect(forgedPage.statusCode).toBe(400);
    expect(forgedPage.body).toContain('This link does not work');
    expect((await as().get('/api/settings')).json().data).toEqual(before);
    expect((await as(other).get('/api/settings')).json().data.emailNotifications).toBe(true);

    // The mail program's one-click POST: cross-site, a form body, even with the person's cookie.
    const oneClick = await ctx.app.inject({
      method: 'POST',
      url,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-site': 'cross-site',
        cookie: person.cookie,
      },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    expect(oneClick.json()).toEqual({
      success: true,
      data: {
        setting: 'emailNotifications',
        message: 'You are unsubscribed from notification e-mails. Turn them back on any time in Settings.',
      },
    });
    const after = (await as().get('/api/settings')).json().data;
    expect(after).toMatchObject({ emailNotifications: false, marketingEmails: false, creditAlerts: true });
    // No other write of that cross-site request passes: CSRF stays on for everything else.
    const crossSite = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/settings',
      headers: { 'sec-fetch-site': 'cross-site', cookie: person.cookie },
      payload: { emailNotifications: true },
    });
    expect(crossSite.statusCode).toBe(403);

    // The marketing link (of announcement e-mails) turns marketing off and clears the consent; the
    // confirmation button's form POST (multipart from some mail programs) answers a page.
    await as().patch('/api/settings', { marketingEmails: true });
    const tokens = createUnsubscribeTokens(deriveKey(ctx.config.serverSecret, 'email-unsubscribe'));
    const marketing = await ctx.app.inject({
      method: 'POST',
      url: `/api/email/unsubscribe?token=${tokens.sign(person.user.id, 'marketingEmails')}`,
      headers: {
        'content-type': 'multipart/form-data; boundary=x',
        accept: 'text/html',
        'sec-fetch-site': 'same-origin',
      },
      payload: '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
    });
    expect(marketing.statusCode, marketing.body).toBe(200);
    expect(marketing.body).toContain('You are unsubscribed');
    expect((await as().get('/api/settings')).json().data).toMatchObject({
      marketingEmails: false,
      marketingConsentAt: null,
    });

    // The account is deleted: its links answer 404.
    const goneToken = tokens.sign(other.user.id, 'emailNotifications');
    expect(
      (await as(other).delete('/api/account', { confirm: 'DELETE', password: other.password })).statusCode,
    ).toBe(200);
    const gone = await ctx.app.inject({ method: 'POST', url: `/api/email/unsubscribe?token=${goneToken}` });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ success: false, code: 'UNSUBSCRIBE_ACCOUNT_GONE' });
  });

  it('records marketing consent with its time, and lists consenting accounts for announcements', async () => {
    const caller = as();
    expect((await caller.get('/api/settings')).json().data).toMatchObject({
      marketingEmails: false,
      marketingConsentAt: null,
    });
    clock.advance(60_000);
    await caller.patch('/api/settings', { marketingEmails: true });
    expect((await caller.get('/api/settings')).json().data.marketingConsentAt).toBe(
      '2026-11-02T08:01:00.000Z',
    );
    // Saying yes again keeps the original time; other changes leave it alone.
    clock.advance(60_000);
    await caller.patch('/api/settings', { marketingEmails: true, theme: 'dark' });
    expect((await caller.get('/api/settings')).json().data.marketingConsentAt).toBe(
      '2026-11-02T08:01:00.000Z',
    );
    // The field is read-only.
    expect((await caller.patch('/api/settings', { marketingConsentAt: null })).statusCode).toBe(400);

    const second = await signUp(ctx.app);
    const never = await signUp(ctx.app);
    await as(second).patch('/api/settings', { marketingEmails: true });
    await as(never).patch('/api/settings', { marketingEmails: false });
    const repository = createNotificationsRepository(ctx.database.kysely);
    const all = await repository.consentingRecipients({ limit: 10 });
    expect(all.map((row) => row.id).sort()).toEqual([person.user.id, second.user.id].sort());
    const firstPage = await repository.consentingRecipients({ limit: 1 });
    const nextPage = await repository.consentingRecipients({ after: firstPage[0]?.id, limit: 1 });
    expect([...firstPage, ...nextPage].map((row) => row.id)).toEqual(all.map((row) => row.id));

    clock.advance(60_000);
    await caller.patch('/api/settings', { marketingEmails: false });
    expect((await caller.get('/api/settings')).json().data.marketingConsentAt).toBeNull();
    expect((await repository.consentingRecipients({ limit: 10 })).map((row) => row.id)).toEqual([
      second.user.id,
    ]);
  });

  it('validates zones, and dates e-mails in the browser’s zone while the setting is auto', async () => {
    const unknown = await as().put('/api/settings/detected-time-zone', { timeZone: 'Mars/Olympus' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ success: false, error: 'timeZone: Unknown time zone.' });
    const patch = await as().patch('/api/settings', { timezone: 'Mars/Olympus' });
    expect(patch.json()).toMatchObject({ success: false, error: 'timezone: Unknown time zone.' });
    expect(
      (await browser(ctx.app, null).put('/api/settings/detected-time-zone', { timeZone: 'UTC' })).statusCode,
    ).toBe(401);
    const detected = await as().put('/api/settings/detected-time-zone', { timeZone: 'Asia/Tokyo' });
    expect(detected.json()).toEqual({ success: true, data: { timeZone: 'Asia/Tokyo' } });

    fake.set({ kind: 'fail' });
    await as().post('/api/generate-image', { prompt: 'tokyo time' });
    // The e-mail is written once the job has ended, which may be after the answer: the zone is read then.
    await until(
      async () => (await mailTo()).some((mail) => mail.text.includes('tokyo time')),
      'the first e-mail',
    );
    // The setting wins over the browser's zone.
    await as().patch('/api/settings', { timezone: 'America/New_York' });
    await as().post('/api/generate-image', { prompt: 'new york time' });
    const mails = await mailTo();
    expect(mails.find((mail) => mail.text.includes('tokyo time'))?.text).toContain(
      'Ended: 2 Nov 2026, 17:00 GMT+9 (Asia/Tokyo)',
    );
    expect(mails.find((mail) => mail.text.includes('new york time'))?.text).toContain(
      'Ended: 2 Nov 2026, 03:00 GMT-5 (America/New_York)',
    );
  });
});
