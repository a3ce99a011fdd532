import { hsl, type Rgb } from '../sketch/color.js';
import { interpretPrompt, type SceneSpec, type Thing, tokenize } from '../sketch/interpret.js';
import { rngFor, sceneSeed } from '../sketch/random.js';
import type { ThingKind } from '../sketch/things.js';
import { writeGlb } from './glb.js';
import { MeshBuilder } from './mesh.js';
import { BUILDERS, type Colors, DEFAULT_COLORS, hueColor, type LowPolyKind, terrain } from './objects.js';
import { renderThumbnail } from './rasterize.js';

/**
 * The offline 3D tool (issue 21): a prompt becomes a seeded low-poly object or small scene, written
 * as a real GLB, with a rendered PNG still. The prompt is read by Sketch's lexicon (subjects, things,
 * colours); words for shapes only 3D has (rock, tree, sphere, terrain) are read here. What was made
 * of the prompt, and what was not, is returned as `interpretation` so the page can say so.
 */

/** Sketch's things, as the object that models each (a kind without its own model uses a close one). */
const THING_MODELS: Partial<Record<ThingKind, LowPolyKind>> = {
  cat: 'animal',
  dog: 'animal',
  horse: 'animal',
  unicorn: 'animal',
  dragon: 'animal',
  monster: 'animal',
  bird: 'bird',
  phoenix: 'bird',
  fish: 'fish',
  robot: 'robot',
  car: 'car',
  train: 'car',
  boat: 'boat',
  spaceship: 'saucer',
  ufo: 'saucer',
  balloon: 'balloon',
  house: 'house',
  cabin: 'house',
  barn: 'house',
  temple: 'house',
  windmill: 'tower',
  tower: 'tower',
  lighthouse: 'lighthouse',
  castle: 'castle',
  bowl: 'bowl',
  cup: 'cup',
  glass: 'cup',
  cake: 'cake',
  fruit: 'abstract',
  vase: 'vase',
  chest: 'chest',
  lamp: 'lamp',
  candle: 'candle',
};

/** Words only the 3D tool models (Sketch's lexicon reads them as scenery or not at all). */
const SHAPE_WORDS: Record<string, LowPolyKind> = {
  rock: 'rock',
  rocks: 'rock',
  stone: 'rock',
  boulder: 'rock',
  tree: 'tree',
  oak: 'tree',
  pine: 'pine',
  fir: 'pine',
  sphere: 'abstract',
  orb: 'abstract',
  ball: 'abstract',
  sculpture: 'abstract',
  terrain: 'terrain',
  island: 'terrain',
  landscape: 'terrain',
  hill: 'terrain',
  hills: 'terrain',
  mug: 'cup',
  teacup: 'cup',
};

const TONES: Record<NonNullable<Thing['tone']>, Rgb> = {
  black: [46, 46, 50],
  white: [236, 236, 232],
  brown: [122, 84, 52],
  grey: [140, 140, 144],
};

export interface LowPolyPlan {
  /** The objects, in prompt order (at most three stand on a tile together). */
  objects: { kind: LowPolyKind; word: string; colors: Colors }[];
  /** A landscape tile under them, when the prompt asks for scenery. */
  ground: { peaks: number; water: boolean; snow: boolean; sand: boolean; trees: boolean } | null;
  /** Words of the prompt that were not modelled. */
  ignored: string[];
}

/** Reads the prompt into what will be modelled. */
export function planFromPrompt(prompt: string): LowPolyPlan {
  const spec: SceneSpec = interpretPrompt(prompt);
  const accentHue = spec.colors[1]?.hue ?? null;
  const keyHue = spec.colors.find((color) => !color.thing)?.hue ?? null;
  const objects: LowPolyPlan['objects'] = [];
  const colorsFor = (kind: LowPolyKind, thing: Thing | null): Colors => {
    const base = DEFAULT_COLORS[kind];
    const said = thing?.hue ?? (thing?.tone ? null : keyHue);
    const main = thing?.tone ? TONES[thing.tone] : said !== null ? hueColor(said) : base.main;
    return {
      main,
      accent: accentHue !== null && accentHue !== said ? hsl(accentHue, 0.6, 0.45) : base.accent,
    };
  };
  for (const thing of spec.things) {
    const kind = THING_MODELS[thing.kind];
    if (kind && objects.length < 3) objects.push({ kind, word: thing.word, colors: colorsFor(kind, thing) });
  }
  const words = tokenize(prompt);
  for (const word of words) {
    const kind = SHAPE_WORDS[word];
    if (!kind || kind === 'terrain' || objects.length >= 3) continue;
    if (objects.some((object) => object.word === word)) continue;
    objects.push({ kind, word, colors: colorsFor(kind, null) });
  }
  const subjects = new Set(spec.subjects);
  const scenery =
    words.some((word) => SHAPE_WORDS[word] === 'terrain') ||
    ['mountains', 'forest', 'desert', 'snow', 'river', 'ocean'].some((s) => subjects.has(s as never));
  const ground = scenery
    ? {
        peaks: subjects.has('mountains') ? 2 : 0,
        water: subjects.has('river') || subjects.has('ocean') || words.includes('island'),
        snow: subjects.has('snow') || (subjects.has('mountains') && spec.moods.includes('storm')),
        sand: subjects.has('desert') || words.includes('island'),
        trees: subjects.has('forest'),
      }
    : null;
  if (objects.length === 0 && !ground) {
    objects.push({ kind: 'abstract', word: 'abstract', colors: colorsFor('abstract', null) });
  }
  const modelled = new Set(objects.map((object) => object.word));
  const ignored = spec.things.filter((thing) => !modelled.has(thing.word)).map((thing) => thing.word);
  return {
    objects,
    ground,
    ignored: [...ignored, ...spec.unrecognized.filter((word) => !SHAPE_WORDS[word])],
  };
}

export interface LowPolyResult {
  glb: Buffer;
  /** A PNG still of the object (the thumbnail's source). */
  poster: Buffer;
  triangles: number;
  vertices: number;
  interpretation: { objects: string[]; ground: string | null; ignored: string[] };
}

/** How a caller follows and stops a build: it is checked and reported between its steps. */
export interface LowPolySteps {
  signal?: AbortSignal;
  report?: (update: { progress: number; stage: string }) => void;
}

/** Lets a cancel message in (the steps are synchronous), then stops if the build was cancelled. */
async function betweenSteps(steps: LowPolySteps, progress: number, stage: string): Promise<void> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  steps.signal?.throwIfAborted();
  steps.report?.({ progress, stage });
}

/** Builds the object or scene of `prompt` with `seed` (the same pair gives the same GLB). */
export async function buildLowPoly(
  prompt: string,
  seed: number,
  posterSize = 512,
  steps: LowPolySteps = {},
): Promise<LowPolyResult> {
  steps.signal?.throwIfAborted();
  // Stage texts the web app translates (web/src/features/generate/job-texts.ts).
  steps.report?.({ progress: 5, stage: 'Generating' });
  const plan = planFromPrompt(prompt);
  const rng = rngFor(sceneSeed(prompt, seed), 'lowpoly');
  const mesh = new MeshBuilder();
  let height: ((x: number, z: number) => number) | null = null;
  if (plan.ground) {
    const grass: Rgb = plan.ground.sand ? [210, 180, 120] : [96, 150, 80];
    height = terrain(mesh, { main: grass, accent: [70, 120, 190] }, rng, plan.ground);
    if (plan.ground.trees) {
      for (let i = 0; i < 7; i++) {
        const x = rng.range(-1.3, 1.3);
        const z = rng.range(-1.3, 1.3);
        BUILDERS.pine(mesh, DEFAULT_COLORS.pine, rng, {
          scale: rng.range(0.25, 0.4),
          at: [x, height(x, z) - 0.02, z],
        });
      }
    }
  }
  // Side by side along x, each turned a little toward the viewer; on a tile, smaller and on the ground.
  const count = plan.objects.length;
  plan.objects.forEach((object, index) => {
    const spread = count > 1 ? (index - (count - 1) / 2) * (height ? 0.9 : 2.3) : 0;
    const z = height ? rng.range(-0.3, 0.3) : 0;
    const size = height ? 0.35 : 1;
    const y = height ? height(spread, z) - 0.02 : 0;
    BUILDERS[object.kind === 'terrain' ? 'abstract' : object.kind](mesh, object.colors, rng, {
      scale: size,
      rotate: [0, rng.range(-0.5, 0.5), 0],
      at: [spread, y, z],
    });
  });
  const built = mesh.build();
  const name = plan.objects.map((object) => object.word).join(' and ') || 'terrain';
  await betweenSteps(steps, 50, 'Encoding');
  const glb = await writeGlb(built, name);
  await betweenSteps(steps, 70, 'Rendering');
  const poster = await renderThumbnail(built, posterSize);
  return {
    glb,
    poster,
    triangles: built.triangles,
    vertices: built.triangles * 3,
    interpretation: {
      objects: plan.objects.map((object) =>
        object.word === object.kind ? object.kind : `${object.word} (${object.kind})`,
      ),
      ground: plan.ground
        ? [
            plan.ground.peaks ? 'mountains' : 'hills',
            plan.ground.water ? 'water' : null,
            plan.ground.sand ? 'sand' : null,
            plan.ground.snow ? 'snow' : null,
            plan.ground.trees ? 'trees' : null,
          ]
            .filter(Boolean)
            .join(', ')
        : null,
      ignored: plan.ignored,
    },
  };
}
