import { LOCALES } from '@kaleido/common';
import { placeholdersOf } from '@kaleido/common/i18n/icu-placeholders';
import { describe, expect, it } from 'vitest';
import { emailCatalogs, emailT } from './email-messages.js';
import { emailEn } from './messages/en.js';

const englishIds = Object.keys(emailEn).sort();

describe('e-mail catalogs', () => {
  for (const locale of LOCALES) {
    const catalog: Record<string, string> = emailCatalogs[locale];

    it(`${locale}: has exactly the English ids`, () => {
      expect(Object.keys(catalog).sort()).toEqual(englishIds);
    });

    it(`${locale}: every message parses and has the English placeholders`, () => {
      for (const id of englishIds) {
        const message = catalog[id] ?? '';
        expect(message.trim(), id).not.toBe('');
        expect(placeholdersOf(message), id).toEqual(placeholdersOf(emailEn[id as keyof typeof emailEn]));
      }
    });
  }

  it('leaves no English sentence in another language (brand and plan names aside)', () => {
    for (const locale of LOCALES.filter((l) => l !== 'en')) {
      const catalog: Record<string, string> = emailCatalogs[locale];
      for (const id of englishIds) {
        const english = emailEn[id as keyof typeof emailEn];
        // Short labels may legitimately be the same word (Prompt, Date, Credits, IP…); sentences may not.
        if (english.split(' ').length >= 4) expect(catalog[id], `${locale} ${id}`).not.toBe(english);
      }
    }
  });

  it('formats plurals, selects and numbers in the language', () => {
    expect(emailT('en', 'email.creditsLow.preheader', { count: 1 })).toBe('1 credit left.');
    expect(emailT('en', 'email.creditsLow.preheader', { count: 9 })).toBe('9 credits left.');
    expect(emailT('fr', 'email.creditsLow.preheader', { count: 0 })).toBe('Il vous reste 0 crédit.');
    expect(emailT('de', 'email.jobFailed.title', { kind: 'video' })).toBe(
      'Dein Video konnte nicht erstellt werden',
    );
    expect(emailT('de', 'email.receipt.item.pack', { credits: 1000 })).toBe('1.000 Credits');
    expect(emailT('zh', 'email.creditsLow.body', { count: 3 })).toBe(
      '你还剩 3 积分。购买积分包或更换套餐，即可继续创作。',
    );
  });
});
