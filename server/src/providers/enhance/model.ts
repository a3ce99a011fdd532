/**
 * ESRGAN models of the `@upscalerjs/esrgan-*` packages, loaded from the package folder (never the
 * network) and run by TensorFlow.js on the WASM backend. Slim and medium are RDN networks fed 0..255;
 * thick is an RRDN fed 0..1 with two custom layers that we register here, as the package does.
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import * as tf from '@tensorflow/tfjs-core';
import { type LayersModel, layers, loadLayersModel } from '@tensorflow/tfjs-layers';
import type { EnhanceQuality, EnhanceScale } from './limits.js';

const requireHere = createRequire(import.meta.url);

/** quality → package, in the order of the picker (fast = smallest network). */
export const ESRGAN_PACKAGES: Record<EnhanceQuality, { name: string; inputMax: 1 | 255 }> = {
  fast: { name: '@upscalerjs/esrgan-slim', inputMax: 255 },
  balanced: { name: '@upscalerjs/esrgan-medium', inputMax: 255 },
  best: { name: '@upscalerjs/esrgan-thick', inputMax: 1 },
};

let backendReady: Promise<void> | null = null;

/** Starts the WASM backend once per thread, with its .wasm files read from the installed package. */
export function initBackend(): Promise<void> {
  backendReady ??= (async () => {
    const wasm = requireHere.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm');
    setWasmPaths(`${path.dirname(wasm)}${path.sep}`);
    if (!(await tf.setBackend('wasm'))) throw new Error('The TensorFlow.js WASM backend did not start');
    await tf.ready();
  })();
  return backendReady;
}

/** The folder of an installed model package (its exports map hides package.json, so walk up from the entry). */
export function packageFolder(name: string): string {
  let dir = path.dirname(requireHere.resolve(name));
  for (;;) {
    try {
      const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: string };
      if (manifest.name === name) return dir;
    } catch {
      // no package.json at this level
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`Cannot locate the folder of ${name}`);
    dir = parent;
  }
}

/** The single-tensor input of a layer call. */
function first(inputs: tf.Tensor | tf.Tensor[]): tf.Tensor {
  return Array.isArray(inputs) ? (inputs[0] as tf.Tensor) : inputs;
}

/** RRDN's residual scaling (×0.2), as defined by the model package. */
class MultiplyBeta extends layers.Layer {
  static className = 'MultiplyBeta';
  override call(inputs: tf.Tensor | tf.Tensor[]): tf.Tensor {
    return tf.mul(first(inputs), 0.2);
  }
}

/** A Keras layer shape (null: any size). */
type Shape = (number | null)[];

/** The sub-pixel upsampling layer of RRDN (depth to space), one class per scale as in the package. */
function pixelShuffle(scale: EnhanceScale) {
  return class PixelShuffle extends layers.Layer {
    static className = `PixelShuffle${scale}x`;
    override computeOutputShape(shape: Shape | Shape[]): Shape {
      const [n, h, w, c] = (Array.isArray(shape[0]) ? shape[0] : shape) as Shape;
      const up = (v: number | null | undefined): number | null => (v == null ? null : v * scale);
      return [n ?? null, up(h), up(w), c == null ? null : c / (scale * scale)];
    }
    override call(inputs: tf.Tensor | tf.Tensor[]): tf.Tensor {
      return tf.depthToSpace(first(inputs) as tf.Tensor4D, scale, 'NHWC');
    }
  };
}

let customLayers = false;
function registerCustomLayers(): void {
  if (customLayers) return;
  customLayers = true;
  tf.serialization.registerClass(MultiplyBeta);
  tf.serialization.registerClass(pixelShuffle(2));
  tf.serialization.registerClass(pixelShuffle(4));
}

interface ModelJson {
  modelTopology: object;
  weightsManifest: { paths: string[]; weights: tf.io.WeightsManifestEntry[] }[];
}

/** A loaded network: `run` maps an RGB tile (0..255 floats, HWC) to its upscaled RGB (0..255 floats). */
export interface EsrganModel {
  readonly scale: EnhanceScale;
  readonly quality: EnhanceQuality;
  run(rgb: Float32Array, width: number, height: number): Float32Array;
  dispose(): void;
}

/** Loads the network for a quality and scale from its npm package. */
export async function loadEsrgan(quality: EnhanceQuality, scale: EnhanceScale): Promise<EsrganModel> {
  await initBackend();
  registerCustomLayers();
  const { name, inputMax } = ESRGAN_PACKAGES[quality];
  const dir = path.join(packageFolder(name), 'models', `x${scale}`);
  const json = JSON.parse(await readFile(path.join(dir, 'model.json'), 'utf8')) as ModelJson;
  const shards = await Promise.all(
    json.weightsManifest.flatMap((group) => group.paths).map((file) => readFile(path.join(dir, file))),
  );
  const weights = Buffer.concat(shards);
  const model: LayersModel = await loadLayersModel(
    tf.io.fromMemory({
      modelTopology: json.modelTopology,
      weightSpecs: json.weightsManifest.flatMap((group) => group.weights),
      weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength),
    }),
  );
  const factor = 255 / inputMax;
  return {
    scale,
    quality,
    run(rgb, width, height) {
      const output = tf.tidy(() => {
        let input: tf.Tensor = tf.tensor4d(rgb, [1, height, width, 3]);
        if (factor !== 1) input = tf.div(input, factor);
        let result = model.predict(input) as tf.Tensor;
        if (factor !== 1) result = tf.mul(result, factor);
        return tf.clipByValue(result, 0, 255);
      });
      try {
        return output.dataSync() as Float32Array;
      } finally {
        output.dispose();
      }
    },
    dispose() {
      model.dispose();
    },
  };
}
