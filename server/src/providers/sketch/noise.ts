import type { Rng } from './random.js';

/** Seeded 2-D gradient noise (Perlin), fractal sums and ridged variants, plus 1-D value noise. */
export interface Noise2 {
  /** Roughly in [-1, 1]. */
  at(x: number, y: number): number;
  fbm(x: number, y: number, octaves: number, lacunarity?: number, gain?: number): number;
  /** Sharp crests in [0, 1]: 1 - |noise|, squared, summed over octaves. */
  ridged(x: number, y: number, octaves: number): number;
}

export interface Noise1 {
  at(x: number): number;
  fbm(x: number, octaves: number, gain?: number): number;
  ridged(x: number, octaves: number): number;
}

const GRADIENTS = Array.from({ length: 16 }, (_, i) => {
  const angle = (i / 16) * Math.PI * 2;
  return [Math.cos(angle), Math.sin(angle)] as const;
});

function permutation(rng: Rng): Uint8Array {
  const perm = new Uint8Array(512);
  const base = new Uint8Array(256);
  for (let i = 0; i < 256; i++) base[i] = i;
  for (let i = 255; i > 0; i--) {
    const j = Math.floor(rng.next() * (i + 1));
    const tmp = base[i] as number;
    base[i] = base[j] as number;
    base[j] = tmp;
  }
  for (let i = 0; i < 512; i++) perm[i] = base[i & 255] as number;
  return perm;
}

const fade = (t: number): number => t * t * t * (t * (t * 6 - 15) + 10);

export function createNoise2(rng: Rng): Noise2 {
  const perm = permutation(rng);
  const gx = new Float32Array(512);
  const gy = new Float32Array(512);
  for (let i = 0; i < 512; i++) {
    const g = GRADIENTS[(perm[i] as number) & 15] as readonly [number, number];
    gx[i] = g[0];
    gy[i] = g[1];
  }
  const at = (x: number, y: number): number => {
    const xf = Math.floor(x);
    const yf = Math.floor(y);
    const xi = xf & 255;
    const yi = yf & 255;
    const dx = x - xf;
    const dy = y - yf;
    const a = (perm[xi] as number) + yi;
    const b = (perm[xi + 1] as number) + yi;
    const aa = perm[a] as number;
    const ab = perm[a + 1] as number;
    const ba = perm[b] as number;
    const bb = perm[b + 1] as number;
    const n00 = (gx[aa] as number) * dx + (gy[aa] as number) * dy;
    const n10 = (gx[ba] as number) * (dx - 1) + (gy[ba] as number) * dy;
    const n01 = (gx[ab] as number) * dx + (gy[ab] as number) * (dy - 1);
    const n11 = (gx[bb] as number) * (dx - 1) + (gy[bb] as number) * (dy - 1);
    const u = fade(dx);
    const v = fade(dy);
    const nx0 = n00 + u * (n10 - n00);
    const nx1 = n01 + u * (n11 - n01);
    return (nx0 + v * (nx1 - nx0)) * Math.SQRT2;
  };
  return {
    at,
    fbm(x, y, octaves, lacunarity = 2, gain = 0.5) {
      let sum = 0;
      let amp = 1;
      let norm = 0;
      let fx = x;
      let fy = y;
      for (let o = 0; o < octaves; o++) {
        sum += amp * at(fx, fy);
        norm += amp;
        amp *= gain;
        // A small rotation-like offset per octave hides the lattice.
        const nx = fx * lacunarity + 17.3;
        fy = fy * lacunarity - 9.1;
        fx = nx;
      }
      return sum / norm;
    },
    ridged(x, y, octaves) {
      let sum = 0;
      let amp = 1;
      let norm = 0;
      let fx = x;
      let fy = y;
      let weight = 1;
      for (let o = 0; o < octaves; o++) {
        let n = 1 - Math.abs(at(fx, fy));
        n *= n;
        n *= weight;
        weight = Math.min(1, n * 1.6);
        sum += amp * n;
        norm += amp;
        amp *= 0.5;
        fx = fx * 2.03 + 31.7;
        fy = fy * 2.03 - 11.3;
      }
      return sum / norm;
    },
  };
}

export function createNoise1(rng: Rng): Noise1 {
  const values = new Float32Array(256);
  for (let i = 0; i < 256; i++) values[i] = rng.next() * 2 - 1;
  const at = (x: number): number => {
    const xf = Math.floor(x);
    const t = x - xf;
    const a = values[xf & 255] as number;
    const b = values[(xf + 1) & 255] as number;
    const u = t * t * (3 - 2 * t);
    return a + (b - a) * u;
  };
  return {
    at,
    fbm(x, octaves, gain = 0.5) {
      let sum = 0;
      let amp = 1;
      let norm = 0;
      let f = x;
      for (let o = 0; o < octaves; o++) {
        sum += amp * at(f);
        norm += amp;
        amp *= gain;
        f = f * 2.01 + 5.3;
      }
      return sum / norm;
    },
    ridged(x, octaves) {
      let sum = 0;
      let amp = 1;
      let norm = 0;
      let f = x;
      for (let o = 0; o < octaves; o++) {
        const n = 1 - Math.abs(at(f));
        sum += amp * n * n;
        norm += amp;
        amp *= 0.5;
        f = f * 2.03 + 7.7;
      }
      return sum / norm;
    },
  };
}

export const clamp01 = (v: number): number => Math.min(1, Math.max(0, v));
export const lerp = (a: number, b: number, t: number): number => a + (b - a) * t;
export const smoothstep = (edge0: number, edge1: number, x: number): number => {
  const t = clamp01((x - edge0) / (edge1 - edge0));
  return t * t * (3 - 2 * t);
};
