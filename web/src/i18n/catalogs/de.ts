// The de catalog: the shared server messages (api.*) and every area of the interface. Loaded lazily,
// one chunk per language (see ../load-messages.ts).
import { de as api } from '@kaleido/common/i18n/messages/de';
import accounts from '../messages/de/accounts.json';
import apiDocs from '../messages/de/apiDocs.json';
import apiKeys from '../messages/de/apiKeys.json';
import app from '../messages/de/app.json';
import auth from '../messages/de/auth.json';
import billing from '../messages/de/billing.json';
import experimental from '../messages/de/experimental.json';
import generate from '../messages/de/generate.json';
import home from '../messages/de/home.json';
import library from '../messages/de/library.json';
import pricing from '../messages/de/pricing.json';
import profile from '../messages/de/profile.json';
import pwa from '../messages/de/pwa.json';
import settings from '../messages/de/settings.json';
import sharing from '../messages/de/sharing.json';
import type { Messages } from './en';

const messages: Messages = {
  ...api,
  ...app,
  ...pwa,
  ...home,
  ...auth,
  ...accounts,
  ...profile,
  ...generate,
  ...experimental,
  ...library,
  ...sharing,
  ...settings,
  ...pricing,
  ...apiDocs,
  ...apiKeys,
  ...billing,
};

export default messages;
