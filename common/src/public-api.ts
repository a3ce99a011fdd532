import { z } from 'zod';
import { JOB_KINDS, KEY_PLAN_IDS, PLAN_IDS } from './constants.js';
import { ZAsset, ZModel } from './generation.js';
import { GENERATION_STATUSES, LIBRARY_FILTERS, LIBRARY_PAGE_MAX } from './generation-constants.js';

/** The public API v1 beyond generate: listing, assets, models and the account (issue 15). */

/** A job as the public API shows it: its state, and once it succeeded the same result fields as the finished answer. */
export const ZPublicGeneration = z
  .object({
    id: z.string().meta({ description: 'The generation id.' }),
    type: z.enum(JOB_KINDS),
    status: z.enum(GENERATION_STATUSES),
    progress: z.number().int().meta({ description: 'Percent, 0 to 100.' }),
    url: z
      .string()
      .nullable()
      .meta({ description: 'Signed URL of the result once it succeeded (valid for about an hour).' }),
    error: z.string().nullable().meta({ description: 'Why it failed or was cancelled.' }),
    statusUrl: z.string().meta({ description: 'This status (GET, same key).' }),
    eventsUrl: z
      .string()
      .meta({ description: 'Server-sent events of this job until it ends (GET, same key).' }),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
    metadata: z.object({
      prompt: z.string(),
      timestamp: z.string().meta({ description: 'When it finished (or was accepted, while running).' }),
      model: z.string(),
      seed: z.number().int(),
      creditsUsed: z.number().int().meta({ description: 'Nothing for a failed or cancelled job.' }),
      width: z.number().int().nullable(),
      height: z.number().int().nullable(),
      size: z.number().int().nullable().meta({ description: 'Bytes of the result.' }),
      durationSeconds: z.number().nullable().meta({ description: 'Videos only.' }),
      fps: z.number().nullable().meta({ description: 'Videos only.' }),
      thumbnailUrl: z.string().nullable(),
    }),
  })
  .meta({ id: 'PublicGeneration' });
export type TPublicGeneration = z.infer<typeof ZPublicGeneration>;

const cursor = z
  .string()
  .max(200)
  .optional()
  .meta({ description: "The previous page's `nextCursor`; the first page without it." });
const limit = z.coerce.number().int().min(1).max(LIBRARY_PAGE_MAX).default(20);

/** `GET /api/v1/generations`: newest first. */
export const ZPublicGenerationsQuery = z.strictObject({
  status: z.enum(GENERATION_STATUSES).optional(),
  type: z.enum(JOB_KINDS).optional(),
  created_after: z.iso.datetime({ offset: true }).optional().meta({ description: 'ISO 8601, inclusive.' }),
  created_before: z.iso.datetime({ offset: true }).optional().meta({ description: 'ISO 8601, exclusive.' }),
  cursor,
  limit,
});

export const ZPublicGenerationPage = z
  .object({
    success: z.literal(true),
    data: z.object({
      items: z.array(ZPublicGeneration),
      nextCursor: z
        .string()
        .nullable()
        .meta({ description: 'Pass as `cursor` for the next page; null on the last.' }),
    }),
  })
  .meta({ id: 'GenerationPage' });

/** A library asset as the public API shows it: its signed URLs (absolute), prompt and file metadata. */
export const ZPublicAsset = ZAsset.omit({ settings: true, saved: true }).meta({ id: 'PublicAsset' });
export type TPublicAsset = z.infer<typeof ZPublicAsset>;

/** `GET /api/v1/assets`: the library (saved results), newest first. */
export const ZPublicAssetsQuery = z.strictObject({
  q: z.string().trim().max(200).optional().meta({ description: 'Words the prompt contains.' }),
  type: z.enum(LIBRARY_FILTERS).default('all'),
  cursor,
  limit,
});

export const ZPublicAssetPage = z
  .object({
    success: z.literal(true),
    data: z.object({ items: z.array(ZPublicAsset), nextCursor: z.string().nullable() }),
  })
  .meta({ id: 'PublicAssetPage' });

export const ZPublicAssetAnswer = z
  .object({ success: z.literal(true), data: ZPublicAsset })
  .meta({ id: 'AssetAnswer' });

export const ZPublicDeleted = z
  .object({ success: z.literal(true), data: z.object({ id: z.string() }) })
  .meta({ id: 'PublicDeleted' });

export const ZPublicModels = z
  .object({ success: z.literal(true), data: z.array(ZModel) })
  .meta({ id: 'ModelList' });

/** `GET /api/v1/account`: the balance, the plan, and the calling key's allowance, limit and usage. */
export const ZPublicAccount = z
  .object({
    success: z.literal(true),
    data: z.object({
      plan: z.enum(PLAN_IDS).meta({ description: "The account's plan." }),
      balance: z.object({
        total: z.number().int().meta({ description: 'Credits the account can spend.' }),
        monthly: z.number().int().meta({ description: "This month's plan credits left." }),
        purchased: z.number().int().meta({ description: 'Credits bought, left.' }),
      }),
      key: z.object({
        id: z.string(),
        name: z.string(),
        plan: z.enum(KEY_PLAN_IDS),
        allowance: z.object({
          monthly: z.number().int().meta({ description: "Credits the key's plan grants each month." }),
          remaining: z.number().int().meta({ description: 'What the key may still spend this month.' }),
        }),
        rateLimit: z.object({ requestsPerMinute: z.number().int() }),
        usageThisMonth: z.object({
          since: z.string().meta({ description: 'Start of the calendar month (UTC).' }),
          requests: z.number().int(),
          generations: z.number().int(),
          creditsUsed: z.number().int(),
        }),
      }),
    }),
  })
  .meta({ id: 'Account' });
export type TPublicAccount = z.infer<typeof ZPublicAccount>['data'];
