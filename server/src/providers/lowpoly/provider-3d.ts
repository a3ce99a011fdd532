import { MODEL_STILL_SIZE } from '@kaleido/common';
import type { GenerationContext, GenerationOutput, Model3dRequest, ModelCapabilities } from '../provider.js';
import { buildLowPoly, type LowPolyResult, type LowPolySteps } from './lowpoly.js';

/**
 * The offline 3D model (issue 21), offered by the built-in Sketch provider: the low-poly modeller of
 * this folder. It reads the prompt only (the 3D service refuses an image for it), and is no AI model.
 */
export const LOWPOLY_MODEL_ID = 'lowpoly-3d';

export const LOWPOLY_MODEL: ModelCapabilities = {
  id: LOWPOLY_MODEL_ID,
  name: 'Low-poly (offline)',
  // A tool-only model: the generators never offer it.
  kinds: ['image'],
  generates: false,
  tools: ['3d'],
  description: 'Offline procedural low-poly modeller — not an AI model',
  supportsSeed: true,
  supportsNegativePrompt: false,
  maxWidth: MODEL_STILL_SIZE,
  maxHeight: MODEL_STILL_SIZE,
};

/** Builds an object: in a worker thread (the provider's pool), or on the calling thread (tools, tests). */
export type LowPolyBuilder = (
  prompt: string,
  seed: number,
  posterSize: number,
  steps: Required<LowPolySteps>,
) => Promise<LowPolyResult>;

/** Builds the GLB and its still (0.1–0.6 s of CPU); stops between steps when the job is cancelled. */
export async function lowPoly3d(
  request: Model3dRequest,
  context: GenerationContext,
  build: LowPolyBuilder = buildLowPoly,
): Promise<GenerationOutput> {
  const result = await build(request.prompt, request.seed, MODEL_STILL_SIZE, {
    signal: context.signal,
    report: (update) => context.report(update),
  });
  if (context.signal.aborted) throw context.signal.reason;
  return {
    data: result.glb,
    contentType: 'model/gltf-binary',
    width: MODEL_STILL_SIZE,
    height: MODEL_STILL_SIZE,
    seed: request.seed,
    model: request.model,
    poster: result.poster,
    details: {
      renderer: 'Offline low-poly modeller',
      interpretation: result.interpretation,
      triangles: result.triangles,
      vertices: result.vertices,
    },
  };
}
