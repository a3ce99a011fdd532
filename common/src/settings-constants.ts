import type { TApiMessageId } from './i18n/messages/en.js';

/** User settings (spec section 3), created lazily with these defaults on first read. */
export const SETTINGS_DEFAULTS = {
  emailNotifications: true,
  marketingEmails: false,
  generationAlerts: true,
  creditAlerts: true,
  soundEnabled: true,
  desktopNotifications: true,
  defaultImageStyle: 'realistic',
  defaultVideoLength: 30,
  autoSaveEnabled: true,
  defaultQuality: 'high',
  watermarkEnabled: false,
  profileVisibility: 'private',
  dataCollection: true,
  analyticsEnabled: true,
  shareUsageData: false,
  twoFactorEnabled: false,
  theme: 'system',
  language: 'en',
  timezone: 'auto',
  compactMode: false,
  animationsEnabled: true,
  integrationsEnabled: false,
  debugMode: false,
  experimentalFeatures: false,
  cacheEnabled: true,
  preloadAssets: true,
  webhookUrl: '',
} as const;

/** Message ids of the settings texts (values: API_MESSAGE_DEFAULTS). */
export const SETTINGS_MESSAGES = {
  videoLengthRange: 'api.settings.videoLengthRange',
  webhookUrl: 'api.settings.webhookUrl',
  twoFactorUnavailable: 'api.settings.twoFactorUnavailable',
  /** `twoFactorEnabled` follows the account's second factors; it is not set through the settings. */
  twoFactorManaged: 'api.settings.twoFactorManaged',
  timezone: 'api.settings.timezone',
  displayNameRequired: 'api.settings.displayNameRequired',
} as const satisfies Record<string, TApiMessageId>;
