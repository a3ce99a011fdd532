import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALES } from '@kaleido/common/browser';
import { catalogProblems } from '@kaleido/common/i18n/icu-placeholders';
import { describe, expect, it } from 'vitest';
import { loadMessages } from './load-messages';

/**
 * The catalogs of the five languages (DECISIONS.md "Languages"): every area file of every language has
 * exactly English's keys, and each message parses as ICU and uses the same placeholders as English.
 */
const MESSAGES_DIR = join(import.meta.dirname, 'messages');
const AREAS = readdirSync(join(MESSAGES_DIR, 'en')).filter((name) => name.endsWith('.json'));

function area(locale: string, file: string): Record<string, string> {
  return JSON.parse(readFileSync(join(MESSAGES_DIR, locale, file), 'utf8')) as Record<string, string>;
}

describe('web catalogs', () => {
  it('has the same area files in every language', () => {
    for (const locale of LOCALES) {
      expect(readdirSync(join(MESSAGES_DIR, locale)).sort(), locale).toEqual([...AREAS].sort());
    }
  });

  for (const file of AREAS) {
    it(`${file}: every language has English's keys and placeholders, and real text`, () => {
      const english = area('en', file);
      const prefix = `${file.replace(/\.json$/, '')}.`;
      for (const key of Object.keys(english)) expect(key.startsWith(prefix), `${key} in ${file}`).toBe(true);
      for (const locale of LOCALES) expect(catalogProblems(english, area(locale, file), locale)).toEqual([]);
    });
  }

  it('keeps the areas apart and loads each language as a whole catalog', async () => {
    const seen = new Map<string, string>();
    for (const file of AREAS) {
      for (const key of Object.keys(area('en', file))) {
        expect(seen.get(key), `${key} is in ${seen.get(key)} and ${file}`).toBeUndefined();
        seen.set(key, file);
      }
    }
    const english = await loadMessages('en');
    for (const locale of LOCALES) {
      expect(Object.keys(await loadMessages(locale)).sort(), locale).toEqual(Object.keys(english).sort());
    }
  });
});
