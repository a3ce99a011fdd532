import { DEFAULT_LOCALE, LOCALE_TAGS, type TLocale } from '@kaleido/common';
import { IntlMessageFormat, type PrimitiveType } from 'intl-messageformat';

/** Values for a message's ICU placeholders. */
export type TMessageValues = Record<string, PrimitiveType>;

/** One catalog per language, English complete; the others are checked for parity by a test. */
export type TCatalogs<Id extends string> = { en: Record<Id, string> } & Record<
  Exclude<TLocale, 'en'>,
  Record<Id, string>
>;

/** The message `id` in `locale` with its placeholders filled (ICU: plurals, selects, numbers). */
export type Translator<Id extends string> = (locale: TLocale, id: Id, values?: TMessageValues) => string;

/**
 * Formats ICU messages from per-language catalogs with `intl-messageformat`, parsing each message
 * once per language. A message missing in a language falls back to English (the parity test makes
 * that a failing test, not a silent gap).
 */
export function createTranslator<Id extends string>(catalogs: TCatalogs<Id>): Translator<Id> {
  const compiled = new Map<string, IntlMessageFormat>();
  return (locale: TLocale, id: Id, values?: TMessageValues): string => {
    const key = `${locale}\u0000${id}`;
    let format = compiled.get(key);
    if (!format) {
      const source = catalogs[locale]?.[id] ?? catalogs[DEFAULT_LOCALE][id];
      if (source === undefined) return id;
      format = new IntlMessageFormat(source, LOCALE_TAGS[locale], undefined, { ignoreTag: true });
      compiled.set(key, format);
    }
    return String(format.format(values));
  };
}
