import type { AppConfig } from '../config.js';
import { createComfyProvider } from './comfyui.js';
import { createFalProvider } from './fal.js';
import { createOpenAiProvider } from './openai-images.js';
import type { GenerationProvider } from './provider.js';
import type { ProviderSpec } from './providers-config.js';
import { createReplicateProvider } from './replicate.js';
import { createSketchProvider } from './sketch/provider.js';

export type { GenerationProvider } from './provider.js';

/** One adapter from its configuration; only the configured adapters are made. */
export function createProvider(spec: ProviderSpec): GenerationProvider {
  switch (spec.type) {
    case 'comfyui':
      return createComfyProvider(spec);
    case 'openai':
      return createOpenAiProvider(spec);
    case 'replicate':
      return createReplicateProvider(spec);
    case 'fal':
      return createFalProvider(spec);
  }
}

/**
 * The providers this installation generates with, from configuration: the configured AI services
 * first (their first model of a kind is the default), then the built-in offline Sketch renderer
 * unless the providers file turns it off.
 */
export async function createConfiguredProviders(config: AppConfig): Promise<GenerationProvider[]> {
  const setup = config.providers ?? { sketch: true, providers: [] };
  const providers = setup.providers.map(createProvider);
  if (setup.sketch || providers.length === 0) providers.push(createSketchProvider({ poolSize: 1 }));
  return providers;
}
