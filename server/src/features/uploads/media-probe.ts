import { execFile } from 'node:child_process';
import { open } from 'node:fs/promises';

/**
 * What a file is, by its content: the first bytes (magic numbers, ISO-BMFF brands) say the family;
 * sharp (images) and ffmpeg (videos) then read it whole. The name and declared type are never used.
 */
export type SniffedType =
  | { kind: 'image'; format: 'png' | 'jpeg' | 'webp' | 'avif' | 'heif' }
  | { kind: 'video'; format: 'mp4' | 'mov' | 'webm' }
  | { kind: 'audio'; format: 'wav' | 'mp3' | 'm4a' };

const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString('latin1');

/** The type of the file from its first bytes, or null when it is none Kaleido takes. */
export async function sniffFile(file: string): Promise<SniffedType | null> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(64);
    const { bytesRead } = await handle.read(head, 0, 64, 0);
    return sniff(head.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}

export function sniff(head: Buffer): SniffedType | null {
  if (head.length < 12) return null;
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return { kind: 'image', format: 'png' };
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return { kind: 'image', format: 'jpeg' };
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return { kind: 'image', format: 'webp' };
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WAVE') return { kind: 'audio', format: 'wav' };
  if (head.readUInt32BE(0) === 0x1a45dfa3) return { kind: 'video', format: 'webm' };
  if (ascii(head, 0, 3) === 'ID3' || (head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0))
    return { kind: 'audio', format: 'mp3' };
  if (ascii(head, 4, 8) === 'ftyp') {
    const brand = ascii(head, 8, 12);
    if (brand === 'avif' || brand === 'avis') return { kind: 'image', format: 'avif' };
    if (['heic', 'heix', 'hevc', 'heim', 'heis', 'mif1', 'msf1'].includes(brand))
      return { kind: 'image', format: 'heif' };
    if (brand === 'M4A ' || brand === 'M4B ') return { kind: 'audio', format: 'm4a' };
    if (brand === 'qt  ') return { kind: 'video', format: 'mov' };
    return { kind: 'video', format: 'mp4' };
  }
  return null;
}

export interface VideoProbe {
  /** ffmpeg's demuxer names, e.g. "mov,mp4,m4a,3gp,3g2,mj2" or "matroska,webm". */
  container: string;
  durationSeconds: number;
  width: number;
  height: number;
  fps: number;
  hasAudio: boolean;
}

/** Runs ffmpeg and answers its exit code and standard error (it reports the input there). */
export function runFfmpeg(
  ffmpeg: string,
  args: readonly string[],
  timeoutMs = 120_000,
): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    execFile(ffmpeg, [...args], { timeout: timeoutMs, maxBuffer: 8 << 20 }, (error, _stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, stderr: String(stderr) });
    });
  });
}

/**
 * Reads a video's container, duration, size and frame rate with the bundled ffmpeg (the installer
 * ships no ffprobe: `ffmpeg -i` prints the same facts). Null when ffmpeg cannot read it as a video.
 */
export async function probeVideo(ffmpeg: string, file: string): Promise<VideoProbe | null> {
  const { stderr } = await runFfmpeg(ffmpeg, ['-hide_banner', '-nostdin', '-i', file], 30_000);
  const input = /Input #0, ([^,\n]+(?:,[^,\n ]+)*), from/.exec(stderr);
  const duration = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(stderr);
  const video = /Stream #0:\d+[^\n]*: Video: [^\n]*?, (\d{2,5})x(\d{2,5})[^\n]*/.exec(stderr);
  if (!input?.[1] || !duration || !video) return null;
  const fps = /([\d.]+) fps/.exec(video[0]) ?? /([\d.]+) tbr/.exec(video[0]);
  return {
    container: input[1],
    durationSeconds: Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3]),
    width: Number(video[1]),
    height: Number(video[2]),
    fps: fps ? Math.round(Number(fps[1])) : 0,
    hasAudio: /Stream #0:\d+[^\n]*: Audio:/.test(stderr),
  };
}

export interface AudioProbe {
  /** ffmpeg's demuxer names, e.g. "wav", "mp3" or "mov,mp4,m4a,3gp,3g2,mj2". */
  container: string;
  durationSeconds: number;
  /** The first audio stream's codec, e.g. "pcm_s16le", "mp3", "aac". */
  codec: string;
  sampleRate: number;
  channels: number;
}

/** "mono", "stereo", "5.1", "6 channels" as a channel count (0 when ffmpeg says something else). */
function channelCount(layout: string): number {
  if (layout === 'mono') return 1;
  if (layout === 'stereo') return 2;
  const counted = /^(\d+) channels/.exec(layout);
  if (counted) return Number(counted[1]);
  const surround = /^(\d+)\.(\d+)/.exec(layout);
  return surround ? Number(surround[1]) + Number(surround[2]) : 0;
}

/** Reads an audio file's container, duration and first audio stream with `ffmpeg -i`; null when it has none. */
export async function probeAudio(ffmpeg: string, file: string): Promise<AudioProbe | null> {
  const { stderr } = await runFfmpeg(ffmpeg, ['-hide_banner', '-nostdin', '-i', file], 30_000);
  const input = /Input #0, ([^,\n]+(?:,[^,\n ]+)*), from/.exec(stderr);
  const duration = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(stderr);
  const audio = /Stream #0:\d+[^\n]*: Audio: ([\w-]+)[^\n]*?, (\d+) Hz, ([^,\n]+)/.exec(stderr);
  if (!input?.[1] || !duration || !audio?.[1]) return null;
  return {
    container: input[1],
    durationSeconds: Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3]),
    codec: audio[1],
    sampleRate: Number(audio[2]),
    channels: channelCount(audio[3]?.trim() ?? ''),
  };
}
