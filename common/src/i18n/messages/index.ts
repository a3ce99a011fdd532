import type { TLocale } from '../locales.js';
import { de } from './de.js';
import { en, type TApiMessageId } from './en.js';
import { es } from './es.js';
import { fr } from './fr.js';
import { zh } from './zh.js';

/**
 * The server messages of all five languages, for the server (the web loads one language at a time
 * from `@kaleido/common/i18n/messages/<locale>`).
 */
export const apiCatalogs: Record<TLocale, Record<TApiMessageId, string>> = { en, es, fr, de, zh };
