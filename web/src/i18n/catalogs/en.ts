// The whole English catalog: the shared server messages (api.*) and every area of the interface. Its
// keys type every message id; the browser loads the areas a page shows instead (./areas.ts).
import { en as api } from '@kaleido/common/i18n/messages/en';
import accounts from '../messages/en/accounts.json';
import admin from '../messages/en/admin.json';
import apiDocs from '../messages/en/apiDocs.json';
import apiKeys from '../messages/en/apiKeys.json';
import app from '../messages/en/app.json';
import auth from '../messages/en/auth.json';
import billing from '../messages/en/billing.json';
import experimental from '../messages/en/experimental.json';
import generate from '../messages/en/generate.json';
import home from '../messages/en/home.json';
import library from '../messages/en/library.json';
import lipsync from '../messages/en/lipsync.json';
import pricing from '../messages/en/pricing.json';
import profile from '../messages/en/profile.json';
import pwa from '../messages/en/pwa.json';
import realtime from '../messages/en/realtime.json';
import security from '../messages/en/security.json';
import settings from '../messages/en/settings.json';
import sharing from '../messages/en/sharing.json';
import threeD from '../messages/en/threeD.json';
import tools from '../messages/en/tools.json';
import train from '../messages/en/train.json';
import webhooks from '../messages/en/webhooks.json';

const messages = {
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
  ...tools,
  ...realtime,
  ...train,
  ...threeD,
  ...lipsync,
  ...settings,
  ...security,
  ...pricing,
  ...apiDocs,
  ...apiKeys,
  ...webhooks,
  ...billing,
  ...admin,
};

/** Every message id of the app: the keys of the English catalog. */
export type MessageId = keyof typeof messages;
export type Messages = Record<MessageId, string>;

export default messages;
