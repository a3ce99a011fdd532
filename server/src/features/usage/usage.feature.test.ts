import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { browser, SAME_ORIGIN, type SignedIn, sessionCookieOf, signUp } from '../../../test/factories.js';
import { createFakeProvider } from '../../../test/fake-provider.js';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { fixedClock } from '../../platform/clock.js';

describe('usage summary', () => {
  let ctx: TestContext;
  const clock = fixedClock(new Date('2026-05-10T08:00:00.000Z'));
  let person: SignedIn;
  beforeEach(async () => {
    clock.set(new Date('2026-05-10T08:00:00.000Z'));
    ctx = await createTestContext({ clock, providers: [createFakeProvider().provider] });
    person = await signUp(ctx.app, { remember: true });
  });
  afterEach(async () => {
    await ctx.close();
  });

  it('counts this billing month against all time and lists real recent events', async () => {
    const as = () => browser(ctx.app, person);
    const card = await as().post('/api/billing/payment-methods', {
      number: '4242424242424242',
      expiry: '12/30',
      cvc: '123',
      name: 'Ada',
    });
    expect(card.statusCode, card.body).toBe(201);
    clock.advance(1000);
    const bought = await as().post('/api/billing/purchases', {
      packId: 'pack-100',
      idempotencyKey: 'usage-pack-100',
    });
    expect(bought.statusCode, bought.body).toBe(201);
    clock.advance(1000);
    expect((await as().post('/api/generate-image', { prompt: 'a red fox' })).statusCode).toBe(200);
    clock.advance(1000);
    expect(
      (await as().post('/api/generate-video', { prompt: 'a river', settings: { duration: 3 } })).statusCode,
    ).toBe(200);

    // The next billing month.
    clock.set(new Date('2026-06-10T08:00:01.000Z'));
    await ctx.app.jobs.runMonthlyResets();
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: SAME_ORIGIN,
      payload: { email: person.email, password: person.password, remember: true },
    });
    person = { ...person, cookie: sessionCookieOf(login) };
    clock.advance(1000);
    expect((await as().post('/api/generate-image', { prompt: 'a blue whale' })).statusCode).toBe(200);

    const response = await as().get('/api/usage/summary');
    expect(response.statusCode).toBe(200);
    const summary = response.json().data;
    expect(summary.periodStart).toBe('2026-06-10T08:00:00.000Z');
    expect(summary.thisMonth).toEqual({
      generations: 1,
      images: 1,
      videos: 0,
      creditsUsed: 1,
      creditsPurchased: 0,
      amountSpentCents: 0,
    });
    expect(summary.allTime).toEqual({
      generations: 3,
      images: 2,
      videos: 1,
      creditsUsed: 5,
      creditsPurchased: 110,
      amountSpentCents: 1500,
    });
    expect(
      summary.recentActivity.map((event: { title: string; credits: number }) => [event.title, event.credits]),
    ).toEqual([
      ['Generated an image', -1],
      ['Monthly credits reset', 0],
      ['Generated a video', -3],
      ['Generated an image', -1],
      ['Bought 100 credits + 10 bonus', 110],
      ['Credits granted', 10],
    ]);
    expect((await browser(ctx.app, null).get('/api/usage/summary')).statusCode).toBe(401);
  });

  it("says what happened in a way any language can show, and why a payment was declined in the person's language", async () => {
    const as = () => browser(ctx.app, person);
    expect((await as().patch('/api/settings', { language: 'de' })).statusCode).toBe(200);
    const card = await as().post('/api/billing/payment-methods', {
      number: '4000 0000 0000 0002',
      expiry: '12/30',
      cvc: '123',
      name: 'Ada',
    });
    expect(card.statusCode, card.body).toBe(201);
    const declined = await as().post('/api/billing/purchases', {
      packId: 'pack-100',
      idempotencyKey: 'declined-1',
    });
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({
      code: 'PAYMENT_DECLINED',
      error: 'Deine Karte wurde abgelehnt.',
    });

    const summary = (await as().get('/api/usage/summary')).json().data;
    const event = summary.recentActivity.find((entry: { kind: string }) => entry.kind === 'purchase');
    expect(event).toMatchObject({
      event: 'paymentDeclined',
      detail: 'Deine Karte wurde abgelehnt.',
      credits: 0,
      purchase: { kind: 'pack', item: 'pack-100', credits: 100, bonusCredits: 10, amountCents: 1500 },
    });
    expect(summary.recentActivity.find((entry: { kind: string }) => entry.kind === 'credits')).toMatchObject({
      event: 'creditsGranted',
    });
    const purchases = (await as().get('/api/billing/purchases')).json().data;
    expect(purchases[0]).toMatchObject({
      status: 'declined',
      failureMessage: 'Deine Karte wurde abgelehnt.',
    });

    // The same purchase read by an English account's session says it in English.
    expect((await as().patch('/api/settings', { language: 'en' })).statusCode).toBe(200);
    const english = (await as().get('/api/billing/purchases')).json().data;
    expect(english[0].failureMessage).toBe('Your card was declined.');
  });
});
