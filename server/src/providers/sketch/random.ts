/**
 * Seeded randomness for the Sketch renderer. Never Math.random: every subsystem draws from its own
 * labelled stream (`rngFor(seed, 'stars')`), so adding a word to a prompt does not reshuffle the rest.
 */

/** FNV-1a 32-bit hash of a string. */
function hash32(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Final avalanche of a 32-bit integer (murmur3 fmix). */
export function mix32(value: number): number {
  let h = value >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  range(min: number, max: number): number;
  int(min: number, maxInclusive: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Approximately normal, mean 0, standard deviation 1. */
  gauss(): number;
  /** A fresh 32-bit seed derived from this stream. */
  seed(): number;
}

/** mulberry32: small, fast, good enough for graphics. */
export function mulberry32(seed: number): Rng {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    range: (min, max) => min + (max - min) * next(),
    int: (min, maxInclusive) => min + Math.floor(next() * (maxInclusive - min + 1)),
    chance: (probability) => next() < probability,
    pick<T>(items: readonly T[]): T {
      return items[Math.floor(next() * items.length)] as T;
    },
    gauss: () => next() + next() + next() + next() - 2,
    seed: () => Math.floor(next() * 4294967296) >>> 0,
  };
}

/** The stream for one labelled subsystem of a render. */
export function rngFor(seed: number, label: string): Rng {
  return mulberry32(mix32(seed ^ hash32(label)));
}

/** seed' = hash32(prompt) ^ seed, as the research prototype defined it. */
export function sceneSeed(prompt: string, seed: number): number {
  return (hash32(prompt.trim().toLowerCase()) ^ (seed >>> 0)) >>> 0;
}
