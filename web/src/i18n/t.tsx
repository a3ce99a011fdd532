import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { MessageId } from './catalogs/en';

type RichValue = ReactNode | ((chunks: ReactNode[]) => ReactNode);

/**
 * A message with React values or tags: `<T id="billing.terms" values={{ link: (chunks) => <a>{chunks}</a> }} />`
 * for the catalog text `Read the <link>terms</link>.`
 */
export function T({ id, values }: { id: MessageId; values?: Record<string, RichValue> }) {
  return <FormattedMessage id={id} values={values} />;
}
