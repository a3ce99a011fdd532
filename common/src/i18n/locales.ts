import { SETTINGS_OPTIONS } from '../constants.js';

/** The five languages of the interface, server messages and e-mails (DECISIONS.md "Languages"). */
export const LOCALES = SETTINGS_OPTIONS.languages;
export type TLocale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: TLocale = 'en';

/** BCP 47 tags for `Intl` and `<html lang>`: Chinese is Simplified. */
export const LOCALE_TAGS: Record<TLocale, string> = {
  en: 'en',
  es: 'es',
  fr: 'fr',
  de: 'de',
  zh: 'zh-Hans',
};

export function isLocale(value: unknown): value is TLocale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The supported language of one tag ('de-AT' → de, 'zh-Hant-TW' → zh), or undefined. */
export function localeOfTag(tag: string): TLocale | undefined {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLocale(primary) ? primary : undefined;
}

/**
 * The best supported language for an `Accept-Language` header (q-values honoured, '*' ignored) or a
 * list of tags in preference order (`navigator.languages`); English when nothing matches.
 */
export function negotiateLocale(accepted: string | readonly string[] | null | undefined): TLocale {
  if (!accepted) return DEFAULT_LOCALE;
  const ranked =
    typeof accepted === 'string'
      ? accepted
          .split(',')
          .map((part, index) => {
            const [tag = '', ...params] = part.trim().split(';');
            const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
            const weight = q ? Number(q.slice(2)) : 1;
            return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
          })
          .filter((entry) => entry.tag && entry.tag !== '*' && entry.weight > 0)
          .sort((a, b) => b.weight - a.weight || a.index - b.index)
          .map((entry) => entry.tag)
      : accepted;
  for (const tag of ranked) {
    const locale = localeOfTag(tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}
