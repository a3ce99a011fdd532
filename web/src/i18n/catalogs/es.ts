// The es catalog: the shared server messages (api.*) and every area of the interface. Loaded lazily,
// one chunk per language (see ../load-messages.ts). Its keys are English's (catalogs.test.ts).
import { es as api } from '@kaleido/common/i18n/messages/es';
import type { Messages } from './en';

const areas = import.meta.glob<Record<string, string>>('../messages/es/*.json', {
  eager: true,
  import: 'default',
});

const messages = Object.assign({ ...api }, ...Object.values(areas)) as Messages;

export default messages;
