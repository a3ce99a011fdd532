import { SETTINGS_DEFAULTS } from '@kaleido/common';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { browser, signUp } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { fixedClock } from '../../platform/clock.js';

describe('settings', () => {
  let ctx: TestContext;
  const clock = fixedClock(new Date('2026-11-02T08:00:00.000Z'));
  beforeEach(async () => {
    ctx = await createTestContext({ clock });
  });
  afterEach(async () => {
    await ctx.close();
  });

  it('creates every spec default lazily on first read', async () => {
    const person = await signUp(ctx.app, { name: 'Katherine' });
    expect(await ctx.database.kysely.selectFrom('user_settings').selectAll().execute()).toHaveLength(0);
    const response = await browser(ctx.app, person).get('/api/settings');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      ...SETTINGS_DEFAULTS,
      userId: person.user.id,
      displayName: 'Katherine',
      handle: 'katherine',
      marketingConsentAt: null,
      createdAt: '2026-11-02T08:00:00.000Z',
      updatedAt: '2026-11-02T08:00:00.000Z',
    });
    expect(response.json().data).toMatchObject({
      defaultVideoLength: 30,
      defaultQuality: 'high',
      profileVisibility: 'private',
      theme: 'system',
      language: 'en',
      twoFactorEnabled: false,
    });
  });

  it('applies partial updates, bumps updatedAt and keeps other fields', async () => {
    const person = await signUp(ctx.app);
    const caller = browser(ctx.app, person);
    await caller.get('/api/settings');
    clock.advance(60_000);
    const response = await caller.patch('/api/settings', {
      theme: 'dark',
      defaultVideoLength: 120,
      webhookUrl: 'https://hooks.example.com/kaleido',
      displayName: '  Dorothy V.  ',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      theme: 'dark',
      defaultVideoLength: 120,
      webhookUrl: 'https://hooks.example.com/kaleido',
      displayName: 'Dorothy V.',
      language: 'en',
      createdAt: '2026-11-02T08:00:00.000Z',
      updatedAt: '2026-11-02T08:01:00.000Z',
    });
    expect((await caller.get('/api/auth/me')).json().data.displayName).toBe('Dorothy V.');
    expect((await caller.get('/api/settings')).json().data.theme).toBe('dark');
  });

  it('rejects invalid values with clear messages and changes nothing', async () => {
    const person = await signUp(ctx.app);
    const caller = browser(ctx.app, person);
    const cases: [object, string][] = [
      [
        { defaultVideoLength: 4 },
        'defaultVideoLength: Default video length must be between 5 and 120 seconds.',
      ],
      [
        { defaultVideoLength: 121 },
        'defaultVideoLength: Default video length must be between 5 and 120 seconds.',
      ],
      [{ webhookUrl: 'javascript:alert(1)' }, 'webhookUrl: Webhook URL must start with http:// or https://'],
      [{ theme: 'neon' }, 'theme: Invalid option: expected one of "light"|"dark"|"system"'],
      [
        { twoFactorEnabled: true },
        'twoFactorEnabled: Turn two-factor sign-in on or off in Settings → Security.',
      ],
      [
        { twoFactorEnabled: false },
        'twoFactorEnabled: Turn two-factor sign-in on or off in Settings → Security.',
      ],
      [{ isAdmin: true }, 'Unrecognized key: "isAdmin"'],
      [{ timezone: 'Mars/Olympus' }, 'timezone: Unknown time zone.'],
    ];
    for (const [patch, error] of cases) {
      const response = await caller.patch('/api/settings', { emailNotifications: false, ...patch });
      expect(response.statusCode, JSON.stringify(patch)).toBe(400);
      expect(response.json().error).toBe(error);
    }
    expect((await caller.get('/api/settings')).json().data.emailNotifications).toBe(true);
  });

  it('keeps each person to their own settings and needs a session', async () => {
    const a = await signUp(ctx.app);
    const b = await signUp(ctx.app);
    await browser(ctx.app, a).patch('/api/settings', { compactMode: true });
    expect((await browser(ctx.app, b).get('/api/settings')).json().data.compactMode).toBe(false);
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/settings' });
    expect(anonymous.statusCode).toBe(401);
  });
});
