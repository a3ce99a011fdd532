import { describe, expect, it } from 'vitest';
import { localeOfTag, negotiateLocale } from './locales.js';

describe('negotiateLocale', () => {
  it('picks the first supported language by q-value, then by order', () => {
    expect(negotiateLocale('de-DE,de;q=0.9,en;q=0.8')).toBe('de');
    expect(negotiateLocale('ja,fr;q=0.5,es;q=0.7')).toBe('es');
    expect(negotiateLocale('en;q=0.1, zh-CN')).toBe('zh');
    expect(negotiateLocale(['pt-BR', 'fr-CA', 'en'])).toBe('fr');
  });

  it('falls back to English for nothing, junk, a wildcard or refused languages', () => {
    expect(negotiateLocale(undefined)).toBe('en');
    expect(negotiateLocale('')).toBe('en');
    expect(negotiateLocale('*')).toBe('en');
    expect(negotiateLocale('de;q=0, ja')).toBe('en');
    expect(negotiateLocale(';;,,q=x')).toBe('en');
  });

  it('maps every Chinese variant to Simplified Chinese', () => {
    expect(localeOfTag('zh-Hant-TW')).toBe('zh');
    expect(localeOfTag('ZH_cn')).toBe('zh');
    expect(localeOfTag('xx')).toBeUndefined();
  });
});
