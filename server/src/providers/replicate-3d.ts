import type { ReplicateModelConfig } from './replicate.js';

/**
 * 3D Objects on Replicate (issue 21): image-to-3D models (TRELLIS) take the person's image through the
 * Files API as `{{image}}`; their output is an object of several files (a GLB, preview videos, a
 * point cloud), so the GLB is picked by name, not as the first URL. replicate.ts creates and follows
 * the prediction (and resumes it after a restart); model-still.ts draws the still.
 */

/** The GLB among a 3D prediction's outputs: `model_file` (TRELLIS), else any URL ending in .glb. */
export function replicate3dUrl(output: unknown): string | undefined {
  if (output && typeof output === 'object' && !Array.isArray(output)) {
    const named = (output as Record<string, unknown>).model_file;
    if (typeof named === 'string' && /^https?:/.test(named)) return named;
  }
  const glb = (value: unknown): string | undefined => {
    if (typeof value === 'string') return /^https?:.*\.glb(\?|$)/i.test(value) ? value : undefined;
    if (value && typeof value === 'object') {
      for (const item of Object.values(value)) {
        const found = glb(item);
        if (found) return found;
      }
    }
    return undefined;
  };
  return glb(output);
}

/** Ready-made Replicate 3D models, merged into REPLICATE_PRESETS. */
export const REPLICATE_3D_PRESETS: Record<string, Omit<ReplicateModelConfig, 'id' | 'name' | 'model'>> = {
  // TRELLIS (community model): `images` is a list; `generate_model` asks for the GLB.
  'firtoz/trellis': {
    kind: 'image',
    generates: false,
    community: true,
    tools: ['3d'],
    input: { images: ['{{image}}'], seed: '{{seed}}', generate_model: true, generate_color: false },
    waitSeconds: 0,
    maxWidth: 1024,
    maxHeight: 1024,
    timeoutSeconds: 900,
  },
};
