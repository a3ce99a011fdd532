import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { cubeGlb } from '../../test/fakes/fake-glb.js';
import { THUMBNAIL_BACKGROUND } from './lowpoly/rasterize.js';
import { modelOutput, renderModelStill, require3dImage, with3dImage } from './model-still.js';
import type { ModelCapabilities } from './provider.js';

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
