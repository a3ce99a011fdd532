import type { FalModelConfig } from './fal.js';

/**
 * 3D Objects on fal (issue 21): image-to-3D endpoints of fal's queue (Hunyuan3D 2, TRELLIS) take the
 * person's image as `{{image}}` (a `data:` URI, which fal reads like an uploaded file) and answer
 * `model_mesh.url`, a GLB. fal.ts submits and follows the request (and resumes it after a restart);
 * model-still.ts fills the inputs and draws the still. A model whose input has no `{{image}}` is text-to-3D
 * (Tripo v2.5: the prompt alone), offered for prompt-only requests.
 */

/**
 * The GLB's URL in a fal 3D result: `model_mesh` for Hunyuan3D and TRELLIS, `model_glb` for some;
 * Tripo's `model_mesh` is optional beside its `pbr_model` (textured) and `base_model` (untextured) GLBs.
 */
export function fal3dUrl(payload: {
  model_mesh?: { url?: string };
  model_glb?: { url?: string };
  pbr_model?: { url?: string };
  base_model?: { url?: string };
}): string | undefined {
  return (
    payload.model_mesh?.url ?? payload.model_glb?.url ?? payload.pbr_model?.url ?? payload.base_model?.url
  );
}

/** Ready-made fal 3D endpoints, merged into FAL_PRESETS. */
export const FAL_3D_PRESETS: Record<string, Omit<FalModelConfig, 'id' | 'name' | 'endpoint'>> = {
  'fal-ai/hunyuan3d/v2': {
    kind: 'image',
    generates: false,
    tools: ['3d'],
    input: { input_image_url: '{{image}}', seed: '{{seed}}', textured_mesh: true },
    maxWidth: 1024,
    maxHeight: 1024,
    timeoutSeconds: 900,
  },
  'fal-ai/trellis': {
    kind: 'image',
    generates: false,
    tools: ['3d'],
    input: { image_url: '{{image}}', seed: '{{seed}}' },
    maxWidth: 1024,
    maxHeight: 1024,
    timeoutSeconds: 900,
  },
  // Text-to-3D: the prompt alone (no `{{image}}`), `seed` the geometry's.
  'tripo3d/tripo/v2.5/text-to-3d': {
    kind: 'image',
    generates: false,
    tools: ['3d'],
    input: { prompt: '{{prompt}}', seed: '{{seed}}' },
    maxWidth: 1024,
    maxHeight: 1024,
    timeoutSeconds: 900,
  },
};
