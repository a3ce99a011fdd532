import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiCatalogs, type TLocale } from '@kaleido/common';
import { IntlMessageFormat } from 'intl-messageformat';

export type Catalog = Record<string, string>;

const webMessages = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/src/i18n/messages');

/** The catalog the browser shows in `locale`: the shared server messages and every web area, as source text. */
export function catalogOf(locale: TLocale): Catalog {
  const dir = path.join(webMessages, locale);
  return Object.assign(
    { ...apiCatalogs[locale] },
    ...readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .map((file) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Catalog),
  );
}

const catalog = catalogOf('en');

/** The English text of a message id, as the app renders it. */
export function english(id: string, values?: Record<string, string | number>): string {
  const message = catalog[id];
  if (message === undefined) throw new Error(`No English message ${id}`);
  return String(new IntlMessageFormat(message, 'en').format(values));
}
