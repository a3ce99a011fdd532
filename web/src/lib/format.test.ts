import { createIntl } from 'react-intl';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatShortDateTime } from '../features/api-keys/key-data';
import { loadMessages } from '../i18n/load-messages';
import { setCurrentLocale } from '../i18n/locale-state';
import {
  formatCredits,
  formatDate,
  formatDateTime,
  formatRelative,
  formatTime,
  formatUsd,
  getDisplayTimeZone,
  humanize,
  initials,
  setDisplayTimeZone,
} from './format';

// English, as the I18nProvider sets it for the code outside components.
beforeAll(async () => {
  setCurrentLocale('en', createIntl({ locale: 'en', messages: await loadMessages('en') }));
});

describe('format', () => {
  it('pluralises credits', () => {
    expect(formatCredits(1)).toBe('1 credit');
    expect(formatCredits(3)).toBe('3 credits');
    expect(formatCredits(2500)).toBe('2,500 credits');
  });

  it('formats whole and fractional dollars', () => {
    expect(formatUsd(19)).toBe('$19');
    expect(formatUsd(0.15)).toBe('$0.15');
  });

  it('takes initials from names and e-mail addresses', () => {
    expect(initials('Ada Lovelace')).toBe('AL');
    expect(initials('grace.hopper@example.com')).toBe('GH');
    expect(initials('alan')).toBe('AL');
  });

  it('turns option values into labels', () => {
    expect(humanize('digital-art')).toBe('Digital art');
    expect(humanize('sci-fi')).toBe('Sci fi');
    expect(humanize('high')).toBe('High');
  });
});

describe('dates in the account time zone', () => {
  afterEach(() => setDisplayTimeZone('auto'));
  // 23:30 UTC on 4 March: already 5 March in Tokyo, still 4 March in Los Angeles (15:30).
  const instant = '2026-03-04T23:30:00.000Z';

  it('shows every date and time in the chosen zone', () => {
    setDisplayTimeZone('Asia/Tokyo');
    expect(formatDate(instant)).toBe('March 5, 2026');
    expect(formatDateTime(instant)).toBe('Mar 5, 2026, 8:30 AM');
    expect(formatTime(instant)).toBe('8:30 AM');
    expect(formatShortDateTime(instant)).toBe('3/5/26, 8:30 AM');
    expect(formatRelative(instant, Date.parse('2026-04-01T00:00:00Z'))).toBe('March 5, 2026');

    setDisplayTimeZone('America/Los_Angeles');
    expect(formatDate(instant)).toBe('March 4, 2026');
    expect(formatDateTime(instant)).toBe('Mar 4, 2026, 3:30 PM');
    expect(formatShortDateTime(instant)).toBe('3/4/26, 3:30 PM');
  });

  it("uses the browser's zone for 'auto' and for an unknown zone", () => {
    const browser = new Intl.DateTimeFormat().resolvedOptions().timeZone;
    setDisplayTimeZone('Asia/Tokyo');
    setDisplayTimeZone('auto');
    expect(getDisplayTimeZone()).toBe(browser);
    expect(formatDateTime(instant)).toBe(
      new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(instant)),
    );
    setDisplayTimeZone('Mars/Olympus_Mons');
    expect(getDisplayTimeZone()).toBe(browser);
  });
});
