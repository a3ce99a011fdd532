import { z } from 'zod';
import { GENERATION_MESSAGES, PROMPT_MAX_LENGTH } from './generation-constants.js';
import type { TApiMessageId } from './i18n/messages/en.js';
import { ZRequestWebhook, ZRequestWebhookEvents } from './webhooks.js';

/**
 * 3D Objects (issue 21): a prompt, and optionally an image of the person's, become a GLB 3D object
 * (asset kind `model`) made by the offline low-poly modeller or a hosted image/text-to-3D model. Jobs
 * answer as `POST /api/generate-image` does.
 */

/**
 * Credits of one 3D object, whichever model makes it: as a video (hosted image-to-3D models cost
 * about what a hosted video second does).
 */
export const THREE_D_PRICE = 3;

/** Message ids of the 3D tool's refusals. */
export const THREE_D_MESSAGES = {
  notImage: 'api.threeD.notImage',
  imageNeedsProvider: 'api.threeD.imageNeedsProvider',
  imageRequired: 'api.threeD.imageRequired',
} as const satisfies Record<string, TApiMessageId>;

const threeDFields = {
  prompt: z
    .string({ error: GENERATION_MESSAGES.promptRequired })
    .trim()
    .min(1, GENERATION_MESSAGES.promptRequired)
    .max(PROMPT_MAX_LENGTH, GENERATION_MESSAGES.promptTooLong)
    .meta({ description: 'What to model, e.g. "a red vintage car". With an image: a hint.' }),
  imageAssetId: z
    .string()
    .min(1)
    .max(100)
    .optional()
    .meta({ description: 'An image of yours (upload or result) to model instead of the prompt alone.' }),
  model: z.string().max(100).optional(),
  seed: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1)
    .optional(),
};

/** `POST /api/generate-3d`. */
export const ZThreeDRequest = z.object(threeDFields).meta({ id: 'ThreeDRequest' });
export type TThreeDRequest = z.input<typeof ZThreeDRequest>;

/** `POST /api/v1/generate/3d`: as the app's call, plus the public API's `wait` and webhook target. */
export const ZPublicThreeDRequest = z
  .strictObject({
    ...threeDFields,
    wait: z.boolean().optional().meta({
      description:
        'false: answer 202 with the job at once instead of waiting (same as Prefer: respond-async).',
    }),
    webhook: ZRequestWebhook.optional(),
    webhook_events_filter: ZRequestWebhookEvents.optional(),
  })
  .meta({ id: 'PublicThreeDRequest', examples: [{ prompt: 'a red vintage car' }] });

/** `GET /api/tools/3d`: the models that make 3D objects, the price and the providers that can. */
export const ZThreeDInfo = z
  .object({
    models: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        provider: z.string(),
        providerName: z.string(),
        /** Runs on this server (reads the prompt only; no image). */
        offline: z.boolean(),
        /** Makes its object from an image of the person's (image-to-3D): the page asks for one. */
        takesImage: z.boolean(),
        available: z.boolean(),
      }),
    ),
    price: z.number().int(),
    /** Providers that can make 3D objects when configured (the "needs an AI provider" state). */
    providers: z.array(z.string()),
  })
  .meta({ id: 'ThreeDInfo' });
export type TThreeDInfo = z.infer<typeof ZThreeDInfo>;
