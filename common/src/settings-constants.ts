import { LIMITS } from './constants.js';

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

export const SETTINGS_MESSAGES = {
  videoLengthRange: `Default video length must be between ${LIMITS.defaultVideoLengthMin} and ${LIMITS.defaultVideoLengthMax} seconds.`,
  webhookUrl: 'Webhook URL must start with http:// or https://',
  twoFactorUnavailable: 'Two-factor sign-in is not available yet.',
  timezone: 'Unknown time zone.',
  displayNameRequired: 'Please enter a display name.',
} as const;
