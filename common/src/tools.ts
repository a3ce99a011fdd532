import { z } from 'zod';
import { IMAGE_OPTIONS } from './constants.js';
import { ZAsset } from './generation.js';
import { ZLipsyncInfo } from './lipsync.js';
import {
  EDIT_DEFAULTS,
  EDIT_MASK_MAX_BASE64,
  EDIT_MODES,
  ENHANCE_DEFAULTS,
  ENHANCE_QUALITIES,
  ENHANCE_SCALES,
  TOOL_MESSAGES,
} from './tools-constants.js';
import { ZRequestWebhook, ZRequestWebhookEvents } from './webhooks.js';

/** Contracts of uploads, the creative tools and lineage (issue 16). Jobs answer as `POST /api/generate/image` does. */

const seed = z
  .number()
  .int()
  .min(0)
  .max(2 ** 31 - 1);

/** `GET /api/storage`: what the account keeps against its plan's quota. */
export const ZStorageUsage = z
  .object({ usedBytes: z.number().int(), limitBytes: z.number().int() })
  .meta({ id: 'StorageUsage' });
export type TStorageUsage = z.infer<typeof ZStorageUsage>;

/** `GET /api/library/:id/lineage`: what an asset came from and what was made from it (deleted ones are absent). */
export const ZAssetLineage = z
  .object({ sources: z.array(ZAsset), derived: z.array(ZAsset) })
  .meta({ id: 'AssetLineage' });
export type TAssetLineage = z.infer<typeof ZAssetLineage>;

/** A model that offers a tool. */
export const ZToolModel = z
  .object({
    id: z.string(),
    name: z.string(),
    provider: z.string(),
    providerName: z.string(),
    /** Runs on this installation without an outside service. */
    offline: z.boolean(),
    /** Enhance: the largest output long side (px) this model reaches; null for edits. */
    maxOutputLongSide: z.number().int().nullable(),
    /** Whether the provider can take jobs now. */
    available: z.boolean(),
  })
  .meta({ id: 'ToolModel' });
export type TToolModel = z.infer<typeof ZToolModel>;

const ZToolMode = z.object({
  /** False: no configured model can do it ("needs an AI provider": `providers` can, see `docsUrl`). */
  available: z.boolean(),
  models: z.array(ZToolModel),
  providers: z.array(z.string()),
});

/** `GET /api/tools`: what this installation can do now, its limits and prices. */
export const ZToolsInfo = z
  .object({
    enhance: ZToolMode.extend({
      scales: z.array(z.literal(ENHANCE_SCALES)),
      qualities: z.array(z.enum(ENHANCE_QUALITIES)),
      /** The largest output long side of an image (px), over all models. */
      maxOutputLongSide: z.number().int(),
      maxVideoOutputLongSide: z.number().int(),
    }),
    edit: z.object({
      modes: z.object({ restyle: ZToolMode, expand: ZToolMode, inpaint: ZToolMode, prompt: ZToolMode }),
      styles: z.array(z.string()),
    }),
    prices: z.object({
      enhanceImageMegapixelsPerCredit: z.number(),
      enhanceVideoSecondsPerCredit: z.number(),
      edit: z.number().int(),
      minimum: z.number().int(),
    }),
    uploads: z.object({
      image: z.object({ maxBytes: z.number().int(), maxPixels: z.number().int() }),
      video: z.object({ maxBytes: z.number().int(), maxDurationSeconds: z.number() }),
      audio: z.object({ maxBytes: z.number().int(), maxDurationSeconds: z.number() }),
    }),
    lipsync: ZLipsyncInfo,
    docsUrl: z.string(),
  })
  .meta({ id: 'ToolsInfo' });
export type TToolsInfo = z.infer<typeof ZToolsInfo>;

const enhanceFields = {
  assetId: z
    .string()
    .min(1)
    .max(100)
    .meta({ description: 'The image or video to enhance (an upload or a result).' }),
  scale: z.literal(ENHANCE_SCALES).default(ENHANCE_DEFAULTS.scale),
  quality: z
    .enum(ENHANCE_QUALITIES)
    .default(ENHANCE_DEFAULTS.quality)
    .meta({ description: 'Offline: the model size (fast: slim, balanced: medium, best: thick).' }),
  model: z.string().max(100).optional(),
  seed: seed.optional(),
};

/** `POST /api/tools/enhance`: super-resolution of an image or video asset. */
export const ZEnhanceRequest = z.object(enhanceFields).meta({ id: 'EnhanceRequest' });
export type TEnhanceRequest = z.input<typeof ZEnhanceRequest>;

const margin = z.number().int().min(0).max(16384);

const editFields = {
  assetId: z.string().min(1).max(100),
  mode: z.enum(EDIT_MODES),
  prompt: z.string().trim().min(1).max(2000).optional(),
  /** Restyle: one of the image styles. */
  style: z.enum(IMAGE_OPTIONS.imageStyles).optional(),
  strength: z.number().min(0).max(1).default(EDIT_DEFAULTS.strength),
  /** Expand: a new aspect ratio ("16:9", grown around the image) or margins in pixels. */
  expand: z
    .object({
      aspectRatio: z
        .string()
        .regex(/^\d{1,2}:\d{1,2}$/)
        .optional(),
      margins: z.object({ top: margin, right: margin, bottom: margin, left: margin }).optional(),
    })
    .optional(),
  /** Inpaint: a PNG (base64, optionally a data URL) of the image's size; white = change. */
  mask: z.string().max(EDIT_MASK_MAX_BASE64).optional(),
  seed: seed.optional(),
  model: z.string().max(100).optional(),
};

/** What each edit mode needs besides the asset. */
function refineEdit(
  value: {
    mode: (typeof EDIT_MODES)[number];
    style?: string;
    prompt?: string;
    mask?: string;
    expand?: { aspectRatio?: string; margins?: object };
  },
  ctx: z.RefinementCtx,
): void {
  const need = (ok: boolean, path: string, message: string) => {
    if (!ok) ctx.addIssue({ code: 'custom', path: [path], message });
  };
  if (value.mode === 'restyle') need(value.style !== undefined, 'style', TOOL_MESSAGES.styleRequired);
  if (value.mode === 'expand')
    need(
      value.expand?.aspectRatio !== undefined || value.expand?.margins !== undefined,
      'expand',
      TOOL_MESSAGES.expandRequired,
    );
  if (value.mode === 'inpaint') need(value.mask !== undefined, 'mask', TOOL_MESSAGES.maskRequired);
  if (value.mode === 'inpaint' || value.mode === 'prompt')
    need(value.prompt !== undefined, 'prompt', TOOL_MESSAGES.promptRequired);
}

/** `POST /api/tools/edit`: an edit of an image asset. */
export const ZEditRequest = z.object(editFields).superRefine(refineEdit).meta({ id: 'EditRequest' });
export type TEditRequest = z.input<typeof ZEditRequest>;

const waitField = z.boolean().optional().meta({
  description: 'false: answer 202 with the job at once instead of waiting (same as Prefer: respond-async).',
});
const publicJobFields = {
  wait: waitField,
  webhook: ZRequestWebhook.optional(),
  webhook_events_filter: ZRequestWebhookEvents.optional(),
};

/** `POST /api/v1/enhance`: as the app's call, plus the public API's `wait` and webhook target. */
export const ZPublicEnhanceRequest = z
  .strictObject({ ...enhanceFields, ...publicJobFields })
  .meta({ id: 'PublicEnhanceRequest', examples: [{ assetId: 'a1b2c3', scale: 4, quality: 'best' }] });

/** `POST /api/v1/edit`. */
export const ZPublicEditRequest = z
  .strictObject({ ...editFields, ...publicJobFields })
  .superRefine(refineEdit)
  .meta({
    id: 'PublicEditRequest',
    examples: [{ assetId: 'a1b2c3', mode: 'restyle', style: 'anime', strength: 0.7 }],
  });
