import { REALTIME_SIZE } from '@kaleido/common';
import sharp from 'sharp';
import type { GenerationProvider, ModelCapabilities } from './provider.js';
import type { RealtimeRenderer } from './realtime-renderer.js';

/** How far a live frame moves from the drawing (0: the drawing, 1: the prompt only). */
export const REALTIME_RESTYLE_STRENGTH = 0.7;

/**
 * A provider model marked `realtime` whose provider has no realtime transport of its own (ComfyUI
 * with a turbo/LCM checkpoint and 1–4 steps, issue 21): each preview is a restyle (img2img) of the
 * drawing, flattened on white at 512², through the provider's own `edit` (for ComfyUI: the upload and
 * the `img2img` workflow on its servers, followed over its websocket).
 */
export function realtimeViaEdit(provider: GenerationProvider, model: ModelCapabilities): RealtimeRenderer {
  return {
    model: { id: model.id, name: model.name, provider: provider.id, offline: false },
    async render(request, signal) {
      if (!provider.edit) throw new Error(`${provider.id} cannot edit`);
      const png = await sharp(request.drawing)
        .resize(REALTIME_SIZE, REALTIME_SIZE, { fit: 'fill' })
        .flatten({ background: '#ffffff' })
        .png()
        .toBuffer();
      const output = await provider.edit(
        {
          model: model.id,
          seed: request.seed,
          source: {
            kind: 'image',
            data: png,
            contentType: 'image/png',
            width: REALTIME_SIZE,
            height: REALTIME_SIZE,
          },
          mode: 'restyle',
          prompt: request.prompt,
          style: request.style,
          strength: REALTIME_RESTYLE_STRENGTH,
        },
        { signal, report: () => undefined, checkpoint: async () => undefined },
      );
      return {
        data: output.data,
        contentType: output.contentType,
        width: output.width,
        height: output.height,
      };
    },
  };
}
