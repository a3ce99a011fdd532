import type { Feature, SceneSpec } from './interpret.js';
import { abstractLayers } from './layer-abstract.js';
import { cityLayers } from './layer-city.js';
import { bokehLayer, portraitLayer } from './layer-portrait.js';
import { skyLayers } from './layer-sky.js';
import { spaceLayers } from './layer-space.js';
import { duneLayers, groundLayers, mountainLayers } from './layer-terrain.js';
import { fallingLeavesLayer, logoLayer, pondFromAboveLayer, roomLayer, thingLayers } from './layer-things.js';
import { closeUpFlowersLayer, foregroundPlants, forestLayers, meadowLayer } from './layer-vegetation.js';
import { beachLayer, boatsLayer, riverLayer, waterLayer } from './layer-water.js';
import {
  fogLayer,
  godRaysLayer,
  lightningLayer,
  rainLayer,
  scifiGridLayer,
  snowfallLayer,
  sparklesLayer,
} from './layer-weather.js';
import { buildPalette } from './palette.js';
import { rngFor } from './random.js';
import type { Detail, Layer, Look, SceneEnv } from './scene-types.js';

export type Quality = 'standard' | 'high' | 'ultra';

export interface SceneParams {
  width: number;
  height: number;
  /** The scene seed (hash of the prompt xor the request seed). */
  seed: number;
  quality: Quality;
  look: Look;
  video: boolean;
  durationSeconds: number;
}

const DETAIL: Record<Quality, Detail> = {
  standard: { octaves: 4, density: 1, textureScale: 0.42 },
  high: { octaves: 5, density: 1.35, textureScale: 0.55 },
  ultra: { octaves: 6, density: 1.8, textureScale: 0.7 },
};

function horizonFraction(spec: SceneSpec): number {
  const s = new Set(spec.subjects);
  const only = (subject: string): boolean => s.size === 1 && s.has(subject as SceneSpec['subjects'][number]);
  if (only('space') || only('abstract')) return 1.15;
  let f = 0.7;
  if (s.has('mountains')) f = 0.7;
  if (s.has('forest')) f = 0.68;
  if (s.has('flowers')) f = 0.6;
  if (s.has('desert')) f = 0.6;
  if (s.has('snow')) f = 0.64;
  if (s.has('city')) f = 0.74;
  if (s.has('river')) f = 0.5;
  if (s.has('ocean')) f = spec.variants.includes('beach') ? 0.52 : 0.56;
  if (only('sky') || only('sunset') || only('aurora'))
    f = spec.things.some((t) => t.placement !== 'sky') ? 0.66 : 0.84;
  if (s.has('interior')) f = 0.64;
  if (s.has('aurora') && !s.has('ocean')) f = Math.max(f, 0.72);
  if (spec.camera === 'wide') f += 0.04;
  if (spec.camera === 'close-up' && s.has('flowers')) f -= 0.12;
  return f;
}

export function createEnv(spec: SceneSpec, params: SceneParams): SceneEnv {
  const { width: W, height: H, seed } = params;
  const palette = buildPalette(spec);
  const unit = Math.min(W, H);
  const horizon = Math.round(H * horizonFraction(spec));
  const placement = rngFor(seed, 'light');
  const lightSide = placement.chance(0.5) ? 1 : -1;
  const x = W * (0.5 - lightSide * placement.range(0.1, 0.28));
  const night = palette.night;
  let y: number;
  switch (spec.time) {
    case 'day':
      y = Math.min(horizon, H) * placement.range(0.16, 0.32);
      break;
    case 'golden-hour':
      y = Math.min(horizon, H) * placement.range(0.5, 0.66);
      break;
    case 'sunset':
    case 'sunrise':
      y = horizon - unit * placement.range(0.02, 0.09);
      break;
    case 'dusk':
      y = horizon + unit * 0.05;
      break;
    default:
      y = Math.min(horizon, H) * placement.range(0.15, 0.32);
  }
  if (horizon > H) y = H * placement.range(0.2, 0.4);
  const suppressed = new Set(spec.suppressed);
  const has = (feature: string): boolean => !suppressed.has(feature as Feature);
  const moonWanted =
    night &&
    has('moon') &&
    (spec.features.includes('moon') || (!spec.variants.includes('galaxy') && placement.chance(0.75)));
  const visible = night ? moonWanted : has('sun') && spec.time !== 'dusk' && !spec.moods.includes('storm');
  const radius = unit * (night ? (params.look.surreal ? 0.2 : 0.045) : params.look.surreal ? 0.12 : 0.042);
  return {
    width: W,
    height: H,
    unit,
    spec,
    palette,
    seed,
    detail: DETAIL[params.quality],
    look: params.look,
    horizon,
    light: { x, y, radius, visible, moon: night },
    lightSide,
    video: params.video,
    durationSeconds: params.durationSeconds,
    rng: (label) => rngFor(seed, label),
    has,
  };
}

/** The layers of a scene, far to near. */
export function buildLayers(env: SceneEnv): Layer[] {
  const layers: Layer[] = [];
  const { spec, look } = env;
  const s = new Set(spec.subjects);
  const v = new Set(spec.variants);
  const moods = new Set(spec.moods);
  const pick = env.rng('composition');
  const scenery = spec.subjects.filter((subject) => subject !== 'portrait' && subject !== 'abstract');
  const abstractOnly = s.has('abstract') && scenery.length === 0;
  const spaceOnly = s.has('space') && scenery.every((subject) => subject === 'space');

  const pondFromAbove =
    spec.view === 'top' && spec.things.some((t) => t.kind === 'fish' && t.placement === 'water');
  if (spec.logo) {
    // A logo is a flat mark and a name: no scenery, no weather.
    return [logoLayer(env)];
  }
  if (pondFromAbove) {
    layers.push(pondFromAboveLayer(env));
  } else if (s.has('interior')) {
    layers.push(roomLayer(env));
  } else if (abstractOnly) {
    layers.push(...abstractLayers(env));
  } else if (spaceOnly) {
    layers.push(...spaceLayers(env, { backdrop: true }));
  } else {
    const sky = skyLayers(env);
    // Space words over a landscape become a night sky full of nebula or galaxy.
    if (s.has('space')) sky.splice(1, 0, ...spaceLayers(env, { backdrop: false }));
    layers.push(...sky);
    if ((moods.has('dramatic') || moods.has('fog') || look.magic) && !env.palette.night && env.light.visible)
      layers.push(godRaysLayer(env));
    const watery = s.has('ocean');
    // A winter prompt with nothing else gets a snowy range and pines to stand in.
    const winterOnly =
      s.has('snow') &&
      !['mountains', 'forest', 'city', 'ocean', 'desert', 'flowers', 'river'].some((x) => s.has(x as never));
    if (s.has('mountains') || winterOnly)
      layers.push(...mountainLayers(env, { hills: v.has('hills'), watery }));
    if (s.has('desert')) layers.push(...duneLayers(env));
    const landscape =
      winterOnly || ['mountains', 'desert', 'ocean', 'city'].some((subject) => s.has(subject as never));
    if (!landscape && env.horizon < env.height)
      layers.push(...groundLayers(env, s.has('snow') ? 'snow' : 'grass'));
    if (s.has('city')) layers.push(...cityLayers(env, { watery: watery || s.has('river') }));
    if (s.has('forest') || winterOnly)
      layers.push(...forestLayers(env, { watery, primary: spec.subjects[0] === 'forest' || !watery }));
    if (watery) {
      layers.push(waterLayer(env, { lake: v.has('lake') }));
      if (env.has('boats') && (spec.features.includes('boats') || (!v.has('lake') && pick.chance(0.3))))
        layers.push(boatsLayer(env));
      if (v.has('beach')) layers.push(beachLayer(env));
    }
    if (s.has('river')) {
      if (s.has('city')) layers.push(waterLayer(env, { lake: true }));
      else layers.push(riverLayer(env));
    }
    if (s.has('city') && !watery && !s.has('river') && (v.has('cyberpunk') || moods.has('rain')))
      layers.push(
        waterLayer(env, { lake: true, street: true, top: env.horizon + (env.height - env.horizon) * 0.25 }),
      );
    if (s.has('flowers')) layers.push(meadowLayer(env));
    if (v.has('palms') || (v.has('beach') && pick.chance(0.6))) layers.push(foregroundPlants(env, 'palms'));
    if (v.has('cactus') || (s.has('desert') && !s.has('mountains') && pick.chance(0.4)))
      layers.push(foregroundPlants(env, 'cactus'));
  }
  if (s.has('abstract') && !abstractOnly) layers.push(...abstractLayers(env).slice(1));
  if (!pondFromAbove) layers.push(...thingLayers(env));
  if (s.has('flowers') && spec.camera === 'close-up' && !s.has('portrait')) {
    const blur = Math.max(2, env.unit * 0.008);
    for (const layer of layers) layer.blur = blur;
    layers.push(closeUpFlowersLayer(env));
  }
  if (s.has('portrait')) {
    // Depth of field: everything behind the person is thrown out of focus.
    const blur = Math.max(2, env.unit * (spec.camera === 'close-up' ? 0.012 : 0.007));
    for (const layer of layers) layer.blur = blur;
    layers.push(bokehLayer(env));
    layers.push(portraitLayer(env));
  }
  const warmFoliage = env.palette.targetHues.forest;
  if (s.has('forest') && warmFoliage !== undefined && (warmFoliage < 60 || warmFoliage > 330))
    layers.push(fallingLeavesLayer(env));
  if (moods.has('fog')) layers.push(fogLayer(env, 0.9));
  else if (moods.has('dreamy') || moods.has('calm')) layers.push(fogLayer(env, 0.35));
  if (moods.has('storm') && !spaceOnly) layers.push(lightningLayer(env));
  if (moods.has('rain') || (moods.has('storm') && !s.has('snow')))
    layers.push(rainLayer(env, moods.has('storm')));
  if (moods.has('snowfall') || (s.has('snow') && pick.chance(0.5)))
    layers.push(snowfallLayer(env, moods.has('storm')));
  if (moods.has('dreamy') || look.magic) layers.push(sparklesLayer(env, look.magic ? 1.5 : 1));
  if (look.scifi) layers.push(scifiGridLayer(env));
  return layers;
}
