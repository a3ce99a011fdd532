import { z } from 'zod';
import { REALTIME_ERROR_CODES, REALTIME_LIMITS, REALTIME_STYLES } from './realtime-constants.js';

/** Contracts of the Realtime socket's messages and of "Keep" (constants: realtime-constants.ts). */

/** The drawing: a PNG or WebP data URL (transparent where nothing is painted). */
const drawing = z
  .string()
  .max(REALTIME_LIMITS.maxDrawingChars)
  .regex(/^data:image\/(png|webp);base64,[A-Za-z0-9+/=]*$/);

/** What the page sends: a preview request (only the newest pending one of a socket is rendered). */
export const ZRealtimeClientMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('preview'),
    /** Chosen by the page, increasing: a frame answers with the id of the request it rendered. */
    id: z.number().int().min(0),
    prompt: z.string().max(REALTIME_LIMITS.maxPromptChars),
    style: z.enum(REALTIME_STYLES),
    drawing,
    /** A realtime model of a configured provider; the offline renderer when absent. */
    model: z.string().max(200).optional(),
  }),
]);
export type TRealtimeClientMessage = z.infer<typeof ZRealtimeClientMessage>;

export const ZRealtimeModel = z.object({
  id: z.string(),
  name: z.string(),
  provider: z.string(),
  offline: z.boolean(),
});
export type TRealtimeModel = z.infer<typeof ZRealtimeModel>;

/** What the server sends. */
export const ZRealtimeServerMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('ready'),
    models: z.array(ZRealtimeModel),
    styles: z.array(z.string()),
    limits: z.object({ burst: z.number().int(), perSecond: z.number(), maxDrawingChars: z.number().int() }),
    /** What "Keep" costs (the image price), in credits. */
    keepPrice: z.number().int(),
  }),
  z.object({
    type: z.literal('frame'),
    /** The request this frame rendered (later ones may have been dropped as stale). */
    id: z.number().int(),
    /** What "Keep" names. */
    frameId: z.string(),
    /** A WebP data URL. */
    image: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    /**
     * A quick reduced-size first frame (`REALTIME_DRAFT_SIZE`): the full frame of the same request
     * follows unless a newer request supersedes it. Keep always saves a full-quality frame.
     */
    draft: z.boolean(),
    /** From the request's arrival to the frame's being sent, in ms. */
    renderMs: z.number(),
    model: z.string(),
  }),
  z.object({
    type: z.literal('rate_limited'),
    id: z.number().int(),
    retryAfterMs: z.number().int(),
    burst: z.number().int(),
    perSecond: z.number(),
  }),
  z.object({
    type: z.literal('error'),
    id: z.number().int().nullable(),
    code: z.enum(REALTIME_ERROR_CODES),
    /** Details in English for logs and developers (the page shows its own text by code). */
    message: z.string(),
  }),
]);
export type TRealtimeServerMessage = z.infer<typeof ZRealtimeServerMessage>;

/** `POST /api/tools/realtime/keep`: saves a frame this person's socket was sent. */
export const ZRealtimeKeepRequest = z
  .object({ frameId: z.uuid().meta({ description: 'The `frameId` of a frame the socket sent.' }) })
  .meta({ id: 'RealtimeKeepRequest' });
export type TRealtimeKeepRequest = z.infer<typeof ZRealtimeKeepRequest>;
