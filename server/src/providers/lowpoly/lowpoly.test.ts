import { getBounds, NodeIO } from '@gltf-transform/core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { buildLowPoly, planFromPrompt } from './lowpoly.js';
import { box, frustum, icosphere, type Mesh, MeshBuilder } from './mesh.js';
import { THUMBNAIL_BACKGROUND } from './rasterize.js';

/** Every face of a convex mesh around `centre` faces away from it. */
function facesOutward(mesh: Mesh, centre: readonly [number, number, number]): boolean {
  for (let t = 0; t < mesh.triangles; t++) {
    let dot = 0;
    for (let axis = 0; axis < 3; axis++) {
      const mean =
        ((mesh.positions[t * 9 + axis] as number) +
          (mesh.positions[t * 9 + 3 + axis] as number) +
          (mesh.positions[t * 9 + 6 + axis] as number)) /
        3;
      dot += (mean - (centre[axis] as number)) * (mesh.normals[t * 9 + axis] as number);
    }
    if (dot <= 0) return false;
  }
  return true;
}

describe('low-poly meshes', () => {
  it('winds boxes, frustums and icospheres outward, whatever the scale', () => {
    expect(facesOutward(new MeshBuilder().add(box(2, 1, 0.5), [1, 2, 3]).build(), [0, 0.5, 0])).toBe(true);
    expect(facesOutward(new MeshBuilder().add(frustum(1, 0.3, 2, 7), [1, 2, 3]).build(), [0, 1, 0])).toBe(
      true,
    );
    const sphere = new MeshBuilder()
      .add(icosphere(), [1, 2, 3], { scale: [2, 0.5, 1], at: [1, 1, 1] })
      .build();
    expect(sphere.triangles).toBe(80);
    expect(facesOutward(sphere, [1, 1, 1])).toBe(true);
  });

  it('drops the triangles a cone collapses at its tip', () => {
    // 6 sides + 6 bottom triangles; the tip's collapsed quads draw nothing.
    expect(new MeshBuilder().add(frustum(1, 0, 1, 6), [0, 0, 0]).build().triangles).toBe(12);
  });
});

describe('offline 3D objects', () => {
  it('writes a GLB that reads back with positions, unit normals, colours and standing bounds', async () => {
    const result = await buildLowPoly('a red car', 42, 128);
    const document = await new NodeIO().readBinary(new Uint8Array(result.glb));
    const meshes = document.getRoot().listMeshes();
    expect(meshes).toHaveLength(1);
    const primitive = meshes[0]?.listPrimitives()[0];
    const positions = primitive?.getAttribute('POSITION');
    const normals = primitive?.getAttribute('NORMAL');
    const colors = primitive?.getAttribute('COLOR_0');
    expect(positions?.getCount()).toBe(result.vertices);
    expect(result.vertices).toBe(result.triangles * 3);
    expect(result.triangles).toBeGreaterThan(50);
    expect(normals?.getCount()).toBe(result.vertices);
    expect(colors?.getCount()).toBe(result.vertices);
    const normal = [0, 0, 0];
    for (let i = 0; i < result.vertices; i += 17) {
      normals?.getElement(i, normal);
      expect(Math.hypot(normal[0] ?? 0, normal[1] ?? 0, normal[2] ?? 0)).toBeCloseTo(1, 4);
    }
    const scene = document.getRoot().getDefaultScene();
    expect(scene).not.toBeNull();
    const { min, max } = getBounds(scene as NonNullable<typeof scene>);
    expect(min[1]).toBeCloseTo(0, 1);
    expect(max[0] - min[0]).toBeGreaterThan(1.5);
    expect(max[1]).toBeGreaterThan(0.6);
    expect(max[1]).toBeLessThan(2);
    // The prompt's colour is the body's: some vertices are clearly red.
    const color = [0, 0, 0];
    let red = 0;
    for (let i = 0; i < result.vertices; i++) {
      colors?.getElement(i, color);
      if ((color[0] ?? 0) > 0.3 && (color[1] ?? 0) < 0.1 && (color[2] ?? 0) < 0.1) red += 1;
    }
    expect(red).toBeGreaterThan(30);
  });

  it('is the same for the same prompt and seed, and varies with the seed', async () => {
    const [a, b, c] = await Promise.all([
      buildLowPoly('a cosy house', 7, 64),
      buildLowPoly('a cosy house', 7, 64),
      buildLowPoly('a cosy house', 8, 64),
    ]);
    expect(a.glb.equals(b.glb)).toBe(true);
    expect(a.glb.equals(c.glb)).toBe(false);
  });

  it('renders a PNG thumbnail that shows the object', async () => {
    const { poster } = await buildLowPoly('a blue vase', 3, 256);
    const { data, info } = await sharp(poster).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.format]).toEqual([256, 256, 'raw']);
    let drawn = 0;
    for (let i = 0; i < data.length; i += info.channels) {
      const off = THUMBNAIL_BACKGROUND.some((value, k) => Math.abs((data[i + k] ?? 0) - value) > 24);
      if (off) drawn += 1;
    }
    expect(drawn / (info.width * info.height)).toBeGreaterThan(0.05);
  });

  it('reads things, shape words and scenery from the prompt, and says what it ignored', () => {
    expect(planFromPrompt('a black cat').objects.map((object) => object.kind)).toEqual(['animal']);
    expect(planFromPrompt('a mossy rock next to a pine').objects.map((object) => object.kind)).toEqual([
      'rock',
      'pine',
    ]);
    const mountains = planFromPrompt('snowy mountains with a forest');
    expect(mountains.objects).toEqual([]);
    expect(mountains.ground).toMatchObject({ peaks: 2, trees: true });
    const unknown = planFromPrompt('xyzzy');
    expect(unknown.objects.map((object) => object.kind)).toEqual(['abstract']);
    expect(unknown.ignored).toContain('xyzzy');
  });
});
