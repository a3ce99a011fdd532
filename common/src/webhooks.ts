import { z } from 'zod';
import type { TApiMessageId } from './i18n/messages/en.js';

/**
 * Signed webhooks (Standard Webhooks): the events Kaleido sends, the account's signing secret and the
 * delivery log. The server signs every delivery with `webhook-id`, `webhook-timestamp` and
 * `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">`.
 */

/** The events a delivery can carry; `webhook.test` is only sent by `POST /api/webhooks/test`. */
export const WEBHOOK_EVENTS = [
  'generation.succeeded',
  'generation.failed',
  'generation.cancelled',
  'webhook.test',
] as const;
export type TWebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** The events a public API request may pick in `webhook_events_filter`. */
export const WEBHOOK_GENERATION_EVENTS = [
  'generation.succeeded',
  'generation.failed',
  'generation.cancelled',
] as const;
export type TWebhookGenerationEvent = (typeof WEBHOOK_GENERATION_EVENTS)[number];

export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;
export type TWebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

/** How long (ms) the previous secret keeps signing next to the new one after a rotation. */
export const WEBHOOK_ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;

/** `GET /api/webhooks/secret` and `POST /api/webhooks/secret/rotate`. */
export const ZWebhookSecret = z
  .object({
    /** `whsec_` then the base64 of 32 random bytes. */
    secret: z.string(),
    createdAt: z.string(),
    /** While the previous secret still signs (24 h after a rotation); null otherwise. */
    previousExpiresAt: z.string().nullable(),
    /** Set when the account URL was disabled after failing for days (or answering 410); saving the URL again clears it. */
    disabledAt: z.string().nullable(),
  })
  .meta({ id: 'WebhookSecret' });
export type TWebhookSecret = z.infer<typeof ZWebhookSecret>;

/** One event sent (or being sent) to one target, with its last attempt. */
export const ZWebhookDelivery = z
  .object({
    id: z.string(),
    /** The `webhook-id` header: the same on every attempt and redelivery of the event. */
    eventId: z.string(),
    event: z.enum(WEBHOOK_EVENTS),
    target: z.string(),
    state: z.enum(WEBHOOK_DELIVERY_STATES),
    attempts: z.number().int(),
    lastStatus: z.number().int().nullable(),
    lastLatencyMs: z.number().int().nullable(),
    lastError: z.string().nullable(),
    nextAttemptAt: z.string().nullable(),
    createdAt: z.string(),
    generationId: z.string().nullable(),
  })
  .meta({ id: 'WebhookDelivery' });
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;

/** `GET /api/webhooks/deliveries`: newest first. */
export const ZWebhookDeliveryPage = z
  .object({
    items: z.array(ZWebhookDelivery),
    /** Pass as `cursor` for the next page; null on the last one. */
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'WebhookDeliveryPage' });
export type TWebhookDeliveryPage = z.infer<typeof ZWebhookDeliveryPage>;

export const ZWebhookDeliveriesQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type TWebhookDeliveriesQuery = z.infer<typeof ZWebhookDeliveriesQuery>;

export const ZWebhookDeliveryParams = z.object({ id: z.string().min(1).max(100) });

/** A public API request's own target: `webhook` (the job's events go there, signed like the others). */
export const ZRequestWebhook = z
  .url({ protocol: /^https?$/, error: 'api.settings.webhookUrl' satisfies TApiMessageId })
  .max(2048, 'api.settings.webhookUrl' satisfies TApiMessageId)
  .meta({ description: 'An http(s) URL that receives this job’s events (Standard Webhooks, signed).' });

/** `webhook_events_filter`: which of the job's events the request's `webhook` receives (all when omitted). */
export const ZRequestWebhookEvents = z
  .array(z.enum(WEBHOOK_GENERATION_EVENTS))
  .min(1)
  .max(WEBHOOK_GENERATION_EVENTS.length)
  .meta({ description: 'Only these events go to `webhook`; all of them when omitted.' });
