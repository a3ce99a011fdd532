import { hsl, mix, type Rgb, scale } from '../sketch/color.js';
import type { Rng } from '../sketch/random.js';
import { box, frustum, heightTile, icosphere, lathe, type MeshBuilder, type Transform } from './mesh.js';

/**
 * The parametric low-poly objects of the offline 3D tool. Each stands on y = 0, about one to two
 * units tall, centred on the origin, and is varied by the seeded stream (proportions, counts, shades).
 * `main` is the object's colour (from the prompt, or the kind's usual one), `accent` a second colour.
 */

export const LOWPOLY_KINDS = [
  'house',
  'tower',
  'lighthouse',
  'castle',
  'tree',
  'pine',
  'rock',
  'car',
  'boat',
  'animal',
  'bird',
  'fish',
  'cup',
  'bowl',
  'vase',
  'lamp',
  'candle',
  'chest',
  'cake',
  'robot',
  'saucer',
  'balloon',
  'abstract',
  'terrain',
] as const;
export type LowPolyKind = (typeof LOWPOLY_KINDS)[number];

export interface Colors {
  main: Rgb;
  accent: Rgb;
}

/** The kind's usual colours when the prompt names none. */
export const DEFAULT_COLORS: Record<LowPolyKind, Colors> = {
  house: { main: [226, 214, 190], accent: [176, 74, 58] },
  tower: { main: [170, 166, 158], accent: [92, 84, 120] },
  lighthouse: { main: [240, 238, 232], accent: [200, 48, 44] },
  castle: { main: [160, 156, 148], accent: [70, 80, 130] },
  tree: { main: [84, 160, 70], accent: [112, 78, 50] },
  pine: { main: [46, 120, 70], accent: [104, 72, 48] },
  rock: { main: [128, 124, 118], accent: [98, 120, 80] },
  car: { main: [200, 40, 40], accent: [40, 40, 46] },
  boat: { main: [150, 96, 60], accent: [244, 240, 228] },
  animal: { main: [196, 140, 84], accent: [60, 44, 36] },
  bird: { main: [70, 130, 200], accent: [240, 170, 40] },
  fish: { main: [240, 140, 40], accent: [250, 250, 250] },
  cup: { main: [236, 232, 224], accent: [120, 70, 40] },
  bowl: { main: [90, 140, 190], accent: [240, 236, 226] },
  vase: { main: [60, 110, 170], accent: [230, 200, 120] },
  lamp: { main: [240, 220, 170], accent: [60, 60, 66] },
  candle: { main: [244, 238, 220], accent: [255, 180, 40] },
  chest: { main: [130, 84, 48], accent: [210, 170, 60] },
  cake: { main: [250, 226, 236], accent: [200, 60, 90] },
  robot: { main: [160, 170, 186], accent: [60, 200, 230] },
  saucer: { main: [176, 184, 196], accent: [80, 230, 160] },
  balloon: { main: [220, 60, 60], accent: [150, 110, 70] },
  abstract: { main: [120, 90, 220], accent: [250, 180, 60] },
  terrain: { main: [96, 150, 80], accent: [70, 120, 190] },
};

const WHITE: Rgb = [245, 245, 245];
const DARK: Rgb = [40, 40, 44];
const WOOD: Rgb = [112, 78, 50];
const shade = (color: Rgb, rng: Rng, amount = 0.12) => scale(color, 1 + rng.range(-amount, amount));

type Builder = (mesh: MeshBuilder, colors: Colors, rng: Rng, at: Transform) => void;

/** Combines an object's own transform with where the scene puts it. */
function within(at: Transform, local: Transform): Transform {
  const s = typeof at.scale === 'number' ? at.scale : 1;
  const ry = at.rotate?.[1] ?? 0;
  const [lx, ly, lz] = local.at ?? [0, 0, 0];
  const [ox, oy, oz] = at.at ?? [0, 0, 0];
  const localScale = local.scale ?? 1;
  const scaled =
    typeof localScale === 'number'
      ? localScale * s
      : ([...localScale].map((v) => v * s) as [number, number, number]);
  const [rx, rly, rz] = local.rotate ?? [0, 0, 0];
  return {
    scale: scaled,
    rotate: [rx, rly + ry, rz],
    at: [
      ox + s * (lx * Math.cos(ry) + lz * Math.sin(ry)),
      oy + s * ly,
      oz + s * (-lx * Math.sin(ry) + lz * Math.cos(ry)),
    ],
  };
}

const house: Builder = (mesh, { main, accent }, rng, at) => {
  const w = rng.range(1.3, 1.8);
  const d = rng.range(1, 1.3);
  const h = rng.range(0.8, 1.1);
  mesh.add(box(w, h, d), main, within(at, {}));
  // A hip roof: a four-sided pyramid over the walls, a little wider.
  mesh.add(
    frustum(Math.SQRT1_2, 0, 1, 4, Math.PI / 4),
    accent,
    within(at, { scale: [w * 1.15, rng.range(0.6, 0.9), d * 1.2], at: [0, h, 0] }),
  );
  mesh.add(box(0.3, 0.55, 0.04), WOOD, within(at, { at: [rng.range(-w / 4, w / 4), 0, d / 2] }));
  for (const x of [-w / 3, w / 3])
    mesh.add(box(0.26, 0.24, 0.04), [150, 200, 230], within(at, { at: [x, h * 0.5, d / 2] }));
  if (rng.chance(0.7))
    mesh.add(box(0.18, 0.5, 0.18), scale(accent, 0.7), within(at, { at: [w * 0.25, h + 0.2, -d * 0.15] }));
};

const tower: Builder = (mesh, { main, accent }, rng, at) => {
  const r = rng.range(0.35, 0.5);
  const h = rng.range(1.8, 2.4);
  const sides = rng.pick([6, 8, 10]);
  mesh.add(frustum(r * 1.15, r, h, sides), main, within(at, {}));
  mesh.add(frustum(r * 1.25, r * 1.25, 0.12, sides), shade(main, rng), within(at, { at: [0, h, 0] }));
  mesh.add(frustum(r * 1.3, 0, rng.range(0.6, 0.9), sides), accent, within(at, { at: [0, h + 0.12, 0] }));
  mesh.add(box(0.22, 0.4, 0.05), DARK, within(at, { at: [0, 0, r * 1.1] }));
};

const lighthouse: Builder = (mesh, { main, accent }, rng, at) => {
  const bands = rng.int(3, 4);
  const h = 2.2;
  const sides = 10;
  for (let i = 0; i < bands; i++) {
    const y0 = (i / bands) * h;
    const r0 = 0.5 - 0.2 * (i / bands);
    const r1 = 0.5 - 0.2 * ((i + 1) / bands);
    mesh.add(frustum(r0, r1, h / bands, sides), i % 2 ? main : accent, within(at, { at: [0, y0, 0] }));
  }
  mesh.add(frustum(0.36, 0.36, 0.08, sides), DARK, within(at, { at: [0, h, 0] }));
  mesh.add(frustum(0.22, 0.22, 0.3, sides), [255, 236, 150], within(at, { at: [0, h + 0.08, 0] }));
  mesh.add(frustum(0.3, 0, 0.3, sides), accent, within(at, { at: [0, h + 0.38, 0] }));
};

const castle: Builder = (mesh, colors, rng, at) => {
  const { main } = colors;
  mesh.add(box(1.6, 0.9, 1.6), main, within(at, {}));
  for (const [x, z] of [
    [-0.8, -0.8],
    [0.8, -0.8],
    [-0.8, 0.8],
    [0.8, 0.8],
  ] as const) {
    tower(mesh, colors, rng, within(at, { scale: 0.55, at: [x, 0, z] }));
  }
  mesh.add(box(0.4, 0.55, 0.05), DARK, within(at, { at: [0, 0, 0.8] }));
};

const tree: Builder = (mesh, { main, accent }, rng, at) => {
  const trunk = rng.range(0.5, 0.8);
  mesh.add(frustum(0.12, 0.09, trunk, 6), accent, within(at, {}));
  const crowns = rng.int(1, 3);
  for (let i = 0; i < crowns; i++) {
    const r = rng.range(0.45, 0.65) * (1 - i * 0.15);
    const wobble = () => 1 + rng.range(-0.12, 0.12);
    mesh.add(
      icosphere(wobble),
      shade(main, rng),
      within(at, {
        scale: [r, r * 0.9, r],
        at: [rng.range(-0.15, 0.15), trunk + 0.3 + i * 0.35, rng.range(-0.15, 0.15)],
      }),
    );
  }
};

const pine: Builder = (mesh, { main, accent }, rng, at) => {
  mesh.add(frustum(0.1, 0.08, 0.4, 6), accent, within(at, {}));
  const tiers = rng.int(3, 4);
  for (let i = 0; i < tiers; i++) {
    const r = 0.7 * (1 - i / (tiers + 1));
    mesh.add(
      frustum(r, 0, 0.75, 7, rng.range(0, 1)),
      shade(main, rng, 0.1),
      within(at, { at: [0, 0.35 + i * 0.38, 0] }),
    );
  }
};

const rock: Builder = (mesh, { main }, rng, at) => {
  const wobble = () => 1 + rng.range(-0.22, 0.18);
  const r = rng.range(0.6, 0.9);
  mesh.add(
    icosphere(wobble),
    (i) => shade(main, rng, 0.08 + (i % 3) * 0.02),
    within(at, {
      scale: [r * 1.3, r * 0.75, r],
      at: [0, r * 0.55, 0],
      rotate: [0, rng.range(0, Math.PI), 0],
    }),
  );
};

const car: Builder = (mesh, { main, accent }, rng, at) => {
  const l = rng.range(1.8, 2.2);
  mesh.add(box(l, 0.45, 0.9), main, within(at, { at: [0, 0.22, 0] }));
  mesh.add(
    frustum(Math.SQRT1_2, 0.55, 0.38, 4, Math.PI / 4),
    [150, 200, 230],
    within(at, { scale: [l * 0.55, 1, 0.85], at: [-0.1, 0.67, 0] }),
  );
  for (const x of [-l * 0.32, l * 0.32]) {
    for (const z of [-0.45, 0.45]) {
      // A wheel: a short cylinder turned to run along z (from its position to 0.14 further out).
      mesh.add(
        frustum(0.2, 0.2, 0.14, 10),
        accent,
        within(at, { rotate: [Math.PI / 2, 0, 0], at: [x, 0.2, z > 0 ? 0.38 : -0.52] }),
      );
    }
  }
  mesh.add(box(0.05, 0.1, 0.2), [255, 240, 180], within(at, { at: [l / 2, 0.4, 0.28] }));
  mesh.add(box(0.05, 0.1, 0.2), [255, 240, 180], within(at, { at: [l / 2, 0.4, -0.28] }));
};

const boat: Builder = (mesh, { main, accent }, rng, at) => {
  const l = rng.range(1.8, 2.3);
  // The hull: a square frustum, wider at the deck, stretched along x.
  mesh.add(frustum(0.42, Math.SQRT1_2, 0.45, 4, Math.PI / 4), main, within(at, { scale: [l, 1, 0.9] }));
  mesh.add(box(l * 0.95, 0.04, 0.85), shade(main, rng, 0.2), within(at, { at: [0, 0.45, 0] }));
  mesh.add(frustum(0.04, 0.035, 1.6, 6), WOOD, within(at, { at: [0, 0.45, 0] }));
  // A sail: a thin three-sided pyramid.
  mesh.add(
    frustum(0.6, 0, 1.3, 3, Math.PI / 2),
    accent,
    within(at, { scale: [1, 1, 0.05], at: [0.35, 0.6, 0] }),
  );
};

const animal: Builder = (mesh, { main, accent }, rng, at) => {
  const l = rng.range(1, 1.3);
  const legH = rng.range(0.35, 0.55);
  const round = () => 1 + rng.range(-0.05, 0.05);
  mesh.add(icosphere(round), main, within(at, { scale: [l * 0.55, 0.32, 0.3], at: [0, legH + 0.25, 0] }));
  for (const x of [-l * 0.3, l * 0.3]) {
    for (const z of [-0.15, 0.15])
      mesh.add(frustum(0.07, 0.06, legH + 0.1, 6), shade(main, rng), within(at, { at: [x, 0, z] }));
  }
  const head: [number, number, number] = [l * 0.6, legH + 0.55, 0];
  mesh.add(icosphere(round), main, within(at, { scale: 0.24, at: head }));
  mesh.add(
    frustum(0.1, 0.06, 0.18, 6),
    shade(main, rng),
    within(at, { rotate: [0, 0, -Math.PI / 2], at: [head[0] + 0.18, head[1] - 0.05, 0] }),
  );
  for (const z of [-0.1, 0.1]) {
    mesh.add(frustum(0.07, 0, 0.2, 4), accent, within(at, { at: [head[0] - 0.03, head[1] + 0.15, z] }));
    mesh.add(icosphere(), DARK, within(at, { scale: 0.035, at: [head[0] + 0.17, head[1] + 0.06, z * 0.9] }));
  }
  mesh.add(
    frustum(0.05, 0.02, 0.5, 5),
    shade(main, rng),
    within(at, { rotate: [0, 0, Math.PI / 2.6], at: [-l * 0.5, legH + 0.3, 0] }),
  );
};

const bird: Builder = (mesh, { main, accent }, rng, at) => {
  mesh.add(icosphere(), main, within(at, { scale: [0.45, 0.3, 0.3], at: [0, 0.55, 0] }));
  mesh.add(icosphere(), main, within(at, { scale: 0.2, at: [0.38, 0.82, 0] }));
  mesh.add(
    frustum(0.07, 0, 0.2, 4),
    accent,
    within(at, { rotate: [0, 0, -Math.PI / 2], at: [0.55, 0.82, 0] }),
  );
  for (const side of [-1, 1]) {
    mesh.add(
      frustum(0.5, 0, 0.1, 3),
      shade(main, rng, 0.2),
      within(at, { scale: [0.8, 1, 1.2], rotate: [side * 0.3, 0, 0], at: [-0.05, 0.62, side * 0.3] }),
    );
    mesh.add(frustum(0.015, 0.015, 0.3, 4), accent, within(at, { at: [0, 0, side * 0.08] }));
  }
  mesh.add(
    frustum(0.18, 0, 0.35, 4),
    shade(main, rng, 0.2),
    within(at, { rotate: [0, 0, Math.PI / 2], at: [-0.35, 0.6, 0] }),
  );
  if (rng.chance(0.5)) mesh.add(icosphere(), DARK, within(at, { scale: 0.03, at: [0.5, 0.88, 0.11] }));
};

const fish: Builder = (mesh, { main, accent }, rng, at) => {
  mesh.add(icosphere(), main, within(at, { scale: [0.7, 0.38, 0.2], at: [0, 0.6, 0] }));
  mesh.add(
    frustum(0.35, 0, 0.4, 4, Math.PI / 4),
    accent,
    within(at, { scale: [1, 1, 0.25], rotate: [0, 0, -Math.PI / 2], at: [-0.5, 0.6, 0] }),
  );
  mesh.add(
    frustum(0.2, 0, 0.25, 3),
    shade(main, rng, 0.25),
    within(at, { scale: [1, 1, 0.2], at: [0.05, 0.88, 0] }),
  );
  for (const z of [-0.17, 0.17])
    mesh.add(icosphere(), DARK, within(at, { scale: 0.05, at: [0.48, 0.68, z] }));
};

const cup: Builder = (mesh, { main, accent }, _rng, at) => {
  const profile = [
    [0, 0],
    [0.38, 0],
    [0.44, 0.8],
    [0.4, 0.8],
    [0.35, 0.08],
    [0, 0.08],
  ] as const;
  mesh.add(lathe(profile, 16), main, within(at, {}));
  mesh.add(frustum(0.34, 0.34, 0.04, 16), accent, within(at, { at: [0, 0.6, 0] }));
  // The handle: three bars in a C on the +x side.
  mesh.add(box(0.22, 0.06, 0.08), main, within(at, { at: [0.52, 0.2, 0] }));
  mesh.add(box(0.22, 0.06, 0.08), main, within(at, { at: [0.52, 0.6, 0] }));
  mesh.add(box(0.08, 0.46, 0.08), main, within(at, { at: [0.6, 0.2, 0] }));
};

const bowl: Builder = (mesh, { main, accent }, rng, at) => {
  const profile = [
    [0, 0],
    [0.3, 0],
    [0.62, 0.38],
    [0.56, 0.38],
    [0.28, 0.06],
    [0, 0.06],
  ] as const;
  mesh.add(lathe(profile, 18), main, within(at, {}));
  for (let i = 0; i < 4; i++) {
    mesh.add(
      icosphere(),
      shade(accent, rng, 0.2),
      within(at, { scale: 0.13, at: [rng.range(-0.2, 0.2), 0.25, rng.range(-0.2, 0.2)] }),
    );
  }
};

const vase: Builder = (mesh, { main, accent }, rng, at) => {
  const belly = rng.range(0.4, 0.55);
  const profile = [
    [0, 0],
    [0.25, 0],
    [belly, 0.45],
    [belly * 0.9, 0.75],
    [0.16, 1.05],
    [0.22, 1.3],
    [0.18, 1.3],
    [0, 1.2],
  ] as const;
  mesh.add(lathe(profile, 12), (i) => (Math.floor(i / 12) === 2 ? accent : main), within(at, {}));
};

const lamp: Builder = (mesh, { main, accent }, _rng, at) => {
  mesh.add(frustum(0.35, 0.3, 0.08, 12), accent, within(at, {}));
  mesh.add(frustum(0.04, 0.04, 1.2, 6), accent, within(at, { at: [0, 0.08, 0] }));
  mesh.add(frustum(0.45, 0.25, 0.5, 12), main, within(at, { at: [0, 1.05, 0] }));
};

const candle: Builder = (mesh, { main, accent }, _rng, at) => {
  mesh.add(frustum(0.4, 0.4, 0.06, 12), [200, 180, 120], within(at, {}));
  mesh.add(frustum(0.16, 0.16, 0.9, 10), main, within(at, { at: [0, 0.06, 0] }));
  mesh.add(
    lathe(
      [
        [0, 0],
        [0.07, 0.08],
        [0, 0.3],
      ],
      6,
    ),
    accent,
    within(at, { at: [0, 1, 0] }),
  );
};

const chest: Builder = (mesh, { main, accent }, rng, at) => {
  const w = rng.range(1.1, 1.4);
  mesh.add(box(w, 0.6, 0.75), main, within(at, {}));
  // A rounded lid: the upper half of an eight-sided cylinder lying along x (local -x turns up).
  const lid = lathe(
    [
      [0, 0],
      [0.38, 0],
      [0.38, w],
      [0, w],
    ],
    8,
  ).filter((face) => face.every((p) => p[0] <= 1e-6));
  mesh.add(lid, shade(main, rng), within(at, { rotate: [0, 0, -Math.PI / 2], at: [-w / 2, 0.6, 0] }));
  for (const x of [-w / 2 + 0.1, w / 2 - 0.1])
    mesh.add(box(0.08, 0.64, 0.78), accent, within(at, { at: [x, 0, 0] }));
  mesh.add(box(0.14, 0.18, 0.05), accent, within(at, { at: [0, 0.45, 0.38] }));
};

const cake: Builder = (mesh, { main, accent }, rng, at) => {
  const tiers = rng.int(2, 3);
  for (let i = 0; i < tiers; i++) {
    const r = 0.7 - i * 0.2;
    mesh.add(frustum(r, r, 0.35, 16), i % 2 ? accent : main, within(at, { at: [0, i * 0.35, 0] }));
  }
  mesh.add(frustum(0.04, 0.04, 0.25, 6), [250, 250, 240], within(at, { at: [0, tiers * 0.35, 0] }));
};

const robot: Builder = (mesh, { main, accent }, rng, at) => {
  for (const z of [-0.18, 0.18])
    mesh.add(box(0.2, 0.6, 0.22), shade(main, rng), within(at, { at: [0, 0, z] }));
  mesh.add(box(0.6, 0.7, 0.7), main, within(at, { at: [0, 0.6, 0] }));
  for (const z of [-0.45, 0.45])
    mesh.add(box(0.16, 0.55, 0.16), shade(main, rng), within(at, { at: [0, 0.7, z] }));
  mesh.add(box(0.45, 0.4, 0.45), main, within(at, { at: [0, 1.3, 0] }));
  for (const z of [-0.1, 0.1]) mesh.add(box(0.04, 0.08, 0.08), accent, within(at, { at: [0.23, 1.48, z] }));
  mesh.add(frustum(0.02, 0.02, 0.2, 4), DARK, within(at, { at: [0, 1.7, 0] }));
  mesh.add(icosphere(), accent, within(at, { scale: 0.05, at: [0, 1.92, 0] }));
};

const saucer: Builder = (mesh, { main, accent }, _rng, at) => {
  mesh.add(
    lathe(
      [
        [0, 0.3],
        [0.5, 0.3],
        [1.1, 0.55],
        [0.6, 0.72],
        [0, 0.72],
      ],
      16,
    ),
    main,
    within(at, {}),
  );
  mesh.add(
    lathe(
      [
        [0, 0],
        [0.38, 0],
        [0.3, 0.25],
        [0, 0.38],
      ],
      12,
    ),
    [150, 220, 240],
    within(at, { at: [0, 0.72, 0] }),
  );
  for (let k = 0; k < 6; k++) {
    const a = (k / 6) * Math.PI * 2;
    mesh.add(
      icosphere(),
      accent,
      within(at, { scale: 0.06, at: [Math.cos(a) * 0.85, 0.55, Math.sin(a) * 0.85] }),
    );
  }
};

const balloon: Builder = (mesh, { main, accent }, _rng, at) => {
  mesh.add(box(0.4, 0.3, 0.4), accent, within(at, {}));
  for (const [x, z] of [
    [-0.15, -0.15],
    [0.15, -0.15],
    [-0.15, 0.15],
    [0.15, 0.15],
  ] as const) {
    mesh.add(frustum(0.01, 0.01, 0.5, 3), DARK, within(at, { at: [x, 0.3, z] }));
  }
  mesh.add(
    lathe(
      [
        [0, 0],
        [0.25, 0.1],
        [0.7, 0.6],
        [0.8, 1.0],
        [0.6, 1.4],
        [0, 1.55],
      ],
      12,
    ),
    (i) => (i % 2 ? main : mix(main, WHITE, 0.6)),
    within(at, { at: [0, 0.75, 0] }),
  );
};

const abstract: Builder = (mesh, { main, accent }, rng, at) => {
  const wobble = () => 1 + rng.range(-0.08, 0.08);
  mesh.add(
    icosphere(wobble),
    (i) => mix(main, accent, (i % 7) / 7),
    within(at, { scale: 0.7, at: [0, 1.05, 0] }),
  );
  mesh.add(frustum(0.5, 0.3, 0.3, 6), DARK, within(at, {}));
  mesh.add(
    lathe(
      [
        [0.95, -0.04],
        [1.05, 0],
        [0.95, 0.04],
        [0.85, 0],
      ],
      20,
    ),
    accent,
    within(at, { rotate: [rng.range(0.3, 0.8), 0, rng.range(-0.3, 0.3)], at: [0, 1.05, 0] }),
  );
};

/** A landscape tile: seeded hills, coloured by height (water, sand, grass, rock, snow). */
export function terrain(
  mesh: MeshBuilder,
  colors: Colors,
  rng: Rng,
  options: { peaks: number; water: boolean; snow: boolean; sand: boolean },
): (x: number, z: number) => number {
  const bumps = Array.from({ length: 5 + options.peaks * 2 }, () => ({
    x: rng.range(-1.3, 1.3),
    z: rng.range(-1.3, 1.3),
    r: rng.range(0.35, 0.8),
    h: rng.range(0.15, 0.35) * (options.peaks ? 2.2 : 1),
  }));
  const floor = options.water ? 0.08 : 0.12;
  const height = (x: number, z: number) =>
    floor +
    bumps.reduce((sum, b) => sum + b.h * Math.exp(-((x - b.x) ** 2 + (z - b.z) ** 2) / (b.r * b.r)), 0);
  const tile = heightTile(3, 14, height);
  const top = Math.max(...tile.heights);
  mesh.add(tile.faces, (i) => {
    const y = tile.heights[i] as number;
    if (y < 0) return [110, 86, 64];
    const t = y / top;
    if (options.water && y < 0.2) return colors.accent;
    if (options.sand && t < 0.55) return mix([222, 196, 140], [200, 160, 100], t);
    if (options.snow && t > 0.6) return WHITE;
    if (t > 0.78) return [140, 136, 130];
    return scale(colors.main, 0.85 + 0.3 * t);
  });
  if (options.water) {
    mesh.add(box(2.98, 0.2, 2.98), colors.accent, { at: [0, 0, 0] });
  }
  return height;
}

export const BUILDERS: Record<Exclude<LowPolyKind, 'terrain'>, Builder> = {
  house,
  tower,
  lighthouse,
  castle,
  tree,
  pine,
  rock,
  car,
  boat,
  animal,
  bird,
  fish,
  cup,
  bowl,
  vase,
  lamp,
  candle,
  chest,
  cake,
  robot,
  saucer,
  balloon,
  abstract,
};

/** A colour said in the prompt, as the object's main colour. */
export const hueColor = (hue: number): Rgb => hsl(hue, 0.62, 0.5);
