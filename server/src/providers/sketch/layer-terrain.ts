import type { Canvas } from '@napi-rs/canvas';
import {
  drawStretched,
  ellipse,
  hiddenTexels,
  profilePath,
  shadeCanvas,
  type TexelShader,
} from './canvas-kit.js';
import { css, hsl, mix, type Rgb, scale } from './color.js';
import { broadleaf } from './layer-vegetation.js';
import { clamp01, createNoise1, createNoise2, lerp, type Noise2, smoothstep } from './noise.js';
import type { Ctx, Layer, Occlusion, SceneEnv } from './scene-types.js';

type Material = 'rock' | 'grass' | 'sand' | 'snow';

interface TerrainOptions {
  name: string;
  depth: number;
  /** y of the layer's silhouette at x. */
  profile: (x: number) => number;
  bottom: number;
  material: Material;
  /** 0 = near and clear … 1 = lost in the haze. */
  haze: number;
  /** How strongly ridges and gullies break the faces (mountains 1, hills 0.2, dunes 0). */
  facets: number;
  /** Fraction of the layer's height (from the top) that carries snow. */
  snow: number;
  /** Typical height of the layer above its base, for scaling shading. */
  amplitude: number;
  /** Dunes: shadow boundaries lean down-slope. */
  slant?: number;
  /** 0–1: how much nearer layers darken in backlit scenes and toward their foot. */
  darken?: number;
  /** Small trees dotted along the layer (hills, countryside). */
  trees?: number;
  seedLabel: string;
}

function materialColors(env: SceneEnv, material: Material): { lit: Rgb; dark: Rgb } {
  const pal = env.palette;
  const base =
    material === 'rock'
      ? pal.rock
      : material === 'grass'
        ? pal.grass
        : material === 'sand'
          ? pal.sand
          : pal.snow;
  // Backlit scenes (low sun in front of us) show mostly the shadow side.
  const low = env.spec.time === 'sunset' || env.spec.time === 'sunrise' || env.spec.time === 'dusk';
  const lit = mix(base, mix(base, pal.light, 0.6), pal.daylight * (low ? 0.6 : 0.4));
  const dark = mix(scale(base, low ? 0.32 : 0.5), pal.shadow, 0.4);
  return { lit: low ? mix(lit, dark, 0.3) : lit, dark };
}

/** Clumps of round trees and hedgerows along a hill layer, hazier with distance. */
function drawHillTrees(ctx: Ctx, env: SceneEnv, options: TerrainOptions, top: number): void {
  const rng = env.rng(`${options.seedLabel}-trees`);
  const pal = env.palette;
  const count = Math.round((options.trees ?? 0) * 40 * env.detail.density * (env.width / env.unit));
  const size = env.unit * 0.018 * (1.4 - options.haze);
  const body = mix(pal.foliage, pal.haze, options.haze * 0.9);
  const lit = mix(mix(pal.foliage, pal.light, 0.3 * pal.daylight + 0.05), pal.haze, options.haze * 0.9);
  const trees: { x: number; y: number; r: number }[] = [];
  for (let i = 0; i < count; i++) {
    const x = rng.next() * env.width;
    const ridge = options.profile(x);
    const y = ridge + rng.next() ** 1.5 * (options.bottom - ridge) * 0.6;
    if (y < top) continue;
    trees.push({
      x,
      y,
      r: size * rng.range(0.6, 1.3) * (1 + ((y - ridge) / Math.max(1, options.bottom - ridge)) * 0.8),
    });
  }
  trees.sort((a, b) => a.y - b.y);
  const style = { body: scale(body, 0.8), lit, snow: false, lightSide: env.lightSide };
  for (const tree of trees) {
    // A soft contact shadow, then the tree standing on it.
    ctx.fillStyle = css(scale(body, 0.55), 0.45);
    ellipse(ctx, tree.x - tree.r * 0.4 * env.lightSide, tree.y, tree.r * 1.3, tree.r * 0.28);
    ctx.fill();
    broadleaf(ctx, rng, tree.x, tree.y, tree.r * 2.6, style);
  }
}

function boxBlur(values: Float32Array, radius: number): Float32Array {
  const n = values.length;
  const out = new Float32Array(n);
  let sum = 0;
  const at = (i: number): number => values[Math.min(n - 1, Math.max(0, i))] as number;
  for (let i = -radius; i <= radius; i++) sum += at(i);
  for (let i = 0; i < n; i++) {
    out[i] = sum / (2 * radius + 1);
    sum += at(i + radius + 1) - at(i - radius);
  }
  return out;
}

/** What the colour of a terrain texel depends on, fixed per layer. */
interface TerrainTexels {
  noise: Noise2;
  /** The silhouette per texel column (one extra each side). */
  ridge: Float32Array;
  /** Slopes of the silhouette smoothed at growing widths (see the layer). */
  slopes: Float32Array[];
  /** Per texel column, the row after which nearer layers hide everything (hiddenTexels). */
  hiddenFrom: Float32Array;
  s: number;
  top: number;
  amp: number;
  f: number;
  octaves: number;
  lightSide: number;
  levels: number;
  tw: number;
  slant: number;
  facets: number;
  snow: number;
  haze: number;
  material: Material;
  darken: number;
  fog: number;
  daylight: number;
  darkR: number;
  darkG: number;
  darkB: number;
  litR: number;
  litG: number;
  litB: number;
  snowDarkR: number;
  snowDarkG: number;
  snowDarkB: number;
  snowLitR: number;
  snowLitG: number;
  snowLitB: number;
  hazeR: number;
  hazeG: number;
  hazeB: number;
}

/**
 * The terrain's texel colour as the method of one class rather than a closure per layer: the
 * optimiser compiles it once per process, where every new closure ran unoptimised (boxing each
 * number) until it was compiled again. Colours are scalars: no arrays per texel.
 */
class TerrainShader implements TexelShader {
  constructor(private readonly t: TerrainTexels) {}

  shade(x: number, y: number, out: Float32Array): void {
    const t = this.t;
    // Under nearer layers (stills): never seen, so not shaded.
    if (y > (t.hiddenFrom[x] as number)) return;
    const { s, amp, f, noise, slopes, levels, lightSide, material } = t;
    const sx = (x + 0.5) / s;
    const sy = t.top + (y + 0.5) / s;
    const r = t.ridge[x + 1] as number;
    const below = Math.max(0, (sy - r) / amp);
    let facing: number;
    if (t.slant) {
      const k = Math.min(t.tw + 1, Math.max(0, Math.round(x + 1 + below * t.slant * lightSide * amp * s)));
      facing = -((slopes[1] as Float32Array)[k] as number) * 2.2;
    } else {
      const lv = Math.min(levels - 1.001, Math.max(0, Math.log2(1 + below * 12)));
      const l0 = Math.floor(lv);
      const a = (slopes[l0] as Float32Array)[x + 1] as number;
      const b = (slopes[l0 + 1] as Float32Array)[x + 1] as number;
      facing = -(a + (b - a) * (lv - l0)) * 1.6;
    }
    if (t.facets > 0) {
      const ny = (sy - r * 0.8) * f * 0.9;
      const nx = sx * f * 1.6;
      const g = noise.ridgedSlope(nx, ny, 0.06, t.octaves);
      facing += g * 1.1 * t.facets;
    }
    const light = clamp01(0.5 + facing * lightSide * 0.8);
    let cr = t.darkR + (t.litR - t.darkR) * light;
    let cg = t.darkG + (t.litG - t.darkG) * light;
    let cb = t.darkB + (t.litB - t.darkB) * light;
    const grain = noise.fbm(sx * f * 3, sy * f * 5, 3);
    const k = 0.93 + grain * 0.14;
    cr *= k;
    cg *= k;
    cb *= k;
    if (material === 'sand') {
      // Wind ripples and a darker foot under each crest.
      const ripple = Math.sin(sy * f * 40 + noise.at(sx * f * 2, sy * f * 2) * 6 + sx * f * 4);
      const m = 1 + ripple * 0.035 * smoothstep(0, 0.3, below) - smoothstep(0.2, 1.6, below) * 0.18;
      cr *= m;
      cg *= m;
      cb *= m;
    }
    if (material === 'grass') {
      const patches = noise.fbm(sx * f * 0.6 + 9, sy * f * 1.8, 3);
      const tint = hsl(70 + patches * 40, 0.45, 0.4 * t.daylight + 0.1);
      const w = clamp01(patches) * 0.25;
      cr += (tint[0] - cr) * w;
      cg += (tint[1] - cg) * w;
      cb += (tint[2] - cb) * w;
    }
    if (t.snow > 0) {
      const h = 1 - below + noise.fbm(sx * f * 1.5, sy * f * 1.5, 3) * 0.35;
      const mask = smoothstep(1 - t.snow, 1 - t.snow + 0.06, h);
      if (mask > 0) {
        const l = smoothstep(0.35, 0.65, light);
        cr += (t.snowDarkR + (t.snowLitR - t.snowDarkR) * l - cr) * mask;
        cg += (t.snowDarkG + (t.snowLitG - t.snowDarkG) * l - cg) * mask;
        cb += (t.snowDarkB + (t.snowLitB - t.snowDarkB) * l - cb) * mask;
      }
    }
    if (t.darken > 0) {
      const m = 1 - t.darken * (0.6 + 0.4 * smoothstep(0, 2, below));
      cr *= m;
      cg *= m;
      cb *= m;
    }
    // Distance haze, and valley fog pooling at the foot of the layer.
    const pool = smoothstep(0.45, 1.3, below) * 0.55 * t.fog * (material === 'grass' ? 0.4 : 1);
    const w = clamp01(t.haze + (1 - t.haze) * pool * (0.4 + t.haze));
    out[0] = cr + (t.hazeR - cr) * w;
    out[1] = cg + (t.hazeG - cg) * w;
    out[2] = cb + (t.hazeB - cb) * w;
  }
}

function terrainLayer(env: SceneEnv, options: TerrainOptions): Layer {
  const { width: W, unit } = env;
  const pal = env.palette;
  const noise = createNoise2(env.rng(`${options.seedLabel}-faces`));
  const { lit, dark } = materialColors(env, options.material);
  const snowLit = mix(pal.snow, pal.light, 0.25 * pal.daylight);
  const snowDark = mix(scale(pal.snow, 0.6), mix(pal.shadow, pal.skyTop, 0.4), 0.5);
  const fog = env.spec.moods.includes('fog') || env.spec.moods.includes('dreamy') ? 1 : 0.5;
  const step = Math.max(1, W / 900);
  const backlit =
    env.spec.time === 'sunset' || env.spec.time === 'sunrise' || env.spec.time === 'golden-hour';
  const rim = backlit && options.material !== 'sand' ? 0.45 * (1 - options.haze) : 0;
  const darken = (options.darken ?? 0) * (backlit || env.palette.night ? 0.5 : 0.25);
  let top = Number.POSITIVE_INFINITY;
  for (let x = 0; x <= W; x += step) top = Math.min(top, options.profile(x));
  top = Math.floor(top - 2);
  const height = options.bottom - top;
  let texture: Canvas | null = null;
  const build = (hidden: Occlusion | undefined): Canvas => {
    const s = Math.min(1, env.detail.textureScale * (options.material === 'rock' ? 1.25 : 1));
    const tw = Math.ceil(W * s);
    const th = Math.ceil(height * s);
    const ridge = new Float32Array(tw + 2);
    for (let i = 0; i < tw + 2; i++) ridge[i] = options.profile((i - 0.5) / s);
    const amp = Math.max(1, options.amplitude);
    // The ridge smoothed at growing widths: deeper below the crest, only the big spurs still show, so
    // light/shadow boundaries run down from the peaks and merge like real mountain faces.
    const levels = 7;
    const slopes: Float32Array[] = [];
    let current: Float32Array = ridge;
    for (let level = 0; level < levels; level++) {
      const radius = Math.max(1, Math.round(amp * s * 0.04 * 2 ** level));
      const blurred = level === 0 ? ridge : boxBlur(current, radius);
      const slope = new Float32Array(tw + 2);
      for (let i = 1; i < tw + 1; i++)
        slope[i] = (((blurred[i + 1] as number) - (blurred[i - 1] as number)) * s) / 2;
      slope[0] = slope[1] as number;
      slope[tw + 1] = slope[tw] as number;
      slopes.push(slope);
      current = blurred;
    }
    return shadeCanvas(
      tw,
      th,
      new TerrainShader({
        noise,
        ridge,
        slopes,
        hiddenFrom: hiddenTexels(hidden, tw, W / tw, top, height / th),
        s,
        top,
        amp,
        f: 6 / unit,
        octaves: env.detail.octaves,
        lightSide: env.lightSide,
        levels,
        tw,
        slant: options.slant ?? 0,
        facets: options.facets,
        snow: options.snow,
        haze: options.haze,
        material: options.material,
        darken,
        fog,
        daylight: pal.daylight,
        darkR: dark[0],
        darkG: dark[1],
        darkB: dark[2],
        litR: lit[0],
        litG: lit[1],
        litB: lit[2],
        snowDarkR: snowDark[0],
        snowDarkG: snowDark[1],
        snowDarkB: snowDark[2],
        snowLitR: snowLit[0],
        snowLitG: snowLit[1],
        snowLitB: snowLit[2],
        hazeR: pal.haze[0],
        hazeG: pal.haze[1],
        hazeB: pal.haze[2],
      }),
    );
  };
  // The clip's outline (profilePath samples the profile every `step` pixels and joins them).
  const outline = (): { xs: Float64Array; ys: Float64Array } => {
    const n = Math.floor((W + 2 * step) / step) + 8;
    const xs = new Float64Array(n);
    const ys = new Float64Array(n);
    let count = 0;
    for (let x = -step; x <= W + step + step && count < n; x += step) {
      const at = Math.min(x, W + step);
      xs[count] = at;
      ys[count++] = options.profile(at);
    }
    return { xs: xs.subarray(0, count), ys: ys.subarray(0, count) };
  };
  return {
    name: options.name,
    depth: options.depth,
    // Opaque from the outline down when the layer reaches the bottom of the frame: each column is
    // covered from the lower end of the outline's segments over it, plus a pixel of antialiasing.
    cover:
      options.bottom >= env.height
        ? () => {
            const { xs, ys } = outline();
            const cover = new Float32Array(W).fill(Number.NEGATIVE_INFINITY);
            for (let i = 0; i + 1 < xs.length; i++) {
              const y = Math.max(ys[i] as number, ys[i + 1] as number) + 1;
              const a = Math.max(0, Math.floor(xs[i] as number));
              const b = Math.min(W - 1, Math.ceil(xs[i + 1] as number));
              for (let x = a; x <= b; x++) if (y > (cover[x] as number)) cover[x] = y;
            }
            return cover;
          }
        : undefined,
    draw(ctx, hidden) {
      texture ??= build(hidden);
      ctx.save();
      profilePath(ctx, options.profile, -step, W + step, options.bottom, step);
      ctx.clip();
      drawStretched(ctx, texture, 0, top, W, height);
      ctx.restore();
      if (options.trees) drawHillTrees(ctx, env, options, top);
      if (rim > 0) {
        // Backlit crests catch a thin line of light.
        ctx.save();
        ctx.globalCompositeOperation = 'screen';
        ctx.strokeStyle = css(pal.glow, rim);
        ctx.lineWidth = Math.max(1, unit * 0.0025);
        ctx.beginPath();
        for (let x = -step; x <= W + step; x += step) {
          const y = options.profile(x) + ctx.lineWidth * 0.5;
          if (x <= -step) ctx.moveTo(x, y);
          else ctx.lineTo(x, y);
        }
        ctx.stroke();
        ctx.restore();
      }
    },
  };
}

/** Layered mountain ranges (or rolling hills), hazier with distance. */
export function mountainLayers(env: SceneEnv, options: { hills: boolean; watery: boolean }): Layer[] {
  const { height: H, horizon, width: W, spec } = env;
  const count = env.look.minimal ? 2 : env.detail.density > 1 ? 4 : 3;
  const rng = env.rng('mountains');
  const primary = spec.subjects[0] === 'mountains' || spec.subjects.includes('snow');
  const tall =
    (options.watery ? 0.26 : primary ? 0.48 : 0.34) * horizon * (spec.camera === 'wide' ? 0.85 : 1);
  const snowy =
    spec.subjects.includes('snow') ||
    (!options.hills && !spec.subjects.includes('desert') && rng.chance(0.6));
  const layers: Layer[] = [];
  for (let k = 0; k < count; k++) {
    const t = k / (count - 1);
    const noise = createNoise1(env.rng(`mountain-${k}`));
    const base = options.watery ? horizon + 2 : horizon + t * (H - horizon) * (options.hills ? 0.75 : 0.55);
    const amplitude = options.hills ? tall * (0.5 - t * 0.1) : tall * (1 - t * 0.5);
    const freq = (options.hills ? 1.6 : 2.6 + k * 0.9) / W;
    const peakX = W * rng.range(0.2, 0.8);
    const peakW = W * rng.range(0.18, 0.32);
    const profile = options.hills
      ? (x: number) => base - amplitude * (0.5 + 0.9 * noise.fbm(x * freq * 1.5 + k * 7, 3))
      : (x: number) => {
          const ridges = clamp01((noise.ridged(x * freq + k * 13, env.detail.octaves + 1) - 0.25) / 0.6);
          const broad = 0.5 + 0.5 * noise.fbm(x * freq * 0.3 + k * 3, 2);
          const massif = k === 0 ? Math.exp(-(((x - peakX) / peakW) ** 2)) * 0.45 : 0;
          return base - amplitude * (0.08 + ridges * (0.35 + 0.4 * broad) + massif);
        };
    const depth = 0.15 + t * 0.35;
    layers.push(
      terrainLayer(env, {
        name: `mountains-${k}`,
        depth,
        profile,
        bottom: H,
        material: options.hills ? (spec.subjects.includes('snow') ? 'snow' : 'grass') : 'rock',
        haze:
          lerp(options.hills ? 0.5 : options.watery ? 0.45 : 0.72, 0.08, t) * (env.palette.night ? 0.8 : 1),
        facets: options.hills ? 0.15 : 1 - t * 0.6,
        darken: t,
        trees: options.hills && !env.look.minimal && !spec.subjects.includes('snow') ? 0.4 + t : 0,
        snow: options.hills ? 0 : snowy ? (spec.subjects.includes('snow') ? 0.55 : 0.32) * (1 - t * 0.7) : 0,
        amplitude,
        seedLabel: `mountain-${k}`,
      }),
    );
  }
  return layers;
}

export function duneLayers(env: SceneEnv): Layer[] {
  const { height: H, horizon, width: W } = env;
  const count = env.look.minimal ? 3 : 4 + (env.detail.density > 1 ? 1 : 0);
  const layers: Layer[] = [];
  for (let k = 0; k < count; k++) {
    const t = k / (count - 1);
    const noise = createNoise1(env.rng(`dune-${k}`));
    const base = horizon + (H - horizon) * (0.05 + t * t * 0.75);
    const amplitude = (H - horizon) * (0.06 + t * 0.2) + env.unit * 0.02;
    const freq = (1.6 + (1 - t) * 2.5) / W;
    layers.push(
      terrainLayer(env, {
        name: `dunes-${k}`,
        depth: 0.2 + t * 0.6,
        profile: (x) => base - amplitude * (0.25 + 0.75 * noise.ridged(x * freq + k * 5, 1)),
        bottom: H,
        material: 'sand',
        haze: lerp(0.55, 0.0, t),
        facets: 0,
        snow: 0,
        amplitude,
        darken: t * 0.6,
        seedLabel: `dune-${k}`,
      }),
    );
  }
  return layers;
}

/** Low distant land under a sky-only scene, or rolling snowfields for winter. */
export function groundLayers(env: SceneEnv, material: Material): Layer[] {
  const { height: H, horizon, width: W } = env;
  const layers: Layer[] = [];
  for (let k = 0; k < 2; k++) {
    const t = k;
    const noise = createNoise1(env.rng(`ground-${k}`));
    const base = horizon + (H - horizon) * (0.02 + t * 0.35);
    const amplitude = (H - horizon) * (0.08 + t * 0.15);
    layers.push(
      terrainLayer(env, {
        name: `ground-${k}`,
        depth: 0.3 + t * 0.4,
        profile: (x) => base - amplitude * (0.5 + 0.5 * noise.fbm((x / W) * (2.2 - t) + k * 4, 3)),
        bottom: H,
        material,
        haze: k === 0 ? 0.45 : 0.05,
        facets: 0.1,
        snow: 0,
        amplitude,
        trees: material === 'grass' && !env.look.minimal && k === 0 ? 0.5 : 0,
        seedLabel: `ground-${k}`,
      }),
    );
  }
  return layers;
}
