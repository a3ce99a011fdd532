import sharp from 'sharp';
import { boundsOf, type Mesh } from './mesh.js';

/**
 * A small software rasteriser for the 3D objects' thumbnails: orthographic three-quarter view fitted
 * to the mesh, a z-buffer, flat shading from one sun and an ambient term, drawn at twice the size and
 * scaled down (antialiasing). No GL: it runs wherever the server does.
 */

/** The thumbnail's background (also what "not blank" is measured against in tests). */
export const THUMBNAIL_BACKGROUND = [236, 238, 242] as const;

const LIGHT = normalize([0.45, 0.85, 0.55]);

function normalize(v: readonly [number, number, number]): [number, number, number] {
  const l = Math.hypot(v[0], v[1], v[2]) || 1;
  return [v[0] / l, v[1] / l, v[2] / l];
}

/** Renders `mesh` to a `size`×`size` PNG. */
export async function renderThumbnail(mesh: Mesh, size = 512): Promise<Buffer> {
  const big = size * 2;
  const pixels = Buffer.alloc(big * big * 3);
  for (let i = 0; i < big * big; i++) pixels.set(THUMBNAIL_BACKGROUND, i * 3);
  const depth = new Float32Array(big * big).fill(Infinity);

  // Camera: looking at the bounds' centre from the front right, a little above.
  const { min, max } = boundsOf(mesh);
  const centre = [(min[0] + max[0]) / 2, (min[1] + max[1]) / 2, (min[2] + max[2]) / 2] as const;
  const radius = Math.max(1e-6, Math.hypot(max[0] - min[0], max[1] - min[1], max[2] - min[2]) / 2);
  const yaw = Math.PI / 5;
  const pitch = Math.PI / 7;
  const forward = normalize([
    -Math.cos(pitch) * Math.sin(yaw),
    -Math.sin(pitch),
    -Math.cos(pitch) * Math.cos(yaw),
  ]);
  const right = normalize([Math.cos(yaw), 0, -Math.sin(yaw)]);
  const up: [number, number, number] = [
    right[1] * forward[2] - right[2] * forward[1],
    right[2] * forward[0] - right[0] * forward[2],
    right[0] * forward[1] - right[1] * forward[0],
  ];
  const pixelsPerUnit = (big * 0.46) / radius;
  const project = (x: number, y: number, z: number): [number, number, number] => {
    const d: [number, number, number] = [x - centre[0], y - centre[1], z - centre[2]];
    const sx = d[0] * right[0] + d[1] * right[1] + d[2] * right[2];
    const sy = d[0] * up[0] + d[1] * up[1] + d[2] * up[2];
    const sz = d[0] * forward[0] + d[1] * forward[1] + d[2] * forward[2];
    return [big / 2 + sx * pixelsPerUnit, big / 2 - sy * pixelsPerUnit, sz];
  };

  const p = mesh.positions;
  for (let t = 0; t < mesh.triangles; t++) {
    const base = t * 9;
    const a = project(p[base] as number, p[base + 1] as number, p[base + 2] as number);
    const b = project(p[base + 3] as number, p[base + 4] as number, p[base + 5] as number);
    const c = project(p[base + 6] as number, p[base + 7] as number, p[base + 8] as number);
    let nx = mesh.normals[base] as number;
    let ny = mesh.normals[base + 1] as number;
    let nz = mesh.normals[base + 2] as number;
    // Two-sided light: a face seen from behind (a sail, a thin wing) is lit as its visible side.
    if (nx * forward[0] + ny * forward[1] + nz * forward[2] > 0) [nx, ny, nz] = [-nx, -ny, -nz];
    const light = 0.38 + 0.62 * Math.max(0, nx * LIGHT[0] + ny * LIGHT[1] + nz * LIGHT[2]);
    const colour = [0, 1, 2].map((k) =>
      Math.min(255, Math.round((mesh.colors[base + k] as number) * 255 * light)),
    );

    const area = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
    if (Math.abs(area) < 1e-9) continue;
    const x0 = Math.max(0, Math.floor(Math.min(a[0], b[0], c[0])));
    const x1 = Math.min(big - 1, Math.ceil(Math.max(a[0], b[0], c[0])));
    const y0 = Math.max(0, Math.floor(Math.min(a[1], b[1], c[1])));
    const y1 = Math.min(big - 1, Math.ceil(Math.max(a[1], b[1], c[1])));
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const px = x + 0.5;
        const py = y + 0.5;
        const w0 = ((b[0] - px) * (c[1] - py) - (b[1] - py) * (c[0] - px)) / area;
        const w1 = ((c[0] - px) * (a[1] - py) - (c[1] - py) * (a[0] - px)) / area;
        const w2 = 1 - w0 - w1;
        if (w0 < 0 || w1 < 0 || w2 < 0) continue;
        const z = w0 * a[2] + w1 * b[2] + w2 * c[2];
        const index = y * big + x;
        if (z >= (depth[index] as number)) continue;
        depth[index] = z;
        pixels[index * 3] = colour[0] as number;
        pixels[index * 3 + 1] = colour[1] as number;
        pixels[index * 3 + 2] = colour[2] as number;
      }
    }
  }
  return sharp(pixels, { raw: { width: big, height: big, channels: 3 } })
    .resize(size, size, { kernel: 'lanczos3' })
    .png()
    .toBuffer();
}
