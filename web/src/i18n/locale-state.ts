import {
  DEFAULT_LOCALE,
  isLocale,
  LOCALE_TAGS,
  negotiateLocale,
  type TLocale,
} from '@kaleido/common/browser';
import type { IntlShape } from 'react-intl';
import type { MessageId } from './catalogs/en';
import type { MessageValues } from './use-t';

/** Where a signed-out visitor's choice of language is kept on this device. */
export const LOCALE_STORAGE_KEY = 'kaleido.language';

let current: TLocale = DEFAULT_LOCALE;
let intl: IntlShape | undefined;

/**
 * The language the interface shows now, for code outside React: the API client's Accept-Language and
 * lib/format.ts. Set by the I18nProvider before its children render.
 */
export function currentLocale(): TLocale {
  return current;
}

/** The BCP 47 tag of the current language, for `Intl` ('zh-Hans' for Chinese). */
export function currentLocaleTag(): string {
  return LOCALE_TAGS[current];
}

export function setCurrentLocale(locale: TLocale, formatter: IntlShape): void {
  current = locale;
  intl = formatter;
}

/**
 * A message in the current language, for code outside components (formatters, the API client).
 * Components use `useT()` instead, so they re-render when the language changes.
 */
export function translate(id: MessageId, values?: MessageValues): string {
  return intl ? intl.formatMessage({ id }, values) : id;
}

/** The language chosen on this device before, if any. */
function storedLocale(): TLocale | undefined {
  try {
    const value = window.localStorage.getItem(LOCALE_STORAGE_KEY);
    return isLocale(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export function storeLocale(locale: TLocale): void {
  try {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Private mode or storage full: the choice lasts for this page only.
  }
}

/** The language of a first render: this device's earlier choice, else the browser's languages. */
export function initialLocale(): TLocale {
  return (
    storedLocale() ?? negotiateLocale(typeof navigator === 'undefined' ? undefined : navigator.languages)
  );
}
