import { z } from 'zod';
import { API_KEY_MESSAGES } from './api-keys-constants.js';
import { GENERATION_TYPES, KEY_PLAN_IDS, LIMITS, PUBLIC_API_OPTIONS } from './constants.js';
import { GENERATION_MESSAGES, PROMPT_MAX_LENGTH } from './generation-constants.js';
import type { TApiMessageId } from './i18n/messages/en.js';

/** Developer API keys and the public API v1 (spec sections 3, 5, 6, 7). */

export const ZCreateApiKeyRequest = z.object({
  name: z
    .string({ error: API_KEY_MESSAGES.nameRequired })
    .trim()
    .min(1, API_KEY_MESSAGES.nameRequired)
    .max(LIMITS.apiKeyNameMax, API_KEY_MESSAGES.nameTooLong),
  description: z
    .string()
    .trim()
    .max(LIMITS.apiKeyDescriptionMax, API_KEY_MESSAGES.descriptionTooLong)
    .default(''),
  plan: z.enum(KEY_PLAN_IDS).default('free'),
});
export type TCreateApiKeyRequest = z.input<typeof ZCreateApiKeyRequest>;

export const ZUpdateApiKeyRequest = z
  .object({
    name: ZCreateApiKeyRequest.shape.name.optional(),
    description: z
      .string()
      .trim()
      .max(LIMITS.apiKeyDescriptionMax, API_KEY_MESSAGES.descriptionTooLong)
      .optional(),
    isActive: z.boolean().optional(),
  })
  .strict();
export type TUpdateApiKeyRequest = z.input<typeof ZUpdateApiKeyRequest>;

export const ZApiKey = z
  .object({
    id: z.string(),
    kind: z.enum(['developer', 'personal']),
    name: z.string(),
    description: z.string(),
    plan: z.enum(KEY_PLAN_IDS),
    /** The first characters of the secret; the whole secret only through the reveal call. */
    keyPreview: z.string(),
    credits: z.number().int(),
    usageCount: z.number().int(),
    rateLimit: z.object({ requestsPerMinute: z.number().int() }),
    permissions: z.array(z.string()),
    createdAt: z.string(),
    lastUsed: z.string().nullable(),
    isActive: z.boolean(),
  })
  .meta({ id: 'ApiKey' });
export type TApiKey = z.infer<typeof ZApiKey>;

/** A key just made: the only answer (besides the reveal call) that carries the whole secret. */
export const ZCreatedApiKey = ZApiKey.extend({ key: z.string() }).meta({ id: 'CreatedApiKey' });
export type TCreatedApiKey = z.infer<typeof ZCreatedApiKey>;

/** `GET /api/api-keys/:id/reveal`: the whole secret of one's own key. */
export const ZRevealedApiKey = z.object({ key: z.string() }).meta({ id: 'RevealedApiKey' });

export const ZApiKeyUsage = z
  .object({
    totalRequests: z.number().int(),
    last24Hours: z.number().int(),
    /** Successful generations among finished ones, in percent (100 when none finished yet). */
    successRate: z.number(),
    imageRequests: z.number().int(),
    videoRequests: z.number().int(),
    creditsUsed: z.number().int(),
    /** Generations that finished (succeeded or failed) and those that succeeded: the success rate's parts. */
    finishedGenerations: z.number().int(),
    succeededGenerations: z.number().int(),
    requestsByDay: z.array(z.object({ date: z.string(), count: z.number().int() })),
  })
  .meta({ id: 'ApiKeyUsage' });
export type TApiKeyUsage = z.infer<typeof ZApiKeyUsage>;

const prompt = z
  .string({ error: GENERATION_MESSAGES.promptRequired })
  .trim()
  .min(1, GENERATION_MESSAGES.promptRequired)
  .max(PROMPT_MAX_LENGTH, GENERATION_MESSAGES.promptTooLong)
  .meta({ description: 'What to generate.', example: 'a lighthouse on a cliff at golden hour' });

const seed = z
  .number()
  .int()
  .min(0)
  .max(2 ** 31 - 1)
  .meta({ description: 'Same prompt, settings and seed give the same result.' });
const model = z
  .string()
  .max(100)
  .meta({ description: 'A model id from the docs; the default model when omitted.' });

export const ZPublicImageRequest = z
  .object({
    prompt,
    settings: z
      .object({
        style: z.enum(PUBLIC_API_OPTIONS.image.styles).default('realistic'),
        aspectRatio: z.enum(PUBLIC_API_OPTIONS.image.aspectRatios).default('1:1'),
        resolution: z.enum(PUBLIC_API_OPTIONS.image.resolutions).default('1024x1024'),
      })
      .default({ style: 'realistic', aspectRatio: '1:1', resolution: '1024x1024' }),
    seed: seed.optional(),
    model: model.optional(),
  })
  .meta({ id: 'ImageGenerationRequest' });
export type TPublicImageRequest = z.input<typeof ZPublicImageRequest>;

export const ZPublicVideoRequest = z
  .object({
    prompt,
    settings: z
      .object({
        style: z.enum(PUBLIC_API_OPTIONS.video.styles).default('cinematic'),
        duration: z
          .literal(PUBLIC_API_OPTIONS.video.durations, {
            error: 'api.publicApi.durationInvalid' satisfies TApiMessageId,
          })
          .default(5)
          .meta({ description: 'Seconds: 3, 5 or 10.' }),
        frameRate: z
          .literal(PUBLIC_API_OPTIONS.video.frameRates, {
            error: 'api.publicApi.frameRateInvalid' satisfies TApiMessageId,
          })
          .default(24)
          .meta({ description: 'Frames per second: 24, 30 or 60.' }),
        resolution: z.enum(PUBLIC_API_OPTIONS.video.resolutions).default('720p'),
      })
      .default({ style: 'cinematic', duration: 5, frameRate: 24, resolution: '720p' }),
    seed: seed.optional(),
    model: model.optional(),
  })
  .meta({ id: 'VideoGenerationRequest' });
export type TPublicVideoRequest = z.input<typeof ZPublicVideoRequest>;

export const ZPublicGenerationResult = z
  .object({
    success: z.literal(true),
    data: z.object({
      id: z.string().meta({ description: 'The generation id.' }),
      url: z.string().meta({ description: 'Signed download URL of the result; valid for about an hour.' }),
      metadata: z.object({ prompt: z.string(), timestamp: z.string(), model: z.string() }).loose(),
    }),
    metadata: z.object({
      creditsUsed: z.number().int(),
      remainingCredits: z
        .number()
        .int()
        .meta({ description: "The account's balance after this generation." }),
      responseTime: z.number().meta({ description: 'Milliseconds.' }),
    }),
  })
  .meta({ id: 'GenerationResult' });

export const ZPublicGenerationAccepted = z
  .object({
    success: z.literal(true),
    data: z.object({
      id: z.string(),
      status: z.enum(['queued', 'running']),
      progress: z.number().int(),
      statusUrl: z
        .string()
        .meta({ description: 'Poll this URL (GET, same key) until status is succeeded or failed.' }),
    }),
    metadata: z.object({
      creditsUsed: z.number().int(),
      remainingCredits: z.number().int(),
      responseTime: z.number(),
    }),
  })
  .meta({ id: 'GenerationAccepted' });

export const ZPublicGenerationStatus = z
  .object({
    success: z.literal(true),
    data: z.object({
      id: z.string(),
      type: z.enum(GENERATION_TYPES),
      status: z.enum(['queued', 'running', 'succeeded', 'failed', 'cancelled']),
      progress: z.number().int(),
      url: z.string().nullable(),
      error: z.string().nullable(),
      metadata: z.object({ prompt: z.string(), timestamp: z.string(), model: z.string() }).loose(),
    }),
  })
  .meta({ id: 'GenerationStatus' });
