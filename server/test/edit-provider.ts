import sharp from 'sharp';
import type { GenerationProvider } from '../src/providers/provider.js';

/**
 * A provider that only edits (inpaint and prompt edits), at the provider boundary: it answers solid
 * PNGs of the source's size. `id` names the provider and (with `-1`) its one model.
 */
export function createEditProvider(id = 'editor'): GenerationProvider {
  return {
    id,
    capabilities: () => ({
      providerId: id,
      providerName: 'Editor',
      models: [
        {
          id: `${id}-1`,
          name: `Editor ${id}`,
          kinds: ['image'],
          description: 'Test edits',
          supportsSeed: true,
          supportsNegativePrompt: false,
          maxWidth: 1024,
          maxHeight: 1024,
          generates: false,
          tools: ['inpaint', 'prompt-edit'],
        },
      ],
    }),
    generate: async () => {
      throw new Error('edits only');
    },
    async edit(request) {
      const { width, height } = request.source;
      const data = await sharp({ create: { width, height, channels: 3, background: '#123456' } })
        .png()
        .toBuffer();
      return { data, contentType: 'image/png', width, height, seed: request.seed, model: request.model };
    },
  };
}
