import sharp from 'sharp';
import type { GenerationOutput, GenerationRequest, ProgressUpdate } from '../provider.js';
import { blendWatermark, watermarkOverlay } from '../watermark.js';
import { interpretPrompt, type SceneSpec } from './interpret.js';
import { sceneSeed } from './random.js';
import { FrameRenderer, renderStill } from './render.js';
import { buildLayers, createEnv, type Quality } from './scene.js';
import { createStyler, lookFor } from './style.js';
import {
  type EncoderPreference,
  openVideoEncoder,
  type VideoEncoder,
  videoFrameSize,
} from './video-encode.js';

export const SKETCH_MODEL_ID = 'sketch-1';

export interface SketchJobOptions {
  videoEncoder: EncoderPreference;
  ffmpegPath?: string | undefined;
}

export interface SketchJobHooks {
  signal: AbortSignal;
  report(update: ProgressUpdate): void;
  /** Called with the pid of a spawned encoder so a supervisor can kill it if this thread stalls. */
  onProcess?(pid: number): void;
}

/** The part of the interpretation shown to users (details.interpretation). */
function presentInterpretation(spec: SceneSpec): Record<string, unknown> {
  return {
    summary: spec.summary,
    subjects: spec.subjects,
    variants: spec.variants,
    time: spec.time,
    colors: spec.colors.map((c) => c.word),
    hues: spec.hues,
    moods: spec.moods,
    camera: spec.camera,
    palette: spec.palette,
    features: spec.features,
    suppressed: spec.suppressed,
    // What was drawn besides scenery, so the result panel can say it ("orange cat", "dragon over castle").
    things: spec.things.map((t) => ({
      kind: t.kind,
      word: t.word,
      placement: t.placement,
      ...(t.over ? { over: t.over } : {}),
      count: t.count,
    })),
    person: spec.subjects.includes('portrait')
      ? { age: spec.person.age, role: spec.person.role, props: spec.person.props }
      : null,
    logo: spec.logo,
    view: spec.view,
    noSubject: spec.noSubject,
    unrecognized: spec.unrecognized,
  };
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The generation was cancelled.', 'AbortError');
}

/** Lets queued messages (a cancel) arrive between heavy synchronous steps. */
const breathe = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

async function checkpoint(signal: AbortSignal): Promise<void> {
  await breathe();
  if (signal.aborted) throw abortError(signal);
}

async function preview(rgba: Uint8Array, width: number, height: number, size = 256): Promise<Buffer> {
  return sharp(rgba, { raw: { width, height, channels: 4 } })
    .resize({ width: size, height: size, fit: 'inside' })
    .webp({ quality: 70, effort: 2 })
    .toBuffer();
}

/**
 * Renders one Sketch generation: interprets the prompt, draws the scene, applies the style and
 * encodes a PNG (image) or an H.264 MP4 (video). Runs in a worker thread or inline.
 */
export async function runSketchJob(
  request: GenerationRequest,
  options: SketchJobOptions,
  hooks: SketchJobHooks,
): Promise<GenerationOutput> {
  const { signal, report } = hooks;
  if (signal.aborted) throw abortError(signal);
  const started = performance.now();
  report({ progress: 1, stage: 'Interpreting prompt' });
  const spec = interpretPrompt(request.prompt, request.negativePrompt ?? '');
  const seed = sceneSeed(request.prompt, request.seed);
  const imageStyle = request.kind === 'image' ? request.imageStyle : 'default';
  const quality: Quality = request.kind === 'image' ? request.quality : 'standard';
  const look = lookFor(request.style, imageStyle);
  // Video frames may be drawn smaller and upscaled by the encoder (videoFrameSize says when).
  const drawn =
    request.kind === 'video'
      ? await videoFrameSize({
          width: request.width,
          height: request.height,
          preference: options.videoEncoder,
          ffmpegPath: options.ffmpegPath,
        })
      : { width: request.width, height: request.height };
  const env = createEnv(spec, {
    width: drawn.width,
    height: drawn.height,
    seed,
    quality,
    look,
    video: request.kind === 'video',
    durationSeconds: request.kind === 'video' ? request.durationSeconds : 0,
  });
  const interpretation = presentInterpretation(spec);
  const layers = buildLayers(env);
  const styler = createStyler(env, request.style, imageStyle);
  // The visible mark, drawn into the image or every frame before encoding (so the poster has it too).
  const mark = request.watermark ? await watermarkOverlay(env.width, env.height) : null;
  const baseDetails = {
    renderer: 'Sketch (offline procedural renderer, not an AI model)',
    interpretation,
    style: request.style,
    layers: layers.map((layer) => layer.name),
    styleFilters: styler.passes,
  };

  if (request.kind === 'image') {
    report({ progress: 8, stage: 'Rendering' });
    await checkpoint(signal);
    const canvas = renderStill(env, layers);
    const rendered = performance.now();
    report({ progress: 55, stage: 'Applying style' });
    await checkpoint(signal);
    const rgba = styler.apply(canvas, 0);
    if (mark) blendWatermark(rgba, env.width, env.height, mark);
    const styled = performance.now();
    report({
      progress: 80,
      stage: 'Encoding',
      preview: { data: await preview(rgba, env.width, env.height), contentType: 'image/webp' },
    });
    await checkpoint(signal);
    const png = await sharp(rgba, { raw: { width: env.width, height: env.height, channels: 4 } })
      .removeAlpha()
      // Adaptive row filters: about a third smaller than the default for these textured renders. zlib
      // level 3 instead of 6: under half the encode time of a 1024² still for about 5 % more bytes
      // (level 4 took a fifth longer than 3 for 2 % fewer); lossless either way.
      .png({ adaptiveFiltering: true, compressionLevel: 3 })
      .toBuffer();
    return {
      data: png,
      contentType: 'image/png',
      width: env.width,
      height: env.height,
      seed: request.seed,
      model: SKETCH_MODEL_ID,
      watermarked: Boolean(mark),
      details: {
        ...baseDetails,
        imageStyle,
        quality,
        encoder: 'sharp PNG',
        timingsMs: {
          render: Math.round(rendered - started),
          style: Math.round(styled - rendered),
          encode: Math.round(performance.now() - styled),
        },
      },
    };
  }

  const fps = request.fps;
  const frames = Math.round(request.durationSeconds * fps);
  report({ progress: 2, stage: 'Preparing scene' });
  await checkpoint(signal);
  const renderer = new FrameRenderer(env, layers);
  let encoder: VideoEncoder | null = null;
  try {
    encoder = await openVideoEncoder({
      width: request.width,
      height: request.height,
      fps,
      preference: options.videoEncoder,
      ffmpegPath: options.ffmpegPath,
      source: drawn,
    });
    if (encoder.pid !== undefined) hooks.onProcess?.(encoder.pid);
    const posterFrame = Math.min(frames - 1, Math.round(frames * 0.4));
    const previewEvery = Math.max(1, Math.floor(frames / 6));
    let poster: Promise<Buffer> | null = null;
    for (let i = 0; i < frames; i++) {
      if (signal.aborted) throw abortError(signal);
      const canvas = renderer.renderFrame(i / fps);
      const rgba = styler.apply(canvas, i);
      if (mark) blendWatermark(rgba, env.width, env.height, mark);
      if (i === posterFrame) {
        // The poster at the video's own size, upscaled like the frames when they were drawn smaller.
        const still = sharp(Buffer.from(rgba), {
          raw: { width: env.width, height: env.height, channels: 4 },
        });
        if (env.width !== request.width || env.height !== request.height)
          still.resize(request.width, request.height, { kernel: 'lanczos3', fit: 'fill' });
        poster = still.removeAlpha().png().toBuffer();
      }
      await encoder.write(rgba);
      const update: ProgressUpdate = {
        progress: Math.min(96, 3 + Math.floor(((i + 1) / frames) * 93)),
        stage: `Rendering frame ${i + 1} of ${frames}`,
      };
      if (i % previewEvery === 0 || i === posterFrame) {
        update.preview = { data: await preview(rgba, env.width, env.height), contentType: 'image/webp' };
      }
      report(update);
      if (i % 4 === 3) await breathe();
    }
    if (signal.aborted) throw abortError(signal);
    report({ progress: 97, stage: 'Encoding' });
    const data = await encoder.finish();
    return {
      data,
      contentType: 'video/mp4',
      width: request.width,
      height: request.height,
      durationSeconds: frames / fps,
      fps,
      seed: request.seed,
      model: SKETCH_MODEL_ID,
      poster: poster ? await poster : undefined,
      watermarked: Boolean(mark),
      details: {
        ...baseDetails,
        encoder: encoder.name,
        frames,
        renderSize: `${env.width}×${env.height}`,
        timingsMs: { total: Math.round(performance.now() - started) },
      },
    };
  } catch (error) {
    await encoder?.abort();
    throw error;
  }
}
