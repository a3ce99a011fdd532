import { EDIT_MODES, ENHANCE_QUALITIES, ENHANCE_SCALES, LIPSYNC_SYNC_MODES } from '@kaleido/common';
import { z } from 'zod';

/**
 * The JSON kept in `generations.tool_options` for a tool job (issue 16): what the runner hands the
 * provider besides the source asset. Written and read only here.
 */
export const ZStoredToolOptions = z.discriminatedUnion('tool', [
  z.object({
    tool: z.literal('enhance'),
    scale: z.literal(ENHANCE_SCALES),
    quality: z.enum(ENHANCE_QUALITIES),
  }),
  z.object({
    tool: z.literal('edit'),
    mode: z.enum(EDIT_MODES),
    prompt: z.string().optional(),
    style: z.string().optional(),
    strength: z.number().optional(),
    target: z
      .object({
        width: z.number().int(),
        height: z.number().int(),
        offsetX: z.number().int(),
        offsetY: z.number().int(),
      })
      .optional(),
    /** The mask's file-store key while the job lives (deleted when it ends). */
    maskKey: z.string().optional(),
  }),
  /** Lipsync (issue 21): the sources are the video, then the audio (`source_asset_ids`). */
  z.object({ tool: z.literal('lipsync'), syncMode: z.enum(LIPSYNC_SYNC_MODES) }),
  /** Realtime (issue 21): the kept frame's file-store key while the job lives (deleted when it ends). */
  z.object({ tool: z.literal('realtime'), frameKey: z.string(), style: z.string() }),
]);
export type StoredToolOptions = z.infer<typeof ZStoredToolOptions>;

/** The stored tool options, or null for a generation (or an unreadable column). */
export function readToolOptions(json: string | null): StoredToolOptions | null {
  if (!json) return null;
  try {
    const parsed = ZStoredToolOptions.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
