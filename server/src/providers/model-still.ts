import { type Document, NodeIO, type Primitive } from '@gltf-transform/core';
import { MODEL_STILL_SIZE } from '@kaleido/common';
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
 * flat base colours, shaded). A mesh too large to draw, or whose geometry is compressed, gets a
 * neutral grey box of its bounds instead, said so in the details; never an invented picture.
 */

/** The largest 3D file Kaleido keeps from a hosted model. */
export const MAX_MODEL_BYTES = 200 * 1024 * 1024;
/** Above this many triangles the still is the bounds box (the rasteriser keeps three arrays per vertex). */
const MAX_DRAWN_TRIANGLES = 1_500_000;
const TRIANGLES = 4;
const GREY: readonly [number, number, number] = [0.72, 0.74, 0.78];

type Vec = [number, number, number];

/** sRGB of a linear channel (glTF colours are linear). */
const toSrgb = (c: number) => (c <= 0.0031308 ? c * 12.92 : 1.055 * c ** (1 / 2.4) - 0.055);

function transform(m: ArrayLike<number>, p: ArrayLike<number>): Vec {
  const [x, y, z] = [p[0] as number, p[1] as number, p[2] as number];
  return [
    (m[0] as number) * x + (m[4] as number) * y + (m[8] as number) * z + (m[12] as number),
    (m[1] as number) * x + (m[5] as number) * y + (m[9] as number) * z + (m[13] as number),
    (m[2] as number) * x + (m[6] as number) * y + (m[10] as number) * z + (m[14] as number),
  ];
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

/** Every triangle of the scene in world space, flat-shaded with its first vertex's colour. */
function meshOf(placed: Placed[], triangles: number): Mesh {
  const positions = new Float32Array(triangles * 9);
  const normals = new Float32Array(triangles * 9);
  const colors = new Float32Array(triangles * 9);
  let t = 0;
  const element: number[] = [];
  for (const { primitive, matrix } of placed) {
    const position = primitive.getAttribute('POSITION');
    if (!position) continue;
    const color = primitive.getAttribute('COLOR_0');
    const factor = primitive.getMaterial()?.getBaseColorFactor() ?? [1, 1, 1, 1];
    const indices = primitive.getIndices();
    const count = indices ? indices.getCount() : position.getCount();
    for (let i = 0; i + 2 < count; i += 3) {
      const corners: Vec[] = [];
      for (let k = 0; k < 3; k++) {
        const index = indices ? indices.getScalar(i + k) : i + k;
        corners.push(transform(matrix, position.getElement(index, element)));
      }
      const [a, b, c] = corners as [Vec, Vec, Vec];
      const u: Vec = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
      const v: Vec = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
      const n: Vec = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
      const length = Math.hypot(n[0], n[1], n[2]) || 1;
      const first = indices ? indices.getScalar(i) : i;
      const tint = color ? color.getElement(first, element).slice(0, 3) : [1, 1, 1];
      const rgb = [0, 1, 2].map((k) => toSrgb((tint[k] ?? 1) * (factor[k] ?? 1)));
      for (let k = 0; k < 3; k++) {
        const at = t * 9 + k * 3;
        positions.set(corners[k] as Vec, at);
        normals.set([n[0] / length, n[1] / length, n[2] / length], at);
        colors.set(rgb, at);
      }
      t++;
    }
  }
  return { positions: positions.subarray(0, t * 9), normals, colors, triangles: t };
}

/** A grey box of the scene's bounds, from the position accessors' min/max (present even when compressed). */
function boundsBox(placed: Placed[]): Mesh | null {
  const min: Vec = [Infinity, Infinity, Infinity];
  const max: Vec = [-Infinity, -Infinity, -Infinity];
  for (const { primitive, matrix } of placed) {
    const position = primitive.getAttribute('POSITION');
    if (!position) continue;
    const lo = position.getMin([]);
    const hi = position.getMax([]);
    if (lo.length < 3 || hi.length < 3) continue;
    for (const corner of [0, 1, 2, 3, 4, 5, 6, 7]) {
      const p = transform(
        matrix,
        [0, 1, 2].map((k) => ((corner >> k) & 1 ? hi[k] : lo[k]) as number),
      );
      for (let k = 0; k < 3; k++) {
        min[k] = Math.min(min[k] as number, p[k] as number);
        max[k] = Math.max(max[k] as number, p[k] as number);
      }
    }
  }
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

/** The still of a GLB: its mesh drawn, or its bounds box; none when the file holds no geometry. */
export async function renderModelStill(
  glb: Buffer,
  size = MODEL_STILL_SIZE,
): Promise<{ still?: Buffer; kind: 'mesh' | 'bounds' | 'none'; triangles: number }> {
  const document = await new NodeIO().readBinary(new Uint8Array(glb.buffer, glb.byteOffset, glb.byteLength));
  const placed = placedPrimitives(document);
  const triangles = placed.reduce((sum, { primitive }) => {
    const count = primitive.getIndices()?.getCount() ?? primitive.getAttribute('POSITION')?.getCount() ?? 0;
    return sum + Math.floor(count / 3);
  }, 0);
  const drawable = placed.every(({ primitive }) => primitive.getAttribute('POSITION')?.getArray());
  if (drawable && triangles > 0 && triangles <= MAX_DRAWN_TRIANGLES) {
    return { still: await renderThumbnail(meshOf(placed, triangles), size), kind: 'mesh', triangles };
  }
  const box = boundsBox(placed);
  return box
    ? { still: await renderThumbnail(box, size), kind: 'bounds', triangles }
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
