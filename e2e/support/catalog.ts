import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { en as shared } from '@kaleido/common/i18n/messages/en';
import { IntlMessageFormat } from 'intl-messageformat';

/** The English catalog the browser shows (web areas + the shared server messages), for journeys in English. */
const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/src/i18n/messages/en');
const catalog: Record<string, string> = Object.assign(
  { ...shared },
  ...readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .map((file) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Record<string, string>),
);

/** The English text of a message id, as the app renders it. */
export function english(id: string, values?: Record<string, string | number>): string {
  const message = catalog[id];
  if (message === undefined) throw new Error(`No English message ${id}`);
  return String(new IntlMessageFormat(message, 'en').format(values));
}
