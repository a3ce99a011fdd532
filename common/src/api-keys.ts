import { z } from 'zod';
import {
  API_KEY_MESSAGES,
  API_KEY_ROTATION_GRACE_HOURS_MAX,
  API_KEY_SCOPES,
  API_KEY_SPEND_CAP_MAX,
  DEFAULT_API_KEY_SCOPES,
} from './api-keys-constants.js';
import { KEY_PLAN_IDS, LIMITS, PUBLIC_API_OPTIONS } from './constants.js';
import { GENERATION_MESSAGES, PROMPT_MAX_LENGTH } from './generation-constants.js';
import type { TApiMessageId } from './i18n/messages/en.js';
import { ZPublicGeneration } from './public-api.js';
import { SETTINGS_MESSAGES } from './settings-constants.js';
import { ZRequestWebhook, ZRequestWebhookEvents } from './webhooks.js';

/** Developer API keys and the public API v1 (spec sections 3, 5, 6, 7). */

const scopes = z
  .array(z.enum(API_KEY_SCOPES))
  .min(1, API_KEY_MESSAGES.scopesRequired)
  .meta({ description: 'What the key may do: generate, library:read, library:write, account:read.' });

/** An expiry instant (ISO 8601); null: the key never expires. The service refuses one in the past. */
const expiresAt = z.iso.datetime({ offset: true }).nullable();

const monthlySpendCap = z
  .number({ error: API_KEY_MESSAGES.spendCapInvalid })
  .int(API_KEY_MESSAGES.spendCapInvalid)
  .min(1, API_KEY_MESSAGES.spendCapInvalid)
  .max(API_KEY_SPEND_CAP_MAX, API_KEY_MESSAGES.spendCapInvalid)
  .nullable()
  .meta({ description: 'Credits the key may spend per calendar month (UTC); null: no cap beyond its plan.' });

/** The key's own webhook target, checked as the Settings webhookUrl is ('' or null: none). */
const webhookUrl = z
  .string()
  .trim()
  .max(2048, SETTINGS_MESSAGES.webhookUrl)
  .pipe(z.union([z.literal(''), z.url({ protocol: /^https?$/, error: SETTINGS_MESSAGES.webhookUrl })]))
  .nullable();

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
  scopes: scopes.default([...DEFAULT_API_KEY_SCOPES]),
  expiresAt: expiresAt.default(null),
  monthlySpendCap: monthlySpendCap.default(null),
  webhookUrl: webhookUrl.default(null),
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
    scopes: scopes.optional(),
    expiresAt: expiresAt.optional(),
    monthlySpendCap: monthlySpendCap.optional(),
    webhookUrl: webhookUrl.optional(),
  })
  .strict();
export type TUpdateApiKeyRequest = z.input<typeof ZUpdateApiKeyRequest>;

/** `POST /api/api-keys/:id/rotate`: a new secret; the old one still works for `graceHours` (0 to 7 days). */
export const ZRotateApiKeyRequest = z
  .object({
    graceHours: z
      .number({ error: API_KEY_MESSAGES.graceInvalid })
      .int(API_KEY_MESSAGES.graceInvalid)
      .min(0, API_KEY_MESSAGES.graceInvalid)
      .max(API_KEY_ROTATION_GRACE_HOURS_MAX, API_KEY_MESSAGES.graceInvalid)
      .default(0),
  })
  .strict();
export type TRotateApiKeyRequest = z.input<typeof ZRotateApiKeyRequest>;

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
    /** The first API's permission slugs, derived from the scopes and the plan (kept for older clients). */
    permissions: z.array(z.string()),
    createdAt: z.string(),
    lastUsed: z.string().nullable(),
    isActive: z.boolean(),
    scopes: z.array(z.enum(API_KEY_SCOPES)),
    /** When the key stops working (401); null: never. */
    expiresAt: z.string().nullable(),
    monthlySpendCap: z.number().int().nullable(),
    /** Credits charged through the key this calendar month (UTC), failed jobs refunded. */
    spentThisMonth: z.number().int(),
    webhookUrl: z.string().nullable(),
    /** After a rotation: until when the previous secret is still accepted; null when it no longer is. */
    previousKeyValidUntil: z.string().nullable(),
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

/** `false`: answer 202 at once (like `Prefer: respond-async`) instead of waiting for the result. */
const waitField = z.boolean().optional().meta({
  description: 'false: answer 202 with the job at once instead of waiting (same as Prefer: respond-async).',
});

export const ZPublicImageRequest = z
  .strictObject({
    prompt,
    settings: z
      .strictObject({
        style: z.enum(PUBLIC_API_OPTIONS.image.styles).default('realistic'),
        aspectRatio: z.enum(PUBLIC_API_OPTIONS.image.aspectRatios).default('1:1'),
        resolution: z.enum(PUBLIC_API_OPTIONS.image.resolutions).default('1024x1024'),
      })
      .default({ style: 'realistic', aspectRatio: '1:1', resolution: '1024x1024' }),
    seed: seed.optional(),
    model: model.optional(),
    wait: waitField,
    webhook: ZRequestWebhook.optional(),
    webhook_events_filter: ZRequestWebhookEvents.optional(),
  })
  .meta({
    id: 'ImageGenerationRequest',
    examples: [
      {
        prompt: 'A lighthouse on a cliff at dawn, soft golden light',
        settings: { style: 'realistic', aspectRatio: '16:9', resolution: '1024x1024' },
      },
    ],
  });
export type TPublicImageRequest = z.input<typeof ZPublicImageRequest>;

export const ZPublicVideoRequest = z
  .strictObject({
    prompt,
    settings: z
      .strictObject({
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
    wait: waitField,
    webhook: ZRequestWebhook.optional(),
    webhook_events_filter: ZRequestWebhookEvents.optional(),
  })
  .meta({
    id: 'VideoGenerationRequest',
    examples: [
      {
        prompt: 'Waves rolling onto a beach at sunset',
        settings: { style: 'cinematic', duration: 5, frameRate: 24, resolution: '720p' },
      },
    ],
  });
export type TPublicVideoRequest = z.input<typeof ZPublicVideoRequest>;

export const ZPublicGenerationResult = z
  .object({
    success: z.literal(true),
    data: z.object({
      id: z.string().meta({ description: 'The generation id.' }),
      status: z.literal('succeeded').meta({
        description: 'Always `succeeded` here: the finished answer (202 answers say queued or running).',
      }),
      url: z.string().meta({ description: 'Signed download URL of the result; valid for about an hour.' }),
      metadata: z.object({
        prompt: z.string(),
        timestamp: z.string().meta({ description: 'When the result was made (ISO 8601).' }),
        model: z.string().meta({ description: 'The model that made it.' }),
        width: z.number().int().meta({ description: 'Pixels.' }),
        height: z.number().int().meta({ description: 'Pixels.' }),
        seed: z.number().int().meta({ description: 'Send it back to get the same result again.' }),
        durationSeconds: z
          .number()
          .nullable()
          .optional()
          .meta({ description: 'Videos only: length in seconds.' }),
        fps: z.number().nullable().optional().meta({ description: 'Videos only: frames per second.' }),
        thumbnailUrl: z
          .string()
          .nullable()
          .meta({ description: 'A still of the result, signed like `url`.' }),
      }),
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
      eventsUrl: z.string().meta({ description: 'Or follow it as server-sent events (GET, same key).' }),
    }),
    metadata: z.object({
      creditsUsed: z.number().int(),
      remainingCredits: z.number().int(),
      responseTime: z.number(),
    }),
  })
  .meta({ id: 'GenerationAccepted' });

export const ZPublicGenerationStatus = z
  .object({ success: z.literal(true), data: ZPublicGeneration })
  .meta({ id: 'GenerationStatus' });
