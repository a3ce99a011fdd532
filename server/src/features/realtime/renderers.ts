import { REALTIME_DRAFT_SIZE, type TRealtimeModel } from '@kaleido/common';
import type { GenerationProvider, ModelCapabilities } from '../../providers/provider.js';
import type { RealtimeRenderer } from '../../providers/realtime-renderer.js';
import { realtimeViaEdit } from '../../providers/realtime-via-edit.js';
import { RealtimeRenderPool } from '../../providers/sketch/realtime-pool.js';
import type { ProviderRegistry } from '../generations/provider-registry.js';

/** The built-in renderer's entry in the page's model list (and the kept asset's model). */
export const OFFLINE_REALTIME_MODEL: TRealtimeModel = {
  id: 'sketch-realtime',
  name: 'Sketch Realtime (offline)',
  provider: 'sketch',
  offline: true,
};

/**
 * The models that can render previews: the offline renderer whenever the Sketch provider is
 * configured (its thread starts on the first frame), then providers' realtime models: their own
 * transport (fal's realtime endpoints), else a restyle through their `edit` (ComfyUI img2img).
 */
export function createRealtimeRenderers(deps: {
  registry: ProviderRegistry;
  extra?: () => RealtimeRenderer[];
}) {
  let pool: RealtimeRenderPool | null = null;
  const offline: RealtimeRenderer = {
    model: OFFLINE_REALTIME_MODEL,
    drafts: true,
    async render(request, signal) {
      pool ??= new RealtimeRenderPool();
      const frame = await pool.render(
        {
          prompt: request.prompt,
          style: request.style,
          drawing: request.drawing,
          seed: request.seed,
          ...(request.draft ? { size: REALTIME_DRAFT_SIZE } : {}),
        },
        signal,
      );
      return {
        data: Buffer.from(frame.webp),
        contentType: 'image/webp',
        width: frame.width,
        height: frame.height,
      };
    },
  };
  const byModel = new Map<string, RealtimeRenderer>();
  const cached = (provider: GenerationProvider, model: ModelCapabilities) => {
    const key = `${provider.id}/${model.id}`;
    let renderer = byModel.get(key);
    if (!renderer) {
      renderer = realtimeViaEdit(provider, model);
      byModel.set(key, renderer);
    }
    return renderer;
  };
  return {
    list(): RealtimeRenderer[] {
      const own = deps.registry.providers().flatMap((provider) => provider.realtime?.() ?? []);
      const covered = new Set(own.map((renderer) => `${renderer.model.provider}/${renderer.model.id}`));
      const viaEdit = deps.registry
        .models()
        .filter(
          (entry) =>
            entry.model.realtime &&
            entry.model.tools?.includes('restyle') &&
            entry.provider.edit &&
            !covered.has(`${entry.provider.id}/${entry.model.id}`),
        )
        .map((entry) => cached(entry.provider, entry.model));
      return [...(deps.registry.provider('sketch') ? [offline] : []), ...own, ...viaEdit];
    },
    async close(): Promise<void> {
      for (const provider of deps.registry.providers())
        for (const renderer of provider.realtime?.() ?? []) renderer.close?.();
      await pool?.close();
      pool = null;
    },
  };
}
