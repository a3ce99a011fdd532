// The catalog areas of every language, each its own lazily loaded chunk: a page downloads the areas it
// shows (../page-areas.json), not the whole interface. The imports below are precompiled to ICU ASTs
// (web/scripts/precompiled-messages.ts). English's keys type every message id (./en.ts).
import type { TLocale } from '@kaleido/common/browser';

/** The interface's areas: web/src/i18n/messages/<locale>/<area>.json, and `api` (the server's messages). */
export const AREAS = [
  'api',
  'accounts',
  'admin',
  'apiDocs',
  'apiKeys',
  'app',
  'auth',
  'billing',
  'experimental',
  'generate',
  'home',
  'library',
  'lipsync',
  'pricing',
  'profile',
  'pwa',
  'realtime',
  'security',
  'settings',
  'sharing',
  'threeD',
  'tools',
  'train',
  'webhooks',
] as const;
export type Area = (typeof AREAS)[number];

/** One area's messages (ICU ASTs once precompiled; typed as the source strings). */
export type AreaMessages = Record<string, string>;

const files = import.meta.glob<AreaMessages>('../messages/*/*.json', { import: 'default' });

/** The server's messages (`api.*`, common/src/i18n/messages/<locale>.ts), one chunk per language. */
const api: Record<TLocale, () => Promise<AreaMessages>> = {
  en: () => import('@kaleido/common/i18n/messages/en').then((module) => module.en),
  es: () => import('@kaleido/common/i18n/messages/es').then((module) => module.es),
  fr: () => import('@kaleido/common/i18n/messages/fr').then((module) => module.fr),
  de: () => import('@kaleido/common/i18n/messages/de').then((module) => module.de),
  zh: () => import('@kaleido/common/i18n/messages/zh').then((module) => module.zh),
};

/** Downloads one area of one language. */
export function loadArea(locale: TLocale, area: Area): Promise<AreaMessages> {
  if (area === 'api') return api[locale]();
  const load = files[`../messages/${locale}/${area}.json`];
  if (!load) return Promise.reject(new Error(`no catalog file ${locale}/${area}.json`));
  return load();
}
