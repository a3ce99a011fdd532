import type { Rgb } from '../sketch/color.js';

/**
 * Flat-shaded low-poly meshes for the offline 3D tool (issue 21). Every triangle keeps its own three
 * vertices, so its normal and colour are the face's own (the faceted look, and what glTF viewers need
 * to draw it flat). Shapes are made from a few primitives (surfaces of revolution, an icosphere, a
 * height grid) placed by a transform; normals come from the placed triangles, so any scale is right.
 */

export type Vec3 = readonly [number, number, number];

export interface Transform {
  /** Per-axis scale, applied first. */
  scale?: Vec3 | number;
  /** Euler rotation in radians, applied X, then Y, then Z. */
  rotate?: Vec3;
  /** Applied last. */
  at?: Vec3;
}

/** A polygon, counter-clockwise seen from outside (convex: triangulated as a fan). */
type Face = readonly Vec3[];

export interface Mesh {
  /** x, y, z per vertex (three vertices per triangle). */
  positions: Float32Array;
  normals: Float32Array;
  /** sRGB 0–1 per vertex. */
  colors: Float32Array;
  triangles: number;
}

const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const cross = (a: Vec3, b: Vec3): Vec3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
const length = (a: Vec3) => Math.hypot(a[0], a[1], a[2]);

function place(point: Vec3, transform: Transform): Vec3 {
  const s = transform.scale ?? 1;
  const [sx, sy, sz] = typeof s === 'number' ? [s, s, s] : s;
  let [x, y, z] = [point[0] * sx, point[1] * sy, point[2] * sz];
  const [rx, ry, rz] = transform.rotate ?? [0, 0, 0];
  if (rx) [y, z] = [y * Math.cos(rx) - z * Math.sin(rx), y * Math.sin(rx) + z * Math.cos(rx)];
  if (ry) [x, z] = [x * Math.cos(ry) + z * Math.sin(ry), -x * Math.sin(ry) + z * Math.cos(ry)];
  if (rz) [x, y] = [x * Math.cos(rz) - y * Math.sin(rz), x * Math.sin(rz) + y * Math.cos(rz)];
  const [tx, ty, tz] = transform.at ?? [0, 0, 0];
  return [x + tx, y + ty, z + tz];
}

/**
 * A surface of revolution around the Y axis: `profile` is (radius, height) points from the bottom
 * centre out, up and back in. Walked upward the outer wall faces out; walked downward (a cup's inside)
 * it faces the cavity; the caps face down and up. Points at radius 0 close the shape.
 */
export function lathe(profile: readonly (readonly [number, number])[], segments: number, phase = 0): Face[] {
  const faces: Face[] = [];
  const ring = (r: number, y: number, k: number): Vec3 => {
    const angle = phase + (k / segments) * Math.PI * 2;
    return [r * Math.cos(angle), y, r * Math.sin(angle)];
  };
  for (let j = 0; j + 1 < profile.length; j++) {
    const [r0, y0] = profile[j] as readonly [number, number];
    const [r1, y1] = profile[j + 1] as readonly [number, number];
    for (let k = 0; k < segments; k++) {
      faces.push([ring(r0, y0, k), ring(r1, y1, k), ring(r1, y1, k + 1), ring(r0, y0, k + 1)]);
    }
  }
  return faces;
}

/** A closed cylinder or cone frustum standing on y = 0. */
export const frustum = (bottom: number, top: number, height: number, segments: number, phase = 0) =>
  lathe(
    [
      [0, 0],
      [bottom, 0],
      [top, height],
      [0, height],
    ],
    segments,
    phase,
  );

/** An axis-aligned box standing on y = 0, centred on x and z. */
export const box = (width: number, height: number, depth: number): Face[] =>
  frustum(Math.SQRT1_2, Math.SQRT1_2, 1, 4, Math.PI / 4).map((face) =>
    face.map((point) => place(point, { scale: [width, height, depth] })),
  );

/** A unit icosphere (one subdivision, 80 faces); `wobble` moves each vertex in or out (rocks). */
export function icosphere(wobble: (point: Vec3) => number = () => 1): Face[] {
  const t = (1 + Math.sqrt(5)) / 2;
  const base: Vec3[] = [
    [-1, t, 0],
    [1, t, 0],
    [-1, -t, 0],
    [1, -t, 0],
    [0, -1, t],
    [0, 1, t],
    [0, -1, -t],
    [0, 1, -t],
    [t, 0, -1],
    [t, 0, 1],
    [-t, 0, -1],
    [-t, 0, 1],
  ];
  const triangles = [
    [0, 11, 5],
    [0, 5, 1],
    [0, 1, 7],
    [0, 7, 10],
    [0, 10, 11],
    [1, 5, 9],
    [5, 11, 4],
    [11, 10, 2],
    [10, 7, 6],
    [7, 1, 8],
    [3, 9, 4],
    [3, 4, 2],
    [3, 2, 6],
    [3, 6, 8],
    [3, 8, 9],
    [4, 9, 5],
    [2, 4, 11],
    [6, 2, 10],
    [8, 6, 7],
    [9, 8, 1],
  ] as const;
  const unit = (p: Vec3): Vec3 => {
    const l = length(p);
    return [p[0] / l, p[1] / l, p[2] / l];
  };
  // One displaced point per position, so neighbouring faces share it (no cracks).
  const moved = new Map<string, Vec3>();
  const final = (p: Vec3): Vec3 => {
    const key = p.map((v) => v.toFixed(5)).join(',');
    let point = moved.get(key);
    if (!point) {
      const factor = wobble(p);
      point = [p[0] * factor, p[1] * factor, p[2] * factor];
      moved.set(key, point);
    }
    return point;
  };
  const faces: Face[] = [];
  for (const [i, j, k] of triangles) {
    const a = unit(base[i] as Vec3);
    const b = unit(base[j] as Vec3);
    const c = unit(base[k] as Vec3);
    const ab = unit([(a[0] + b[0]) / 2, (a[1] + b[1]) / 2, (a[2] + b[2]) / 2]);
    const bc = unit([(b[0] + c[0]) / 2, (b[1] + c[1]) / 2, (b[2] + c[2]) / 2]);
    const ca = unit([(c[0] + a[0]) / 2, (c[1] + a[1]) / 2, (c[2] + a[2]) / 2]);
    for (const face of [
      [a, ab, ca],
      [ab, b, bc],
      [ca, bc, c],
      [ab, bc, ca],
    ] as const) {
      faces.push(face.map(final));
    }
  }
  return faces;
}

/**
 * A square height grid of `cells`×`cells` quads spanning `size`, heights from `height(x, z)`, with
 * skirts down to y = 0 so the tile is closed. `heights` gives each face's mean height (skirts: -1),
 * to colour it by.
 */
export function heightTile(
  size: number,
  cells: number,
  height: (x: number, z: number) => number,
): { faces: Face[]; heights: number[] } {
  const faces: Face[] = [];
  const heights: number[] = [];
  const at = (i: number, j: number): Vec3 => {
    const x = (i / cells - 0.5) * size;
    const z = (j / cells - 0.5) * size;
    return [x, height(x, z), z];
  };
  for (let i = 0; i < cells; i++) {
    for (let j = 0; j < cells; j++) {
      const a = at(i, j);
      const b = at(i, j + 1);
      const c = at(i + 1, j + 1);
      const d = at(i + 1, j);
      faces.push([a, b, c], [a, c, d]);
      heights.push((a[1] + b[1] + c[1]) / 3, (a[1] + c[1] + d[1]) / 3);
    }
  }
  // Skirts: each border edge down to the ground, facing out.
  const skirt = (p: Vec3, q: Vec3) => {
    faces.push([p, [p[0], 0, p[2]], [q[0], 0, q[2]], q]);
    heights.push(-1);
  };
  for (let k = 0; k < cells; k++) {
    skirt(at(k + 1, 0), at(k, 0));
    skirt(at(cells, k + 1), at(cells, k));
    skirt(at(k, cells), at(k + 1, cells));
    skirt(at(0, k), at(0, k + 1));
  }
  return { faces, heights };
}

/** Collects placed, coloured faces into one flat-shaded triangle mesh. */
export class MeshBuilder {
  private readonly positions: number[] = [];
  private readonly normals: number[] = [];
  private readonly colors: number[] = [];

  /** Adds `faces` placed by `transform`, all in `color` (or per face from a function). */
  add(faces: readonly Face[], color: Rgb | ((index: number) => Rgb), transform: Transform = {}): this {
    faces.forEach((face, index) => {
      const points = face.map((point) => place(point, transform));
      const rgb = typeof color === 'function' ? color(index) : color;
      for (let k = 1; k + 1 < points.length; k++) {
        this.triangle(points[0] as Vec3, points[k] as Vec3, points[k + 1] as Vec3, rgb);
      }
    });
    return this;
  }

  private triangle(a: Vec3, b: Vec3, c: Vec3, color: Rgb): void {
    const n = cross(sub(b, a), sub(c, a));
    const l = length(n);
    // Degenerate (a collapsed quad at a lathe's axis): nothing to draw.
    if (l < 1e-10) return;
    for (const point of [a, b, c]) {
      this.positions.push(point[0], point[1], point[2]);
      this.normals.push(n[0] / l, n[1] / l, n[2] / l);
      this.colors.push(color[0] / 255, color[1] / 255, color[2] / 255);
    }
  }

  build(): Mesh {
    return {
      positions: Float32Array.from(this.positions),
      normals: Float32Array.from(this.normals),
      colors: Float32Array.from(this.colors),
      triangles: this.positions.length / 9,
    };
  }
}

/** The mesh's axis-aligned bounds. */
export function boundsOf(mesh: Mesh): { min: Vec3; max: Vec3 } {
  let [x0, y0, z0] = [Infinity, Infinity, Infinity];
  let [x1, y1, z1] = [-Infinity, -Infinity, -Infinity];
  const p = mesh.positions;
  for (let i = 0; i < p.length; i += 3) {
    const [x, y, z] = [p[i] as number, p[i + 1] as number, p[i + 2] as number];
    [x0, y0, z0] = [Math.min(x0, x), Math.min(y0, y), Math.min(z0, z)];
    [x1, y1, z1] = [Math.max(x1, x), Math.max(y1, y), Math.max(z1, z)];
  }
  return { min: [x0, y0, z0], max: [x1, y1, z1] };
}
