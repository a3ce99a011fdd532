import { z } from 'zod';

/** An item of the home gallery (spec section 3: id, type, url), with what its hover actions need. */
export const ZGalleryItem = z
  .object({
    id: z.string(),
    type: z.enum(['image', 'video']),
    /** The still shown in the grid (a video's poster). */
    url: z.string(),
    /** The video itself, for videos. */
    videoUrl: z.string().nullable(),
    downloadUrl: z.string(),
    prompt: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    /** A public creation of a person, or a sample the built-in renderer made at first start. */
    source: z.enum(['community', 'sample']),
  })
  .meta({ id: 'GalleryItem' });
export type TGalleryItem = z.infer<typeof ZGalleryItem>;
