// The zh catalog: the shared server messages (api.*) and every area of the interface. Loaded lazily,
// one chunk per language (see ../load-messages.ts).
import { zh as api } from '@kaleido/common/i18n/messages/zh';
import accounts from '../messages/zh/accounts.json';
import apiDocs from '../messages/zh/apiDocs.json';
import apiKeys from '../messages/zh/apiKeys.json';
import app from '../messages/zh/app.json';
import auth from '../messages/zh/auth.json';
import billing from '../messages/zh/billing.json';
import experimental from '../messages/zh/experimental.json';
import generate from '../messages/zh/generate.json';
import home from '../messages/zh/home.json';
import library from '../messages/zh/library.json';
import pricing from '../messages/zh/pricing.json';
import profile from '../messages/zh/profile.json';
import pwa from '../messages/zh/pwa.json';
import settings from '../messages/zh/settings.json';
import sharing from '../messages/zh/sharing.json';
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
