import { describe, expect, it } from 'vitest';
import { en, type TApiMessageId } from './i18n/messages/en.js';
import { ZSettingsPatch } from './settings.js';
import { isSupportedTimeZone } from './time-zones.js';

describe('time zone setting', () => {
  it('accepts auto, UTC and the zones of Intl.supportedValuesOf', () => {
    expect(isSupportedTimeZone('auto')).toBe(true);
    expect(isSupportedTimeZone('auto', { allowAuto: false })).toBe(false);
    expect(isSupportedTimeZone('UTC')).toBe(true);
    for (const zone of Intl.supportedValuesOf('timeZone')) expect(isSupportedTimeZone(zone), zone).toBe(true);
  });

  it('accepts a current IANA name that this runtime knows under an older alias', () => {
    expect(isSupportedTimeZone('Asia/Kolkata')).toBe(true);
    expect(isSupportedTimeZone('Europe/Kyiv')).toBe(true);
  });

  it('refuses unknown zones, legacy names and wrong case', () => {
    for (const zone of ['Mars/Olympus', 'EST5EDT', 'utc', 'europe/paris', 'Europe/Paris\n', '', 'GMT+1']) {
      expect(isSupportedTimeZone(zone), zone).toBe(false);
    }
    const refused = ZSettingsPatch.safeParse({ timezone: 'Mars/Olympus' });
    expect(refused.success).toBe(false);
    expect(en[refused.error?.issues[0]?.message as TApiMessageId]).toBe('Unknown time zone.');
    expect(ZSettingsPatch.safeParse({ timezone: 'Europe/Paris' }).success).toBe(true);
  });
});
