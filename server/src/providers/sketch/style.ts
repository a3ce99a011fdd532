import { type Canvas, createCanvas } from '@napi-rs/canvas';
import { createNoise2, smoothstep } from './noise.js';
import { mix32, rngFor } from './random.js';
import type { Ctx, Look, SceneEnv } from './scene-types.js';

/** The look a style asks of the renderer before any post-filter runs. */
export function lookFor(style: string, imageStyle: string): Look {
  return {
    minimal: imageStyle === 'minimalist',
    magic: imageStyle === 'fantasy',
    scifi: imageStyle === 'sci-fi',
    surreal: imageStyle === 'surreal',
    cel: imageStyle === 'anime' || style === 'cartoon' || style === 'animation' || style === 'animated',
  };
}

type Pixels = Uint8ClampedArray;

/** A post-filter: either a canvas operation (Skia) or a pixel operation on RGBA bytes (JS). */
type Pass =
  | { name: string; run(canvas: Canvas, frame: number): void; pixels?: undefined }
  | {
      name: string;
      pixels(data: Pixels, width: number, height: number, frame: number): void;
      run?: undefined;
    };

function scratch(width: number, height: number): { canvas: Canvas; ctx: Ctx } {
  const canvas = createCanvas(Math.max(1, Math.round(width)), Math.max(1, Math.round(height)));
  return { canvas, ctx: canvas.getContext('2d') };
}

/** Runs `edit` over the pixels of a scratch canvas and writes them back. */
function pixels(canvas: Canvas, edit: (data: Pixels, width: number, height: number) => void): void {
  const ctx = canvas.getContext('2d');
  const image = ctx.getImageData(0, 0, canvas.width, canvas.height);
  edit(image.data, canvas.width, canvas.height);
  ctx.putImageData(image, 0, 0);
}

/** A CSS filter applied to the whole canvas (Skia does the work). */
function cssFilter(filter: string): Pass {
  let tmp: ReturnType<typeof scratch> | null = null;
  return {
    name: `filter ${filter}`,
    run(canvas) {
      tmp ??= scratch(canvas.width, canvas.height);
      tmp.ctx.globalCompositeOperation = 'copy';
      tmp.ctx.drawImage(canvas, 0, 0);
      const ctx = canvas.getContext('2d');
      ctx.save();
      ctx.globalCompositeOperation = 'copy';
      ctx.filter = filter;
      ctx.drawImage(tmp.canvas, 0, 0);
      ctx.restore();
    },
  };
}

/** Bright areas bleed light: a small, contrasty, blurred copy screened back over the image. */
function bloom(strength: number, radius: number): Pass {
  let small: ReturnType<typeof scratch> | null = null;
  return {
    name: 'bloom',
    run(canvas) {
      const w = Math.ceil(canvas.width / 4);
      const h = Math.ceil(canvas.height / 4);
      small ??= scratch(w, h);
      const unit = Math.min(canvas.width, canvas.height);
      small.ctx.globalCompositeOperation = 'copy';
      small.ctx.filter = `brightness(0.85) contrast(2.2) blur(${Math.max(1, (unit * radius) / 4).toFixed(1)}px)`;
      small.ctx.drawImage(canvas, 0, 0, w, h);
      small.ctx.filter = 'none';
      const ctx = canvas.getContext('2d');
      ctx.save();
      ctx.globalCompositeOperation = 'screen';
      ctx.globalAlpha = strength;
      ctx.imageSmoothingEnabled = true;
      ctx.drawImage(small.canvas, 0, 0, canvas.width, canvas.height);
      ctx.restore();
    },
  };
}

function vignette(amount: number, color = 'rgba(0,0,0,'): Pass {
  return {
    name: 'vignette',
    run(canvas) {
      const ctx = canvas.getContext('2d');
      const W = canvas.width;
      const H = canvas.height;
      const r = Math.hypot(W, H) / 2;
      const g = ctx.createRadialGradient(W / 2, H / 2, r * 0.45, W / 2, H / 2, r);
      g.addColorStop(0, `${color}0)`);
      g.addColorStop(1, `${color}${amount})`);
      ctx.save();
      ctx.fillStyle = g;
      ctx.fillRect(0, 0, W, H);
      ctx.restore();
    },
  };
}

/** Film grain settings: strength (0–1 of full scale), seed, and whether it is colourless. */
interface GrainOptions {
  amount: number;
  seed: number;
  mono?: boolean;
  /** Speck size in pixels (see GrainSpecks). */
  clump?: 1 | 2;
}

/** The uniform 32-bit draws below which a pixel darkens and from which it lightens (30 % each). */
const GRAIN_DARK = 0.3 * 4294967296;
const GRAIN_LIGHT = 0.7 * 4294967296;

/** Grain strength by luminance index (r + 2g + b) >> 2: five steps, strongest in the mid-tones. */
function grainTable(amount: number): Float32Array {
  const k = amount * 255 * 0.6;
  const table = new Float32Array(256);
  for (let v = 0; v < 256; v++) {
    const l = v / 255;
    table[v] = k * Math.round(4 * l * (1 - l) * 4) * 0.25;
  }
  return table;
}

/**
 * Grain specks, -1 (dark), 0 or +1 (light), drawn once from the seed into a power-of-two table (at
 * most 4 Mi); every frame copies its plane from its own seeded offset, so the grain changes each frame
 * and the pixel loops have no random branch to mispredict (about a third faster). With `clump` 2 a
 * speck covers 2×2 pixels: still images at 1024² and up, where single-pixel noise is what makes a PNG
 * big (PNG's row filters predict a repeated neighbour exactly) and a grain a little coarser than a
 * pixel reads as film at that size.
 */
class GrainSpecks {
  private table: Int8Array | null = null;
  private plane: Int8Array | null = null;
  /** How much of the table is drawn so far, and the generator's state there. */
  private filled = 0;
  private state = 0;

  constructor(
    private readonly seed: number,
    private readonly clump: 1 | 2,
  ) {}

  /**
   * The table for `cells` specks, drawn up to `needed` entries: the first frame reads only its own
   * cells from offset 0 (a still draws half the table it would otherwise), later frames all of it.
   */
  private tableFor(cells: number, needed: number): Int8Array {
    let size = 1;
    while (size < cells && size < 1 << 22) size *= 2;
    if (this.table?.length !== size) {
      this.table = new Int8Array(size);
      this.filled = 0;
      this.state = mix32(this.seed ^ 0x6a09e667) || 1;
    }
    const table = this.table;
    const end = Math.min(size, needed);
    let state = this.state;
    for (let i = this.filled; i < end; i++) {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      const u = state >>> 0;
      table[i] = u < GRAIN_DARK ? -1 : u >= GRAIN_LIGHT ? 1 : 0;
    }
    if (end > this.filled) {
      this.filled = end;
      this.state = state;
    }
    return table;
  }

  /** One speck per pixel of a width×height frame. */
  forFrame(width: number, height: number, frame: number): Int8Array {
    const c = this.clump;
    const cw = Math.ceil((width + 1) / c);
    const cells = cw * Math.ceil(height / c);
    const table = this.tableFor(cells, frame === 0 ? cells : Number.POSITIVE_INFINITY);
    const mask = table.length - 1;
    let offset = frame === 0 ? 0 : mix32(this.seed ^ Math.imul(frame + 1, 0x9e3779b1)) & mask;
    if (this.plane?.length !== width * height) this.plane = new Int8Array(width * height);
    const plane = this.plane;
    if (c === 1) {
      // A contiguous run of the table (wrapping at its end).
      for (let p = 0; p < plane.length; ) {
        const run = Math.min(plane.length - p, table.length - offset);
        plane.set(table.subarray(offset, offset + run), p);
        p += run;
        offset = 0;
      }
      return plane;
    }
    // Pairs of rows shift by a pixel (brickwork), so the specks do not line up into a visible grid.
    // The second row of a pair repeats the first (a copy).
    for (let y = 0; y < height; y += 2) {
      const row = offset + (y >> 1) * cw;
      const shift = (y >> 1) & 1;
      const p = y * width;
      for (let x = 0; x < width; x++) plane[p + x] = table[(row + ((x + shift) >> 1)) & mask] as number;
      if (y + 1 < height) plane.copyWithin(p + width, p, p + width);
    }
    return plane;
  }
}

/**
 * Film grain, different every frame but fixed by the seed. Three-level grain (dark, none, light) in
 * the mid-tones only: it reads as film grain but keeps flat skies and shadows compressible, which
 * halves a 1024² PNG compared with full-range noise everywhere.
 */
function grain(amount: number, seed: number, mono = true, clump: 1 | 2 = 1): Pass {
  const table = grainTable(amount);
  const source = new GrainSpecks(seed, clump);
  return {
    name: 'grain',
    pixels(d, width, height, frame) {
      const specks = source.forFrame(width, height, frame);
      const [kr, kg, kb] = mono ? [1, 1, 1] : [1, 0.8, -0.6];
      for (let p = 0, i = 0; i < d.length; p++, i += 4) {
        const n =
          (table[((d[i] as number) + 2 * (d[i + 1] as number) + (d[i + 2] as number)) >> 2] as number) *
          (specks[p] as number);
        d[i] = (d[i] as number) + n * kr;
        d[i + 1] = (d[i + 1] as number) + n * kg;
        d[i + 2] = (d[i + 2] as number) + n * kb;
      }
    },
  };
}

/** Per-pixel colour transform through three 256-entry tables built once. */
function curves(name: string, fn: (r: number, g: number, b: number) => [number, number, number]): Pass {
  // Separable approximation: tables per channel from the channel's own value, evaluated on greys.
  const lr = new Uint8ClampedArray(256);
  const lg = new Uint8ClampedArray(256);
  const lb = new Uint8ClampedArray(256);
  for (let v = 0; v < 256; v++) {
    const [r, g, b] = fn(v, v, v);
    lr[v] = r;
    lg[v] = g;
    lb[v] = b;
  }
  return {
    name,
    pixels(d) {
      for (let i = 0; i < d.length; i += 4) {
        d[i] = lr[d[i] as number] as number;
        d[i + 1] = lg[d[i + 1] as number] as number;
        d[i + 2] = lb[d[i + 2] as number] as number;
      }
    },
  };
}

/** Shadows toward one colour, highlights toward another (teal/orange, purple/teal …). */
function splitTone(
  shadow: readonly [number, number, number],
  highlight: readonly [number, number, number],
  amount: number,
): Pass {
  return {
    name: 'split-tone',
    pixels(d) {
      for (let i = 0; i < d.length; i += 4) {
        const r = d[i] as number;
        const g = d[i + 1] as number;
        const b = d[i + 2] as number;
        const l = (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
        const s = (1 - l) * amount;
        const h = l * amount;
        d[i] = r + (shadow[0] - r) * s * 0.5 + (highlight[0] - r) * h * 0.5;
        d[i + 1] = g + (shadow[1] - g) * s * 0.5 + (highlight[1] - g) * h * 0.5;
        d[i + 2] = b + (shadow[2] - b) * s * 0.5 + (highlight[2] - b) * h * 0.5;
      }
    },
  };
}

/** Flat cel bands: colours snap to a few levels (optionally mixed back for softness). */
function posterize(levels: number, blend = 1): Pass {
  const table = new Uint8ClampedArray(256);
  for (let v = 0; v < 256; v++) {
    const q = Math.round((v / 255) * (levels - 1)) * (255 / (levels - 1));
    table[v] = v + (q - v) * blend;
  }
  return {
    name: 'posterize',
    pixels(d) {
      for (let i = 0; i < d.length; i += 4) {
        d[i] = table[d[i] as number] as number;
        d[i + 1] = table[d[i + 1] as number] as number;
        d[i + 2] = table[d[i + 2] as number] as number;
      }
    },
  };
}

/** Ink outlines where luminance changes sharply (Sobel), for cartoon and anime. */
function outlines(strength: number, threshold: number, ink: readonly [number, number, number]): Pass {
  let lum: Float32Array | null = null;
  return {
    name: 'outlines',
    pixels(d, W, H) {
      if (!lum || lum.length !== W * H) lum = new Float32Array(W * H);
      const L = lum;
      for (let p = 0, i = 0; p < W * H; p++, i += 4)
        L[p] = 0.299 * (d[i] as number) + 0.587 * (d[i + 1] as number) + 0.114 * (d[i + 2] as number);
      for (let y = 1; y < H - 1; y++) {
        for (let x = 1; x < W - 1; x++) {
          const p = y * W + x;
          const a = L[p - W - 1] as number;
          const b = L[p - W] as number;
          const c = L[p - W + 1] as number;
          const e = L[p - 1] as number;
          const f = L[p + 1] as number;
          const g = L[p + W - 1] as number;
          const h = L[p + W] as number;
          const k = L[p + W + 1] as number;
          const gx = c + 2 * f + k - a - 2 * e - g;
          const gy = g + 2 * h + k - a - 2 * b - c;
          const m = Math.sqrt(gx * gx + gy * gy);
          if (m <= threshold) continue;
          const t = Math.min(1, (m - threshold) / threshold) * strength;
          const i = p * 4;
          d[i] = (d[i] as number) + (ink[0] - (d[i] as number)) * t;
          d[i + 1] = (d[i + 1] as number) + (ink[1] - (d[i + 1] as number)) * t;
          d[i + 2] = (d[i + 2] as number) + (ink[2] - (d[i + 2] as number)) * t;
        }
      }
    },
  };
}

/** Chunky pixels with ordered dithering on a small palette, scaled back up to the exact size. */
/**
 * Pixel art: the picture rendered small (about 96 pixels across), colours quantised to a few
 * levels per channel with a light ordered dither, then scaled back up with nearest-neighbour.
 */
function pixelArt(unit: number, levels: number): Pass {
  const bayer = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5];
  return {
    name: 'pixel-art',
    run(canvas) {
      const W = canvas.width;
      const H = canvas.height;
      const size = Math.max(3, Math.round(unit / 96));
      const sw = Math.max(1, Math.round(W / size));
      const sh = Math.max(1, Math.round(H / size));
      const small = scratch(sw, sh);
      small.ctx.imageSmoothingEnabled = true;
      small.ctx.imageSmoothingQuality = 'high';
      small.ctx.filter = 'saturate(1.25) contrast(1.1)';
      small.ctx.drawImage(canvas, 0, 0, sw, sh);
      pixels(small.canvas, (d, w) => {
        const step = 255 / (levels - 1);
        for (let p = 0, i = 0; i < d.length; p++, i += 4) {
          // A quarter-strength dither: smooth skies band into a few flat steps, not a dot grid.
          const threshold =
            ((bayer[((Math.floor(p / w) & 3) << 2) | ((p % w) & 3)] as number) / 16 - 0.5) * step * 0.25;
          for (let c = 0; c < 3; c++) {
            const v = (d[i + c] as number) + threshold;
            d[i + c] = Math.round(v / step) * step;
          }
        }
      });
      const ctx = canvas.getContext('2d');
      ctx.save();
      ctx.imageSmoothingEnabled = false;
      ctx.globalCompositeOperation = 'copy';
      ctx.drawImage(small.canvas, 0, 0, W, H);
      ctx.restore();
    },
  };
}

/** Brightens a dark picture before flat shading, so cartoon night scenes stay readable, not mud. */
function liftShadows(): Pass {
  return {
    name: 'lift-shadows',
    pixels(d) {
      let sum = 0;
      let n = 0;
      for (let i = 0; i < d.length; i += 64) {
        sum += ((d[i] as number) + 2 * (d[i + 1] as number) + (d[i + 2] as number)) / 4;
        n++;
      }
      const mean = sum / Math.max(1, n) / 255;
      if (mean >= 0.38) return;
      // Gamma that moves the mean toward 0.42, at most doubling the exposure of the shadows.
      const gamma = Math.max(0.45, Math.log(0.42) / Math.log(Math.max(0.02, mean)));
      const lut = new Uint8ClampedArray(256);
      for (let v = 0; v < 256; v++) lut[v] = Math.round(255 * (v / 255) ** gamma);
      for (let i = 0; i < d.length; i += 4) {
        d[i] = lut[d[i] as number] as number;
        d[i + 1] = lut[d[i + 1] as number] as number;
        d[i + 2] = lut[d[i + 2] as number] as number;
      }
    },
  };
}

/**
 * Lens depth of field: sharp in a band around the subject (the first thing, or the horizon),
 * progressively blurred above and below it.
 */
function depthOfField(env: SceneEnv): Pass {
  let tmp: ReturnType<typeof scratch> | null = null;
  return {
    name: 'depth-of-field',
    run(canvas) {
      const W = canvas.width;
      const H = canvas.height;
      if (env.spec.subjects.includes('portrait') || env.spec.logo) return;
      const main = env.spec.things[0];
      const focus = main
        ? Math.min(H * 0.85, env.horizon + (H - env.horizon) * 0.3)
        : Math.min(env.horizon, H * 0.8);
      const band = main ? H * 0.22 : H * 0.15;
      tmp ??= scratch(W, H);
      const t = tmp.ctx;
      t.globalCompositeOperation = 'copy';
      t.filter = `blur(${Math.max(1, env.unit * 0.006).toFixed(1)}px)`;
      t.drawImage(canvas, 0, 0);
      t.filter = 'none';
      // Keep the blurred copy only away from the focus band.
      t.globalCompositeOperation = 'destination-in';
      const g = t.createLinearGradient(0, 0, 0, H);
      const stop = (y: number): number => Math.max(0, Math.min(1, y / H));
      g.addColorStop(0, 'rgba(0,0,0,1)');
      g.addColorStop(stop(focus - band * 1.6), 'rgba(0,0,0,0.85)');
      g.addColorStop(stop(focus - band * 0.5), 'rgba(0,0,0,0)');
      g.addColorStop(stop(focus + band * 0.5), 'rgba(0,0,0,0)');
      g.addColorStop(stop(focus + band * 1.6), 'rgba(0,0,0,0.7)');
      g.addColorStop(1, 'rgba(0,0,0,0.8)');
      t.fillStyle = g;
      t.fillRect(0, 0, W, H);
      const ctx = canvas.getContext('2d');
      ctx.save();
      ctx.globalCompositeOperation = 'source-over';
      ctx.drawImage(tmp.canvas, 0, 0);
      ctx.restore();
    },
  };
}

/** Moves every pixel along a smooth noise field: bleeding washes or abstract melting. */
function displace(seed: number, amountOfUnit: number, frequency: number): Pass {
  const noise = createNoise2(rngFor(seed, 'displace'));
  let map: Int32Array | null = null;
  return {
    name: 'displace',
    pixels(d, W, H) {
      const unit = Math.min(W, H);
      const amount = unit * amountOfUnit;
      if (!map || map.length !== W * H) {
        map = new Int32Array(W * H);
        // The field is sampled on a coarse grid and interpolated: smooth and cheap.
        const cell = 8;
        const gw = Math.ceil(W / cell) + 2;
        const gh = Math.ceil(H / cell) + 2;
        const gx = new Float32Array(gw * gh);
        const gy = new Float32Array(gw * gh);
        for (let j = 0; j < gh; j++)
          for (let i = 0; i < gw; i++) {
            const u = ((i * cell) / unit) * frequency;
            const v = ((j * cell) / unit) * frequency;
            gx[j * gw + i] = noise.fbm(u, v, 3) * amount;
            gy[j * gw + i] = noise.fbm(u + 7.7, v + 3.1, 3) * amount;
          }
        for (let y = 0; y < H; y++) {
          const fy = y / cell;
          const j = Math.floor(fy);
          const ty = fy - j;
          for (let x = 0; x < W; x++) {
            const fx = x / cell;
            const i = Math.floor(fx);
            const tx = fx - i;
            const a = j * gw + i;
            const dx =
              ((gx[a] as number) * (1 - tx) + (gx[a + 1] as number) * tx) * (1 - ty) +
              ((gx[a + gw] as number) * (1 - tx) + (gx[a + gw + 1] as number) * tx) * ty;
            const dy =
              ((gy[a] as number) * (1 - tx) + (gy[a + 1] as number) * tx) * (1 - ty) +
              ((gy[a + gw] as number) * (1 - tx) + (gy[a + gw + 1] as number) * tx) * ty;
            const sx = Math.min(W - 1, Math.max(0, Math.round(x + dx)));
            const sy = Math.min(H - 1, Math.max(0, Math.round(y + dy)));
            map[y * W + x] = sy * W + sx;
          }
        }
      }
      const source = d.slice();
      const m = map;
      for (let p = 0; p < m.length; p++) {
        const s = (m[p] as number) * 4;
        const i = p * 4;
        d[i] = source[s] as number;
        d[i + 1] = source[s + 1] as number;
        d[i + 2] = source[s + 2] as number;
      }
    },
  };
}

/**
 * Paint strokes: short (artistic) or long and thick (oil), following the image's edges where it has
 * them and a noise flow where it is flat. Positions are fixed once, so video frames do not boil.
 */
function brushStrokes(
  seed: number,
  options: { spacing: number; length: number; width: number; impasto: number; density: number },
): Pass {
  interface Stroke {
    x: number;
    y: number;
    angle: number;
    len: number;
    w: number;
    jitter: number;
  }
  let strokes: Stroke[] | null = null;
  const noise = createNoise2(rngFor(seed, 'brush-flow'));
  return {
    name: 'brush',
    run(canvas) {
      const W = canvas.width;
      const H = canvas.height;
      const unit = Math.min(W, H);
      const ctx = canvas.getContext('2d');
      const image = ctx.getImageData(0, 0, W, H);
      const d = image.data;
      const lumAt = (x: number, y: number): number => {
        const i = (Math.min(H - 1, Math.max(0, y)) * W + Math.min(W - 1, Math.max(0, x))) * 4;
        return 0.299 * (d[i] as number) + 0.587 * (d[i + 1] as number) + 0.114 * (d[i + 2] as number);
      };
      if (!strokes) {
        const rng = rngFor(seed, 'brush');
        const spacing = (unit * options.spacing) / Math.sqrt(options.density);
        const list: Stroke[] = [];
        const probe = Math.max(1, Math.round(spacing * 0.6));
        for (let gy = 0; gy < H + spacing; gy += spacing) {
          for (let gx = 0; gx < W + spacing; gx += spacing) {
            const x = Math.round(gx + rng.range(-0.5, 0.5) * spacing);
            const y = Math.round(gy + rng.range(-0.5, 0.5) * spacing);
            const ex = lumAt(x + probe, y) - lumAt(x - probe, y);
            const ey = lumAt(x, y + probe) - lumAt(x, y - probe);
            const edge = Math.hypot(ex, ey);
            const flow = noise.fbm((x / unit) * 2.5, (y / unit) * 2.5, 3) * Math.PI * 1.5;
            // Along an edge (perpendicular to the gradient) where there is one, else the flow field.
            const angle = edge > 18 ? Math.atan2(ey, ex) + Math.PI / 2 : flow;
            const short = edge > 40 ? 0.55 : 1;
            list.push({
              x,
              y,
              angle: angle + rng.range(-0.2, 0.2),
              len: unit * options.length * rng.range(0.6, 1.3) * short,
              w: unit * options.width * rng.range(0.7, 1.2),
              jitter: rng.range(-1, 1),
            });
          }
        }
        // Paint in random order so no grid direction shows.
        for (let i = list.length - 1; i > 0; i--) {
          const j = Math.floor(rng.next() * (i + 1));
          const tmp = list[i] as Stroke;
          list[i] = list[j] as Stroke;
          list[j] = tmp;
        }
        strokes = list;
      }
      ctx.save();
      ctx.lineCap = 'round';
      for (const s of strokes) {
        const i = (Math.min(H - 1, Math.max(0, s.y)) * W + Math.min(W - 1, Math.max(0, s.x))) * 4;
        const k = 1 + s.jitter * 0.06;
        const r = Math.min(255, (d[i] as number) * k);
        const g = Math.min(255, (d[i + 1] as number) * k);
        const b = Math.min(255, (d[i + 2] as number) * k);
        const dx = (Math.cos(s.angle) * s.len) / 2;
        const dy = (Math.sin(s.angle) * s.len) / 2;
        ctx.strokeStyle = `rgba(${r | 0},${g | 0},${b | 0},0.88)`;
        ctx.lineWidth = s.w;
        ctx.beginPath();
        ctx.moveTo(s.x - dx, s.y - dy);
        ctx.lineTo(s.x + dx, s.y + dy);
        ctx.stroke();
        if (options.impasto > 0) {
          // A lighter ridge along the top edge of the paint.
          ctx.strokeStyle = `rgba(255,255,255,${(0.1 * options.impasto).toFixed(3)})`;
          ctx.lineWidth = s.w * 0.3;
          ctx.beginPath();
          ctx.moveTo(s.x - dx - s.w * 0.2, s.y - dy - s.w * 0.25);
          ctx.lineTo(s.x + dx - s.w * 0.2, s.y + dy - s.w * 0.25);
          ctx.stroke();
        }
      }
      ctx.restore();
    },
  };
}

/** Paper or canvas texture multiplied in: fibres for watercolour, a weave for oil. */
function texture(seed: number, kind: 'paper' | 'canvas', amount: number): Pass {
  let tex: Float32Array | null = null;
  const noise = createNoise2(rngFor(seed, `texture-${kind}`));
  return {
    name: `${kind}-texture`,
    pixels(d, W, H) {
      const unit = Math.min(W, H);
      if (!tex || tex.length !== W * H) {
        tex = new Float32Array(W * H);
        const f = 220 / unit;
        for (let y = 0; y < H; y++)
          for (let x = 0; x < W; x++) {
            let v: number;
            if (kind === 'canvas') {
              const weave = Math.sin(x * 1.7) * Math.sin(y * 1.7);
              v = weave * 0.5 + noise.at(x * f * 0.3, y * f * 0.3) * 0.5;
            } else {
              v = noise.fbm(x * f * 0.15, y * f * 0.15, 3) * 0.6 + noise.at(x * f, y * f * 0.3) * 0.4;
            }
            tex[y * W + x] = 1 + v * amount;
          }
      }
      const t = tex;
      for (let p = 0, i = 0; p < t.length; p++, i += 4) {
        const m = t[p] as number;
        d[i] = (d[i] as number) * m;
        d[i + 1] = (d[i + 1] as number) * m;
        d[i + 2] = (d[i + 2] as number) * m;
      }
    },
  };
}

/** Pigment pools at the edges of washes and the white paper shows near the borders. */
function watercolorEdges(seed: number): Pass {
  const noise = createNoise2(rngFor(seed, 'watercolor'));
  let tmp: ReturnType<typeof scratch> | null = null;
  return {
    name: 'watercolor',
    run(canvas) {
      const W = canvas.width;
      const H = canvas.height;
      const unit = Math.min(W, H);
      tmp ??= scratch(W, H);
      tmp.ctx.globalCompositeOperation = 'copy';
      tmp.ctx.filter = `blur(${Math.max(1, unit * 0.004).toFixed(1)}px)`;
      tmp.ctx.drawImage(canvas, 0, 0);
      tmp.ctx.filter = 'none';
      const blurred = tmp.ctx.getImageData(0, 0, W, H).data;
      pixels(canvas, (d) => {
        for (let y = 0; y < H; y++) {
          for (let x = 0; x < W; x++) {
            const i = (y * W + x) * 4;
            // Where the sharp image is darker than its blur, the edge of a wash: darken it further.
            let edge = 0;
            for (let c = 0; c < 3; c++) edge += (blurred[i + c] as number) - (d[i + c] as number);
            const k = 1 - Math.max(0, edge / 3) * 0.012;
            const border = Math.min(x, y, W - 1 - x, H - 1 - y) / unit;
            const ragged = border + noise.fbm((x / unit) * 8, (y / unit) * 8, 3) * 0.025;
            const paper = 1 - smoothstep(0.005, 0.05, ragged);
            for (let c = 0; c < 3; c++) {
              const v = (d[i + c] as number) * k;
              d[i + c] = v + (250 - v) * paper;
            }
          }
        }
      });
    },
  };
}

function chromaticAberration(shiftOfUnit: number): Pass {
  return {
    name: 'chromatic-aberration',
    pixels(d, W, H) {
      const s = Math.max(1, Math.round(Math.min(W, H) * shiftOfUnit));
      const src = d.slice();
      for (let y = 0; y < H; y++) {
        for (let x = 0; x < W; x++) {
          const i = (y * W + x) * 4;
          const left = (y * W + Math.max(0, x - s)) * 4;
          const right = (y * W + Math.min(W - 1, x + s)) * 4;
          d[i] = src[left] as number;
          d[i + 2] = src[right + 2] as number;
        }
      }
    },
  };
}

function scanlines(amount: number): Pass {
  return {
    name: 'scanlines',
    pixels(d, W, H) {
      const period = Math.max(2, Math.round(Math.min(W, H) / 300));
      for (let y = 0; y < H; y += period) {
        for (let i = y * W * 4; i < (y + 1) * W * 4; i += 4) {
          d[i] = (d[i] as number) * (1 - amount);
          d[i + 1] = (d[i + 1] as number) * (1 - amount);
          d[i + 2] = (d[i + 2] as number) * (1 - amount);
        }
      }
    },
  };
}

interface GradeOptions {
  contrast?: number;
  saturation?: number;
  /** Darkening toward the corners, 0–1. */
  vignette?: number;
  split?: {
    shadow: readonly [number, number, number];
    highlight: readonly [number, number, number];
    amount: number;
  };
  /** A per-channel tone curve (0–255 → 0–255). */
  curve?: (v: number) => number;
  /** Monochrome film grain added in the same walk (after the colour work). */
  grain?: Omit<GrainOptions, 'mono'>;
}

/**
 * Split toning, saturation and contrast as written (each is affine in r, g, b, because the shadow
 * and highlight weights of split toning always sum to the amount).
 */
function gradeColour(options: GradeOptions, r: number, g: number, b: number): [number, number, number] {
  const split = options.split;
  if (split) {
    const l = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    const s = (1 - l / 255) * split.amount * 0.5;
    const h = (l / 255) * split.amount * 0.5;
    r += (split.shadow[0] - r) * s + (split.highlight[0] - r) * h;
    g += (split.shadow[1] - g) * s + (split.highlight[1] - g) * h;
    b += (split.shadow[2] - b) * s + (split.highlight[2] - b) * h;
  }
  const saturation = options.saturation ?? 1;
  if (saturation !== 1) {
    const m = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    r = m + (r - m) * saturation;
    g = m + (g - m) * saturation;
    b = m + (b - m) * saturation;
  }
  const contrast = options.contrast ?? 1;
  if (contrast !== 1) {
    r = (r - 128) * contrast + 128;
    g = (g - 128) * contrast + 128;
    b = (b - 128) * contrast + 128;
  }
  return [r, g, b];
}

/**
 * 1 inside a circle of 0.45 of the half-diagonal, falling by `amount` toward the corners
 * (smoothstep in the distance from the centre). Built once per styler; the circle's inside is
 * skipped and the distance is a plain square root (Math.hypot per pixel cost 30 ms at 1024²).
 */
function vignetteMapFor(W: number, H: number, amount: number): Float32Array {
  const map = new Float32Array(W * H).fill(1);
  if (amount <= 0) return map;
  const r = Math.hypot(W, H) / 2;
  const inner = r * 0.45;
  const inner2 = inner * inner;
  const span = r - inner;
  for (let y = 0; y < H; y++) {
    const dy = y - H / 2;
    const dy2 = dy * dy;
    for (let x = 0, p = y * W; x < W; x++, p++) {
      const dx = x - W / 2;
      const d2 = dx * dx + dy2;
      if (d2 <= inner2) continue;
      const u = (Math.sqrt(d2) - inner) / span;
      const t = u >= 1 ? 1 : u * u * (3 - 2 * u);
      map[p] = 1 - amount * t;
    }
  }
  return map;
}

/**
 * One fused colour pass: tone curve, split toning, contrast, saturation, vignette and optionally
 * grain, in a single walk over the pixels (the video path runs it every frame). The colour steps
 * after the curve compose into one 3×4 matrix, found by grading the origin and the three unit colours.
 */
function grade(options: GradeOptions): Pass {
  const curve = new Float32Array(256);
  for (let v = 0; v < 256; v++) curve[v] = options.curve ? options.curve(v) : v;
  const [c0, c1, c2] = gradeColour(options, 0, 0, 0);
  const column = (r: number, g: number, b: number): [number, number, number] => {
    const [x, y, z] = gradeColour(options, r, g, b);
    return [x - c0, y - c1, z - c2];
  };
  const [m00, m10, m20] = column(1, 0, 0);
  const [m01, m11, m21] = column(0, 1, 0);
  const [m02, m12, m22] = column(0, 0, 1);
  const grainOptions = options.grain;
  const table = grainTable(grainOptions?.amount ?? 0);
  const source = new GrainSpecks(grainOptions?.seed ?? 0, grainOptions?.clump ?? 1);
  let vignetteMap: Float32Array | null = null;
  return {
    name: grainOptions ? 'grade+grain' : 'grade',
    pixels(d, W, H, frame) {
      const amount = options.vignette ?? 0;
      if (!vignetteMap || vignetteMap.length !== W * H) vignetteMap = vignetteMapFor(W, H, amount);
      const map = vignetteMap;
      if (!grainOptions) {
        for (let p = 0, i = 0; i < d.length; p++, i += 4) {
          const r = curve[d[i] as number] as number;
          const g = curve[d[i + 1] as number] as number;
          const b = curve[d[i + 2] as number] as number;
          const v = map[p] as number;
          d[i] = (m00 * r + m01 * g + m02 * b + c0) * v;
          d[i + 1] = (m10 * r + m11 * g + m12 * b + c1) * v;
          d[i + 2] = (m20 * r + m21 * g + m22 * b + c2) * v;
        }
        return;
      }
      const specks = source.forFrame(W, H, frame);
      for (let p = 0, i = 0; i < d.length; p++, i += 4) {
        const r = curve[d[i] as number] as number;
        const g = curve[d[i + 1] as number] as number;
        const b = curve[d[i + 2] as number] as number;
        const v = map[p] as number;
        const R = (m00 * r + m01 * g + m02 * b + c0) * v;
        const G = (m10 * r + m11 * g + m12 * b + c1) * v;
        const B = (m20 * r + m21 * g + m22 * b + c2) * v;
        // Grain strength from the graded luminance, clamped as the bytes will be.
        const l = (R + 2 * G + B) * 0.25;
        const n = (table[(l > 255 ? 255 : l < 0 ? 0 : l) | 0] as number) * (specks[p] as number);
        d[i] = R + n;
        d[i + 1] = G + n;
        d[i + 2] = B + n;
      }
    },
  };
}

/** Dust and scratches of old film. */
function filmDamage(seed: number): Pass {
  return {
    name: 'film-damage',
    run(canvas, frame) {
      const rng = rngFor(seed ^ Math.imul(frame + 1, 0x85ebca6b), 'film-damage');
      const ctx = canvas.getContext('2d');
      const W = canvas.width;
      const H = canvas.height;
      const unit = Math.min(W, H);
      ctx.save();
      for (let i = 0; i < 3; i++) {
        ctx.strokeStyle = `rgba(255,245,220,${rng.range(0.05, 0.18).toFixed(3)})`;
        ctx.lineWidth = Math.max(1, unit * 0.0012);
        const x = rng.next() * W;
        ctx.beginPath();
        ctx.moveTo(x, 0);
        ctx.lineTo(x + rng.range(-0.01, 0.01) * W, H);
        ctx.stroke();
      }
      for (let i = 0; i < 25; i++) {
        ctx.fillStyle = rng.chance(0.5) ? 'rgba(30,20,10,0.35)' : 'rgba(255,250,235,0.3)';
        ctx.beginPath();
        ctx.arc(rng.next() * W, rng.next() * H, unit * rng.range(0.0008, 0.003), 0, Math.PI * 2);
        ctx.fill();
      }
      ctx.restore();
    },
  };
}

/** A swirl around a point, for surreal. */
function swirl(): Pass {
  return {
    name: 'swirl',
    pixels(d, W, H) {
      const src = d.slice();
      const cx = W * 0.5;
      const cy = H * 0.42;
      const R = Math.min(W, H) * 0.45;
      for (let y = 0; y < H; y++)
        for (let x = 0; x < W; x++) {
          const dx = x - cx;
          const dy = y - cy;
          const r = Math.hypot(dx, dy);
          if (r >= R) continue;
          const a = (1 - r / R) ** 2 * 1.2;
          const sx = Math.round(cx + dx * Math.cos(a) - dy * Math.sin(a));
          const sy = Math.round(cy + dx * Math.sin(a) + dy * Math.cos(a));
          if (sx < 0 || sy < 0 || sx >= W || sy >= H) continue;
          const i = (y * W + x) * 4;
          const s = (sy * W + sx) * 4;
          d[i] = src[s] as number;
          d[i + 1] = src[s + 1] as number;
          d[i + 2] = src[s + 2] as number;
        }
    },
  };
}

export interface Styler {
  /** Names of the passes, for details and tests. */
  passes: string[];
  /**
   * Applies the chain and returns the final RGBA pixels. The canvas itself may lag behind the
   * returned pixels (the last pixel pass is not written back): use the returned bytes.
   */
  apply(canvas: Canvas, frame: number): Uint8Array;
}

/**
 * The post-filter chain for a style and image style. Expensive state (stroke layouts, textures,
 * displacement maps) is built on the first frame and reused, so videos stay consistent and fast.
 */
export function createStyler(env: SceneEnv, style: string, imageStyle: string): Styler {
  const seed = env.seed;
  // Videos paint far fewer (reused) strokes per frame: a stroke costs the same at any resolution.
  const density = env.detail.density * (env.video ? 0.15 : 1);
  const passes: Pass[] = [];
  const add = (...more: Pass[]): void => {
    passes.push(...more);
  };
  const unit = env.unit;
  // Grain changes every frame, so in videos x264 spends bits and CPU on every speck (a 1080p cinematic
  // clip at full still-image grain is about 8 Mbit/s and doubles the encode time); 60 % keeps the texture.
  // Stills from 900 px up get 2×2 specks, a fifth fainter because a bigger speck shows more (together
  // about a third off a grainy 1024² PNG); smaller stills keep single-pixel grain.
  const clump: 1 | 2 = env.video || unit < 900 ? 1 : 2;
  const grainAmount = (amount: number): number => amount * (env.video ? 0.6 : clump === 2 ? 0.8 : 1);
  switch (style) {
    case 'photographic':
      // A lens: shallow depth of field around the subject, natural contrast, film grain.
      add(depthOfField(env), bloom(0.3, 0.03), grade({ curve: filmic, vignette: 0.3 }));
      add(chromaticAberration(0.0008), grain(grainAmount(0.045), seed, true, clump));
      break;
    case 'artistic':
      add(cssFilter('saturate(1.2)'));
      add(brushStrokes(seed, { spacing: 0.0055, length: 0.012, width: 0.006, impasto: 0, density }));
      add(texture(seed, 'paper', 0.05));
      break;
    case 'cartoon':
      add(liftShadows());
      add(cssFilter(`blur(${Math.max(0.8, unit * 0.002).toFixed(1)}px) saturate(1.45) contrast(1.08)`));
      add(posterize(6), outlines(0.9, 95, [25, 20, 30]));
      break;
    case 'abstract':
      add(displace(seed, 0.06, 2.2), cssFilter('saturate(1.35) contrast(1.1)'), posterize(9, 0.7));
      break;
    case 'digital-art':
      // Clean gradients and glow: a smoothing pass, strong bloom, no grain.
      add(cssFilter(`blur(${Math.max(0.6, unit * 0.0012).toFixed(1)}px)`));
      add(bloom(0.75, 0.06), grade({ saturation: 1.35, contrast: 1.15, vignette: 0.18 }));
      break;
    case 'oil-painting':
      add(cssFilter('saturate(1.1) contrast(1.05)'));
      add(brushStrokes(seed, { spacing: 0.006, length: 0.028, width: 0.009, impasto: 1, density }));
      add(
        brushStrokes(seed ^ 0x51, {
          spacing: 0.01,
          length: 0.02,
          width: 0.006,
          impasto: 0.6,
          density: density * 0.5,
        }),
      );
      add(texture(seed, 'canvas', 0.07), vignette(0.25));
      break;
    case 'watercolor':
      add(cssFilter(`blur(${Math.max(0.8, unit * 0.0018).toFixed(1)}px) saturate(0.85) brightness(1.08)`));
      add(displace(seed, 0.006, 6), posterize(12, 0.6), watercolorEdges(seed), texture(seed, 'paper', 0.08));
      break;
    case 'cinematic':
      add(bloom(0.3, 0.03));
      add(
        grade({
          split: { shadow: [20, 90, 110], highlight: [255, 170, 90], amount: 0.45 },
          contrast: 1.1,
          saturation: 1.05,
          vignette: 0.45,
          // A grade and grain over the whole requested frame (no letterbox bars over the picture).
          grain: { amount: grainAmount(0.035), seed, clump },
        }),
      );
      break;
    case 'animation':
    case 'animated':
      add(liftShadows(), cssFilter('saturate(1.35)'), posterize(8), outlines(0.6, 80, [30, 25, 40]));
      break;
    case 'none':
      // Restyling a person's image with an image style only (edit/restyle): no base look.
      break;
    default:
      // realistic
      add(
        bloom(0.25, 0.025),
        grade({ contrast: 1.04, vignette: 0.25, grain: { amount: grainAmount(0.02), seed, clump } }),
      );
  }
  switch (imageStyle) {
    case 'anime':
      add(
        liftShadows(),
        cssFilter('saturate(1.3) brightness(1.04)'),
        posterize(7, 0.55),
        outlines(0.55, 90, [40, 30, 50]),
      );
      break;
    case 'pixel-art':
      add(pixelArt(unit, 5));
      break;
    case 'fantasy':
      add(splitTone([60, 20, 110], [120, 255, 220], 0.35), bloom(0.5, 0.05), cssFilter('saturate(1.15)'));
      break;
    case 'sci-fi':
      add(
        splitTone([0, 40, 70], [140, 255, 255], 0.4),
        chromaticAberration(0.002),
        scanlines(0.12),
        bloom(0.4, 0.03),
      );
      break;
    case 'vintage':
      add(
        curves('faded', (r, g, b) => [fade(r) * 1.04, fade(g) * 0.98, fade(b) * 0.85]),
        cssFilter('sepia(0.45) contrast(0.95)'),
      );
      add(vignette(0.55, 'rgba(40,25,10,'), grain(grainAmount(0.07), seed, false, clump), filmDamage(seed));
      break;
    case 'minimalist':
      add(posterize(10, 0.8), cssFilter('saturate(0.8) contrast(0.95) brightness(1.05)'));
      break;
    case 'surreal':
      add(swirl(), cssFilter('hue-rotate(20deg) saturate(1.2)'), bloom(0.35, 0.04));
      break;
    default:
      break;
  }
  // Palette and mood words from the prompt.
  if (env.spec.palette === 'monochrome') add(cssFilter('grayscale(1) contrast(1.1)'));
  if (env.spec.palette === 'sepia') add(cssFilter('sepia(0.85)'));
  if (env.spec.palette === 'pastel') add(cssFilter('saturate(0.7) brightness(1.12) contrast(0.9)'));
  if (env.spec.palette === 'neon') add(cssFilter('saturate(1.5) contrast(1.15)'));
  if (env.spec.palette === 'earthy')
    add(splitTone([70, 50, 30], [220, 190, 140], 0.35), cssFilter('saturate(0.8)'));
  if (env.spec.moods.includes('vibrant')) add(cssFilter('saturate(1.3)'));
  return {
    passes: passes.map((pass) => pass.name),
    apply(canvas, frame) {
      const ctx = canvas.getContext('2d');
      const W = canvas.width;
      const H = canvas.height;
      // Consecutive pixel passes share one read and one write of the canvas.
      let image: ReturnType<Ctx['getImageData']> | null = null;
      for (const pass of passes) {
        if (pass.pixels) {
          image ??= ctx.getImageData(0, 0, W, H);
          pass.pixels(image.data as Pixels, W, H, frame);
        } else {
          if (image) {
            ctx.putImageData(image, 0, 0);
            image = null;
          }
          pass.run(canvas, frame);
        }
      }
      image ??= ctx.getImageData(0, 0, W, H);
      return new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.byteLength);
    },
  };
}

const filmic = (v: number): number => {
  const x = v / 255;
  const y = x * x * (3 - 2 * x);
  return (x * 0.45 + y * 0.55) * 255;
};

const fade = (v: number): number => 28 + (v / 255) * 205;
