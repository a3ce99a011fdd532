import { type Accessor, Document, type GLTF, NodeIO, type Primitive } from '@gltf-transform/core';
import { ALL_EXTENSIONS, KHRDracoMeshCompression } from '@gltf-transform/extensions';
import { MODEL_STILL_SIZE } from '@kaleido/common';
import type { DecoderModule } from 'draco3dgltf';
import type { Mesh } from './lowpoly/mesh.js';
import { renderThumbnail } from './lowpoly/rasterize.js';
import {
  type GenerationOutput,
  type Model3dRequest,
  type ModelCapabilities,
  ProviderError,
} from './provider.js';
import { placeholdersOf, type TemplateValues } from './template.js';

/**
 * Hosted 3D models (issue 21) answer with a GLB and no picture of it: this reads the GLB with
 * @gltf-transform and draws its still with the offline modeller's software rasteriser (untextured:
 * flat base colours, shaded). Draco- and meshopt-compressed geometry is decoded first (decoders
 * loaded on the first file that needs them). A mesh of more than {@link MAX_DRAWN_TRIANGLES} is drawn
 * from a vertex-clustered copy as fine as the still's pixels (`simplified`). Only a compressed file
 * whose decoded geometry would exceed {@link MAX_DECODED_BYTES} is not decoded: its still is a grey
 * box of its bounds (`bounds`), said so in the details; never an invented picture.
 */

/** The largest 3D file Kaleido keeps from a hosted model. */
export const MAX_MODEL_BYTES = 200 * 1024 * 1024;
/**
 * Compressed geometry is decoded only up to this many bytes of accessors, as the file's JSON declares
 * them before anything is decoded (about 3.5 M indexed triangles). Draco's decoder holds several times
 * that in its WebAssembly heap while decoding: a 3 M-triangle Draco file (54 MB declared) peaked about
 * 400 MB above the server's resident size, still and all (the heap is given back afterwards).
 */
export const MAX_DECODED_BYTES = 64 * 1024 * 1024;
/** Up to this many triangles every one is drawn; above, a clustered copy (the rasteriser keeps three arrays per vertex). */
export const MAX_DRAWN_TRIANGLES = 1_500_000;
const TRIANGLES = 4;
const GREY: readonly [number, number, number] = [0.72, 0.74, 0.78];
const DRACO = 'KHR_draco_mesh_compression';
const MESHOPT = 'EXT_meshopt_compression';

type Vec = [number, number, number];
type Indices = Uint8Array | Uint16Array | Uint32Array;

/** How the still was made: every triangle, a clustered copy, the bounds box, or nothing (no geometry). */
export type ModelStillKind = 'mesh' | 'simplified' | 'bounds' | 'none';

/**
 * The decoders' WebAssembly modules, instantiated on the first file that uses each compression and
 * kept. WebAssembly memory only grows, and Draco's heap reaches about four times the geometry it
 * decodes: once no Draco file is being read, a module grown past {@link DRACO_HEAP_KEPT} is replaced
 * by a fresh one (~10 ms), so the server does not hold that heap for the rest of its life. Meshopt's
 * decoder keeps at most its largest buffer view (under {@link MAX_DECODED_BYTES}); there is one per process.
 */
const DRACO_HEAP_KEPT = 32 * 1024 * 1024;
let dracoDecoder: Promise<DecoderModule> | undefined;
let dracoModule: DecoderModule | undefined;
/** Draco reads waiting for or using the module: it is only replaced when none is. */
let dracoReads = 0;
let meshoptDecoder: Promise<unknown> | undefined;

function loadDraco(): Promise<DecoderModule> {
  if (!dracoDecoder) {
    const loading = import('draco3dgltf').then(async (draco) => {
      const module = await draco.createDecoderModule();
      if (dracoDecoder === loading) dracoModule = module;
      return module;
    });
    loading.catch(() => {
      if (dracoDecoder === loading) dracoDecoder = undefined;
    });
    dracoDecoder = loading;
  }
  return dracoDecoder;
}

function releaseGrownDraco(): void {
  if (dracoReads > 0 || !dracoModule || dracoModule.HEAP8.byteLength <= DRACO_HEAP_KEPT) return;
  dracoModule = undefined;
  dracoDecoder = undefined;
  // @gltf-transform keeps the last installed decoder in a module variable: installing the fresh one
  // is what lets the grown heap go. Reads started from now on get the same fresh module.
  loadDraco()
    .then((fresh) => {
      new Document().createExtension(KHRDracoMeshCompression).install('draco3d.decoder', fresh);
    })
    .catch(() => {});
}

function loadMeshopt(): Promise<unknown> {
  if (!meshoptDecoder) {
    const loading = import('meshoptimizer/decoder').then(async ({ MeshoptDecoder }) => {
      await MeshoptDecoder.ready;
      return MeshoptDecoder;
    });
    loading.catch(() => {
      if (meshoptDecoder === loading) meshoptDecoder = undefined;
    });
    meshoptDecoder = loading;
  }
  return meshoptDecoder;
}

/** sRGB of a linear channel (glTF colours are linear). */
const toSrgb = (c: number) => (c <= 0.0031308 ? c * 12.92 : 1.055 * c ** (1 / 2.4) - 0.055);

/** The largest value of a normalized integer component type (glTF's "normalized" accessors). */
function normalizer(array: ArrayLike<number>): number {
  if (array instanceof Int8Array) return 127;
  if (array instanceof Uint8Array) return 255;
  if (array instanceof Int16Array) return 32767;
  if (array instanceof Uint16Array) return 65535;
  return 1;
}

/** An accessor's values as floats (quantized and normalized ones, common in compressed files, decoded). */
function floatsOf(accessor: Accessor): Float32Array | null {
  const array = accessor.getArray();
  if (!array) return null;
  if (array instanceof Float32Array) return array;
  const out = Float32Array.from(array);
  if (!accessor.getNormalized()) return out;
  const max = normalizer(array);
  for (let i = 0; i < out.length; i++) out[i] = Math.max(-1, (out[i] as number) / max);
  return out;
}

interface Placed {
  primitive: Primitive;
  matrix: ArrayLike<number>;
}

function placedPrimitives(document: Document): Placed[] {
  const placed: Placed[] = [];
  for (const node of document.getRoot().listNodes()) {
    const mesh = node.getMesh();
    if (!mesh) continue;
    const matrix = node.getWorldMatrix();
    for (const primitive of mesh.listPrimitives()) {
      if (primitive.getMode() === TRIANGLES) placed.push({ primitive, matrix });
    }
  }
  return placed;
}

/** One placed primitive's vertices in world space, its indices and its sRGB colours (per vertex or one). */
interface WorldPrimitive {
  world: Float32Array;
  indices: Indices | null;
  corners: number;
  colours: Float32Array | null;
  colourSize: number;
  factor: readonly number[];
}

function worldPrimitive({ primitive, matrix: m }: Placed): WorldPrimitive | null {
  const position = primitive.getAttribute('POSITION');
  const local = position ? floatsOf(position) : null;
  if (!position || !local) return null;
  const world = new Float32Array(local.length);
  for (let i = 0; i < local.length; i += 3) {
    const [x, y, z] = [local[i] as number, local[i + 1] as number, local[i + 2] as number];
    world[i] = (m[0] as number) * x + (m[4] as number) * y + (m[8] as number) * z + (m[12] as number);
    world[i + 1] = (m[1] as number) * x + (m[5] as number) * y + (m[9] as number) * z + (m[13] as number);
    world[i + 2] = (m[2] as number) * x + (m[6] as number) * y + (m[10] as number) * z + (m[14] as number);
  }
  const indexAccessor = primitive.getIndices();
  const raw = indexAccessor?.getArray();
  const indices =
    raw instanceof Uint8Array || raw instanceof Uint16Array || raw instanceof Uint32Array ? raw : null;
  const color = primitive.getAttribute('COLOR_0');
  return {
    world,
    indices,
    corners: indices ? indices.length : position.getCount(),
    colours: color ? floatsOf(color) : null,
    colourSize: color?.getElementSize() ?? 0,
    factor: primitive.getMaterial()?.getBaseColorFactor() ?? [1, 1, 1, 1],
  };
}

/** The sRGB colour of a triangle: its first vertex's colour times the material's base colour factor. */
function triangleColour(source: WorldPrimitive, first: number, out: Float32Array, at: number): void {
  for (let k = 0; k < 3; k++) {
    const tint = source.colours ? (source.colours[first * source.colourSize + k] ?? 1) : 1;
    out[at + k] = toSrgb(tint * (source.factor[k] ?? 1));
  }
}

/** Writes the face normal of the triangle at `at` (positions) into `normals` for its three vertices. */
function faceNormal(positions: Float32Array, normals: Float32Array, at: number): void {
  const p = positions;
  const u = [
    (p[at + 3] as number) - (p[at] as number),
    (p[at + 4] as number) - (p[at + 1] as number),
    (p[at + 5] as number) - (p[at + 2] as number),
  ] as const;
  const v = [
    (p[at + 6] as number) - (p[at] as number),
    (p[at + 7] as number) - (p[at + 1] as number),
    (p[at + 8] as number) - (p[at + 2] as number),
  ] as const;
  const n = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]] as const;
  const length = Math.hypot(n[0], n[1], n[2]) || 1;
  for (let k = 0; k < 3; k++) normals.set([n[0] / length, n[1] / length, n[2] / length], at + k * 3);
}

/** Every triangle of the scene in world space, flat-shaded with its first vertex's colour. */
function meshOf(placed: Placed[], triangles: number): Mesh {
  const positions = new Float32Array(triangles * 9);
  const normals = new Float32Array(triangles * 9);
  const colors = new Float32Array(triangles * 9);
  let t = 0;
  for (const one of placed) {
    const source = worldPrimitive(one);
    if (!source) continue;
    const { world, indices } = source;
    for (let i = 0; i + 2 < source.corners && t < triangles; i += 3, t++) {
      const at = t * 9;
      for (let k = 0; k < 3; k++) {
        const index = indices ? (indices[i + k] as number) : i + k;
        positions[at + k * 3] = world[index * 3] as number;
        positions[at + k * 3 + 1] = world[index * 3 + 1] as number;
        positions[at + k * 3 + 2] = world[index * 3 + 2] as number;
      }
      faceNormal(positions, normals, at);
      triangleColour(source, indices ? (indices[i] as number) : i, colors, at);
      colors.copyWithin(at + 3, at, at + 3);
      colors.copyWithin(at + 6, at, at + 3);
    }
  }
  return { positions: positions.subarray(0, t * 9), normals, colors, triangles: t };
}

/** A growable Float32Array (the clustered mesh's size is only known at the end). */
class Floats {
  array = new Float32Array(3 * 65536);
  length = 0;
  push3(a: number, b: number, c: number): void {
    if (this.length + 3 > this.array.length) {
      const bigger = new Float32Array(this.array.length * 2);
      bigger.set(this.array);
      this.array = bigger;
    }
    this.array[this.length++] = a;
    this.array[this.length++] = b;
    this.array[this.length++] = c;
  }
}

/**
 * A copy of a mesh too large to draw whole, by vertex clustering: every vertex moves to the mean of
 * the vertices in its cell of a `grid`³ lattice over the bounds, and triangles left with two corners
 * in one cell vanish. With cells about a pixel of the still, the drawing looks the same, surfaces
 * stay closed (neighbours share their cells), and the copy's size follows the model's surface area
 * at that resolution, not its triangle count. One primitive is read at a time.
 */
function clusteredMeshOf(placed: Placed[], grid: number): Mesh | null {
  const min: Vec = [Infinity, Infinity, Infinity];
  const max: Vec = [-Infinity, -Infinity, -Infinity];
  for (const one of placed) {
    const world = worldPrimitive(one)?.world;
    if (!world) continue;
    for (let i = 0; i < world.length; i++) {
      const k = i % 3;
      const value = world[i] as number;
      if (value < (min[k] as number)) min[k] = value;
      if (value > (max[k] as number)) max[k] = value;
    }
  }
  if (!Number.isFinite(min[0])) return null;
  const cell = Math.max(max[0] - min[0], max[1] - min[1], max[2] - min[2], 1e-9) / grid;

  const slots = new Map<number, number>();
  const sums = new Floats();
  const counts: number[] = [];
  const corners: number[] = [];
  const colours = new Floats();
  const colour = new Float32Array(3);
  for (const one of placed) {
    const source = worldPrimitive(one);
    if (!source) continue;
    const { world, indices } = source;
    const slotOf = new Uint32Array(world.length / 3);
    for (let v = 0; v < slotOf.length; v++) {
      const x = world[v * 3] as number;
      const y = world[v * 3 + 1] as number;
      const z = world[v * 3 + 2] as number;
      const cx = Math.min(grid - 1, Math.floor((x - min[0]) / cell));
      const cy = Math.min(grid - 1, Math.floor((y - min[1]) / cell));
      const cz = Math.min(grid - 1, Math.floor((z - min[2]) / cell));
      const key = cx + grid * (cy + grid * cz);
      let slot = slots.get(key);
      if (slot === undefined) {
        slot = counts.length;
        slots.set(key, slot);
        counts.push(0);
        sums.push3(0, 0, 0);
      }
      sums.array[slot * 3] = (sums.array[slot * 3] as number) + x;
      sums.array[slot * 3 + 1] = (sums.array[slot * 3 + 1] as number) + y;
      sums.array[slot * 3 + 2] = (sums.array[slot * 3 + 2] as number) + z;
      counts[slot] = (counts[slot] as number) + 1;
      slotOf[v] = slot;
    }
    for (let i = 0; i + 2 < source.corners; i += 3) {
      const first = indices ? (indices[i] as number) : i;
      const a = slotOf[first] as number;
      const b = slotOf[indices ? (indices[i + 1] as number) : i + 1] as number;
      const c = slotOf[indices ? (indices[i + 2] as number) : i + 2] as number;
      if (a === b || b === c || a === c) continue;
      corners.push(a, b, c);
      triangleColour(source, first, colour, 0);
      colours.push3(colour[0] as number, colour[1] as number, colour[2] as number);
    }
  }
  const triangles = corners.length / 3;
  const positions = new Float32Array(triangles * 9);
  const normals = new Float32Array(triangles * 9);
  const colors = new Float32Array(triangles * 9);
  for (let t = 0; t < triangles; t++) {
    for (let k = 0; k < 3; k++) {
      const slot = corners[t * 3 + k] as number;
      const count = counts[slot] as number;
      const at = t * 9 + k * 3;
      positions[at] = (sums.array[slot * 3] as number) / count;
      positions[at + 1] = (sums.array[slot * 3 + 1] as number) / count;
      positions[at + 2] = (sums.array[slot * 3 + 2] as number) / count;
      colors.set(colours.array.subarray(t * 3, t * 3 + 3), at);
    }
    faceNormal(positions, normals, t * 9);
  }
  return { positions, normals, colors, triangles };
}

/** A glTF node's local matrix from its JSON (`matrix`, or translation · rotation · scale). */
function localMatrix(node: GLTF.INode): number[] {
  if (node.matrix) return node.matrix;
  const [tx = 0, ty = 0, tz = 0] = node.translation ?? [];
  const [x = 0, y = 0, z = 0, w = 1] = node.rotation ?? [];
  const [sx = 1, sy = 1, sz = 1] = node.scale ?? [];
  return [
    (1 - 2 * (y * y + z * z)) * sx,
    2 * (x * y + z * w) * sx,
    2 * (x * z - y * w) * sx,
    0,
    2 * (x * y - z * w) * sy,
    (1 - 2 * (x * x + z * z)) * sy,
    2 * (y * z + x * w) * sy,
    0,
    2 * (x * z + y * w) * sz,
    2 * (y * z - x * w) * sz,
    (1 - 2 * (x * x + y * y)) * sz,
    0,
    tx,
    ty,
    tz,
    1,
  ];
}

function multiply(a: readonly number[], b: readonly number[]): number[] {
  const out = new Array<number>(16).fill(0);
  for (let column = 0; column < 4; column++) {
    for (let row = 0; row < 4; row++) {
      let sum = 0;
      for (let k = 0; k < 4; k++) sum += (a[k * 4 + row] as number) * (b[column * 4 + k] as number);
      out[column * 4 + row] = sum;
    }
  }
  return out;
}

function transform(m: ArrayLike<number>, p: ArrayLike<number>): Vec {
  const [x, y, z] = [p[0] as number, p[1] as number, p[2] as number];
  return [
    (m[0] as number) * x + (m[4] as number) * y + (m[8] as number) * z + (m[12] as number),
    (m[1] as number) * x + (m[5] as number) * y + (m[9] as number) * z + (m[13] as number),
    (m[2] as number) * x + (m[6] as number) * y + (m[10] as number) * z + (m[14] as number),
  ];
}

/**
 * A grey box of the scene's bounds, from the file's JSON alone (node transforms and the position
 * accessors' min/max, which glTF requires and compression leaves in place): nothing is decoded.
 */
function boundsBox(json: GLTF.IGLTF): Mesh | null {
  const nodes = json.nodes ?? [];
  const parents = new Map<number, number>();
  nodes.forEach((node, index) => {
    for (const child of node.children ?? []) parents.set(child, index);
  });
  const worldOf = (index: number, depth = 0): number[] => {
    const local = localMatrix(nodes[index] as GLTF.INode);
    const parent = parents.get(index);
    return parent === undefined || depth > nodes.length ? local : multiply(worldOf(parent, depth + 1), local);
  };
  const min: Vec = [Infinity, Infinity, Infinity];
  const max: Vec = [-Infinity, -Infinity, -Infinity];
  nodes.forEach((node, index) => {
    const mesh = node.mesh === undefined ? undefined : json.meshes?.[node.mesh];
    if (!mesh) return;
    const matrix = worldOf(index);
    for (const primitive of mesh.primitives) {
      const accessor = json.accessors?.[primitive.attributes.POSITION ?? -1];
      if (!accessor?.min || !accessor.max || accessor.min.length < 3 || accessor.max.length < 3) continue;
      // Normalized integer positions may state min/max in integer units.
      const unit =
        accessor.normalized && accessor.max.some((value) => Math.abs(value) > 1)
          ? ({ 5120: 127, 5121: 255, 5122: 32767, 5123: 65535 }[accessor.componentType as number] ?? 1)
          : 1;
      for (let corner = 0; corner < 8; corner++) {
        const local = [0, 1, 2].map(
          (k) => (((corner >> k) & 1 ? accessor.max?.[k] : accessor.min?.[k]) ?? 0) / unit,
        );
        const p = transform(matrix, local);
        for (let k = 0; k < 3; k++) {
          min[k] = Math.min(min[k] as number, p[k] as number);
          max[k] = Math.max(max[k] as number, p[k] as number);
        }
      }
    }
  });
  if (!Number.isFinite(min[0]) || !Number.isFinite(max[0])) return null;
  const corner = (i: number): Vec => [
    i & 1 ? max[0] : min[0],
    i & 2 ? max[1] : min[1],
    i & 4 ? max[2] : min[2],
  ];
  // The six faces as two triangles each, counter-clockwise from outside.
  const quads = [
    [0, 2, 3, 1],
    [4, 5, 7, 6],
    [0, 1, 5, 4],
    [2, 6, 7, 3],
    [0, 4, 6, 2],
    [1, 3, 7, 5],
  ];
  const normalsOf = [
    [0, 0, -1],
    [0, 0, 1],
    [0, -1, 0],
    [0, 1, 0],
    [-1, 0, 0],
    [1, 0, 0],
  ];
  const positions: number[] = [];
  const normals: number[] = [];
  quads.forEach((quad, face) => {
    for (const i of [0, 1, 2, 0, 2, 3]) {
      positions.push(...corner(quad[i] as number));
      normals.push(...(normalsOf[face] as number[]));
    }
  });
  const colors = new Float32Array(positions.length);
  for (let i = 0; i < colors.length; i += 3) colors.set(GREY, i);
  return {
    positions: Float32Array.from(positions),
    normals: Float32Array.from(normals),
    colors,
    triangles: positions.length / 9,
  };
}

const COMPONENT_BYTES: Record<number, number> = { 5120: 1, 5121: 1, 5122: 2, 5123: 2, 5125: 4, 5126: 4 };
const ELEMENTS: Record<string, number> = { SCALAR: 1, VEC2: 2, VEC3: 3, VEC4: 4, MAT2: 4, MAT3: 9, MAT4: 16 };

/** The bytes the file's accessors hold once decoded, as its JSON declares them. */
function declaredBytes(json: GLTF.IGLTF): number {
  return (json.accessors ?? []).reduce(
    (sum, accessor) =>
      sum + accessor.count * (ELEMENTS[accessor.type] ?? 16) * (COMPONENT_BYTES[accessor.componentType] ?? 4),
    0,
  );
}

/** The triangles of the scene as placed (a mesh under two nodes counts twice), from the JSON. */
function declaredTriangles(json: GLTF.IGLTF): number {
  let triangles = 0;
  for (const node of json.nodes ?? []) {
    const mesh = node.mesh === undefined ? undefined : json.meshes?.[node.mesh];
    for (const primitive of mesh?.primitives ?? []) {
      if ((primitive.mode ?? TRIANGLES) !== TRIANGLES) continue;
      const accessor = json.accessors?.[primitive.indices ?? primitive.attributes.POSITION ?? -1];
      triangles += Math.floor((accessor?.count ?? 0) / 3);
    }
  }
  return triangles;
}

/**
 * The still of a GLB: `mesh` (every triangle drawn), `simplified` (more than
 * {@link MAX_DRAWN_TRIANGLES}: drawn from a clustered copy at the still's resolution), `bounds`
 * (compressed geometry larger than {@link MAX_DECODED_BYTES} decoded: a grey box of its bounds), or
 * `none` with no still when the file holds no triangles.
 */
export async function renderModelStill(
  glb: Buffer,
  size = MODEL_STILL_SIZE,
): Promise<{ still?: Buffer; kind: ModelStillKind; triangles: number }> {
  const io = new NodeIO().registerExtensions(ALL_EXTENSIONS);
  const json = await io.binaryToJSON(new Uint8Array(glb.buffer, glb.byteOffset, glb.byteLength));
  const used = new Set(json.json.extensionsUsed ?? []);
  if ((used.has(DRACO) || used.has(MESHOPT)) && declaredBytes(json.json) > MAX_DECODED_BYTES) {
    const box = boundsBox(json.json);
    const triangles = declaredTriangles(json.json);
    return box
      ? { still: await renderThumbnail(box, size), kind: 'bounds', triangles }
      : { kind: 'none', triangles };
  }
  const draco = used.has(DRACO);
  let document: Document;
  if (draco) dracoReads++;
  try {
    if (draco) io.registerDependencies({ 'draco3d.decoder': await loadDraco() });
    if (used.has(MESHOPT)) io.registerDependencies({ 'meshopt.decoder': await loadMeshopt() });
    document = await io.readJSON(json);
  } finally {
    if (draco) {
      dracoReads--;
      releaseGrownDraco();
    }
  }
  const placed = placedPrimitives(document);
  const triangles = placed.reduce((sum, { primitive }) => {
    const count = primitive.getIndices()?.getCount() ?? primitive.getAttribute('POSITION')?.getCount() ?? 0;
    return sum + Math.floor(count / 3);
  }, 0);
  if (triangles === 0) return { kind: 'none', triangles };
  if (triangles <= MAX_DRAWN_TRIANGLES) {
    const mesh = meshOf(placed, triangles);
    return mesh.triangles > 0
      ? { still: await renderThumbnail(mesh, size), kind: 'mesh', triangles }
      : { kind: 'none', triangles };
  }
  // About one cell per pixel of the still (drawn at twice its size, the model's diagonal spanning ~0.9 of it).
  const clustered = clusteredMeshOf(placed, Math.ceil(size / 2));
  return clustered && clustered.triangles > 0
    ? { still: await renderThumbnail(clustered, size), kind: 'simplified', triangles }
    : { kind: 'none', triangles };
}

/**
 * A hosted 3D model's downloaded file as the job's output: a GLB (checked by its magic, within
 * {@link MAX_MODEL_BYTES}) with its still as the poster.
 */
export async function modelOutput(
  data: Buffer,
  meta: { model: string; provider: string; seed: number; details: Record<string, unknown> },
): Promise<GenerationOutput> {
  if (data.byteLength > MAX_MODEL_BYTES) {
    throw new ProviderError('internal', `${meta.provider} 3D file is too large (${data.byteLength} bytes)`);
  }
  if (data.subarray(0, 4).toString('latin1') !== 'glTF') {
    throw new ProviderError('internal', `${meta.provider} answered a 3D result that is not a GLB file`);
  }
  let still: Awaited<ReturnType<typeof renderModelStill>>;
  try {
    still = await renderModelStill(data);
  } catch (cause) {
    throw new ProviderError('internal', `${meta.provider} answered an unreadable GLB file`, { cause });
  }
  return {
    data,
    contentType: 'model/gltf-binary',
    width: MODEL_STILL_SIZE,
    height: MODEL_STILL_SIZE,
    seed: meta.seed,
    model: meta.model,
    poster: still.still,
    details: { ...meta.details, still: still.kind, triangles: still.triangles },
  };
}

/** The template values of a 3D request; `image` is the source's URI (fal: data URI; Replicate: Files API URL). */
export function model3dValues(request: Model3dRequest, image: string | undefined): TemplateValues {
  return { prompt: request.prompt, seed: request.seed, image };
}

/**
 * An image-to-3D model needs the image: refused before anything is sent (the 3D service checks too,
 * when it knows the model's input; this is the provider's own guard).
 */
export function require3dImage(input: unknown, request: Model3dRequest, provider: string): void {
  if (placeholdersOf(input).has('image') && !request.image) {
    throw new ProviderError('invalid_input', `${provider} model "${request.model}" makes 3D from an image`, {
      field: 'imageAssetId',
      userMessage: 'This model makes 3D objects from an image: choose one.',
    });
  }
}

/** A hosted model's capabilities, marked `takesImage` when it offers `3d` from an image. */
export function with3dImage(capabilities: ModelCapabilities, input: unknown): ModelCapabilities {
  return capabilities.tools?.includes('3d') && placeholdersOf(input).has('image')
    ? { ...capabilities, takesImage: true }
    : capabilities;
}
