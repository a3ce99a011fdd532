import type { AppConfig } from '../config.js';
import type { GenerationProvider } from './provider.js';
import { createSketchProvider } from './sketch/provider.js';

export type { GenerationProvider } from './provider.js';

/**
 * The providers this installation generates with, from configuration. The built-in Sketch renderer is
 * always there (offline default); AI service adapters join it when configured.
 */
export async function createConfiguredProviders(_config: AppConfig): Promise<GenerationProvider[]> {
  return [createSketchProvider({ poolSize: 1 })];
}
