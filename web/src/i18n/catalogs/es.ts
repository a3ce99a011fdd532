// The es catalog: the shared server messages (api.*) and every area of the interface. Loaded lazily,
// one chunk per language (see ../load-messages.ts).
import { es as api } from '@kaleido/common/i18n/messages/es';
import accounts from '../messages/es/accounts.json';
import apiDocs from '../messages/es/apiDocs.json';
import apiKeys from '../messages/es/apiKeys.json';
import app from '../messages/es/app.json';
import auth from '../messages/es/auth.json';
import billing from '../messages/es/billing.json';
import experimental from '../messages/es/experimental.json';
import generate from '../messages/es/generate.json';
import home from '../messages/es/home.json';
import library from '../messages/es/library.json';
import pricing from '../messages/es/pricing.json';
import profile from '../messages/es/profile.json';
import pwa from '../messages/es/pwa.json';
import settings from '../messages/es/settings.json';
import sharing from '../messages/es/sharing.json';
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
