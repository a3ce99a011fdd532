import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Downloaded } from './http.js';
import { type GenerationOutput, type GenerationRequest, ProviderError } from './provider.js';
import { ffmpegCandidate } from './sketch/video-encode.js';

type OutputType = GenerationOutput['contentType'];

const IMAGE_TYPES: Record<string, OutputType> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

/** The content type of a downloaded file from its bytes (providers' headers are often generic). */
export function sniffContentType(data: Buffer): OutputType | null {
  if (data.subarray(1, 4).toString('latin1') === 'PNG') return 'image/png';
  if (data[0] === 0xff && data[1] === 0xd8) return 'image/jpeg';
  if (data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'image/webp';
  if (data.subarray(4, 8).toString('latin1') === 'ftyp') return 'video/mp4';
  if (data[0] === 0x1a && data[1] === 0x45 && data[2] === 0xdf && data[3] === 0xa3) return 'video/webm';
  return null;
}

/**
 * Width, height, duration and frame rate from an MP4's boxes (no decoder needed): `tkhd` of the video
 * track, `mvhd`, and that track's `mdhd` timescale over its `stts` sample delta.
 */
export function probeMp4(
  data: Buffer,
): { width: number; height: number; durationSeconds?: number; fps?: number } | null {
  let width = 0;
  let height = 0;
  let track = -1;
  for (let at = data.indexOf('tkhd'); at > 4 && !width; at = data.indexOf('tkhd', at + 4)) {
    track = at;
    const version = data[at + 4];
    const start = at + 8 + (version === 1 ? 32 : 20) + 52;
    if (start + 8 > data.length) break;
    width = Math.round(data.readUInt32BE(start) / 65536);
    height = Math.round(data.readUInt32BE(start + 4) / 65536);
  }
  if (!width || !height) return null;
  let durationSeconds: number | undefined;
  const mvhd = data.indexOf('mvhd');
  if (mvhd > 4) {
    const version = data[mvhd + 4];
    const base = mvhd + 8 + (version === 1 ? 16 : 8);
    if (base + (version === 1 ? 12 : 8) <= data.length) {
      const scale = data.readUInt32BE(base);
      const duration = version === 1 ? Number(data.readBigUInt64BE(base + 4)) : data.readUInt32BE(base + 4);
      if (scale > 0) durationSeconds = Math.round((duration / scale) * 100) / 100;
    }
  }
  let fps: number | undefined;
  const mdhd = data.indexOf('mdhd', track);
  const stts = data.indexOf('stts', track);
  if (mdhd > 0 && stts > 0) {
    const version = data[mdhd + 4];
    const scaleAt = mdhd + 8 + (version === 1 ? 16 : 8);
    if (scaleAt + 4 <= data.length && stts + 20 <= data.length) {
      const scale = data.readUInt32BE(scaleAt);
      const entries = data.readUInt32BE(stts + 8);
      const delta = data.readUInt32BE(stts + 16);
      if (entries >= 1 && delta > 0 && scale > 0) fps = Math.round((scale / delta) * 100) / 100;
    }
  }
  return { width, height, durationSeconds, ...(fps ? { fps } : {}) };
}

/** A first frame of a video as PNG through ffmpeg, when ffmpeg is present; otherwise undefined. */
export async function videoPoster(data: Buffer, extension: 'mp4' | 'webm'): Promise<Buffer | undefined> {
  const ffmpeg = ffmpegCandidate();
  if (!ffmpeg) return undefined;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'kaleido-poster-'));
  try {
    const input = path.join(dir, `in.${extension}`);
    const output = path.join(dir, 'poster.png');
    await writeFile(input, data);
    await new Promise<void>((resolve, reject) => {
      execFile(
        ffmpeg,
        ['-v', 'error', '-y', '-i', input, '-frames:v', '1', output],
        { timeout: 20_000 },
        (error) => (error ? reject(error) : resolve()),
      );
    });
    return await readFile(output);
  } catch {
    return undefined;
  } finally {
    await rm(dir, { recursive: true, force: true }).catch(() => undefined);
  }
}

/**
 * Turns a downloaded file into a GenerationOutput with honest figures: the real image size (read from
 * the file), the real video size and length where the container says, and a poster for thumbnails.
 */
export async function toOutput(
  file: Downloaded,
  request: GenerationRequest,
  meta: {
    model: string;
    provider: string;
    seed?: number;
    poster?: Buffer;
    details?: Record<string, unknown>;
  },
): Promise<GenerationOutput> {
  const contentType = sniffContentType(file.data);
  const seed = meta.seed ?? request.seed;
  if (request.kind === 'image') {
    if (!contentType?.startsWith('image/')) {
      throw new ProviderError('internal', `${meta.provider} returned ${file.contentType}, not an image`);
    }
    const info = await sharp(file.data).metadata();
    const type = IMAGE_TYPES[info.format ?? ''] ?? contentType;
    return {
      data: file.data,
      contentType: type,
      width: info.width ?? request.width,
      height: info.height ?? request.height,
      seed,
      model: meta.model,
      details: meta.details,
    };
  }
  if (contentType !== 'video/mp4' && contentType !== 'video/webm') {
    throw new ProviderError('internal', `${meta.provider} returned ${file.contentType}, not a video`);
  }
  const probed = contentType === 'video/mp4' ? probeMp4(file.data) : null;
  const poster = (await videoPoster(file.data, contentType === 'video/mp4' ? 'mp4' : 'webm')) ?? meta.poster;
  return {
    data: file.data,
    contentType,
    width: probed?.width ?? request.width,
    height: probed?.height ?? request.height,
    durationSeconds: probed?.durationSeconds ?? request.durationSeconds,
    fps: probed?.fps ?? request.fps,
    seed,
    model: meta.model,
    poster,
    details: meta.details,
  };
}
