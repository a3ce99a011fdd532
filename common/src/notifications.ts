import { z } from 'zod';
import type { TApiMessageId } from './i18n/messages/en.js';
import { SETTINGS_MESSAGES } from './settings-constants.js';
import { isSupportedTimeZone } from './time-zones.js';

/** `?token=…` of `GET|POST /api/email/unsubscribe` (the signed one-click link of an e-mail). */
export const ZUnsubscribeQuery = z.object({
  token: z
    .string({ error: 'api.email.unsubscribeTokenMissing' satisfies TApiMessageId })
    .min(1)
    .max(512),
});

/** The answer of `POST /api/email/unsubscribe`: which setting is now off. */
export const ZUnsubscribeResult = z
  .object({ setting: z.enum(['emailNotifications', 'marketingEmails']), message: z.string() })
  .meta({ id: 'UnsubscribeResult' });
export type TUnsubscribeResult = z.infer<typeof ZUnsubscribeResult>;

/**
 * `PUT /api/settings/detected-time-zone`: the browser's own zone, reported by the web app once per
 * session, so e-mails and invoices of a person whose timezone setting is 'auto' use it.
 */
export const ZDetectedTimeZoneRequest = z
  .object({
    timeZone: z
      .string()
      .max(64)
      .refine((zone) => isSupportedTimeZone(zone, { allowAuto: false }), SETTINGS_MESSAGES.timezone),
  })
  .strict();
export type TDetectedTimeZoneRequest = z.infer<typeof ZDetectedTimeZoneRequest>;

/** The answer of `PUT /api/settings/detected-time-zone`: the zone now kept. */
export const ZDetectedTimeZone = z.object({ timeZone: z.string() }).meta({ id: 'DetectedTimeZone' });
