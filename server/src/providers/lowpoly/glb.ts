import { Document, NodeIO } from '@gltf-transform/core';
import type { Mesh } from './mesh.js';

/**
 * Writes a flat-shaded mesh as a binary glTF (GLB, `model/gltf-binary`): one node, one primitive with
 * positions, face normals and vertex colours (glTF keeps vertex colours linear, so the sRGB colours
 * are converted), and a rough, non-metallic white material the colours tint.
 */
export async function writeGlb(mesh: Mesh, name: string): Promise<Buffer> {
  const document = new Document();
  document.getRoot().getAsset().generator = 'Kaleido offline 3D';
  const buffer = document.createBuffer();
  const linear = mesh.colors.map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  const accessor = (array: Float32Array) =>
    document.createAccessor().setType('VEC3').setArray(array).setBuffer(buffer);
  const material = document
    .createMaterial('lowpoly')
    .setBaseColorFactor([1, 1, 1, 1])
    .setMetallicFactor(0)
    .setRoughnessFactor(0.85);
  const primitive = document
    .createPrimitive()
    .setAttribute('POSITION', accessor(mesh.positions))
    .setAttribute('NORMAL', accessor(mesh.normals))
    .setAttribute('COLOR_0', accessor(linear))
    .setMaterial(material);
  const node = document.createNode(name).setMesh(document.createMesh(name).addPrimitive(primitive));
  document.getRoot().setDefaultScene(document.createScene(name).addChild(node));
  return Buffer.from(await new NodeIO().writeBinary(document));
}
