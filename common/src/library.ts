import { z } from 'zod';
import { ZAsset } from './generation.js';

/** Answers of the library calls (spec sections 3, 7). */

/** `GET /api/assets`: one page of the library (or of the generator's history), newest first by default. */
export const ZAssetPage = z
  .object({
    items: z.array(ZAsset),
    /** Pass as `cursor` for the next page; null on the last one. */
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'AssetPage' });
export type TAssetPage = z.infer<typeof ZAssetPage>;

/** `GET /api/generate-image/saved`: the spec's saved-images list (id, url, prompt, settings, timestamp, metadata). */
export const ZSavedImage = z
  .object({
    id: z.string(),
    url: z.string(),
    prompt: z.string(),
    settings: ZAsset.shape.settings,
    timestamp: z.string(),
    metadata: ZAsset.shape.metadata,
  })
  .meta({ id: 'SavedImage' });
export type TSavedImage = z.infer<typeof ZSavedImage>;
