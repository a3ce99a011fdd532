import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { type GenerationOutput, ProviderError } from './provider.js';
import { ffmpegCandidate, probeFfmpeg } from './sketch/video-encode.js';

/**
 * The visible mark of Free-plan outputs (and of paid plans that ask for it): a small "Kaleido"
 * wordmark with a kaleidoscope emblem, white on a soft translucent plate, in the bottom-right corner.
 * It is drawn from vector paths (no fonts needed) and scaled with the output: its plate is 4.5 % of
 * the short side high (at least 18 px), so it stays readable at 512² and modest at 2048².
 */

/** The mark in its own units: a 67 × 20 plate. */
const UNITS = { width: 67, height: 20 };

const GLYPHS = [
  // K
  'M0 0V10M5.6 0L0.7 5.3M2.4 3.7L6 10',
  // a
  'M14.6 3.4V10M14.6 6.7A3.3 3.3 0 1 1 8 6.7A3.3 3.3 0 1 1 14.6 6.7',
  // l
  'M16.6 0V10',
  // e
  'M18.6 6.7H25.2A3.3 3.3 0 1 0 24.23 9.03',
  // i
  'M27.2 3.4V10',
  // d
  'M35.8 0V10M35.8 6.7A3.3 3.3 0 1 1 29.2 6.7A3.3 3.3 0 1 1 35.8 6.7',
  // o
  'M44.4 6.7A3.3 3.3 0 1 1 37.8 6.7A3.3 3.3 0 1 1 44.4 6.7',
].join('');

/** A hexagon with its three long diagonals: a kaleidoscope seen end-on. */
function emblem(cx: number, cy: number, r: number): string {
  const points = Array.from({ length: 6 }, (_, i) => {
    const angle = (Math.PI / 3) * i + Math.PI / 6;
    return [cx + r * Math.cos(angle), cy + r * Math.sin(angle)] as const;
  });
  const f = (n: number) => n.toFixed(2);
  const hexagon = `M${points.map(([x, y]) => `${f(x)} ${f(y)}`).join('L')}Z`;
  const diagonals = [0, 1, 2]
    .map((i) => {
      const [ax, ay] = points[i] as readonly [number, number];
      const [bx, by] = points[i + 3] as readonly [number, number];
      return `M${f(ax)} ${f(ay)}L${f(bx)} ${f(by)}`;
    })
    .join('');
  return `<path d="${hexagon}" fill="#ffffff" fill-opacity="0.18"/><path d="${hexagon}${diagonals}"/>`;
}

export interface WatermarkPlacement {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Where the mark goes on an output of this size (bottom-right, a margin of half its height). */
export function watermarkPlacement(width: number, height: number): WatermarkPlacement {
  const markHeight = Math.max(18, Math.round(Math.min(width, height) * 0.045));
  const markWidth = Math.round((markHeight * UNITS.width) / UNITS.height);
  const margin = Math.max(6, Math.round(markHeight * 0.5));
  return {
    width: Math.min(markWidth, width),
    height: Math.min(markHeight, height),
    left: Math.max(0, width - markWidth - margin),
    top: Math.max(0, height - markHeight - margin),
  };
}

function svg(width: number, height: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${UNITS.width} ${UNITS.height}">
<rect x="0.5" y="0.5" width="${UNITS.width - 1}" height="${UNITS.height - 1}" rx="6" fill="#0b0b12" fill-opacity="0.45"/>
<g fill="none" stroke="#ffffff" stroke-opacity="0.94" stroke-width="1.5" stroke-linecap="round" stroke-linejoin="round">
${emblem(9.5, 10, 4.9)}
<g transform="translate(17.5 5)"><path d="${GLYPHS}"/></g>
</g>
<circle cx="44.7" cy="6.1" r="0.95" fill="#ffffff" fill-opacity="0.94"/>
</svg>`;
}

export interface WatermarkOverlay extends WatermarkPlacement {
  /** Straight-alpha RGBA pixels of the mark, `width × height`. */
  rgba: Buffer;
}

const overlays = new Map<string, Promise<WatermarkOverlay>>();

/** The rasterised mark for an output of this size (cached per size). */
export function watermarkOverlay(width: number, height: number): Promise<WatermarkOverlay> {
  const key = `${width}x${height}`;
  let overlay = overlays.get(key);
  if (!overlay) {
    const placement = watermarkPlacement(width, height);
    overlay = sharp(Buffer.from(svg(placement.width, placement.height)))
      .resize(placement.width, placement.height, { fit: 'fill' })
      .ensureAlpha()
      .raw()
      .toBuffer()
      .then((rgba) => ({ ...placement, rgba }));
    if (overlays.size > 32) overlays.clear();
    overlays.set(key, overlay);
  }
  return overlay;
}

/** Blends the mark into one RGBA frame in place (the Sketch renderer does this to every video frame). */
export function blendWatermark(
  frame: Uint8Array,
  frameWidth: number,
  frameHeight: number,
  overlay: WatermarkOverlay,
): void {
  for (let y = 0; y < overlay.height; y++) {
    const fy = overlay.top + y;
    if (fy < 0 || fy >= frameHeight) continue;
    for (let x = 0; x < overlay.width; x++) {
      const fx = overlay.left + x;
      if (fx < 0 || fx >= frameWidth) continue;
      const o = (y * overlay.width + x) * 4;
      const alpha = (overlay.rgba[o + 3] ?? 0) / 255;
      if (alpha === 0) continue;
      const f = (fy * frameWidth + fx) * 4;
      for (let c = 0; c < 3; c++) {
        const under = frame[f + c] ?? 0;
        frame[f + c] = Math.round((overlay.rgba[o + c] ?? 0) * alpha + under * (1 - alpha));
      }
    }
  }
}

/** An image (PNG, WebP or JPEG) with the mark, in the same format. */
export async function watermarkImage(data: Buffer, contentType: string): Promise<Buffer> {
  const image = sharp(data);
  const { width, height } = await image.metadata();
  if (!width || !height) throw new Error('watermark: the image has no size');
  const overlay = await watermarkOverlay(width, height);
  const marked = image.composite([
    {
      input: overlay.rgba,
      raw: { width: overlay.width, height: overlay.height, channels: 4 },
      left: overlay.left,
      top: overlay.top,
    },
  ]);
  if (contentType === 'image/jpeg') return marked.jpeg({ quality: 92 }).toBuffer();
  if (contentType === 'image/webp') return marked.webp({ quality: 92 }).toBuffer();
  return marked.png().toBuffer();
}

function run(file: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(file, args, { timeout: 10 * 60_000, maxBuffer: 4 << 20 }, (error, _stdout, stderr) => {
      if (error) reject(new Error(`ffmpeg failed: ${String(stderr).slice(-500) || error.message}`));
      else resolve();
    });
  });
}

/** An MP4 (or WebM) re-encoded as H.264 MP4 with the mark on every frame, by ffmpeg's overlay filter. */
async function watermarkVideo(
  data: Buffer,
  size: { width: number; height: number },
  ffmpegPath?: string,
): Promise<Buffer> {
  const file = ffmpegCandidate(ffmpegPath);
  if (!file || !(await probeFfmpeg(file))) throw new Error('No ffmpeg with libx264 to mark the video');
  const overlay = await watermarkOverlay(size.width, size.height);
  const dir = await mkdtemp(path.join(tmpdir(), 'kaleido-mark-'));
  try {
    const input = path.join(dir, `in-${randomUUID()}`);
    const mark = path.join(dir, 'mark.png');
    const output = path.join(dir, 'out.mp4');
    await writeFile(input, data);
    await sharp(overlay.rgba, { raw: { width: overlay.width, height: overlay.height, channels: 4 } })
      .png()
      .toFile(mark);
    await run(file, [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-i',
      input,
      '-i',
      mark,
      '-filter_complex',
      `[0:v][1:v]overlay=${overlay.left}:${overlay.top}:format=auto,format=yuv420p[v]`,
      '-map',
      '[v]',
      '-map',
      '0:a?',
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '20',
      '-c:a',
      'copy',
      '-movflags',
      '+faststart',
      output,
    ]);
    return await readFile(output);
  } finally {
    await rm(dir, { recursive: true, force: true }).catch(() => undefined);
  }
}

export const WATERMARK_FAILED_MESSAGE =
  'The free-plan mark could not be added to this video, so it was not delivered. Your credits were refunded.';

/**
 * Marks a provider's output that is not marked yet: the image, or every frame of the video (and its
 * poster). A video that cannot be marked (no ffmpeg, undecodable bytes) fails the job, refunded,
 * rather than delivering an unmarked Free-plan output.
 */
export async function applyWatermark(
  output: GenerationOutput,
  ffmpegPath?: string,
): Promise<GenerationOutput> {
  if (output.watermarked) return output;
  if (output.contentType === 'model/gltf-binary') {
    // A 3D object has no picture to mark: its still (the thumbnail's source) carries the mark.
    const poster = output.poster ? await watermarkImage(output.poster, 'image/png') : undefined;
    return { ...output, poster, watermarked: true };
  }
  if (output.contentType.startsWith('image/')) {
    return { ...output, data: await watermarkImage(output.data, output.contentType), watermarked: true };
  }
  let data: Buffer;
  try {
    data = await watermarkVideo(output.data, output, ffmpegPath);
  } catch (error) {
    throw new ProviderError('internal', `watermark: ${(error as Error).message}`, {
      userMessage: WATERMARK_FAILED_MESSAGE,
      cause: error,
    });
  }
  return {
    ...output,
    data,
    contentType: 'video/mp4',
    poster: output.poster ? await watermarkImage(output.poster, 'image/png') : undefined,
    watermarked: true,
  };
}
