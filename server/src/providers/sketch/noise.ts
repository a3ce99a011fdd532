import type { Rng } from './random.js';

/** Seeded 2-D gradient noise (Perlin), fractal sums and ridged variants, plus 1-D value noise. */
export interface Noise2 {
  /** Roughly in [-1, 1]. */
  at(x: number, y: number): number;
  fbm(x: number, y: number, octaves: number, lacunarity?: number, gain?: number): number;
  /** Sharp crests in [0, 1]: 1 - |noise|, squared, summed over octaves. */
  ridged(x: number, y: number, octaves: number): number;
  /** ridged(x + e, y) - ridged(x - e, y), in one walk (terrain facets). */
  ridgedSlope(x: number, y: number, e: number, octaves: number): number;
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

/**
 * 2-D Perlin noise as a class: one shared method per operation, so the hot callers (terrain and
 * cloud textures call it millions of times) inline it. Per-instance closures made the optimiser
 * deoptimise on every new scene ("wrong call target") and box every intermediate number.
 */
class Perlin2 implements Noise2 {
  private readonly perm: Uint8Array;
  private readonly gx = new Float32Array(512);
  private readonly gy = new Float32Array(512);

  constructor(rng: Rng) {
    this.perm = permutation(rng);
    for (let i = 0; i < 512; i++) {
      const g = GRADIENTS[(this.perm[i] as number) & 15] as readonly [number, number];
      this.gx[i] = g[0];
      this.gy[i] = g[1];
    }
  }

  at(x: number, y: number): number {
    const { perm, gx, gy } = this;
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
  }

  fbm(x: number, y: number, octaves: number, lacunarity = 2, gain = 0.5): number {
    let sum = 0;
    let amp = 1;
    let norm = 0;
    let fx = x;
    let fy = y;
    for (let o = 0; o < octaves; o++) {
      sum += amp * this.at(fx, fy);
      norm += amp;
      amp *= gain;
      // A small rotation-like offset per octave hides the lattice.
      const nx = fx * lacunarity + 17.3;
      fy = fy * lacunarity - 9.1;
      fx = nx;
    }
    return sum / norm;
  }

  ridged(x: number, y: number, octaves: number): number {
    let sum = 0;
    let amp = 1;
    let norm = 0;
    let fx = x;
    let fy = y;
    let weight = 1;
    for (let o = 0; o < octaves; o++) {
      let n = 1 - Math.abs(this.at(fx, fy));
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
  }
  ridgedSlope(x: number, y: number, e: number, octaves: number): number {
    // Both walks side by side with the arithmetic of two ridged() calls (the same result), sharing the
    // loop and the row's lattice work.
    let sumA = 0;
    let sumB = 0;
    let amp = 1;
    let norm = 0;
    let fxA = x + e;
    let fxB = x - e;
    let fy = y;
    let weightA = 1;
    let weightB = 1;
    for (let o = 0; o < octaves; o++) {
      let a = 1 - Math.abs(this.at(fxA, fy));
      let b = 1 - Math.abs(this.at(fxB, fy));
      a *= a;
      b *= b;
      a *= weightA;
      b *= weightB;
      weightA = Math.min(1, a * 1.6);
      weightB = Math.min(1, b * 1.6);
      sumA += amp * a;
      sumB += amp * b;
      norm += amp;
      amp *= 0.5;
      fxA = fxA * 2.03 + 31.7;
      fxB = fxB * 2.03 + 31.7;
      fy = fy * 2.03 - 11.3;
    }
    return sumA / norm - sumB / norm;
  }
}

export function createNoise2(rng: Rng): Noise2 {
  return new Perlin2(rng);
}

/** 1-D value noise (a class for the same reason as Perlin2). */
class Value1 implements Noise1 {
  private readonly values = new Float32Array(256);

  constructor(rng: Rng) {
    for (let i = 0; i < 256; i++) this.values[i] = rng.next() * 2 - 1;
  }

  at(x: number): number {
    const xf = Math.floor(x);
    const t = x - xf;
    const a = this.values[xf & 255] as number;
    const b = this.values[(xf + 1) & 255] as number;
    const u = t * t * (3 - 2 * t);
    return a + (b - a) * u;
  }

  fbm(x: number, octaves: number, gain = 0.5): number {
    let sum = 0;
    let amp = 1;
    let norm = 0;
    let f = x;
    for (let o = 0; o < octaves; o++) {
      sum += amp * this.at(f);
      norm += amp;
      amp *= gain;
      f = f * 2.01 + 5.3;
    }
    return sum / norm;
  }

  ridged(x: number, octaves: number): number {
    let sum = 0;
    let amp = 1;
    let norm = 0;
    let f = x;
    for (let o = 0; o < octaves; o++) {
      const n = 1 - Math.abs(this.at(f));
      sum += amp * n * n;
      norm += amp;
      amp *= 0.5;
      f = f * 2.03 + 7.7;
    }
    return sum / norm;
  }
}

export function createNoise1(rng: Rng): Noise1 {
  return new Value1(rng);
}

export const clamp01 = (v: number): number => Math.min(1, Math.max(0, v));
export const lerp = (a: number, b: number, t: number): number => a + (b - a) * t;
export const smoothstep = (edge0: number, edge1: number, x: number): number => {
  const t = clamp01((x - edge0) / (edge1 - edge0));
  return t * t * (3 - 2 * t);
};
