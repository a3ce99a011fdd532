import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from './catalogs/en';

/** Values for a message's ICU placeholders. */
export type MessageValues = Record<string, string | number | boolean | Date | null | undefined>;

/** Formats a message of the current language: `t('library.empty.title')`, `t('library.count', { count })`. */
export type Translate = (id: MessageId, values?: MessageValues) => string;

/** The translate function of the current language (components re-render when the language changes). */
export function useT(): Translate {
  const intl = useIntl();
  return useCallback((id: MessageId, values?: MessageValues) => intl.formatMessage({ id }, values), [intl]);
}
