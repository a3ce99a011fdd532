import { describe, expect, it } from 'vitest';
import { isAppRoute } from './routes.js';
import { ZAnalyticsBatch, ZHandle } from './sharing.js';
import { handleFromName, profilePath } from './sharing-constants.js';

describe('handles', () => {
  it('derives a valid handle from any display name', () => {
    expect(handleFromName('Zoë O’Brien')).toBe('zoe-obrien');
    expect(handleFromName('  Ada   Lovelace ')).toBe('ada-lovelace');
    expect(handleFromName('李')).toBe('creator');
    expect(handleFromName('Al')).toBe('al-creator');
    expect(handleFromName('Settings')).toBe('settings-creator');
    const long = handleFromName('a'.repeat(80));
    expect(long.length).toBeLessThanOrEqual(25);
    for (const name of ['Zoë O’Brien', '李', 'Al', 'x'.repeat(80), '--__--', 'API'])
      expect(ZHandle.safeParse(handleFromName(name)).success, name).toBe(true);
  });

  it('validates typed handles: lower-cased, 3-30 characters, no reserved words', () => {
    expect(ZHandle.parse(' Grace_Hopper-1 ')).toBe('grace_hopper-1');
    for (const bad of ['ab', '_ab', 'a b', 'a'.repeat(31), 'admin', 'API', 'été'])
      expect(ZHandle.safeParse(bad).success, bad).toBe(false);
  });

  it('routes /u/<handle> to the app (so deep links answer 200) and nothing else under /u', () => {
    expect(isAppRoute(profilePath('grace'))).toBe(true);
    expect(isAppRoute('/u/grace/')).toBe(true);
    expect(isAppRoute('/u/')).toBe(false);
    expect(isAppRoute('/u/ab')).toBe(false);
    expect(isAppRoute('/u/grace/photos')).toBe(false);
    expect(isAppRoute('/u/:handle')).toBe(false);
  });
});

describe('analytics batches', () => {
  it('takes at most 50 whitelisted events without query strings', () => {
    const event = { name: 'page_view', path: '/library' };
    expect(ZAnalyticsBatch.safeParse({ events: Array(50).fill(event) }).success).toBe(true);
    expect(ZAnalyticsBatch.safeParse({ events: Array(51).fill(event) }).success).toBe(false);
    expect(ZAnalyticsBatch.safeParse({ events: [{ ...event, path: '/library?q=x' }] }).success).toBe(false);
    expect(
      ZAnalyticsBatch.safeParse({ events: [{ ...event, properties: { feature: 'share', extra: 1 } }] })
        .success,
    ).toBe(false);
  });
});
