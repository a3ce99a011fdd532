import { z } from 'zod';
import { GENERATION_TYPES } from './constants.js';
import { ZGalleryItem } from './gallery.js';
import type { TApiMessageId } from './i18n/messages/en.js';
import {
  ANALYTICS_DEVICES,
  ANALYTICS_EVENT_NAMES,
  ANALYTICS_FEATURES,
  ANALYTICS_LIMITS,
  HANDLE_PATTERN,
  RESERVED_HANDLES,
  SHARING_MESSAGES,
} from './sharing-constants.js';

/** A public handle as typed: trimmed and lower-cased, then checked (format, then reserved words). */
export const ZHandle = z
  .string()
  .trim()
  .toLowerCase()
  .regex(HANDLE_PATTERN, SHARING_MESSAGES.handleFormat)
  .refine((handle) => !RESERVED_HANDLES.has(handle), SHARING_MESSAGES.handleReserved);

/** `PATCH /api/assets/:id`: share a library asset (or stop sharing it). */
export const ZAssetPatch = z.object({ shared: z.boolean() }).strict();
export type TAssetPatch = z.infer<typeof ZAssetPatch>;

/** `GET /api/profiles/:handle`: a person's public profile and one page of their shared creations. */
export const ZPublicProfile = z
  .object({
    handle: z.string(),
    displayName: z.string(),
    memberSince: z.string(),
    /** The viewer is the owner (who always sees their own shared creations). */
    isOwner: z.boolean(),
    /** Only told to the owner, so the page can say who else sees it. */
    visibility: z.enum(['public', 'friends', 'private']).nullable(),
    items: z.array(ZGalleryItem),
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'PublicProfile' });
export type TPublicProfile = z.infer<typeof ZPublicProfile>;

export const ZProfileQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(60).default(24),
});

const ZAnalyticsProperties = z
  .object({
    feature: z.enum(ANALYTICS_FEATURES).optional(),
    type: z.enum(GENERATION_TYPES).optional(),
  })
  .strict()
  .refine((value) => JSON.stringify(value).length <= ANALYTICS_LIMITS.propertiesMaxBytes, {
    message: 'api.analytics.propertiesTooLarge' satisfies TApiMessageId,
  });

/** One first-party analytics event as the browser sends it (no IP, no user agent string). */
export const ZAnalyticsEvent = z
  .object({
    name: z.enum(ANALYTICS_EVENT_NAMES),
    /** The page's path, without its query string. */
    path: z
      .string()
      .max(ANALYTICS_LIMITS.pathMax)
      .regex(/^\/[^?#\s]*$/, 'api.analytics.pathInvalid' satisfies TApiMessageId),
    properties: ZAnalyticsProperties.default({}),
    device: z.enum(ANALYTICS_DEVICES).optional(),
    /** When it happened in the browser; the server keeps its own time when this is missing or off. */
    at: z.iso.datetime().optional(),
  })
  .strict();
export type TAnalyticsEvent = z.input<typeof ZAnalyticsEvent>;

/** `POST /api/analytics/events`. */
export const ZAnalyticsBatch = z
  .object({ events: z.array(ZAnalyticsEvent).min(1).max(ANALYTICS_LIMITS.batchMax) })
  .strict();
export type TAnalyticsBatch = z.input<typeof ZAnalyticsBatch>;

/** `POST /api/analytics/events`' answer: how many events were kept (0 when analytics are off). */
export const ZAnalyticsRecorded = z.object({ recorded: z.number().int() }).meta({ id: 'AnalyticsRecorded' });
