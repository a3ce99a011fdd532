import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { accessSync, constants } from 'node:fs';
import { readFile, unlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

export type EncoderPreference = 'auto' | 'ffmpeg' | 'wasm';

/** A running H.264/MP4 encode fed raw RGBA frames. */
export interface VideoEncoder {
  /** e.g. "ffmpeg libx264" or "h264-mp4-encoder (WASM)". */
  readonly name: string;
  /** The ffmpeg process id, when there is one (so a supervisor can kill it). */
  readonly pid: number | undefined;
  /** The size of the frames `write` expects (smaller than the output when the encoder upscales). */
  readonly frameWidth: number;
  readonly frameHeight: number;
  write(frame: Uint8Array): Promise<void>;
  /** Ends the stream and returns the finished MP4. */
  finish(): Promise<Buffer>;
  /** Stops at once and cleans up; safe to call more than once. */
  abort(): Promise<void>;
}

export interface EncoderOptions {
  width: number;
  height: number;
  fps: number;
  preference: EncoderPreference;
  ffmpegPath?: string | undefined;
  /**
   * The size frames arrive in, when smaller than width×height: ffmpeg scales them up (Lanczos) in the
   * same step as its colour conversion. Only ffmpeg can; see `videoFrameSize`.
   */
  source?: { width: number; height: number } | undefined;
}

const requireHere = createRequire(import.meta.url);
const probed = new Map<string, Promise<boolean>>();

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The H.264 output both encoders write (the Sketch renderer's and the Enhancer's): converted and tagged
 * BT.709, because untagged BT.601 shifts colours in Chromium; yuv420p for every player; faststart so a
 * browser plays it while it downloads.
 */
export function h264Bt709Args(options: {
  crf: number;
  keyframeInterval?: number;
  /** Scale the input to this size (Lanczos) while converting. */
  scaleTo?: { width: number; height: number } | undefined;
}): string[] {
  const size = options.scaleTo ? `${options.scaleTo.width}:${options.scaleTo.height}:flags=lanczos:` : '';
  return [
    '-vf',
    `scale=${size}out_color_matrix=bt709:out_range=tv`,
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    String(options.crf),
    ...(options.keyframeInterval ? ['-g', String(options.keyframeInterval)] : []),
    '-pix_fmt',
    'yuv420p',
    '-colorspace',
    'bt709',
    '-color_primaries',
    'bt709',
    '-color_trc',
    'bt709',
    '-movflags',
    '+faststart',
  ];
}

/** FFMPEG_PATH (or an explicit path), else the binary shipped by @ffmpeg-installer/ffmpeg. */
export function ffmpegCandidate(explicit?: string): string | null {
  const fromEnv = explicit ?? process.env.FFMPEG_PATH;
  if (fromEnv) return fromEnv;
  try {
    const installer = requireHere('@ffmpeg-installer/ffmpeg') as { path?: string };
    if (installer.path && executable(installer.path)) return installer.path;
  } catch {
    // optional dependency missing on this platform
  }
  return null;
}

/** Whether `file` runs and has libx264 (checked once per path). */
export function probeFfmpeg(file: string): Promise<boolean> {
  let result = probed.get(file);
  if (!result) {
    result = new Promise((resolve) => {
      execFile(
        file,
        ['-hide_banner', '-encoders'],
        { timeout: 10_000, maxBuffer: 4 << 20 },
        (error, stdout) => {
          resolve(!error && /\blibx264\b/.test(stdout));
        },
      );
    });
    probed.set(file, result);
  }
  return result;
}

/** The short side Sketch renders video frames at, for a requested short side (see `videoFrameSize`). */
function renderShortSide(short: number): number {
  if (short > 720) return 720;
  if (short > 540) return 540;
  return short;
}

/**
 * The size to render a width×height video's frames at. With ffmpeg, frames over 540 lines are drawn
 * smaller (1080p at 720p, 720p at 540p) and ffmpeg upscales them: the scene and its per-pixel style
 * passes cost in proportion to pixels (about 2.2× fewer), while a Lanczos upscale of soft, graded,
 * grainy pictures is hard to tell apart after H.264 at CRF 23. The WASM encoder gets full-size frames.
 */
export async function videoFrameSize(
  options: Pick<EncoderOptions, 'width' | 'height' | 'preference' | 'ffmpegPath'>,
): Promise<{ width: number; height: number }> {
  const { width, height } = options;
  const { encoder } = await detectVideoEncoder(options.preference, options.ffmpegPath);
  const short = Math.min(width, height);
  const target = renderShortSide(short);
  if (encoder !== 'ffmpeg libx264' || target === short) return { width, height };
  const even = (v: number): number => Math.max(2, Math.round((v * target) / short / 2) * 2);
  return { width: even(width), height: even(height) };
}

/** Picks the encoder: ffmpeg with libx264 when available (or required), else the WASM encoder. */
export async function openVideoEncoder(options: EncoderOptions): Promise<VideoEncoder> {
  if (options.preference !== 'wasm') {
    const file = ffmpegCandidate(options.ffmpegPath);
    if (file && (await probeFfmpeg(file))) return openFfmpeg(file, options);
    if (options.preference === 'ffmpeg') {
      throw new Error(
        file ? `ffmpeg at ${file} has no libx264 encoder` : 'No ffmpeg found (set FFMPEG_PATH)',
      );
    }
  }
  if (options.source && (options.source.width !== options.width || options.source.height !== options.height))
    throw new Error('The WASM encoder cannot scale frames: render them at the output size.');
  return openWasm(options);
}

function openFfmpeg(file: string, options: EncoderOptions): VideoEncoder {
  const output = path.join(tmpdir(), `kaleido-sketch-${randomUUID()}.mp4`);
  const { width, height, fps } = options;
  const frame = options.source ?? { width, height };
  const scaled = frame.width !== width || frame.height !== height;
  // BT.709 conversion and tags: untagged BT.601 plays with shifted colours in Chromium (research §2.5).
  const args = [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'rawvideo',
    '-pix_fmt',
    'rgba',
    '-s',
    `${frame.width}x${frame.height}`,
    '-r',
    String(fps),
    '-i',
    '-',
    ...h264Bt709Args({ crf: 23, keyframeInterval: fps * 2, scaleTo: scaled ? { width, height } : undefined }),
    output,
  ];
  const child: ChildProcess = spawn(file, args, { stdio: ['pipe', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    if (stderr.length < 8000) stderr += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('close', (code, signal) => resolve({ code, signal }));
  });
  let failure: Error | null = null;
  child.once('error', (error) => {
    failure = error;
  });
  child.stdin?.on('error', (error) => {
    failure ??= error;
  });
  let aborted = false;
  const cleanup = async (): Promise<void> => {
    await unlink(output).catch(() => undefined);
  };
  return {
    name: 'ffmpeg libx264',
    pid: child.pid,
    frameWidth: frame.width,
    frameHeight: frame.height,
    async write(frame) {
      if (failure) throw new Error(`ffmpeg failed: ${stderr || (failure as Error).message}`);
      const stdin = child.stdin;
      if (!stdin || stdin.destroyed) throw new Error(`ffmpeg closed its input: ${stderr}`);
      if (!stdin.write(frame)) {
        await new Promise<void>((resolve, reject) => {
          const onDrain = (): void => {
            stdin.off('close', onClose);
            resolve();
          };
          const onClose = (): void => {
            stdin.off('drain', onDrain);
            reject(new Error(`ffmpeg closed its input: ${stderr}`));
          };
          stdin.once('drain', onDrain);
          stdin.once('close', onClose);
        });
      }
    },
    async finish() {
      child.stdin?.end();
      const { code, signal } = await exited;
      if (code !== 0 || failure) {
        await cleanup();
        throw new Error(
          `ffmpeg exited with ${code ?? signal}: ${stderr.trim() || (failure as Error | null)?.message}`,
        );
      }
      try {
        return await readFile(output);
      } finally {
        await cleanup();
      }
    },
    async abort() {
      if (!aborted) {
        aborted = true;
        child.stdin?.destroy();
        child.kill('SIGKILL');
      }
      await exited;
      await cleanup();
    },
  };
}

interface WasmEncoder {
  width: number;
  height: number;
  frameRate: number;
  quantizationParameter: number;
  speed: number;
  groupOfPictures: number;
  outputFilename: string;
  initialize(): void;
  addFrameRgba(buffer: Uint8Array): void;
  finalize(): void;
  delete(): void;
  FS: { readFile(path: string): Uint8Array; unlink(path: string): void };
}

let wasmCount = 0;

/** The pure-WASM fallback: slower, Baseline profile, moov at the end, but needs nothing native. */
async function openWasm(options: EncoderOptions): Promise<VideoEncoder> {
  const module = (await import('h264-mp4-encoder')) as unknown as {
    createH264MP4Encoder?: () => Promise<WasmEncoder>;
    default?: { createH264MP4Encoder: () => Promise<WasmEncoder> };
  };
  const create = module.createH264MP4Encoder ?? module.default?.createH264MP4Encoder;
  if (!create) throw new Error('h264-mp4-encoder did not load');
  const encoder = await create();
  encoder.width = options.width;
  encoder.height = options.height;
  encoder.frameRate = options.fps;
  encoder.quantizationParameter = 28;
  encoder.speed = 10;
  encoder.groupOfPictures = options.fps * 2;
  encoder.outputFilename = `sketch-${process.pid}-${++wasmCount}.mp4`;
  encoder.initialize();
  let closed = false;
  return {
    name: 'h264-mp4-encoder (WASM)',
    pid: undefined,
    frameWidth: options.width,
    frameHeight: options.height,
    async write(frame) {
      encoder.addFrameRgba(frame);
    },
    async finish() {
      encoder.finalize();
      const data = Buffer.from(encoder.FS.readFile(encoder.outputFilename));
      encoder.FS.unlink(encoder.outputFilename);
      encoder.delete();
      closed = true;
      return data;
    },
    async abort() {
      if (closed) return;
      closed = true;
      try {
        encoder.delete();
      } catch {
        // already released
      }
    },
  };
}

/**
 * Which encoder video jobs would use, for start-up diagnostics: ffmpeg (libx264) when one is found,
 * else the WASM fallback.
 */
export async function detectVideoEncoder(
  preference: EncoderPreference = 'auto',
  explicitPath?: string,
): Promise<{ encoder: 'ffmpeg libx264' | 'h264-mp4-encoder (WASM)'; ffmpegPath: string | null }> {
  if (preference !== 'wasm') {
    const file = ffmpegCandidate(explicitPath);
    if (file && (await probeFfmpeg(file))) return { encoder: 'ffmpeg libx264', ffmpegPath: file };
  }
  return { encoder: 'h264-mp4-encoder (WASM)', ffmpegPath: null };
}
