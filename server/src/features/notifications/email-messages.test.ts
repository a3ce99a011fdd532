import { LOCALES } from '@kaleido/common';
import { catalogProblems } from '@kaleido/common/i18n/icu-placeholders';
import { describe, expect, it } from 'vitest';
import { emailCatalogs, emailT } from './email-messages.js';
import { emailEn } from './messages/en.js';

describe('e-mail catalogs', () => {
  for (const locale of LOCALES) {
    it(`${locale}: has exactly the English ids, each valid ICU with the English placeholders, no sentence left in English`, () => {
      expect(catalogProblems(emailEn, emailCatalogs[locale], locale)).toEqual([]);
    });
  }

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
