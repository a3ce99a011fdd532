import { Document, NodeIO } from '@gltf-transform/core';

/**
 * A real small GLB as hosted image-to-3D models answer (issue 21): one indexed, textureless cube
 * (24 vertices, 12 triangles) under a translated, scaled node, with a coloured PBR material — the
 * parts the still renderer has to follow (indices, node transforms, base colour factors).
 */
export async function cubeGlb(color: [number, number, number, number] = [0.8, 0.2, 0.1, 1]): Promise<Buffer> {
  const document = new Document();
  document.getRoot().getAsset().generator = 'Kaleido fake 3D model';
  const buffer = document.createBuffer();
  const positions: number[] = [];
  const normals: number[] = [];
  const indices: number[] = [];
  // Each face: its normal axis and sign; four corners counter-clockwise seen from outside.
  for (const [axis, sign] of [
    [0, 1],
    [0, -1],
    [1, 1],
    [1, -1],
    [2, 1],
    [2, -1],
  ] as const) {
    const u = (axis + 1) % 3;
    const v = (axis + 2) % 3;
    const start = positions.length / 3;
    for (const [a, b] of [
      [-1, -1],
      [1, -1],
      [1, 1],
      [-1, 1],
    ] as const) {
      const point = [0, 0, 0];
      point[axis] = sign;
      point[u] = a;
      point[v] = b * sign;
      positions.push(...point);
      const normal = [0, 0, 0];
      normal[axis] = sign;
      normals.push(...normal);
    }
    indices.push(start, start + 1, start + 2, start, start + 2, start + 3);
  }
  const primitive = document
    .createPrimitive()
    .setAttribute(
      'POSITION',
      document.createAccessor().setType('VEC3').setArray(new Float32Array(positions)).setBuffer(buffer),
    )
    .setAttribute(
      'NORMAL',
      document.createAccessor().setType('VEC3').setArray(new Float32Array(normals)).setBuffer(buffer),
    )
    .setIndices(
      document.createAccessor().setType('SCALAR').setArray(new Uint16Array(indices)).setBuffer(buffer),
    )
    .setMaterial(document.createMaterial('clay').setBaseColorFactor(color));
  const node = document
    .createNode('object')
    .setMesh(document.createMesh('object').addPrimitive(primitive))
    .setTranslation([0, 1, 0])
    .setScale([0.5, 1, 0.5]);
  document.getRoot().setDefaultScene(document.createScene('scene').addChild(node));
  return Buffer.from(await new NodeIO().writeBinary(document));
}
