import { z } from 'zod';
import { GENERATION_TYPES } from './constants.js';

/**
 * An item of the home gallery and of a public profile (spec section 3: id, type, url), with what its
 * hover actions need. A person's creation carries its prompt and settings only when its owner shares
 * usage data (`shareUsageData`); otherwise both are null and the answer holds no prompt at all.
 */
export const ZGalleryItem = z
  .object({
    id: z.string(),
    type: z.enum(GENERATION_TYPES),
    /** The still shown in the grid (a video's poster). */
    url: z.string(),
    /** The video itself, for videos. */
    videoUrl: z.string().nullable(),
    downloadUrl: z.string(),
    prompt: z.string().nullable(),
    /** The generator settings ("Use this prompt" prefills them); null for samples and unshared usage. */
    settings: z.record(z.string(), z.unknown()).nullable(),
    width: z.number().int(),
    height: z.number().int(),
    /** A shared creation of a person, or a sample the built-in renderer made at first start. */
    source: z.enum(['community', 'sample']),
    /** Who made a community creation (their public handle and name); null for samples. */
    author: z.object({ handle: z.string(), displayName: z.string() }).nullable(),
    createdAt: z.string().nullable(),
  })
  .meta({ id: 'GalleryItem' });
export type TGalleryItem = z.infer<typeof ZGalleryItem>;
