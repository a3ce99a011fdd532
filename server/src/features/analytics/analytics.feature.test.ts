import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { browser, SAME_ORIGIN, signUp } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { fixedClock } from '../../platform/clock.js';
import { createAnalyticsRepository } from './analytics.repository.js';

describe('first-party analytics', () => {
  let ctx: TestContext;
  const clock = fixedClock(new Date('2026-11-02T08:00:00.000Z'));
  const batch = {
    events: [
      { name: 'page_view', path: '/library', device: 'mobile' },
      {
        name: 'feature_used',
        path: '/generate/image',
        properties: { feature: 'generate_image', type: 'image' },
      },
    ],
  };

  beforeEach(async () => {
    clock.set(new Date('2026-11-02T08:00:00.000Z'));
    ctx = await createTestContext({ clock });
  });
  afterEach(async () => {
    await ctx.close();
  });

  const rows = () => ctx.database.kysely.selectFrom('analytics_events').selectAll().orderBy('name').execute();

  it('records a signed-in batch in one go, with no IP address and no user agent', async () => {
    const person = await signUp(ctx.app);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/analytics/events',
      headers: { ...SAME_ORIGIN, cookie: person.cookie, 'user-agent': 'Mozilla/5.0 (X11; Linux) Chrome/130' },
      remoteAddress: '203.0.113.9',
      payload: batch,
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ success: true, data: { recorded: 2 } });
    const stored = await rows();
    expect(stored).toEqual([
      {
        id: expect.any(String),
        user_id: person.user.id,
        name: 'feature_used',
        path: '/generate/image',
        properties: JSON.stringify({ feature: 'generate_image', type: 'image' }),
        device: null,
        created_at: '2026-11-02T08:00:00.000Z',
      },
      {
        id: expect.any(String),
        user_id: person.user.id,
        name: 'page_view',
        path: '/library',
        properties: '{}',
        device: 'mobile',
        created_at: '2026-11-02T08:00:00.000Z',
      },
    ]);
    expect(JSON.stringify(stored)).not.toMatch(/203\.0\.113|Mozilla|Chrome/);
  });

  it('records nothing with analytics off, with Sec-GPC: 1, or for anonymous visitors', async () => {
    const person = await signUp(ctx.app);
    const gpc = await ctx.app.inject({
      method: 'POST',
      url: '/api/analytics/events',
      headers: { ...SAME_ORIGIN, cookie: person.cookie, 'sec-gpc': '1' },
      payload: batch,
    });
    expect(gpc.statusCode).toBe(202);
    expect(gpc.json().data).toEqual({ recorded: 0 });

    const anonymous = await browser(ctx.app, null).post('/api/analytics/events', batch);
    expect(anonymous.statusCode).toBe(202);
    expect(anonymous.json().data).toEqual({ recorded: 0 });

    await browser(ctx.app, person).patch('/api/settings', { analyticsEnabled: false });
    const off = await browser(ctx.app, person).post('/api/analytics/events', batch);
    expect(off.json().data).toEqual({ recorded: 0 });
    expect(await rows()).toEqual([]);

    // On again: recorded (the same request without GPC).
    await browser(ctx.app, person).patch('/api/settings', { analyticsEnabled: true });
    expect((await browser(ctx.app, person).post('/api/analytics/events', batch)).json().data).toEqual({
      recorded: 2,
    });
  });

  it('refuses malformed batches: too many events, unknown properties, query strings, cross-site writes', async () => {
    const person = await signUp(ctx.app);
    const caller = browser(ctx.app, person);
    const pageView = { name: 'page_view', path: '/' };
    const cases: [unknown, string][] = [
      [
        { events: Array.from({ length: 51 }, () => pageView) },
        'events: Too big: expected array to have <=50 items',
      ],
      [{ events: [] }, 'events: Too small: expected array to have >=1 items'],
      [
        { events: [{ ...pageView, properties: { prompt: 'my secret' } }] },
        'events.0.properties: Unrecognized key: "prompt"',
      ],
      [
        { events: [{ ...pageView, path: '/library?q=secret' }] },
        'events.0.path: The path must start with / and carry no query string.',
      ],
      [
        { events: [{ ...pageView, name: 'purchase' }] },
        'events.0.name: Invalid option: expected one of "page_view"|"feature_used"',
      ],
      [{ events: [{ ...pageView, ip: '1.2.3.4' }] }, 'events.0: Unrecognized key: "ip"'],
    ];
    for (const [body, error] of cases) {
      const response = await caller.post('/api/analytics/events', body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.json().error).toBe(error);
    }
    const crossSite = await ctx.app.inject({
      method: 'POST',
      url: '/api/analytics/events',
      headers: { cookie: person.cookie, 'sec-fetch-site': 'cross-site' },
      payload: { events: [pageView] },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(await rows()).toEqual([]);
  });

  it('keeps the browser time of an event when it is recent, and counts events by UTC day', async () => {
    const person = await signUp(ctx.app, { remember: true });
    const caller = browser(ctx.app, person);
    await caller.post('/api/analytics/events', {
      events: [
        { name: 'page_view', path: '/', at: '2026-11-02T07:59:50.000Z' },
        // From the future or too old: the server's time instead.
        { name: 'page_view', path: '/', at: '2026-11-03T00:00:00.000Z' },
        { name: 'page_view', path: '/', at: '2026-10-01T00:00:00.000Z' },
      ],
    });
    const times = (await rows()).map((row) => row.created_at).sort();
    expect(times).toEqual([
      '2026-11-02T07:59:50.000Z',
      '2026-11-02T08:00:00.000Z',
      '2026-11-02T08:00:00.000Z',
    ]);

    clock.set(new Date('2026-11-03T23:59:00.000Z'));
    await caller.post('/api/analytics/events', {
      events: [
        { name: 'page_view', path: '/gallery' },
        { name: 'feature_used', path: '/library', properties: { feature: 'library_search' } },
      ],
    });
    clock.set(new Date('2026-11-05T00:00:00.000Z'));
    await caller.post('/api/analytics/events', { events: [{ name: 'page_view', path: '/' }] });

    const analytics = createAnalyticsRepository(ctx.database.kysely, ctx.database.dialect);
    expect(
      await analytics.countByDay({ from: '2026-11-02T00:00:00.000Z', to: '2026-11-05T00:00:00.000Z' }),
    ).toEqual([
      { day: '2026-11-02', name: 'page_view', count: 3 },
      { day: '2026-11-03', name: 'feature_used', count: 1 },
      { day: '2026-11-03', name: 'page_view', count: 1 },
    ]);
  });
});
