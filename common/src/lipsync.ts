import { z } from 'zod';
import { LIPSYNC_DEFAULTS, LIPSYNC_SYNC_MODES } from './lipsync-constants.js';
import { ZRequestWebhook, ZRequestWebhookEvents } from './webhooks.js';

/**
 * Video Lipsync (issue 21): a video (upload or result) and an audio upload → a lip-synced video made
 * by a hosted model (fal, Replicate). Jobs answer as `POST /api/generate/image` does.
 */

const lipsyncFields = {
  videoAssetId: z
    .string()
    .min(1)
    .max(100)
    .meta({ description: 'The video whose lips move (an upload or a result; MP4, WebM or MOV).' }),
  audioAssetId: z
    .string()
    .min(1)
    .max(100)
    .meta({ description: 'The voice: an audio upload (WAV, MP3 or M4A).' }),
  syncMode: z.enum(LIPSYNC_SYNC_MODES).default(LIPSYNC_DEFAULTS.syncMode).meta({
    description:
      'When the audio and video lengths differ: cut_off (the shorter one), loop or bounce (the video repeats to the end of the audio), silence (the whole video, audio padded), remap (the video stretched to the audio).',
  }),
  model: z.string().max(100).optional(),
};

/** `POST /api/tools/lipsync`. */
export const ZLipsyncRequest = z.object(lipsyncFields).meta({ id: 'LipsyncRequest' });
export type TLipsyncRequest = z.input<typeof ZLipsyncRequest>;

/** `POST /api/v1/tools/lipsync`: as the app's call, plus the public API's `wait` and webhook target. */
export const ZPublicLipsyncRequest = z
  .strictObject({
    ...lipsyncFields,
    wait: z.boolean().optional().meta({
      description:
        'false: answer 202 with the job at once instead of waiting (same as Prefer: respond-async).',
    }),
    webhook: ZRequestWebhook.optional(),
    webhook_events_filter: ZRequestWebhookEvents.optional(),
  })
  .meta({
    id: 'PublicLipsyncRequest',
    examples: [{ videoAssetId: 'a1b2c3', audioAssetId: 'd4e5f6', syncMode: 'cut_off' }],
  });

/** `GET /api/tools` → `lipsync`: the models, the modes and the longest output. */
export const ZLipsyncInfo = z
  .object({
    available: z.boolean(),
    models: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        provider: z.string(),
        providerName: z.string(),
        available: z.boolean(),
        /** The longest output this model makes (seconds). */
        maxOutputSeconds: z.number(),
      }),
    ),
    providers: z.array(z.string()),
    syncModes: z.array(z.enum(LIPSYNC_SYNC_MODES)),
    secondsPerCredit: z.number(),
  })
  .meta({ id: 'LipsyncInfo' });
export type TLipsyncInfo = z.infer<typeof ZLipsyncInfo>;
