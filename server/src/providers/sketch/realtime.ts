import { REALTIME_SIZE } from '@kaleido/common';
import { createCanvas, ImageData } from '@napi-rs/canvas';
import sharp from 'sharp';
import { interpretPrompt } from './interpret.js';
import { sceneSeed } from './random.js';
import { renderStill } from './render.js';
import { buildLayers, createEnv } from './scene.js';
import type { SceneEnv } from './scene-types.js';
import { createStyler, lookFor } from './style.js';

/**
 * The offline Realtime renderer (issue 21): the person's painted colour layout is the composition.
 * Sketch renders the prompt's scene at 512² (cached while only the drawing changes); the drawing,
 * feathered, is laid into it taking the scene's light and texture (its local luminance detail), so
 * painted regions become shaded shapes of their colours and unpainted areas show the scene; then the
 * style's post-filter chain (style.ts) runs over the whole frame, as the offline restyle does.
 * Deterministic: the same drawing, prompt, style and seed give the same frame.
 */

export interface RealtimeFrameRequest {
  prompt: string;
  style: string;
  /** PNG or WebP bytes, transparent where nothing is painted; scaled to 512² if another size. */
  drawing: Uint8Array;
  seed: number;
  /** The frame's side: `REALTIME_SIZE`, or less for a quick draft (the scene and filters cost ~size²). */
  size?: number;
}

export interface RealtimeFrame {
  /** WebP of the frame (what the page shows). */
  webp: Uint8Array;
  width: number;
  height: number;
}

interface Scene {
  env: SceneEnv;
  /** The unstyled scene's RGBA pixels. */
  pixels: Uint8ClampedArray;
  /** Its luminance detail: luma minus its local mean, −1..1. */
  detail: Float32Array;
  /** Its local mean luma, 0..1 (the scene's light at each place). */
  light: Float32Array;
}

/** Scenes by prompt, style, seed and size: drawing changes (most updates) reuse the scene. */
const scenes = new Map<string, Scene>();
const SCENE_CACHE = 6;

/** Blurs one raw plane set with sharp (native, off the JS thread). */
async function blurred(data: Uint8Array, size: number, channels: 1 | 3, sigma: number): Promise<Buffer> {
  const image = sharp(data, { raw: { width: size, height: size, channels } }).blur(sigma);
  // A one-band image would come back as sRGB (three bands) unless kept grey.
  return (channels === 1 ? image.toColourspace('b-w') : image).raw().toBuffer();
}

async function sceneFor(prompt: string, style: string, seed: number, size: number): Promise<Scene> {
  const key = `${seed}\n${size}\n${style}\n${prompt}`;
  const cached = scenes.get(key);
  if (cached) {
    scenes.delete(key);
    scenes.set(key, cached);
    return cached;
  }
  const spec = interpretPrompt(prompt);
  const env = createEnv(spec, {
    width: size,
    height: size,
    seed: sceneSeed(prompt, seed),
    quality: 'standard',
    look: lookFor(style, 'default'),
    video: false,
    durationSeconds: 0,
  });
  const canvas = renderStill(env, buildLayers(env));
  const pixels = canvas.getContext('2d').getImageData(0, 0, size, size).data;
  const luma = new Uint8Array(size * size);
  for (let i = 0; i < luma.length; i++) {
    const p = i * 4;
    luma[i] =
      0.2126 * (pixels[p] as number) +
      0.7152 * (pixels[p + 1] as number) +
      0.0722 * (pixels[p + 2] as number);
  }
  const mean = await blurred(luma, size, 1, (16 * size) / REALTIME_SIZE);
  const light = new Float32Array(size * size);
  const detail = new Float32Array(size * size);
  for (let i = 0; i < luma.length; i++) {
    light[i] = (mean[i] as number) / 255;
    detail[i] = ((luma[i] as number) - (mean[i] as number)) / 255;
  }
  const scene = { env, pixels: new Uint8ClampedArray(pixels), detail, light };
  scenes.set(key, scene);
  while (scenes.size > SCENE_CACHE) scenes.delete(scenes.keys().next().value as string);
  return scene;
}

/**
 * The drawing as a feathered colour layout: premultiplied RGB (0..255) and coverage (0..255), blurred
 * so rough strokes become soft regions rather than hard pen lines.
 */
async function paintLayer(drawing: Uint8Array, size: number): Promise<{ colour: Buffer; cover: Buffer }> {
  const raw = await sharp(drawing, { limitInputPixels: 4 * REALTIME_SIZE * REALTIME_SIZE })
    .resize(size, size, { fit: 'fill' })
    .ensureAlpha()
    .raw()
    .toBuffer();
  const colour = new Uint8Array(size * size * 3);
  const alpha = new Uint8Array(size * size);
  for (let i = 0; i < size * size; i++) {
    const a = raw[i * 4 + 3] as number;
    alpha[i] = a;
    colour[i * 3] = ((raw[i * 4] as number) * a) / 255;
    colour[i * 3 + 1] = ((raw[i * 4 + 1] as number) * a) / 255;
    colour[i * 3 + 2] = ((raw[i * 4 + 2] as number) * a) / 255;
  }
  const sigma = Math.max(0.3, (2.5 * size) / REALTIME_SIZE);
  const [soft, cover] = await Promise.all([blurred(colour, size, 3, sigma), blurred(alpha, size, 1, sigma)]);
  return { colour: soft, cover };
}

/**
 * The styler's view of the scene: painterly styles lay the sparser strokes they use for video frames
 * (a stroke costs the same at any size), so a live frame stays within a few hundred milliseconds.
 */
const live = (env: SceneEnv): SceneEnv => ({ ...env, video: true });

/** Renders one frame. */
export async function renderRealtimeFrame(request: RealtimeFrameRequest): Promise<RealtimeFrame> {
  const size = request.size ?? REALTIME_SIZE;
  const scene = await sceneFor(request.prompt, request.style, request.seed, size);
  const paint = await paintLayer(request.drawing, size);
  const out = new Uint8ClampedArray(scene.pixels);
  const { light, detail, pixels } = scene;
  for (let i = 0; i < size * size; i++) {
    const a = (paint.cover[i] as number) / 255;
    if (a < 0.004) continue;
    // Feathered coverage: a stroke's core is fully painted, its blurred edge blends into the scene.
    const cover = Math.min(1, a * 1.6);
    const shade = (0.72 + 0.56 * (light[i] as number)) * (1 + 1.4 * (detail[i] as number));
    const p = i * 4;
    for (let c = 0; c < 3; c++) {
      const painted =
        0.85 * ((paint.colour[i * 3 + c] as number) / a) * shade + 0.15 * (pixels[p + c] as number);
      out[p + c] = (pixels[p + c] as number) * (1 - cover) + painted * cover;
    }
  }
  const canvas = createCanvas(size, size);
  canvas.getContext('2d').putImageData(new ImageData(out, size, size), 0, 0);
  const styled = createStyler(live(scene.env), request.style, 'default').apply(canvas, 0);
  const webp = await sharp(styled, { raw: { width: size, height: size, channels: 4 } })
    .removeAlpha()
    .webp({ quality: 85, effort: 1 })
    .toBuffer();
  return { webp, width: size, height: size };
}
