import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  IMAGE_DEFAULTS,
  type TAssetSettings,
  TOOL_MESSAGES,
  type TPlanId,
  VIDEO_DEFAULTS,
} from '@kaleido/common';
import sharp from 'sharp';
import type { Clock } from '../../platform/clock.js';
import { AppError } from '../../platform/http/app-error.js';
import type { FileStore } from '../../platform/storage/file-store.js';
import { ffmpegCandidate } from '../../providers/sketch/video-encode.js';
import { makeThumbnail } from '../generations/media.js';
import type { AssetRow, AssetsRepository } from '../library/assets.repository.js';
import { probeAudio, probeVideo, runFfmpeg, type SniffedType, sniff, sniffFile } from './media-probe.js';
import type { UploadLimits } from './upload-limits.js';

const MB = 1024 * 1024;

/** A file as it arrives: its bytes (streamed) and the name the person gave it (only for the title). */
export interface IncomingFile {
  stream: Readable;
  filename: string;
}

/**
 * A byte counter that stops the stream once it passes the limit of the file's kind, told by its first
 * bytes (413, or 415 for what no kind matches): nothing larger reaches the disk.
 */
function byteLimit(
  limitOf: (type: SniffedType | null) => number,
  refuse: (type: SniffedType | null) => Error,
): Transform {
  let seen = 0;
  let head: Buffer | null = Buffer.alloc(0);
  let max = Number.POSITIVE_INFINITY;
  let type: SniffedType | null = null;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (head) {
        head = Buffer.concat([head, chunk]);
        if (head.length >= 64) {
          type = sniff(head.subarray(0, 64));
          head = null;
          if (!type) return callback(refuse(null));
          max = limitOf(type);
        }
      }
      if (seen > max) callback(refuse(type));
      else callback(null, chunk);
    },
  });
}

/** "4:3" from 1600×1200 (the asset's settings carry one, like a generation's). */
function aspectRatioOf(width: number, height: number): string {
  const gcd = (a: number, b: number): number => (b ? gcd(b, a % b) : a);
  const d = gcd(width, height) || 1;
  return `${width / d}:${height / d}`;
}

/** The title of an upload: its file name without the extension, for the library and its search. */
function titleOf(filename: string): string {
  const base = filename.replace(/^.*[\\/]/, '').replace(/\.[^.]*$/, '');
  return base
    .replace(/[\p{Cc}]/gu, '')
    .trim()
    .slice(0, 200);
}

/**
 * Uploads (issue 16): a person's own images, videos and audio (for lipsync), checked by content, stripped of metadata,
 * counted against the plan's storage quota and kept in the library as `uploaded` assets. The file is
 * streamed to a temporary folder (never held whole in memory), checked, re-encoded there and only
 * then stored; a refused or half-sent file leaves nothing behind.
 */
export function createUploadsService(deps: {
  store: FileStore;
  assets: AssetsRepository;
  clock: Clock;
  limits: UploadLimits;
  /** The account's plan (its storage quota). */
  planOf(userId: string): Promise<TPlanId>;
  /** Overrides FFMPEG_PATH / the bundled ffmpeg (tests). */
  ffmpegPath?: string;
}) {
  const { limits } = deps;
  const limitOf = (type: SniffedType | null) =>
    type ? limits[type.kind].maxBytes : Number.POSITIVE_INFINITY;
  const tooLarge = (kind: 'image' | 'video' | 'audio', maxBytes: number) =>
    new AppError('PAYLOAD_TOO_LARGE', {
      id: TOOL_MESSAGES.uploadTooLarge,
      values: { kind, maxMegabytes: Math.round(maxBytes / MB) },
    });
  const unsupported = () => new AppError('UNSUPPORTED_MEDIA_TYPE', TOOL_MESSAGES.uploadUnsupported);
  const corrupt = () => new AppError('BAD_REQUEST', TOOL_MESSAGES.uploadCorrupt);

  async function quota(userId: string): Promise<{ usedBytes: number; limitBytes: number }> {
    const [usedBytes, plan] = await Promise.all([deps.assets.storageUsed(userId), deps.planOf(userId)]);
    return { usedBytes, limitBytes: limits.storageQuotas[plan] };
  }

  /** Decodes the whole image and writes it again without metadata (orientation applied first). */
  async function reencodeImage(
    file: string,
    type: Extract<SniffedType, { kind: 'image' }>,
    dir: string,
  ): Promise<{ file: string; contentType: string; width: number; height: number }> {
    const meta = await sharp(file, { limitInputPixels: false })
      .metadata()
      .catch(() => null);
    if (!meta?.width || !meta.height) throw corrupt();
    if (meta.width * meta.height > limits.image.maxPixels) {
      throw new AppError('BAD_REQUEST', {
        id: TOOL_MESSAGES.uploadTooManyPixels,
        values: { maxMegapixels: Math.round(limits.image.maxPixels / 1_000_000) },
      });
    }
    // Animated images keep their first frame only; a truncated file fails the decode (400).
    const pipeline = sharp(file, { failOn: 'truncated', limitInputPixels: limits.image.maxPixels }).rotate();
    const out =
      type.format === 'jpeg'
        ? { image: pipeline.jpeg({ quality: 92, mozjpeg: true }), contentType: 'image/jpeg', ext: 'jpg' }
        : type.format === 'webp'
          ? { image: pipeline.webp({ quality: 92 }), contentType: 'image/webp', ext: 'webp' }
          : { image: pipeline.png({ compressionLevel: 8 }), contentType: 'image/png', ext: 'png' };
    const target = join(dir, `clean.${out.ext}`);
    const info = await out.image.toFile(target).catch(() => {
      throw corrupt();
    });
    return { file: target, contentType: out.contentType, width: info.width, height: info.height };
  }

  /** Remuxes the video (no re-encode) without metadata, chapters or extra streams; checks its limits. */
  async function remuxVideo(
    file: string,
    type: Extract<SniffedType, { kind: 'video' }>,
    dir: string,
  ): Promise<{
    file: string;
    contentType: string;
    width: number;
    height: number;
    durationSeconds: number;
    fps: number;
    poster: Buffer | null;
  }> {
    const ffmpeg = ffmpegCandidate(deps.ffmpegPath);
    if (!ffmpeg) throw unsupported();
    const probe = await probeVideo(ffmpeg, file);
    const container = type.format === 'webm' ? 'matroska' : 'mov';
    if (!probe?.container.includes(container) || !(probe.durationSeconds > 0)) throw corrupt();
    if (probe.durationSeconds > limits.video.maxDurationSeconds) {
      throw new AppError('PAYLOAD_TOO_LARGE', {
        id: TOOL_MESSAGES.uploadTooLong,
        values: { maxSeconds: limits.video.maxDurationSeconds },
      });
    }
    const webm = type.format === 'webm';
    const target = join(dir, webm ? 'clean.webm' : 'clean.mp4');
    const remux = await runFfmpeg(ffmpeg, [
      '-hide_banner',
      '-nostdin',
      '-v',
      'error',
      '-xerror',
      '-i',
      file,
      '-map',
      '0:v:0',
      '-map',
      '0:a:0?',
      '-c',
      'copy',
      '-map_metadata',
      '-1',
      '-map_chapters',
      '-1',
      ...(webm ? ['-f', 'webm'] : ['-movflags', '+faststart', '-f', 'mp4']),
      target,
    ]);
    if (remux.code !== 0) throw corrupt();
    const posterFile = join(dir, 'poster.png');
    const still = await runFfmpeg(ffmpeg, [
      '-hide_banner',
      '-nostdin',
      '-v',
      'error',
      '-i',
      target,
      '-frames:v',
      '1',
      '-f',
      'image2',
      posterFile,
    ]);
    return {
      file: target,
      contentType: webm ? 'video/webm' : 'video/mp4',
      width: probe.width,
      height: probe.height,
      durationSeconds: Math.round(probe.durationSeconds * 1000) / 1000,
      fps: probe.fps || VIDEO_DEFAULTS.frameRate,
      poster: still.code === 0 ? await readFile(posterFile).catch(() => null) : null,
    };
  }

  /**
   * Checks an audio file by decoding it whole (a truncated or damaged one fails), then remuxes its
   * first audio stream without metadata, chapters or cover art: the same container and codec when
   * that works, else AAC in M4A.
   */
  async function cleanAudio(
    file: string,
    type: Extract<SniffedType, { kind: 'audio' }>,
    dir: string,
  ): Promise<{
    file: string;
    contentType: string;
    durationSeconds: number;
    codec: string;
    sampleRate: number;
    channels: number;
  }> {
    const ffmpeg = ffmpegCandidate(deps.ffmpegPath);
    if (!ffmpeg) throw unsupported();
    const probe = await probeAudio(ffmpeg, file);
    const container = { wav: 'wav', mp3: 'mp3', m4a: 'm4a' }[type.format];
    if (!probe?.container.split(',').includes(container) || !(probe.durationSeconds > 0)) throw corrupt();
    if (probe.durationSeconds > limits.audio.maxDurationSeconds) {
      throw new AppError('PAYLOAD_TOO_LARGE', {
        id: TOOL_MESSAGES.uploadTooLong,
        values: { maxSeconds: limits.audio.maxDurationSeconds },
      });
    }
    const quiet = ['-hide_banner', '-nostdin', '-v', 'error', '-xerror'];
    const decoded = await runFfmpeg(ffmpeg, [...quiet, '-i', file, '-map', '0:a:0', '-f', 'null', '-']);
    if (decoded.code !== 0) throw corrupt();
    const strip = ['-map', '0:a:0', '-map_metadata', '-1', '-map_chapters', '-1', '-fflags', '+bitexact'];
    const kept = {
      wav: { ext: 'wav', contentType: 'audio/wav', format: ['-f', 'wav'] },
      mp3: { ext: 'mp3', contentType: 'audio/mpeg', format: ['-id3v2_version', '0', '-f', 'mp3'] },
      m4a: { ext: 'm4a', contentType: 'audio/mp4', format: ['-movflags', '+faststart', '-f', 'ipod'] },
    }[type.format];
    let target = join(dir, `clean.${kept.ext}`);
    let contentType = kept.contentType;
    let codec = probe.codec;
    const copied = await runFfmpeg(ffmpeg, [
      ...quiet,
      '-i',
      file,
      ...strip,
      '-c:a',
      'copy',
      ...kept.format,
      target,
    ]);
    if (copied.code !== 0) {
      target = join(dir, 'clean-aac.m4a');
      contentType = 'audio/mp4';
      codec = 'aac';
      const aac = ['-c:a', 'aac', '-b:a', '192k', '-movflags', '+faststart', '-f', 'ipod'];
      const encoded = await runFfmpeg(ffmpeg, [...quiet, '-i', file, ...strip, ...aac, target]);
      if (encoded.code !== 0) throw corrupt();
    }
    return {
      file: target,
      contentType,
      durationSeconds: Math.round(probe.durationSeconds * 1000) / 1000,
      codec,
      sampleRate: probe.sampleRate,
      channels: probe.channels,
    };
  }

  /** The file name extension of a stored original, from its content type. */
  const extensionOf = (contentType: string) =>
    ({ 'image/jpeg': 'jpg', 'audio/mpeg': 'mp3', 'audio/mp4': 'm4a' })[contentType] ??
    contentType.split('/')[1];

  return {
    quota,

    /** Receives, checks, cleans and stores one upload; answers the new asset (in the library). */
    async upload(userId: string, incoming: IncomingFile): Promise<AssetRow> {
      const dir = await mkdtemp(join(tmpdir(), 'kaleido-upload-'));
      try {
        const received = join(dir, 'received');
        await pipeline(
          incoming.stream,
          byteLimit(limitOf, (type) => (type ? tooLarge(type.kind, limitOf(type)) : unsupported())),
          createWriteStream(received),
        );
        const { size } = await stat(received);
        if (size === 0) throw new AppError('BAD_REQUEST', TOOL_MESSAGES.uploadMissing);
        const type = await sniffFile(received);
        if (!type) throw unsupported();
        const maxBytes = limits[type.kind].maxBytes;
        if (size > maxBytes) throw tooLarge(type.kind, maxBytes);

        const clean =
          type.kind === 'image'
            ? {
                ...(await reencodeImage(received, type, dir)),
                durationSeconds: null,
                fps: null,
                poster: null,
                audio: null,
              }
            : type.kind === 'video'
              ? { ...(await remuxVideo(received, type, dir)), audio: null }
              : await cleanAudio(received, type, dir).then((audio) => ({
                  file: audio.file,
                  contentType: audio.contentType,
                  width: 0,
                  height: 0,
                  durationSeconds: audio.durationSeconds,
                  fps: null,
                  poster: null,
                  audio,
                }));
        const cleanSize = (await stat(clean.file)).size;
        const { usedBytes, limitBytes } = await quota(userId);
        if (usedBytes + cleanSize > limitBytes) {
          throw new AppError(
            'PAYLOAD_TOO_LARGE',
            {
              id: TOOL_MESSAGES.storageFull,
              values: { limit: `${Math.round(limitBytes / MB)} MB` },
            },
            { details: { usedBytes, limitBytes } },
          );
        }

        const assetId = randomUUID();
        const base = `users/${userId}/${assetId}/`;
        const fileKey = `${base}original.${extensionOf(clean.contentType)}`;
        const thumbnailKey = `${base}thumbnail.webp`;
        const size2d = { width: clean.width, height: clean.height };
        const common = {
          style: IMAGE_DEFAULTS.style,
          aspectRatio: aspectRatioOf(clean.width, clean.height),
          resolution: `${clean.width}x${clean.height}`,
          ...size2d,
        };
        const settings: TAssetSettings = clean.audio
          ? {
              kind: 'audio',
              durationSeconds: clean.audio.durationSeconds,
              codec: clean.audio.codec,
              sampleRate: clean.audio.sampleRate,
              channels: clean.audio.channels,
            }
          : type.kind === 'image'
            ? {
                kind: 'image',
                ...common,
                imageStyle: IMAGE_DEFAULTS.imageStyle,
                quality: IMAGE_DEFAULTS.quality,
              }
            : {
                kind: 'video',
                ...common,
                duration: clean.durationSeconds ?? 0,
                frameRate: clean.fps ?? VIDEO_DEFAULTS.frameRate,
                durationSeconds: clean.durationSeconds ?? 0,
                fps: clean.fps ?? VIDEO_DEFAULTS.frameRate,
              };
        try {
          await deps.store.putFile(fileKey, clean.file, clean.contentType);
          const still = type.kind === 'image' ? await readFile(clean.file) : clean.poster;
          if (still) await deps.store.put(thumbnailKey, await makeThumbnail(still), 'image/webp');
          const row = {
            id: assetId,
            user_id: userId,
            generation_id: null,
            kind: type.kind,
            prompt: titleOf(incoming.filename),
            settings,
            file_key: fileKey,
            thumbnail_key: still ? thumbnailKey : null,
            content_type: clean.contentType,
            size_bytes: cleanSize,
            ...size2d,
            duration_seconds: clean.durationSeconds,
            fps: clean.fps,
            seed: 0,
            provider: 'upload',
            model: 'upload',
            created_at: deps.clock.now().toISOString(),
            saved: 1,
            origin: 'uploaded' as const,
            tool: null,
          };
          await deps.assets.insert(row);
          const stored = await deps.assets.find(assetId);
          if (!stored) throw new Error('the upload was not stored');
          return stored;
        } catch (error) {
          await deps.store.deletePrefix(base).catch(() => undefined);
          throw error;
        }
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
