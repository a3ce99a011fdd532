import {
  API_MESSAGE_DEFAULTS,
  apiCatalogs,
  DEFAULT_LOCALE,
  type TApiMessage,
  type TApiMessageId,
  type TLocale,
} from '@kaleido/common';
import { createTranslator } from './translator.js';

const translate = createTranslator<TApiMessageId>(apiCatalogs);

/**
 * A text the server says to a person: a message of the shared catalog, by id or with its values
 * (translated when it is answered), a function giving it per language, or a text from outside (a
 * payment processor's or a generation provider's own words) shown as it is.
 */
export type TLocalizedText = TApiMessageId | TApiMessage | string | ((locale: TLocale) => string);

/** Whether a string is the id of a catalog message (then it is translated, not shown as it is). */
export const isApiMessageId = (text: string): text is TApiMessageId => Object.hasOwn(apiCatalogs.en, text);

/** A catalog message in `locale`, its fixed limits (API_MESSAGE_DEFAULTS) filled in unless given. */
export function apiMessage(locale: TLocale, message: TApiMessage): string {
  return translate(locale, message.id, { ...API_MESSAGE_DEFAULTS[message.id], ...message.values });
}

/** A text in `locale`. A message whose values do not fit falls back to English, then to its id. */
export function renderText(text: TLocalizedText, locale: TLocale): string {
  if (typeof text === 'function') return text(locale);
  if (typeof text === 'string' && !isApiMessageId(text)) return text;
  const message = typeof text === 'string' ? { id: text } : text;
  try {
    return apiMessage(locale, message);
  } catch {
    try {
      return apiMessage(DEFAULT_LOCALE, message);
    } catch {
      return message.id;
    }
  }
}

/** The English rendering: what logs and `Error.message` carry. */
export const englishOf = (text: TLocalizedText): string => renderText(text, DEFAULT_LOCALE);
