// The de catalog: the shared server messages (api.*) and every area of the interface. Loaded lazily,
// one chunk per language (see ../load-messages.ts). Its keys are English's (catalogs.test.ts).
import { de as api } from '@kaleido/common/i18n/messages/de';
import type { Messages } from './en';

const areas = import.meta.glob<Record<string, string>>('../messages/de/*.json', {
  eager: true,
  import: 'default',
});

const messages = Object.assign({ ...api }, ...Object.values(areas)) as Messages;

export default messages;
