/**
 * The Enhancer's work, run inside a worker thread (or directly by the unit tests): decode, tile through
 * the ESRGAN network, blend, encode. Videos are decoded to raw frames by ffmpeg, upscaled frame by
 * frame and piped into a second ffmpeg that encodes H.264 and copies in the source's audio as AAC.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { unlink } from 'node:fs/promises';
import sharp from 'sharp';
import { englishOf } from '../../platform/i18n/api-messages.js';
import { ProviderError } from '../provider.js';
import { ffmpegCandidate, h264Bt709Args, probeFfmpeg } from '../sketch/video-encode.js';
import {
  checkImageLimits,
  checkVideoLimits,
  type EnhancedImage,
  type EnhancedVideo,
  type EnhanceQuality,
  type EnhanceScale,
  type VideoProbe,
} from './limits.js';
import { type EsrganModel, loadEsrgan } from './model.js';
import { tileCount, upscaleTiled } from './tiling.js';

export interface EngineContext {
  scale: EnhanceScale;
  quality: EnhanceQuality;
  signal: AbortSignal;
  onProgress: (fraction: number, stage: string) => void;
  /** Told the pid of every ffmpeg started, so a supervisor can kill it if the thread is terminated. */
  onProcess?: (pid: number) => void;
}

const models = new Map<string, Promise<EsrganModel>>();

/** The network for a quality and scale, loaded once per thread. */
export function getModel(quality: EnhanceQuality, scale: EnhanceScale): Promise<EsrganModel> {
  const key = `${quality}x${scale}`;
  let model = models.get(key);
  if (!model) {
    model = loadEsrgan(quality, scale);
    models.set(key, model);
    model.catch(() => models.delete(key));
  }
  return model;
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The enhance was cancelled.', 'AbortError');
}

/** A source the Enhancer cannot read, told to the person in the catalog's words. */
function unreadable(detail: string): ProviderError {
  return new ProviderError('invalid_input', detail, { userMessage: englishOf('api.uploads.corrupt') });
}

/** Lets queued messages (a cancel) run, then stops if the job was cancelled. */
async function checkpoint(signal: AbortSignal): Promise<void> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  if (signal.aborted) throw abortError(signal);
}

/** Upscales a still image to PNG (alpha, if any, is resized with Lanczos and kept). */
export async function enhanceImage(input: Buffer, context: EngineContext): Promise<EnhancedImage> {
  const { scale, quality, signal, onProgress } = context;
  if (signal.aborted) throw abortError(signal);
  const source = sharp(input, { failOn: 'error' }).rotate();
  const meta = await source.metadata().catch((error: unknown) => {
    throw unreadable(`sharp could not read the image: ${(error as Error).message}`);
  });
  const oriented = (meta.orientation ?? 1) >= 5;
  const width = (oriented ? meta.height : meta.width) ?? 0;
  const height = (oriented ? meta.width : meta.height) ?? 0;
  if (!width || !height) throw unreadable('The image has no size');
  checkImageLimits(width, height, scale);
  onProgress(0, 'load');
  const { data: rgb, info } = await source
    .clone()
    .toColourspace('srgb')
    .removeAlpha()
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 3) throw new ProviderError('internal', `Decoded ${info.channels} channels, not 3`);
  const model = await getModel(quality, scale);
  await checkpoint(signal);
  onProgress(0.02, 'tiles');
  const upscaled = await upscaleTiled({
    rgb,
    width: info.width,
    height: info.height,
    scale,
    infer: (tile, w, h) => model.run(tile, w, h),
    onTile: async (done, total) => {
      onProgress(0.02 + (0.9 * done) / total, 'tiles');
      await checkpoint(signal);
    },
  });
  onProgress(0.93, 'encode');
  const outW = info.width * scale;
  const outH = info.height * scale;
  let image = sharp(upscaled, { raw: { width: outW, height: outH, channels: 3 }, limitInputPixels: false });
  if (meta.hasAlpha) {
    const alpha = await source
      .clone()
      .extractChannel('alpha')
      .resize(outW, outH, { kernel: 'lanczos3' })
      .raw()
      .toBuffer();
    image = image.joinChannel(alpha, { raw: { width: outW, height: outH, channels: 1 } });
  }
  const data = await image.png({ compressionLevel: 6 }).toBuffer();
  onProgress(1, 'done');
  return { data, width: outW, height: outH };
}

function runFfmpeg(ffmpeg: string, args: string[], signal: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      if (stderr.length < 64_000) stderr += chunk;
    });
    const onAbort = (): void => {
      child.kill('SIGKILL');
    };
    signal.addEventListener('abort', onAbort, { once: true });
    child.once('error', reject);
    child.once('close', () => {
      signal.removeEventListener('abort', onAbort);
      if (signal.aborted) reject(abortError(signal));
      else resolve(stderr);
    });
  });
}

/**
 * Size (as decoded, rotation applied), length, frame rate and audio of a video, from ffmpeg's own
 * report of one decoded frame (the bundled ffmpeg has no ffprobe).
 */
export async function probeVideo(ffmpeg: string, file: string, signal: AbortSignal): Promise<VideoProbe> {
  const report = await runFfmpeg(
    ffmpeg,
    ['-hide_banner', '-i', file, '-map', '0:v:0', '-frames:v', '1', '-f', 'null', '-'],
    signal,
  );
  const [inputPart = '', outputPart = ''] = report.split(/^Output #0/m);
  const duration = /Duration: (\d+):(\d+):(\d+(?:\.\d+)?)/.exec(inputPart);
  const videoLine = /Stream #0:\d+.*?: Video: .*/.exec(inputPart)?.[0] ?? '';
  const fps = /([\d.]+) fps/.exec(videoLine) ?? /([\d.]+) tbr/.exec(videoLine);
  const size = /Video: .*?, (\d+)x(\d+)/.exec(outputPart);
  if (!duration || !size || !fps) throw unreadable(`ffmpeg could not read the video: ${report.slice(-500)}`);
  const durationSeconds = Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3]);
  return {
    width: Number(size[1]),
    height: Number(size[2]),
    durationSeconds,
    fps: Math.round(Number(fps[1]) * 1000) / 1000,
    hasAudio: /Stream #0:\d+.*?: Audio: /.test(inputPart),
  };
}

/** Output frame rate: the source's, capped at 60 so a bogus container rate cannot explode the job. */
function outputFps(fps: number): number {
  return Math.min(60, Math.max(1, fps));
}

/** Upscales a video frame by frame into `outputFile` (H.264 MP4; the first audio track kept as AAC). */
export async function enhanceVideo(
  file: string,
  outputFile: string,
  context: EngineContext,
): Promise<EnhancedVideo> {
  const { scale, quality, signal, onProgress } = context;
  const ffmpeg = ffmpegCandidate();
  if (!ffmpeg || !(await probeFfmpeg(ffmpeg))) {
    throw new ProviderError('unavailable', 'Video enhance needs ffmpeg with libx264 (set FFMPEG_PATH).');
  }
  onProgress(0, 'load');
  const probe = await probeVideo(ffmpeg, file, signal);
  checkVideoLimits(probe, scale);
  const fps = outputFps(probe.fps);
  const expectedFrames = Math.max(1, Math.round(probe.durationSeconds * fps));
  const model = await getModel(quality, scale);
  await checkpoint(signal);
  const { width, height } = probe;
  const outW = width * scale;
  const outH = height * scale;
  const children: ChildProcess[] = [];
  const start = (args: string[], stdio: ('pipe' | 'ignore')[]): ChildProcess => {
    const child = spawn(ffmpeg, args, { stdio: stdio as ['pipe' | 'ignore', 'pipe' | 'ignore', 'pipe'] });
    children.push(child);
    if (child.pid) context.onProcess?.(child.pid);
    return child;
  };
  const stderrOf = (child: ChildProcess): (() => string) => {
    let text = '';
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      if (text.length < 8000) text += chunk;
    });
    return () => text.trim();
  };
  const closed = (child: ChildProcess): Promise<number | null> =>
    new Promise((resolve) => {
      if (child.exitCode !== null) resolve(child.exitCode);
      else child.once('close', (code) => resolve(code));
    });
  const fpsArg = String(fps);
  const decoder = start(
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-i',
      file,
      '-map',
      '0:v:0',
      '-vsync',
      'cfr',
      '-r',
      fpsArg,
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      '-',
    ],
    ['ignore', 'pipe', 'pipe'],
  );
  const decoderErrors = stderrOf(decoder);
  const encoder = start(
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      '-s',
      `${outW}x${outH}`,
      '-r',
      fpsArg,
      '-i',
      '-',
      ...(probe.hasAudio
        ? ['-i', file, '-map', '0:v:0', '-map', '1:a:0', '-c:a', 'aac', '-b:a', '192k']
        : []),
      ...h264Bt709Args({ crf: 18 }),
      '-shortest',
      outputFile,
    ],
    ['pipe', 'ignore', 'pipe'],
  );
  const encoderErrors = stderrOf(encoder);
  const encoderInputFailure = new Promise<never>((_, reject) => {
    encoder.stdin?.on('error', (error) =>
      reject(new Error(`ffmpeg encoder: ${encoderErrors() || error.message}`)),
    );
  });
  encoderInputFailure.catch(() => undefined);
  const killAll = (): void => {
    for (const child of children) child.kill('SIGKILL');
  };
  signal.addEventListener('abort', killAll, { once: true });
  try {
    const frameBytes = width * height * 3;
    const frame = Buffer.alloc(frameBytes);
    let filled = 0;
    let frames = 0;
    const tilesPerFrame = tileCount(width, height);
    const upscaleFrame = async (): Promise<void> => {
      const output = await upscaleTiled({
        rgb: frame,
        width,
        height,
        scale,
        infer: (tile, w, h) => model.run(tile, w, h),
        onTile: async (done) => {
          onProgress(Math.min(0.97, (frames + done / tilesPerFrame) / expectedFrames) * 0.97, 'frames');
          await checkpoint(signal);
        },
      });
      const stdin = encoder.stdin;
      if (!stdin || stdin.destroyed) throw new Error(`ffmpeg encoder closed its input: ${encoderErrors()}`);
      if (!stdin.write(output)) {
        await Promise.race([
          new Promise<void>((resolve) => stdin.once('drain', resolve)),
          encoderInputFailure,
        ]);
      }
      frames++;
    };
    for await (const chunk of decoder.stdout as AsyncIterable<Buffer>) {
      let offset = 0;
      while (offset < chunk.length) {
        const take = Math.min(chunk.length - offset, frameBytes - filled);
        chunk.copy(frame, filled, offset, offset + take);
        filled += take;
        offset += take;
        if (filled === frameBytes) {
          await upscaleFrame();
          filled = 0;
        }
      }
    }
    if (signal.aborted) throw abortError(signal);
    if ((await closed(decoder)) !== 0 || frames === 0) {
      throw unreadable(`The video could not be decoded: ${decoderErrors() || 'no frames'}`);
    }
    onProgress(0.97, 'encode');
    encoder.stdin?.end();
    if ((await closed(encoder)) !== 0) throw new Error(`ffmpeg encoder failed: ${encoderErrors()}`);
    onProgress(1, 'done');
    return {
      width: outW,
      height: outH,
      durationSeconds: Math.round((frames / fps) * 1000) / 1000,
      fps,
    };
  } catch (error) {
    killAll();
    await Promise.all(children.map(closed));
    await unlink(outputFile).catch(() => undefined);
    throw signal.aborted ? abortError(signal) : error;
  } finally {
    signal.removeEventListener('abort', killAll);
  }
}
