import type { MessageId } from './catalogs/en';

// react-intl checks message ids against the English catalog's keys.
declare global {
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId;
    }
  }
}
