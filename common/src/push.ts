import { z } from 'zod';

const base64url = z.string().regex(/^[A-Za-z0-9_-]+={0,2}$/, 'must be base64url');

/** `POST /api/push/subscribe`: the browser's PushSubscription as `toJSON()` gives it (spec section 7). */
export const ZPushSubscribeRequest = z
  .object({
    endpoint: z.url({ protocol: /^https?$/ }).max(2048),
    expirationTime: z.number().nullable().optional(),
    keys: z.object({
      /** The browser's P-256 public key (65 bytes uncompressed, RFC 8291). */
      p256dh: base64url.min(80).max(100),
      /** The 16-byte authentication secret. */
      auth: base64url.min(16).max(32),
    }),
  })
  .meta({ id: 'PushSubscribeRequest' });
export type TPushSubscribeRequest = z.infer<typeof ZPushSubscribeRequest>;

/** `POST /api/push/unsubscribe`: forget this browser's endpoint. */
export const ZPushUnsubscribeRequest = z
  .object({ endpoint: z.url({ protocol: /^https?$/ }).max(2048) })
  .meta({ id: 'PushUnsubscribeRequest' });
export type TPushUnsubscribeRequest = z.infer<typeof ZPushUnsubscribeRequest>;

/** `GET /api/push/public-key`: the VAPID key browsers subscribe with (applicationServerKey). */
export const ZPushPublicKey = z.object({ publicKey: z.string() }).meta({ id: 'PushPublicKey' });

/** `POST /api/push/subscribe`'s answer. */
export const ZPushSubscribed = z.object({ subscribed: z.literal(true) }).meta({ id: 'PushSubscribed' });

/** `POST /api/push/unsubscribe`'s answer: whether this browser's endpoint was known. */
export const ZPushUnsubscribed = z.object({ removed: z.boolean() }).meta({ id: 'PushUnsubscribed' });

/** What a push notification carries; the service worker shows it and opens `url` on click. */
export interface TPushMessage {
  title: string;
  body: string;
  url: string;
  tag: string;
}
