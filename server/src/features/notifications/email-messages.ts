import { createTranslator, type TCatalogs } from '../../platform/i18n/translator.js';
import { emailDe } from './messages/de.js';
import { emailEn, type TEmailMessageId } from './messages/en.js';
import { emailEs } from './messages/es.js';
import { emailFr } from './messages/fr.js';
import { emailZh } from './messages/zh.js';

export type { TEmailMessageId } from './messages/en.js';

/** The e-mails' words in the five languages (English is the reference; a unit test checks parity). */
export const emailCatalogs: TCatalogs<TEmailMessageId> = {
  en: emailEn,
  es: emailEs,
  fr: emailFr,
  de: emailDe,
  zh: emailZh,
};

/** `emailT(locale, id, values)`: one e-mail message in that language, placeholders filled. */
export const emailT = createTranslator(emailCatalogs);
