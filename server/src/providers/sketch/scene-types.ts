import type { SKRSContext2D } from '@napi-rs/canvas';
import type { SceneSpec } from './interpret.js';
import type { Palette } from './palette.js';
import type { Rng } from './random.js';

export type Ctx = SKRSContext2D;

/** How much work a render may spend: quality maps to octaves, counts and stroke density. */
export interface Detail {
  octaves: number;
  /** Multiplies particle, star, tree, flower and stroke counts. */
  density: number;
  /** Texture resolution as a fraction of the output size (noise fields are computed small and upscaled). */
  textureScale: number;
}

/** Rendering choices that styles make before the post-filters run. */
export interface Look {
  /** Flat fills and fewer layers (minimalist). */
  minimal: boolean;
  /** Sparkles and glow (fantasy, dreamy). */
  magic: boolean;
  /** Holographic grid and cool light (sci-fi). */
  scifi: boolean;
  /** A huge moon and floating shapes (surreal). */
  surreal: boolean;
  /** Cel-like drawing (cartoon, anime, animation). */
  cel: boolean;
}

export interface Light {
  x: number;
  y: number;
  radius: number;
  /** Visible disc (sun or moon) — false when suppressed or below the horizon. */
  visible: boolean;
  moon: boolean;
}

export interface SceneEnv {
  width: number;
  height: number;
  /** min(width, height): the unit for sizes. */
  unit: number;
  spec: SceneSpec;
  palette: Palette;
  seed: number;
  detail: Detail;
  look: Look;
  /** y of the horizon in pixels (may be below the frame for pure space scenes). */
  horizon: number;
  /** The sun by day, the moon by night. */
  light: Light;
  /** +1 when the light comes from the left, -1 from the right. */
  lightSide: number;
  video: boolean;
  durationSeconds: number;
  rng(label: string): Rng;
  has(feature: string): boolean;
}

/**
 * Stills only: where nearer layers will cover this one. A layer may skip shading what is hidden
 * (the picture is the same). Videos never get one: parallax moves the layers apart.
 */
export interface Occlusion {
  /** A y from which nearer layers cover every column x0..x1 of the frame to its bottom (the largest of the columns'). */
  below(x0: number, x1: number): number;
}

/**
 * One layer of a scene, drawn far to near. `draw` paints the static part (cached once per video),
 * `animate` the moving part for time t in seconds (t = 0 for stills). `depth` drives parallax:
 * 0 = infinitely far sky, 1 = the nearest foreground.
 */
export interface Layer {
  name: string;
  depth: number;
  draw?(ctx: Ctx, hidden?: Occlusion): void;
  animate?(ctx: Ctx, t: number, hidden?: Occlusion): void;
  /**
   * Per pixel column of the frame, the y from which this layer paints the frame opaque down to its
   * bottom edge (Infinity where it does not). Stills tell the layers behind it (`Occlusion`).
   */
  cover?(): Float32Array;
  /** Depth-of-field blur in pixels for everything behind a portrait. */
  blur?: number;
  /** The layer reads what is already drawn (reflections); it cannot be cached with the layers before it. */
  readsBackdrop?: boolean;
}
