import { type Canvas, createCanvas, ImageData } from '@napi-rs/canvas';
import { css, type Rgb } from './color.js';
import type { Ctx, Occlusion } from './scene-types.js';

/** Colours texels: `shade(x, y, out)` writes r, g, b (0–255) and alpha (0–1). */
export interface TexelShader {
  shade(x: number, y: number, out: Float32Array): void;
}

/**
 * A small canvas filled pixel by pixel. The hottest textures pass a class instance (its method is
 * compiled once per process; a closure made per scene starts unoptimised every time).
 */
export function shadeCanvas(
  width: number,
  height: number,
  shade: ((x: number, y: number, out: Float32Array) => void) | TexelShader,
): Canvas {
  const shader: TexelShader = typeof shade === 'function' ? { shade } : shade;
  const w = Math.max(1, Math.round(width));
  const h = Math.max(1, Math.round(height));
  const canvas = createCanvas(w, h);
  const data = new Uint8ClampedArray(w * h * 4);
  const out = new Float32Array(4);
  let i = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      out[0] = 0;
      out[1] = 0;
      out[2] = 0;
      out[3] = 1;
      shader.shade(x, y, out);
      data[i] = out[0] as number;
      data[i + 1] = out[1] as number;
      data[i + 2] = out[2] as number;
      data[i + 3] = (out[3] as number) * 255;
      i += 4;
    }
  }
  canvas.getContext('2d').putImageData(new ImageData(data, w, h), 0, 0);
  return canvas;
}

/**
 * For a texture drawn stretched (`ux` × `uy` pixels per texel, its corner at left, top), per texel
 * column the texel row after which nearer layers cover every pixel that samples it (Infinity: no
 * layer does). Four texels of margin: smooth filtering reads two to three texels around a pixel.
 */
export function hiddenTexels(
  hidden: Occlusion | undefined,
  columns: number,
  ux: number,
  top: number,
  uy: number,
  left = 0,
): Float32Array {
  const from = new Float32Array(columns).fill(Number.POSITIVE_INFINITY);
  if (!hidden) return from;
  const margin = 4;
  for (let x = 0; x < columns; x++) {
    const y = hidden.below(left + (x - margin) * ux, left + (x + 1 + margin) * ux);
    from[x] = (y - top) / uy + margin;
  }
  return from;
}

/** Draws a small texture stretched over a rectangle with smooth filtering. */
export function drawStretched(
  ctx: Ctx,
  texture: Canvas,
  x: number,
  y: number,
  w: number,
  h: number,
  quality: 'low' | 'medium' | 'high' = 'high',
): void {
  ctx.save();
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = quality;
  ctx.drawImage(texture, x, y, w, h);
  ctx.restore();
}

export function radialGlow(
  ctx: Ctx,
  x: number,
  y: number,
  radius: number,
  color: Rgb,
  alpha: number,
  falloff: readonly [number, number][] = [
    [0, 1],
    [0.25, 0.45],
    [0.6, 0.12],
    [1, 0],
  ],
): void {
  if (radius <= 0 || alpha <= 0) return;
  const gradient = ctx.createRadialGradient(x, y, 0, x, y, radius);
  for (const [stop, a] of falloff) gradient.addColorStop(stop, css(color, a * alpha));
  ctx.fillStyle = gradient;
  ctx.fillRect(x - radius, y - radius, radius * 2, radius * 2);
}

export function verticalGradient(
  ctx: Ctx,
  y0: number,
  y1: number,
  stops: readonly [number, Rgb, number?][],
): Gradient {
  const gradient = ctx.createLinearGradient(0, y0, 0, y1);
  for (const [stop, color, alpha] of stops) gradient.addColorStop(stop, css(color, alpha ?? 1));
  return gradient;
}

export type Gradient = ReturnType<Ctx['createLinearGradient']>;

/** A closed path under a profile y = profile(x) sampled across [x0, x1], down to `bottom`. */
export function profilePath(
  ctx: Ctx,
  profile: (x: number) => number,
  x0: number,
  x1: number,
  bottom: number,
  step: number,
): void {
  ctx.beginPath();
  ctx.moveTo(x0, bottom);
  for (let x = x0; x <= x1 + step; x += step) ctx.lineTo(Math.min(x, x1), profile(Math.min(x, x1)));
  ctx.lineTo(x1, bottom);
  ctx.closePath();
}

export function ellipse(ctx: Ctx, x: number, y: number, rx: number, ry: number, rotation = 0): void {
  ctx.beginPath();
  ctx.ellipse(x, y, Math.max(0.01, rx), Math.max(0.01, ry), rotation, 0, Math.PI * 2);
}
