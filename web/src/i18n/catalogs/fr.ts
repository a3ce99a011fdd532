// The fr catalog: the shared server messages (api.*) and every area of the interface. Loaded lazily,
// one chunk per language (see ../load-messages.ts).
import { fr as api } from '@kaleido/common/i18n/messages/fr';
import accounts from '../messages/fr/accounts.json';
import apiDocs from '../messages/fr/apiDocs.json';
import apiKeys from '../messages/fr/apiKeys.json';
import app from '../messages/fr/app.json';
import auth from '../messages/fr/auth.json';
import billing from '../messages/fr/billing.json';
import experimental from '../messages/fr/experimental.json';
import generate from '../messages/fr/generate.json';
import home from '../messages/fr/home.json';
import library from '../messages/fr/library.json';
import pricing from '../messages/fr/pricing.json';
import profile from '../messages/fr/profile.json';
import pwa from '../messages/fr/pwa.json';
import settings from '../messages/fr/settings.json';
import sharing from '../messages/fr/sharing.json';
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
