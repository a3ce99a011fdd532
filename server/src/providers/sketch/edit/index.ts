import { IMAGE_OPTIONS, VIDEO_OPTIONS } from '@kaleido/common';
import { createCanvas, ImageData } from '@napi-rs/canvas';
import sharp from 'sharp';
import { type EditRequest, type GenerationOutput, ProviderError } from '../../provider.js';
import { interpretPrompt } from '../interpret.js';
import { createNoise2, smoothstep } from '../noise.js';
import { mix32, rngFor } from '../random.js';
import { createEnv } from '../scene.js';
import { createStyler, lookFor } from '../style.js';

/**
 * Offline edits of a person's image (issue 16): restyle with the Sketch renderer's own style passes
 * (style.ts) and expand by procedural continuation of the edges. Pure functions over image bytes
 * (PNG, JPEG, WebP, AVIF: whatever sharp reads) answering a PNG; the tool runner calls them in the
 * worker pool. Both are deterministic: the same bytes, options and seed give byte-identical output.
 */

/** Progress of an offline edit: fraction 0..1 and a short stage label. */
export type EditProgress = (fraction: number, stage: string) => void;

export interface EditResult {
  /** PNG. */
  data: Buffer;
  width: number;
  height: number;
}

export interface RestyleOptions {
  /**
   * One of the shared image styles (IMAGE_OPTIONS.imageStyles: anime, pixel-art, …) or one of the
   * generators' styles (oil-painting, watercolor, cinematic, …): both name passes of style.ts.
   */
  style: string;
  /** 0..1: 0 answers the image unchanged, 1 the full style. */
  strength: number;
  seed: number;
  signal: AbortSignal;
  onProgress: EditProgress;
}

export interface ExpandOptions {
  /** The new canvas and where the source sits in it (the source must lie inside). */
  target: { width: number; height: number; offsetX: number; offsetY: number };
  seed: number;
  signal: AbortSignal;
  onProgress: EditProgress;
}

/** Limits of the offline edits (memory: a few RGBA copies of the output are held at once). */
export const EDIT_LIMITS = {
  /** Longest side of an expanded canvas. */
  maxOutputLongSide: 8192,
  /** Pixels of an expanded canvas. */
  maxOutputPixels: 40_000_000,
  /** Above this many pixels, restyle runs its passes on a reduced copy and scales the result up. */
  maxRestylePixels: 24_000_000,
} as const;

/** The styles restyle knows: image styles and the generators' styles, without duplicates. */
export const RESTYLE_STYLES: readonly string[] = [
  ...new Set<string>([...IMAGE_OPTIONS.imageStyles, ...IMAGE_OPTIONS.styles, ...VIDEO_OPTIONS.styles]),
];

/** How expand fills the new area, in words the details of a result may show (it is not generative outpainting). */
export const EXPAND_METHOD =
  'Procedural continuation: the edges are mirrored outward, blurred more with distance, and given grain and soft variation matched to the image. No new content is invented.';

interface Raw {
  data: Buffer;
  width: number;
  height: number;
}

async function decode(input: Buffer): Promise<Raw> {
  try {
    const { data, info } = await sharp(input, { limitInputPixels: 100_000_000 })
      .rotate()
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch (error) {
    throw new ProviderError('invalid_input', 'The source image cannot be read', { cause: error });
  }
}

function encode(raw: Raw): Promise<Buffer> {
  return sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: 4 } })
    .png({ compressionLevel: 6 })
    .toBuffer();
}

/** The base style and image style of style.ts that a restyle name stands for. */
function stylePair(style: string): { base: string; image: string } {
  if ((IMAGE_OPTIONS.imageStyles as readonly string[]).includes(style)) {
    // 'default' keeps the realistic polish; the others are the image style alone.
    return style === 'default' ? { base: 'realistic', image: 'default' } : { base: 'none', image: style };
  }
  if (RESTYLE_STYLES.includes(style)) return { base: style, image: 'default' };
  throw new ProviderError('invalid_input', `Unknown style "${style}"`, { field: 'style' });
}

/** Runs the style passes of style.ts over RGBA pixels of the given size. */
function stylePixels(raw: Raw, style: string, seed: number): Uint8Array {
  const { base, image } = stylePair(style);
  const env = createEnv(interpretPrompt(''), {
    width: raw.width,
    height: raw.height,
    seed,
    quality: 'high',
    look: lookFor(base, image),
    video: false,
    durationSeconds: 0,
  });
  const canvas = createCanvas(raw.width, raw.height);
  const pixels = new Uint8ClampedArray(raw.data.buffer, raw.data.byteOffset, raw.data.byteLength).slice();
  canvas.getContext('2d').putImageData(new ImageData(pixels, raw.width, raw.height), 0, 0);
  return createStyler(env, base, image).apply(canvas, 0);
}

/**
 * Applies a style's passes to the image and blends the result with the original by `strength`
 * (0: the original pixels, 1: the full style). Transparency is kept. Deterministic by seed.
 */
export async function restyle(input: Buffer, options: RestyleOptions): Promise<EditResult> {
  const strength = Math.min(1, Math.max(0, Number.isFinite(options.strength) ? options.strength : 0));
  stylePair(options.style);
  options.signal.throwIfAborted();
  options.onProgress(0.05, 'decode');
  const source = await decode(input);
  options.signal.throwIfAborted();
  const { width, height } = source;
  if (strength === 0) {
    options.onProgress(0.9, 'encode');
    const data = await encode(source);
    options.onProgress(1, 'done');
    return { data, width, height };
  }
  options.onProgress(0.2, 'style');
  let styled: Uint8Array;
  if (width * height > EDIT_LIMITS.maxRestylePixels) {
    // Very large images: the passes run on a reduced copy (bounded memory), scaled back up.
    const k = Math.sqrt(EDIT_LIMITS.maxRestylePixels / (width * height));
    const small = await sharp(source.data, { raw: { width, height, channels: 4 } })
      .resize(Math.max(1, Math.floor(width * k)), Math.max(1, Math.floor(height * k)), {
        kernel: 'lanczos3',
      })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const smallStyled = stylePixels(
      { data: small.data, width: small.info.width, height: small.info.height },
      options.style,
      options.seed,
    );
    options.signal.throwIfAborted();
    styled = await sharp(Buffer.from(smallStyled.buffer, smallStyled.byteOffset, smallStyled.byteLength), {
      raw: { width: small.info.width, height: small.info.height, channels: 4 },
    })
      .resize(width, height, { kernel: 'lanczos3', fit: 'fill' })
      .raw()
      .toBuffer();
  } else {
    styled = stylePixels(source, options.style, options.seed);
  }
  options.signal.throwIfAborted();
  options.onProgress(0.75, 'blend');
  const out = Buffer.alloc(source.data.length);
  const s = source.data;
  for (let i = 0; i < s.length; i += 4) {
    out[i] = Math.round((s[i] as number) + ((styled[i] as number) - (s[i] as number)) * strength);
    out[i + 1] = Math.round(
      (s[i + 1] as number) + ((styled[i + 1] as number) - (s[i + 1] as number)) * strength,
    );
    out[i + 2] = Math.round(
      (s[i + 2] as number) + ((styled[i + 2] as number) - (s[i + 2] as number)) * strength,
    );
    out[i + 3] = s[i + 3] as number;
  }
  options.onProgress(0.9, 'encode');
  const data = await encode({ data: out, width, height });
  options.onProgress(1, 'done');
  return { data, width, height };
}

/** Mirror index into [0, n): …2 1 0 | 0 1 2 … n-1 | n-1 n-2 … (period 2n). */
function reflect(i: number, n: number): number {
  const period = 2 * n;
  const m = ((i % period) + period) % period;
  return m < n ? m : period - 1 - m;
}

/** Standard deviation of luminance detail (the image minus a light blur): the grain the fill should carry. */
async function grainOf(source: Raw): Promise<number> {
  const blurred = await sharp(source.data, {
    raw: { width: source.width, height: source.height, channels: 4 },
  })
    .blur(1.2)
    .raw()
    .toBuffer();
  const s = source.data;
  let sum = 0;
  let count = 0;
  const step = Math.max(1, Math.floor((source.width * source.height) / 250_000)) * 4;
  for (let i = 0; i < s.length; i += step) {
    const a = 0.299 * (s[i] as number) + 0.587 * (s[i + 1] as number) + 0.114 * (s[i + 2] as number);
    const b =
      0.299 * (blurred[i] as number) +
      0.587 * (blurred[i + 1] as number) +
      0.114 * (blurred[i + 2] as number);
    sum += (a - b) * (a - b);
    count += 1;
  }
  return Math.min(24, Math.sqrt(sum / Math.max(1, count)));
}

/**
 * Grows the canvas to `target`, keeping every source pixel where it was, and fills the new area by
 * continuing the edges: mirrored outward, blurred more the farther from the image, with grain and a
 * soft low-frequency variation matched to the image (see EXPAND_METHOD). Deterministic by seed.
 */
export async function expand(input: Buffer, options: ExpandOptions): Promise<EditResult> {
  const { width: W, height: H, offsetX: ox, offsetY: oy } = options.target;
  options.signal.throwIfAborted();
  options.onProgress(0.05, 'decode');
  const source = await decode(input);
  const { width: w, height: h } = source;
  const whole = (v: number) => Number.isInteger(v) && v >= 0;
  if (![W, H, ox, oy].every(whole) || ox + w > W || oy + h > H) {
    throw new ProviderError(
      'invalid_input',
      `The image (${w}×${h}) does not fit the new canvas at (${ox}, ${oy})`,
      {
        field: 'expand',
      },
    );
  }
  if (Math.max(W, H) > EDIT_LIMITS.maxOutputLongSide || W * H > EDIT_LIMITS.maxOutputPixels) {
    throw new ProviderError(
      'invalid_input',
      `An expanded image of ${W}×${H} is larger than this installation makes`,
      {
        field: 'expand',
      },
    );
  }
  const s = source.data;
  if (W === w && H === h) {
    const data = await encode(source);
    options.onProgress(1, 'done');
    return { data, width: W, height: H };
  }

  // 1. The mirrored continuation over the whole canvas.
  options.onProgress(0.15, 'mirror');
  const mirrored = Buffer.alloc(W * H * 4);
  const columns = new Int32Array(W);
  for (let x = 0; x < W; x++) columns[x] = reflect(x - ox, w);
  for (let y = 0; y < H; y++) {
    const row = reflect(y - oy, h) * w;
    let o = y * W * 4;
    for (let x = 0; x < W; x++, o += 4) {
      const i = (row + (columns[x] as number)) * 4;
      mirrored[o] = s[i] as number;
      mirrored[o + 1] = s[i + 1] as number;
      mirrored[o + 2] = s[i + 2] as number;
      mirrored[o + 3] = s[i + 3] as number;
    }
  }
  options.signal.throwIfAborted();

  // 2. A soft version that takes over with distance: mirror images dissolve into the edges' colours.
  options.onProgress(0.35, 'blur');
  const unit = Math.min(w, h);
  const sigma = Math.max(2, unit * 0.045);
  // Colour only (RGB): blurring RGBA in sharp premultiplies and shifts values; alpha stays the mirror's.
  const soft = await sharp(mirrored, { raw: { width: W, height: H, channels: 4 } })
    .removeAlpha()
    .blur(sigma)
    .raw()
    .toBuffer();
  const grain = await grainOf(source);
  options.signal.throwIfAborted();

  // 3. Blend, with grain and low-frequency variation, outside the source rectangle only.
  options.onProgress(0.6, 'blend');
  const fade = Math.max(8, unit * 0.35);
  const noise = createNoise2(rngFor(options.seed, 'expand-variation'));
  const cell = 16;
  const gw = Math.ceil(W / cell) + 2;
  const gh = Math.ceil(H / cell) + 2;
  const field = new Float32Array(gw * gh);
  for (let j = 0; j < gh; j++)
    for (let i = 0; i < gw; i++)
      field[j * gw + i] = noise.fbm(((i * cell) / unit) * 2.5, ((j * cell) / unit) * 2.5, 3);
  let state = mix32(options.seed ^ 0x5bd1e995) || 1;
  const out = mirrored;
  for (let y = 0; y < H; y++) {
    const dy = y < oy ? oy - y : y >= oy + h ? y - (oy + h - 1) : 0;
    const fy = y / cell;
    const j = Math.floor(fy);
    const ty = fy - j;
    for (let x = 0; x < W; x++) {
      const dx = x < ox ? ox - x : x >= ox + w ? x - (ox + w - 1) : 0;
      const o = (y * W + x) * 4;
      const p = (y * W + x) * 3;
      if (dx === 0 && dy === 0) {
        // Inside: the source's own pixels, untouched.
        const i = ((y - oy) * w + (x - ox)) * 4;
        out[o] = s[i] as number;
        out[o + 1] = s[i + 1] as number;
        out[o + 2] = s[i + 2] as number;
        out[o + 3] = s[i + 3] as number;
        continue;
      }
      const t = smoothstep(0, fade, Math.hypot(dx, dy));
      const fx = x / cell;
      const i0 = Math.floor(fx);
      const tx = fx - i0;
      const a = j * gw + i0;
      const variation =
        ((field[a] as number) * (1 - tx) + (field[a + 1] as number) * tx) * (1 - ty) +
        ((field[a + gw] as number) * (1 - tx) + (field[a + gw + 1] as number) * tx) * ty;
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      const n = ((state >>> 0) / 4294967296 - 0.5) * 2 * grain * 1.2 * t + variation * 10 * t;
      for (let c = 0; c < 3; c++) {
        const v = (out[o + c] as number) * (1 - t) + (soft[p + c] as number) * t + n;
        out[o + c] = v < 0 ? 0 : v > 255 ? 255 : Math.round(v);
      }
    }
    if ((y & 255) === 0) options.signal.throwIfAborted();
  }
  options.onProgress(0.85, 'encode');
  const data = await encode({ data: out, width: W, height: H });
  options.onProgress(1, 'done');
  return { data, width: W, height: H };
}

/** An offline edit as the Sketch worker pool carries it to a worker thread (structured-clonable). */
export type OfflineEdit = {
  /** The model id answered in the output. */
  model: string;
  input: Uint8Array;
  seed: number;
} & (
  | { mode: 'restyle'; style: string; strength: number }
  | { mode: 'expand'; target: ExpandOptions['target'] }
);

/**
 * Runs an offline edit and answers it as a GenerationOutput (PNG), reporting progress 0–99: the entry
 * the Sketch worker uses (SketchWorkerPool.runEdit), so restyle and expand never block the event loop.
 */
export async function runOfflineEdit(
  edit: OfflineEdit,
  context: { signal: AbortSignal; report: (update: { progress: number; stage: string }) => void },
): Promise<GenerationOutput> {
  const input = Buffer.from(edit.input.buffer, edit.input.byteOffset, edit.input.byteLength);
  const common = {
    seed: edit.seed,
    signal: context.signal,
    onProgress: (fraction: number, stage: string) =>
      context.report({ progress: Math.max(0, Math.min(99, Math.round(fraction * 100))), stage }),
  };
  const out =
    edit.mode === 'restyle'
      ? await restyle(input, { ...common, style: edit.style, strength: edit.strength })
      : await expand(input, { ...common, target: edit.target });
  return {
    ...out,
    contentType: 'image/png',
    seed: edit.seed,
    model: edit.model,
    details:
      edit.mode === 'expand'
        ? { method: EXPAND_METHOD }
        : { style: edit.style, strength: Math.min(1, Math.max(0, edit.strength)) },
  };
}

/**
 * The offline edit of an edit request, or a refusal: Sketch restyles and expands images; inpaint and
 * prompt edits need an AI provider.
 */
export function offlineEditOf(request: EditRequest): OfflineEdit {
  const refuse = (message: string) => new ProviderError('invalid_input', message, { userMessage: message });
  if (request.source.kind !== 'image') throw refuse('Sketch edits images only.');
  const base = { model: request.model, seed: request.seed, input: request.source.data };
  if (request.mode === 'restyle' && request.style) {
    return { ...base, mode: 'restyle', style: request.style, strength: request.strength ?? 0.6 };
  }
  if (request.mode === 'expand' && request.target) return { ...base, mode: 'expand', target: request.target };
  throw refuse(`Sketch cannot do "${request.mode}" edits offline.`);
}
