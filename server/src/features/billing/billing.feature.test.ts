import { BILLING_MESSAGES } from '@kaleido/common';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { browser, SAME_ORIGIN, type SignedIn, sessionCookieOf, signUp } from '../../../test/factories.js';
import { createFakeProvider } from '../../../test/fake-provider.js';
import { createTestContext, type TestContext, testDatabaseKind } from '../../../test/harness.js';
import { englishOf } from '../../../test/messages.js';
import { fixedClock } from '../../platform/clock.js';

const VISA = '4242 4242 4242 4242';
const DECLINED = '4000 0000 0000 0002';
const INSUFFICIENT = '4000 0000 0000 9995';
const card = (number: string, overrides: Partial<Record<'expiry' | 'cvc' | 'name', string>> = {}) => ({
  number,
  expiry: '12/29',
  cvc: '123',
  name: 'Ada Lovelace',
  ...overrides,
});

describe('billing', () => {
  let ctx: TestContext;
  let clock: ReturnType<typeof fixedClock>;
  let person: SignedIn;
  let fake: ReturnType<typeof createFakeProvider>;

  beforeEach(async () => {
    clock = fixedClock(new Date('2026-01-31T10:00:00.000Z'));
    fake = createFakeProvider();
    ctx = await createTestContext({ clock, providers: [fake.provider] });
    person = await signUp(ctx.app, { remember: true });
  });
  afterEach(async () => {
    await ctx.close();
  });

  const as = (who: SignedIn = person) => browser(ctx.app, who);
  const me = async (who: SignedIn = person) => (await as(who).get('/api/auth/me')).json().data;
  const addCard = async (number: string, who: SignedIn = person) => {
    const response = await as(who).post('/api/billing/payment-methods', card(number));
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data;
  };
  const ledger = (userId = person.user.id) =>
    ctx.database.kysely
      .selectFrom('credit_ledger')
      .select([
        'kind',
        'delta_monthly',
        'delta_purchased',
        'balance_monthly',
        'balance_purchased',
        'reference',
      ])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
  /** Sessions expire; after moving the clock by a month the person signs in again. */
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

  it('refuses invalid cards with clear messages and stores nothing', async () => {
    const cases: [object, string][] = [
      [card(''), `number: ${englishOf(BILLING_MESSAGES.cardNumberRequired)}`],
      [card('4242 4242 4242 4241'), `number: ${englishOf(BILLING_MESSAGES.cardNumberInvalid)}`],
      [card('1234 5678 9012 3452'), `number: ${englishOf(BILLING_MESSAGES.cardBrandUnsupported)}`],
      [card(VISA, { expiry: '13/29' }), `expiry: ${englishOf(BILLING_MESSAGES.expiryInvalid)}`],
      [card(VISA, { expiry: '' }), `expiry: ${englishOf(BILLING_MESSAGES.expiryRequired)}`],
      // The clock says January 2026: December 2025 is past, January 2026 is still valid.
      [card(VISA, { expiry: '12/25' }), `expiry: ${englishOf(BILLING_MESSAGES.expiryPast)}`],
      [card(VISA, { cvc: '12' }), `cvc: ${englishOf(BILLING_MESSAGES.cvcInvalid)}`],
      [card(VISA, { cvc: '12a' }), `cvc: ${englishOf(BILLING_MESSAGES.cvcInvalid)}`],
      [card('3782 822463 10005', { cvc: '123' }), `cvc: ${englishOf(BILLING_MESSAGES.cvcAmex)}`],
      [card(VISA, { name: '   ' }), `name: ${englishOf(BILLING_MESSAGES.cardholderRequired)}`],
      [{ number: VISA }, `expiry: ${englishOf(BILLING_MESSAGES.expiryRequired)}`],
    ];
    for (const [payload, message] of cases) {
      const response = await as().post('/api/billing/payment-methods', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error).toBe(message);
    }
    const several = await as().post('/api/billing/payment-methods', card('4242', { cvc: '', name: '' }));
    expect(several.json().details.map((d: { path: string }) => d.path)).toEqual(['number', 'cvc', 'name']);

    const ok = await as().post('/api/billing/payment-methods', card(VISA, { expiry: '01/26' }));
    expect(ok.statusCode).toBe(201);
    expect((await as().get('/api/billing/payment-methods')).json().data).toHaveLength(1);
  });

  it('keeps brand, last 4 and expiry only; the first card is the default; set default and remove', async () => {
    const visa = await addCard(VISA);
    expect(visa).toEqual({
      id: expect.any(String),
      type: 'card',
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2029,
      cardholderName: 'Ada Lovelace',
      isDefault: true,
      createdAt: '2026-01-31T10:00:00.000Z',
    });
    clock.advance(1000);
    const mastercard = await addCard('5555-5555-5555-4444');
    expect(mastercard).toMatchObject({ brand: 'mastercard', last4: '4444', isDefault: false });
    clock.advance(1000);
    const amex = await as().post('/api/billing/payment-methods', card('378282246310005', { cvc: '1234' }));
    expect(amex.json().data).toMatchObject({ brand: 'amex', last4: '0005', isDefault: false });

    // Nothing stored holds the whole number or the CVC.
    const rows = await ctx.database.kysely.selectFrom('payment_methods').selectAll().execute();
    expect(rows).toHaveLength(3);
    const stored = JSON.stringify(rows);
    for (const secret of ['4242424242424242', '5555555555554444', '378282246310005', '"123"', '1234'])
      expect(stored).not.toContain(secret);
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual(
      [
        'brand',
        'cardholder_name',
        'created_at',
        'exp_month',
        'exp_year',
        'id',
        'is_default',
        'last4',
        'provider',
        'provider_token',
        'user_id',
      ].sort(),
    );
    // The provider's token never leaves the server.
    expect(JSON.stringify((await as().get('/api/billing/payment-methods')).json())).not.toContain('tok_');

    const afterDefault = (await as().post(`/api/billing/payment-methods/${mastercard.id}/default`)).json()
      .data;
    expect(afterDefault.map((m: { last4: string; isDefault: boolean }) => [m.last4, m.isDefault])).toEqual([
      ['4242', false],
      ['4444', true],
      ['0005', false],
    ]);
    const afterRemove = (await as().delete(`/api/billing/payment-methods/${mastercard.id}`)).json().data;
    expect(afterRemove.map((m: { last4: string; isDefault: boolean }) => [m.last4, m.isDefault])).toEqual([
      ['4242', true],
      ['0005', false],
    ]);

    // Another person can neither see nor touch these cards.
    const other = await signUp(ctx.app);
    expect((await as(other).get('/api/billing/payment-methods')).json().data).toEqual([]);
    expect((await as(other).delete(`/api/billing/payment-methods/${visa.id}`)).statusCode).toBe(404);
    expect((await browser(ctx.app, null).get('/api/billing/payment-methods')).statusCode).toBe(401);
  });

  it('stores the billing address with the spec fields, US by default, and validates it', async () => {
    expect((await as().get('/api/billing/address')).json().data).toBeNull();
    const address = {
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      address: '12 St James Square',
      city: 'London',
      state: 'Westminster',
      zipCode: 'SW1Y 4JH',
    };
    const bad = await as().put('/api/billing/address', { ...address, city: ' ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('city: City is required.');
    const badEmail = await as().put('/api/billing/address', { ...address, email: 'ada' });
    expect(badEmail.json().error).toBe(`email: ${englishOf(BILLING_MESSAGES.emailInvalid)}`);
    const badCountry = await as().put('/api/billing/address', { ...address, country: 'XX' });
    expect(badCountry.json().error).toBe(`country: ${englishOf(BILLING_MESSAGES.countryInvalid)}`);

    const saved = await as().put('/api/billing/address', address);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toEqual({ ...address, country: 'US' });
    await as().put('/api/billing/address', { ...address, country: 'GB', city: 'Oxford' });
    expect((await as().get('/api/billing/address')).json().data).toMatchObject({
      city: 'Oxford',
      country: 'GB',
    });
  });

  it('grants a pack once under a retried or doubled request, with one purchase and one invoice', async () => {
    await addCard(VISA);
    const request = { packId: 'pack-100', idempotencyKey: 'buy-pack-100-attempt-1' };
    const first = await as().post('/api/billing/purchases', request);
    expect(first.statusCode, first.body).toBe(201);
    const { purchase, summary } = first.json().data;
    expect(purchase).toMatchObject({
      kind: 'pack',
      item: 'pack-100',
      amountCents: 1500,
      credits: 100,
      bonusCredits: 10,
      status: 'succeeded',
      card: { brand: 'visa', last4: '4242' },
      invoiceNumber: expect.stringMatching(/^KAL-20260131-[0-9A-F]{8}$/),
    });
    expect(summary.balance).toEqual({ total: 120, monthly: 10, purchased: 110 });

    // The same request again, and three at once: same purchase, nothing more granted.
    const retry = await as().post('/api/billing/purchases', request);
    expect(retry.statusCode).toBe(201);
    expect(retry.json().data.purchase.id).toBe(purchase.id);
    const burst = await Promise.all([1, 2, 3].map(() => as().post('/api/billing/purchases', request)));
    for (const response of burst) expect(response.json().data.purchase.id).toBe(purchase.id);
    expect((await me()).credits).toBe(120);

    // A concurrent double click with a fresh key is charged once too.
    clock.advance(1000);
    const double = { packId: 'pack-50', idempotencyKey: 'double-click-key-2' };
    const both = await Promise.all([
      as().post('/api/billing/purchases', double),
      as().post('/api/billing/purchases', double),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(both[0]?.json().data.purchase.id).toBe(both[1]?.json().data.purchase.id);
    expect((await me()).creditsPurchased).toBe(160);

    const purchases = (await as().get('/api/billing/purchases')).json().data;
    expect(purchases.map((p: { item: string }) => p.item)).toEqual(['pack-50', 'pack-100']);
    const invoices = (await as().get('/api/billing/invoices')).json().data;
    expect(invoices).toHaveLength(2);
    expect(invoices[1]).toMatchObject({
      number: purchase.invoiceNumber,
      purchaseId: purchase.id,
      amountCents: 1500,
      status: 'paid',
      description: '100 credits + 10 bonus',
    });
    const entries = (await ledger()).filter((entry) => entry.reference === purchase.id);
    expect(entries).toEqual([
      expect.objectContaining({
        kind: 'purchase',
        delta_purchased: 110,
        delta_monthly: 0,
        balance_purchased: 110,
      }),
    ]);

    // The key belongs to that purchase: a different purchase under it is refused.
    const reused = await as().post('/api/billing/purchases', { ...request, packId: 'pack-500' });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error).toBe(englishOf(BILLING_MESSAGES.idempotencyMismatch));
    // Someone else's identical key is their own purchase.
    const other = await signUp(ctx.app);
    await addCard(VISA, other);
    const theirs = await as(other).post('/api/billing/purchases', request);
    expect(theirs.statusCode, theirs.body).toBe(201);
    expect((await me(other)).credits).toBe(120);
  });

  it('declines the test decline cards, records the attempt and grants nothing', async () => {
    const noCard = await as().post('/api/billing/purchases', {
      packId: 'pack-50',
      idempotencyKey: 'no-card-1',
    });
    expect(noCard.statusCode).toBe(400);
    expect(noCard.json().error).toBe(englishOf(BILLING_MESSAGES.paymentMethodRequired));

    await addCard(DECLINED);
    const request = { packId: 'pack-250', idempotencyKey: 'declined-attempt-1' };
    const declined = await as().post('/api/billing/purchases', request);
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({
      success: false,
      code: 'PAYMENT_DECLINED',
      error: englishOf(BILLING_MESSAGES.cardDeclined),
    });
    const again = await as().post('/api/billing/purchases', request);
    expect(again.statusCode).toBe(402);

    clock.advance(1000);
    const poor = await addCard(INSUFFICIENT);
    const insufficient = await as().post('/api/billing/purchases', {
      packId: 'pack-50',
      paymentMethodId: poor.id,
      idempotencyKey: 'insufficient-1',
    });
    expect(insufficient.json().error).toBe(englishOf(BILLING_MESSAGES.insufficientFunds));

    expect(await me()).toMatchObject({ credits: 10, creditsPurchased: 0 });
    const purchases = (await as().get('/api/billing/purchases')).json().data;
    expect(
      purchases.map((p: { status: string; failureMessage: string }) => [p.status, p.failureMessage]),
    ).toEqual([
      ['declined', englishOf(BILLING_MESSAGES.insufficientFunds)],
      ['declined', englishOf(BILLING_MESSAGES.cardDeclined)],
    ]);
    expect((await as().get('/api/billing/invoices')).json().data).toEqual([]);
    expect((await ledger()).map((entry) => entry.kind)).toEqual(['grant']);
  });

  it('upgrades now with the new allowance; downgrades at the next billing month', async () => {
    await addCard(VISA);
    const before = (await as().get('/api/billing')).json().data;
    expect(before).toMatchObject({
      plan: 'free',
      pendingPlan: null,
      periodStart: '2026-01-31T10:00:00.000Z',
      nextResetAt: '2026-02-28T10:00:00.000Z',
      monthlyAllowance: 10,
      providerMode: 'test',
    });

    clock.set(new Date('2026-02-10T12:00:00.000Z'));
    const upgrade = await as().post('/api/billing/plan', { plan: 'pro', idempotencyKey: 'upgrade-to-pro-1' });
    expect(upgrade.statusCode, upgrade.body).toBe(200);
    expect(upgrade.json().data).toMatchObject({
      change: 'upgraded',
      purchase: { kind: 'plan', item: 'pro', amountCents: 1900, status: 'succeeded' },
      summary: {
        plan: 'pro',
        periodStart: '2026-02-10T12:00:00.000Z',
        nextResetAt: '2026-03-10T12:00:00.000Z',
        monthlyAllowance: 500,
        balance: { total: 500, monthly: 500, purchased: 0 },
      },
    });
    // Retried: no second charge or grant.
    await as().post('/api/billing/plan', { plan: 'pro', idempotencyKey: 'upgrade-to-pro-1' });
    expect((await as().get('/api/billing/purchases')).json().data).toHaveLength(1);
    expect((await me()).plan).toBe('pro');

    // Downgrade: scheduled, nothing changes now.
    const downgrade = await as().post('/api/billing/plan', { plan: 'free', idempotencyKey: 'downgrade-1' });
    expect(downgrade.json().data).toMatchObject({
      change: 'scheduled',
      purchase: null,
      summary: { plan: 'pro', pendingPlan: 'free', monthlyAllowance: 500 },
    });
    // Choosing the current plan cancels the scheduled downgrade; choosing it again is refused.
    const cancel = await as().post('/api/billing/plan', { plan: 'pro', idempotencyKey: 'keep-pro-1' });
    expect(cancel.json().data).toMatchObject({ change: 'cancelled', summary: { pendingPlan: null } });
    expect(
      (await as().post('/api/billing/plan', { plan: 'pro', idempotencyKey: 'keep-pro-2' })).statusCode,
    ).toBe(409);
    await as().post('/api/billing/plan', { plan: 'free', idempotencyKey: 'downgrade-2' });

    // The day before the billing month ends, the job changes nothing.
    clock.set(new Date('2026-03-10T11:59:59.000Z'));
    expect(await ctx.app.jobs.runMonthlyResets()).toEqual({ reset: 0 });
    person = await signInAgain(person);
    expect((await me()).plan).toBe('pro');

    clock.set(new Date('2026-03-10T12:00:00.000Z'));
    expect(await ctx.app.jobs.runMonthlyResets()).toEqual({ reset: 1 });
    person = await signInAgain(person);
    expect((await as().get('/api/billing')).json().data).toMatchObject({
      plan: 'free',
      pendingPlan: null,
      periodStart: '2026-03-10T12:00:00.000Z',
      nextResetAt: '2026-04-10T12:00:00.000Z',
      monthlyAllowance: 10,
      balance: { total: 10, monthly: 10, purchased: 0 },
    });
    // A downgrade to Free is not charged.
    expect((await as().get('/api/billing/purchases')).json().data).toHaveLength(1);
  });

  it('resets only the monthly bucket each billing month and keeps purchased credits', async () => {
    await addCard(VISA);
    await as().post('/api/billing/purchases', { packId: 'pack-100', idempotencyKey: 'monthly-reset-pack' });
    // Spend: purchased credits go first.
    const generated = await as().post('/api/generate-image', { prompt: 'a lighthouse at dusk' });
    expect(generated.statusCode, generated.body).toBe(200);
    expect(await me()).toMatchObject({ creditsPurchased: 109, creditsMonthly: 10 });

    // Jan 31 + one month is Feb 28 (clamped), then Mar 31: no drift.
    clock.set(new Date('2026-02-28T10:00:00.000Z'));
    expect(await ctx.app.jobs.runMonthlyResets()).toEqual({ reset: 1 });
    expect(await ctx.app.jobs.runMonthlyResets()).toEqual({ reset: 0 });
    person = await signInAgain(person);
    expect(await me()).toMatchObject({ creditsPurchased: 109, creditsMonthly: 10, credits: 119 });
    expect((await as().get('/api/billing')).json().data.nextResetAt).toBe('2026-03-31T10:00:00.000Z');
    const resets = (await ledger()).filter((entry) => entry.kind === 'monthly_reset');
    expect(resets).toEqual([
      expect.objectContaining({ delta_monthly: 0, delta_purchased: 0, balance_purchased: 109 }),
    ]);
  });

  it('spends purchased credits first, then monthly ones', async () => {
    await addCard(VISA);
    const bought = await as().post('/api/billing/purchases', {
      packId: 'pack-50',
      idempotencyKey: 'spend-order-pack',
    });
    expect(bought.statusCode, bought.body).toBe(201);
    const video = await as().post('/api/generate-video', {
      prompt: 'waves on a shore',
      settings: { duration: 3 },
    });
    expect(video.statusCode, video.body).toBe(200);
    expect(await me()).toMatchObject({ creditsPurchased: 47, creditsMonthly: 10 });
    const reserve = (await ledger()).find((entry) => entry.kind === 'reserve');
    expect(reserve).toMatchObject({ delta_purchased: -3, delta_monthly: 0 });
  });

  it('resets each account once even when several processes run the job at once', async () => {
    // PostgreSQL: a second app (another process's view) on the same database. SQLite deployments are
    // one process (its driver is synchronous, so two apps in one test process would block each other):
    // there the runs race inside one app.
    const second =
      testDatabaseKind() === 'postgres'
        ? await createTestContext({ clock, shared: { database: ctx.config.database, dataDir: ctx.dataDir } })
        : { app: ctx.app, close: async () => undefined };
    try {
      const people = [person, await signUp(ctx.app), await signUp(ctx.app)];
      // The job gives each new account its billing month (it runs every minute).
      await ctx.app.jobs.runMonthlyResets();
      clock.set(new Date('2026-03-01T00:00:00.000Z'));
      const results = await Promise.all([
        ctx.app.jobs.runMonthlyResets(),
        second.app.jobs.runMonthlyResets(),
        ctx.app.jobs.runMonthlyResets(),
        second.app.jobs.runMonthlyResets(),
      ]);
      expect(results.reduce((sum, result) => sum + result.reset, 0)).toBe(people.length);
      for (const who of people) {
        const resets = (await ledger(who.user.id)).filter((entry) => entry.kind === 'monthly_reset');
        expect(resets).toHaveLength(1);
      }
    } finally {
      await second.close();
    }
  });

  it('renews a paid plan with the default card, and falls back to Free when the renewal is declined', async () => {
    const visa = await addCard(VISA);
    await as().post('/api/billing/plan', { plan: 'enterprise', idempotencyKey: 'enterprise-upgrade' });
    clock.set(new Date('2026-02-28T10:00:00.000Z'));
    await ctx.app.jobs.runMonthlyResets();
    person = await signInAgain(person);
    let purchases = (await as().get('/api/billing/purchases')).json().data;
    expect(purchases[0]).toMatchObject({
      kind: 'renewal',
      item: 'enterprise',
      amountCents: 9900,
      status: 'succeeded',
    });
    expect(await me()).toMatchObject({ plan: 'enterprise', creditsMonthly: 2500 });

    const declined = await addCard(DECLINED);
    await as().post(`/api/billing/payment-methods/${declined.id}/default`);
    clock.set(new Date('2026-03-31T10:00:00.000Z'));
    await ctx.app.jobs.runMonthlyResets();
    person = await signInAgain(person);
    purchases = (await as().get('/api/billing/purchases')).json().data;
    expect(purchases[0]).toMatchObject({ kind: 'renewal', status: 'declined' });
    expect(await me()).toMatchObject({ plan: 'free', creditsMonthly: 10 });
    expect((await as().get('/api/billing/invoices')).json().data).toHaveLength(2);
    expect(visa.isDefault).toBe(true);
  });
});
