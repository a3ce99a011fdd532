import { Document, NodeIO } from '@gltf-transform/core';
import {
  EXTMeshoptCompression,
  KHRDracoMeshCompression,
  KHRMeshQuantization,
} from '@gltf-transform/extensions';
import draco3d from 'draco3dgltf';
import { MeshoptEncoder } from 'meshoptimizer/encoder';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { cubeGlb } from '../../test/fakes/fake-glb.js';
import { THUMBNAIL_BACKGROUND } from './lowpoly/rasterize.js';
import {
  MAX_DRAWN_TRIANGLES,
  modelOutput,
  renderModelStill,
  require3dImage,
  with3dImage,
} from './model-still.js';
import type { ModelCapabilities } from './provider.js';

const RED = [0.8, 0.05, 0.05, 1] as const;
const BLUE = [0.05, 0.1, 0.8, 1] as const;
type Rgb = [number, number, number];

/** The corners and triangles of a unit cube around the origin (indexed, counter-clockwise from outside). */
function cube(): { positions: number[]; indices: number[] } {
  const positions: number[] = [];
  const indices: number[] = [];
  for (const [axis, sign] of [
    [0, 1],
    [0, -1],
    [1, 1],
    [1, -1],
    [2, 1],
    [2, -1],
  ] as const) {
    const start = positions.length / 3;
    for (const [a, b] of [
      [-1, -1],
      [1, -1],
      [1, 1],
      [-1, 1],
    ] as const) {
      const point = [0, 0, 0];
      point[axis] = sign;
      point[(axis + 1) % 3] = a;
      point[(axis + 2) % 3] = b * sign;
      positions.push(...point);
    }
    indices.push(start, start + 1, start + 2, start, start + 2, start + 3);
  }
  return { positions, indices };
}

/**
 * A red cube at x = −3 and a blue one at x = +3, nothing between them: drawn, the still shows red on
 * the left, blue on the right and background in the middle, where a bounds box would be grey.
 * `quantized`: positions as normalized 16-bit integers (KHR_mesh_quantization), as gltfpack writes them.
 */
function twoCubes(quantized = false): Document {
  const document = new Document();
  const buffer = document.createBuffer();
  const scene = document.createScene('scene');
  const { positions, indices } = cube();
  for (const [x, color] of [
    [-3, RED],
    [3, BLUE],
  ] as const) {
    const position = document.createAccessor().setType('VEC3').setBuffer(buffer);
    if (quantized) position.setArray(Int16Array.from(positions, (p) => p * 32767)).setNormalized(true);
    else position.setArray(new Float32Array(positions));
    const primitive = document
      .createPrimitive()
      .setAttribute('POSITION', position)
      .setIndices(
        document.createAccessor().setType('SCALAR').setArray(new Uint16Array(indices)).setBuffer(buffer),
      )
      .setMaterial(document.createMaterial().setBaseColorFactor([...color]));
    scene.addChild(
      document.createNode().setMesh(document.createMesh().addPrimitive(primitive)).setTranslation([x, 0, 0]),
    );
  }
  if (quantized) document.createExtension(KHRMeshQuantization).setRequired(true);
  document.getRoot().setDefaultScene(scene);
  return document;
}

async function dracoGlb(): Promise<Buffer> {
  const document = twoCubes();
  document.createExtension(KHRDracoMeshCompression).setRequired(true);
  const io = new NodeIO()
    .registerExtensions([KHRDracoMeshCompression])
    .registerDependencies({ 'draco3d.encoder': await draco3d.createEncoderModule() });
  return Buffer.from(await io.writeBinary(document));
}

async function meshoptGlb(): Promise<Buffer> {
  await MeshoptEncoder.ready;
  const document = twoCubes(true);
  document
    .createExtension(EXTMeshoptCompression)
    .setRequired(true)
    .setEncoderOptions({ method: EXTMeshoptCompression.EncoderMethod.QUANTIZE });
  const io = new NodeIO()
    .registerExtensions([EXTMeshoptCompression, KHRMeshQuantization])
    .registerDependencies({ 'meshopt.encoder': MeshoptEncoder });
  return Buffer.from(await io.writeBinary(document));
}

/** A GLB with its JSON chunk replaced (the binary chunk kept as it is). */
function withJson(glb: Buffer, edit: (json: { accessors: { count: number }[] }) => void): Buffer {
  const jsonLength = glb.readUInt32LE(12);
  const json = JSON.parse(glb.subarray(20, 20 + jsonLength).toString('utf8'));
  edit(json);
  let text = JSON.stringify(json);
  text += ' '.repeat((4 - (text.length % 4)) % 4);
  const chunk = Buffer.alloc(8 + text.length);
  chunk.writeUInt32LE(text.length, 0);
  chunk.writeUInt32LE(0x4e4f534a, 4);
  chunk.write(text, 8, 'utf8');
  const rest = glb.subarray(20 + jsonLength);
  const header = Buffer.from(glb.subarray(0, 12));
  header.writeUInt32LE(12 + chunk.length + rest.length, 8);
  return Buffer.concat([header, chunk, rest]);
}

/** The share of pixels in a column band [from, to) of the still (rows: a band too) that `test` accepts. */
async function share(
  still: Buffer | undefined,
  from: number,
  to: number,
  test: (rgb: Rgb) => boolean,
  rows: readonly [number, number] = [0, 1],
) {
  const { data, info } = await sharp(still).raw().toBuffer({ resolveWithObject: true });
  let hits = 0;
  let all = 0;
  for (let y = Math.floor(rows[0] * info.height); y < Math.floor(rows[1] * info.height); y++) {
    for (let x = Math.floor(from * info.width); x < Math.floor(to * info.width); x++) {
      const i = (y * info.width + x) * info.channels;
      all++;
      if (test([data[i] as number, data[i + 1] as number, data[i + 2] as number])) hits++;
    }
  }
  return hits / all;
}

const reddish = ([r, g, b]: Rgb) => r > g + 40 && r > b + 40;
const bluish = ([r, g, b]: Rgb) => b > r + 40 && b > g + 20;
const background = ([r, g, b]: Rgb) =>
  r === THUMBNAIL_BACKGROUND[0] && g === THUMBNAIL_BACKGROUND[1] && b === THUMBNAIL_BACKGROUND[2];

/** Red on the left, blue on the right, only background down the middle: the two cubes, not a box. */
async function expectTwoCubes(still: Buffer | undefined): Promise<void> {
  expect(await share(still, 0, 0.4, reddish)).toBeGreaterThan(0.1);
  expect(await share(still, 0, 0.4, bluish)).toBe(0);
  expect(await share(still, 0.6, 1, bluish)).toBeGreaterThan(0.1);
  expect(await share(still, 0.6, 1, reddish)).toBe(0);
  expect(await share(still, 0.48, 0.52, background)).toBeGreaterThan(0.95);
}

const meta = { model: 'm', provider: 'fal.ai', seed: 1, details: {} };

describe('the still of a hosted 3D model', () => {
  it('draws the GLB’s mesh in its base colour, through its node transform', async () => {
    const { still, kind, triangles } = await renderModelStill(await cubeGlb([0.1, 0.2, 0.9, 1]), 128);
    expect(kind).toBe('mesh');
    expect(triangles).toBe(12);
    const { data, info } = await sharp(still).raw().toBuffer({ resolveWithObject: true });
    let bluish = 0;
    let background = 0;
    for (let i = 0; i < data.length; i += info.channels) {
      const [r, g, b] = [data[i] as number, data[i + 1] as number, data[i + 2] as number];
      if (b > r + 40) bluish++;
      if (r === THUMBNAIL_BACKGROUND[0] && g === THUMBNAIL_BACKGROUND[1] && b === THUMBNAIL_BACKGROUND[2])
        background++;
    }
    // The object fills part of the frame, the rest is the neutral background.
    expect(bluish / (128 * 128)).toBeGreaterThan(0.1);
    expect(background / (128 * 128)).toBeGreaterThan(0.1);
  });

  it('decodes Draco-compressed geometry and draws it', async () => {
    const glb = await dracoGlb();
    expect(glb.toString('latin1')).toContain('KHR_draco_mesh_compression');
    const { still, kind, triangles } = await renderModelStill(glb, 128);
    expect({ kind, triangles }).toEqual({ kind: 'mesh', triangles: 24 });
    await expectTwoCubes(still);
  });

  it('decodes meshopt-compressed, quantized geometry and draws it', async () => {
    const glb = await meshoptGlb();
    expect(glb.toString('latin1')).toContain('EXT_meshopt_compression');
    const { still, kind, triangles } = await renderModelStill(glb, 128);
    expect({ kind, triangles }).toEqual({ kind: 'mesh', triangles: 24 });
    await expectTwoCubes(still);
  });

  it('draws a grey box of the bounds, without decoding, when compressed geometry would decode too large', async () => {
    // The file claims 100 million vertices per cube: decoding that is refused, its JSON still has the bounds.
    const glb = withJson(await dracoGlb(), (json) => {
      for (const accessor of json.accessors) accessor.count = 100_000_000;
    });
    const { still, kind, triangles } = await renderModelStill(glb, 128);
    expect({ kind, triangles }).toEqual({ kind: 'bounds', triangles: 2 * 33_333_333 });
    // One grey box spanning both cubes: grey in the middle, where the drawing has background; no red or blue.
    const grey = ([r, g, b]: Rgb) => Math.abs(r - g) < 16 && b >= g && b - r < 40 && !background([r, g, b]);
    expect(await share(still, 0.45, 0.55, grey, [0.45, 0.55])).toBeGreaterThan(0.95);
    expect(await share(still, 0, 1, (rgb) => reddish(rgb) || bluish(rgb))).toBe(0);
  });

  it('draws a mesh of more triangles than it draws whole from a simplified copy, not a box', async () => {
    // A red sphere at the left, a blue one at the right: a lat-long grid just over the limit.
    const rings = 620;
    const segments = 1240;
    expect(2 * rings * segments * 2).toBeGreaterThan(MAX_DRAWN_TRIANGLES);
    const positions = new Float32Array((rings + 1) * (segments + 1) * 3);
    for (let r = 0, v = 0; r <= rings; r++) {
      for (let s = 0; s <= segments; s++, v++) {
        const theta = (Math.PI * r) / rings;
        const phi = (2 * Math.PI * s) / segments;
        positions.set(
          [Math.sin(theta) * Math.cos(phi), Math.cos(theta), Math.sin(theta) * Math.sin(phi)],
          v * 3,
        );
      }
    }
    const indices = new Uint32Array(rings * segments * 6);
    for (let r = 0, i = 0; r < rings; r++) {
      for (let s = 0; s < segments; s++) {
        const a = r * (segments + 1) + s;
        const b = a + segments + 1;
        indices.set([a, b, a + 1, a + 1, b, b + 1], i);
        i += 6;
      }
    }
    const document = new Document();
    const buffer = document.createBuffer();
    const scene = document.createScene();
    const position = document.createAccessor().setType('VEC3').setArray(positions).setBuffer(buffer);
    const index = document.createAccessor().setType('SCALAR').setArray(indices).setBuffer(buffer);
    for (const [x, color] of [
      [-2.5, RED],
      [2.5, BLUE],
    ] as const) {
      const primitive = document
        .createPrimitive()
        .setAttribute('POSITION', position)
        .setIndices(index)
        .setMaterial(document.createMaterial().setBaseColorFactor([...color]));
      scene.addChild(
        document
          .createNode()
          .setMesh(document.createMesh().addPrimitive(primitive))
          .setTranslation([x, 0, 0]),
      );
    }
    document.getRoot().setDefaultScene(scene);
    const glb = Buffer.from(await new NodeIO().writeBinary(document));
    const { still, kind, triangles } = await renderModelStill(glb, 256);
    expect({ kind, triangles }).toEqual({ kind: 'simplified', triangles: 2 * rings * segments * 2 });
    await expectTwoCubes(still);
  }, 120_000);

  it('keeps a GLB with its still as the poster, and refuses anything that is not one', async () => {
    const output = await modelOutput(await cubeGlb(), meta);
    expect(output).toMatchObject({ contentType: 'model/gltf-binary', width: 512, height: 512 });
    expect(output.poster?.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(output.details).toMatchObject({ still: 'mesh', triangles: 12 });
    await expect(modelOutput(Buffer.from('<html>not found</html>'), meta)).rejects.toThrow(/not a GLB/);
    await expect(modelOutput(Buffer.from('glTF garbage'), meta)).rejects.toThrow(/unreadable GLB/);
  });

  it('marks image-to-3D models and refuses them a request without an image', () => {
    const capabilities: ModelCapabilities = {
      id: 'm',
      name: 'M',
      kinds: ['image'],
      description: 'image-to-3D',
      supportsSeed: true,
      supportsNegativePrompt: false,
      maxWidth: 1024,
      maxHeight: 1024,
      tools: ['3d'],
    };
    expect(with3dImage(capabilities, { image_url: '{{image}}' }).takesImage).toBe(true);
    expect(with3dImage(capabilities, { prompt: '{{prompt}}' }).takesImage).toBeUndefined();
    expect(() =>
      require3dImage({ images: ['{{image}}'] }, { model: 'm', prompt: 'a chair', seed: 1 }, 'Replicate'),
    ).toThrow(/makes 3D from an image/);
  });
});
