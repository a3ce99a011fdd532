import { LOCALES } from '@kaleido/common';
import { catalogProblems } from '@kaleido/common/i18n/icu-placeholders';
import { describe, expect, it } from 'vitest';
import { pushCatalogs, pushText } from './push-messages.js';

describe('push notification texts', () => {
  it("every language has English's keys and placeholders", () => {
    for (const locale of LOCALES)
      expect(catalogProblems(pushCatalogs.en, pushCatalogs[locale], locale)).toEqual([]);
  });

  it('pluralises the balance and names the kind of result in each language', () => {
    expect(pushText('en', 'push.lowCredits.body', { balance: 1 })).toBe(
      '1 credit left. Top up or change plan to keep creating.',
    );
    expect(pushText('fr', 'push.ready', { kind: 'video' })).toBe('Votre vidéo est prête');
    expect(pushText('es', 'push.lowCredits.body', { balance: 1 })).toMatch(/^Te queda 1 crédito\./);
    expect(pushText('zh', 'push.failed', { kind: 'image' })).toBe('你的图片未能生成');
  });
});
