import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { API_MESSAGE_DEFAULTS } from '../api-message-defaults.js';
import { catalogProblems, placeholdersOf } from '../icu-placeholders.js';
import { LOCALE_TAGS, LOCALES } from '../locales.js';
import { en } from './en.js';
import { apiCatalogs } from './index.js';

describe('the server message catalogs', () => {
  for (const locale of LOCALES) {
    it(`${locale}: has exactly English's keys, each valid ICU with English's placeholders`, () => {
      expect(catalogProblems(en, apiCatalogs[locale], locale)).toEqual([]);
    });
  }

  it('formats every message in every language with the values it needs', () => {
    const sample: Record<string, string | number> = {
      method: 'GET',
      path: '/api/x',
      allowed: 'GET, HEAD',
      provider: 'GitHub',
      field: 'city',
      type: 'video',
      price: 3,
      model: 'Sketch',
      kind: 'image',
      width: 4096,
      height: 4096,
      maxWidth: 2048,
      maxHeight: 2048,
      aspectRatio: '21:9',
      aspectRatios: '1:1, 16:9',
      duration: 12,
      frameRate: 60,
      scope: 'generate',
      expiresAt: '2026-01-01T00:00:00.000Z',
      cap: 50,
      spent: 3,
      maxMegabytes: 25,
      maxMegapixels: 50,
      maxSeconds: 120,
      limit: '1024 MB',
      max: 8192,
      providers: 'openai, comfyui',
      term: 'n[a4]ked(',
      balance: 40,
    };
    for (const locale of LOCALES) {
      for (const [id, message] of Object.entries(apiCatalogs[locale])) {
        const values = { ...sample, ...API_MESSAGE_DEFAULTS[id as keyof typeof en] };
        const text = String(new IntlMessageFormat(message, LOCALE_TAGS[locale]).format(values));
        expect(text, `${locale} ${id}`).not.toMatch(/[{}]/);
      }
    }
  });

  it('keeps the English texts the API answered before the catalog', () => {
    const format = (id: keyof typeof en, values?: Record<string, string | number>) =>
      String(new IntlMessageFormat(en[id], 'en').format({ ...API_MESSAGE_DEFAULTS[id], ...values }));
    expect(format('api.credits.insufficient', { type: 'image', price: 1 })).toBe(
      'Insufficient credits. Image generation requires 1 credit.',
    );
    expect(format('api.credits.insufficient', { type: 'video', price: 3 })).toBe(
      'Insufficient credits. Video generation requires 3 credits.',
    );
    expect(format('api.auth.passwordTooShort')).toBe('Password must be at least 8 characters.');
    expect(format('api.settings.videoLengthRange')).toBe(
      'Default video length must be between 5 and 120 seconds.',
    );
    expect(format('api.billing.addressFieldRequired', { field: 'zipCode' })).toBe('ZIP Code is required.');
    expect(format('api.billing.countryInvalid')).toBe('Choose one of US, CA, GB, AU, DE, FR, JP, IN.');
    expect(format('api.apiKeys.keyRequired')).toBe(
      'API key required. Send it as "Authorization: Bearer <key>".',
    );
    expect(format('api.generation.durationInvalid')).toBe('Duration must be one of 3, 5, 8.');
  });
});

describe('placeholdersOf', () => {
  it('names arguments, plural and select arguments, nested ones and tags, once each', () => {
    expect(
      placeholdersOf(
        '{name} has {count, plural, one {# file in {folder}} other {# files}} {kind, select, image {<b>x</b>} other {y}} {name}',
      ),
    ).toEqual(['<b>', 'count', 'folder', 'kind', 'name']);
    expect(placeholdersOf("It's '{literal}'")).toEqual([]);
  });

  it('throws on a message that is not ICU', () => {
    expect(() => placeholdersOf('{broken')).toThrow();
  });
});

describe('catalogProblems', () => {
  it('names each kind of problem of a translated catalog', () => {
    const english = { a: 'Hello {name}', b: 'Save your work now', c: 'OK', d: 'Gone' };
    const german = { a: 'Hallo {nom}', b: 'Save your work now', c: 'OK', e: 'Extra', d: ' ' };
    expect(catalogProblems(english, german, 'de')).toEqual([
      'de a: placeholders {nom}, English has {name}',
      'de b: still English',
      'de e: not in English',
      'de d: empty',
    ]);
    expect(catalogProblems(english, { a: '{broken', b: 'x', c: 'y' }, 'fr')).toEqual([
      'fr d: missing',
      expect.stringMatching(/^fr a: not valid ICU/),
    ]);
    expect(catalogProblems(english, english, 'en')).toEqual([]);
  });
});
