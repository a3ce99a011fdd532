import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { interpretPrompt } from './interpret.js';
import { sceneSeed } from './random.js';
import { renderStill } from './render.js';
import { buildLayers, createEnv } from './scene.js';
import type { Layer, Occlusion, SceneEnv } from './scene-types.js';
import { lookFor } from './style.js';

function scene(prompt: string, size: number): { env: SceneEnv; layers: Layer[] } {
  const env = createEnv(interpretPrompt(prompt, ''), {
    width: size,
    height: size,
    seed: sceneSeed(prompt, 5),
    quality: 'standard',
    look: lookFor('realistic', 'default'),
    video: false,
    durationSeconds: 0,
  });
  return { env, layers: buildLayers(env) };
}

/** Every layer drawn in full, far to near, as if nothing covered anything. */
function drawEverything(env: SceneEnv, layers: readonly Layer[]): Uint8ClampedArray {
  const canvas = createCanvas(env.width, env.height);
  const ctx = canvas.getContext('2d');
  for (const layer of layers) {
    ctx.save();
    layer.draw?.(ctx);
    ctx.restore();
    ctx.save();
    layer.animate?.(ctx, 0);
    ctx.restore();
  }
  return ctx.getImageData(0, 0, env.width, env.height).data;
}

describe('Sketch stills', () => {
  it.each([
    'golden sunset over the mountains',
    'snowy mountains above a lake at dawn',
    'desert dunes at noon',
    'a red fox in a meadow with rolling hills',
  ])('skip only what nearer layers hide: %s looks the same', (prompt) => {
    const told: string[] = [];
    const still = scene(prompt, 384);
    for (const layer of still.layers) {
      const draw = layer.draw?.bind(layer);
      const animate = layer.animate?.bind(layer);
      if (draw)
        layer.draw = (ctx, hidden?: Occlusion) => {
          if (hidden) told.push(layer.name);
          draw(ctx, hidden);
        };
      if (animate)
        layer.animate = (ctx, t, hidden?: Occlusion) => {
          if (hidden) told.push(layer.name);
          animate(ctx, t, hidden);
        };
    }
    const rendered = renderStill(still.env, still.layers).getContext('2d').getImageData(0, 0, 384, 384).data;
    const full = scene(prompt, 384);
    const reference = drawEverything(full.env, full.layers);

    // The far layers were told what the nearer terrain covers…
    expect(told.length).toBeGreaterThan(0);
    // …and the picture is the same: Skia's 8-bit blending lets 1/256 of what lies under an opaque
    // layer through, so a rare byte may differ by one level, never more.
    let largest = 0;
    let differing = 0;
    for (let i = 0; i < reference.length; i++) {
      const d = Math.abs((rendered[i] as number) - (reference[i] as number));
      if (d > largest) largest = d;
      if (d > 0) differing++;
    }
    expect(largest).toBeLessThanOrEqual(1);
    expect(differing).toBeLessThan(reference.length / 1000);
  });
});
