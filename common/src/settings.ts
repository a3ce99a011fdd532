import { z } from 'zod';
import { IMAGE_OPTIONS, LIMITS, SETTINGS_OPTIONS } from './constants.js';
import { SETTINGS_MESSAGES } from './settings-constants.js';
import { ZHandle } from './sharing.js';
import { isSupportedTimeZone } from './time-zones.js';

const webhookUrl = z
  .string()
  .trim()
  .max(2048, SETTINGS_MESSAGES.webhookUrl)
  .pipe(z.union([z.literal(''), z.url({ protocol: /^https?$/, error: SETTINGS_MESSAGES.webhookUrl })]));

/** Every stored setting with its type; `displayName` lives on the profile and is presented alongside. */
export const ZSettingsFields = z.object({
  emailNotifications: z.boolean(),
  marketingEmails: z.boolean(),
  generationAlerts: z.boolean(),
  creditAlerts: z.boolean(),
  soundEnabled: z.boolean(),
  desktopNotifications: z.boolean(),
  defaultImageStyle: z.enum(IMAGE_OPTIONS.styles),
  defaultVideoLength: z
    .number()
    .int(SETTINGS_MESSAGES.videoLengthRange)
    .min(LIMITS.defaultVideoLengthMin, SETTINGS_MESSAGES.videoLengthRange)
    .max(LIMITS.defaultVideoLengthMax, SETTINGS_MESSAGES.videoLengthRange),
  autoSaveEnabled: z.boolean(),
  defaultQuality: z.enum(IMAGE_OPTIONS.qualities),
  watermarkEnabled: z.boolean(),
  profileVisibility: z.enum(SETTINGS_OPTIONS.profileVisibilities),
  dataCollection: z.boolean(),
  analyticsEnabled: z.boolean(),
  shareUsageData: z.boolean(),
  twoFactorEnabled: z.boolean(),
  theme: z.enum(SETTINGS_OPTIONS.themes),
  language: z.enum(SETTINGS_OPTIONS.languages),
  timezone: z
    .string()
    .max(64)
    .refine((value) => isSupportedTimeZone(value), SETTINGS_MESSAGES.timezone),
  compactMode: z.boolean(),
  animationsEnabled: z.boolean(),
  integrationsEnabled: z.boolean(),
  debugMode: z.boolean(),
  experimentalFeatures: z.boolean(),
  cacheEnabled: z.boolean(),
  preloadAssets: z.boolean(),
  webhookUrl,
});
export type TSettingsFields = z.infer<typeof ZSettingsFields>;

/** `GET /api/settings` and the answer of `PATCH /api/settings`. */
export const ZSettings = ZSettingsFields.extend({
  userId: z.string(),
  displayName: z.string(),
  /** The public handle: the profile page is /u/<handle>. */
  handle: z.string(),
  /** When the person consented to marketing e-mails (set when marketingEmails turns on); read-only. */
  marketingConsentAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
}).meta({ id: 'Settings' });
export type TSettings = z.infer<typeof ZSettings>;

/** `PATCH /api/settings`: any subset of the fields (unknown fields are rejected). */
export const ZSettingsPatch = ZSettingsFields.extend({
  displayName: z.string().trim().min(1, SETTINGS_MESSAGES.displayNameRequired).max(100),
  handle: ZHandle,
})
  .partial()
  .strict()
  // Two-factor sign-in is turned on and off with its own calls (a code, the password): never here.
  .refine((patch) => patch.twoFactorEnabled === undefined, {
    message: SETTINGS_MESSAGES.twoFactorManaged,
    path: ['twoFactorEnabled'],
  });
export type TSettingsPatch = z.input<typeof ZSettingsPatch>;
