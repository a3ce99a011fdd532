import sharp from 'sharp';
import type { GenerationRequest } from '../../server/src/providers/provider.js';
import { runSketchJob } from '../../server/src/providers/sketch/job.js';
import { openVideoEncoder } from '../../server/src/providers/sketch/video-encode.js';
import type { BenchRow, BenchSuite } from '../lib.js';

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

/**
 * Wall time of `work`, and the CPU time of this process over it (the renderer without ffmpeg): on a
 * shared machine the wall time follows the load, the CPU time much less.
 */
async function timed(
  runs: number,
  work: () => Promise<unknown>,
): Promise<{ median: number; min: number; max: number; cpu: number }> {
  const times: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    await work();
    times.push(performance.now() - started);
    const used = process.cpuUsage(cpuStarted);
    cpu.push((used.user + used.system) / 1000);
  }
  return { median: median(times), min: Math.min(...times), max: Math.max(...times), cpu: median(cpu) };
}

const cpuOf = (t: { cpu: number }): string => `${Math.round(t.cpu)} ms (this process, ffmpeg not included)`;

const hooks = { signal: new AbortController().signal, report: () => undefined };
const options = { videoEncoder: 'auto' as const };

function image(prompt: string, style: string, quality: 'standard' | 'high' = 'standard'): GenerationRequest {
  return {
    kind: 'image',
    prompt,
    model: 'sketch-1',
    seed: 1,
    width: 1024,
    height: 1024,
    aspectRatio: '1:1',
    style,
    imageStyle: 'default',
    quality,
  };
}

const spread = (t: { min: number; max: number }): string => `${Math.round(t.min)}–${Math.round(t.max)} ms`;
const ratio = (value: number, baseline: number, label: string): string =>
  `${(value / baseline).toFixed(1)}× ${label}`;

/**
 * Sketch render+encode times on this thread (no worker start-up), each beside an in-run baseline
 * of the bare encoder: sharp writing a grainy 1024² gradient as PNG, ffmpeg encoding 5 s of one static 720p frame.
 */
export const sketchSuite: BenchSuite = {
  name: 'sketch',
  description:
    'Sketch render+encode (ms, median) vs in-run encoder-only baselines: sharp PNG of a grainy 1024² gradient; ffmpeg x264 of 5 s of one static 720p frame.',
  async run() {
    // Warm-up: native modules, fonts, JIT.
    await runSketchJob(image('warm up', 'realistic'), options, hooks);

    // Encoder-only baseline: a sky-like gradient with the same light film grain the realistic style adds
    // (a flat frame compresses to nothing in 2 ms and would flatter nobody).
    const still = Buffer.alloc(1024 * 1024 * 4);
    let noise = 12345;
    for (let i = 0; i < still.length; i += 4) {
      noise = (Math.imul(noise, 1103515245) + 12345) >>> 0;
      const grain = ((noise >>> 24) - 128) / 25;
      const y = Math.floor(i / 4 / 1024);
      still[i] = 60 + y / 8 + grain;
      still[i + 1] = 110 + y / 12 + grain;
      still[i + 2] = 200 - y / 10 + grain;
      still[i + 3] = 255;
    }
    const png = await timed(7, () =>
      sharp(still, { raw: { width: 1024, height: 1024, channels: 4 } })
        .png()
        .toBuffer(),
    );
    const sketchImage = await timed(5, () =>
      runSketchJob(image('golden sunset over the mountains', 'realistic'), options, hooks),
    );
    const sketchOil = await timed(3, () =>
      runSketchJob(image('misty pine forest', 'oil-painting'), options, hooks),
    );

    const frame = Buffer.alloc(1280 * 720 * 4);
    for (let i = 0; i < frame.length; i += 4) {
      const y = Math.floor(i / 4 / 1280);
      frame[i] = 40 + y / 6;
      frame[i + 1] = 80;
      frame[i + 2] = 160 - y / 8;
      frame[i + 3] = 255;
    }
    let encoderName = '';
    const staticVideo = await timed(3, async () => {
      const encoder = await openVideoEncoder({ width: 1280, height: 720, fps: 24, preference: 'auto' });
      encoderName = encoder.name;
      for (let i = 0; i < 120; i++) await encoder.write(frame);
      await encoder.finish();
    });
    const video: GenerationRequest = {
      kind: 'video',
      prompt: 'sunset over the ocean',
      model: 'sketch-1',
      seed: 1,
      width: 1280,
      height: 720,
      aspectRatio: '16:9',
      style: 'cinematic',
      durationSeconds: 5,
      fps: 24,
    };
    const sketchVideo = await timed(3, () => runSketchJob(video, options, hooks));
    // The targets: an 8 s 1080p clip within 1.5× real time, a 1024² original of about 1 MB.
    const fullHd: GenerationRequest = {
      ...video,
      prompt: 'a dragon flying over a castle at sunset',
      width: 1920,
      height: 1080,
      durationSeconds: 8,
    };
    let fullHdBytes = 0;
    let fullHdDrawn = '';
    const sketchFullHd = await timed(2, async () => {
      const out = await runSketchJob(fullHd, options, hooks);
      fullHdBytes = out.data.length;
      fullHdDrawn = String(out.details?.renderSize ?? '');
    });
    const sizes: number[] = [];
    for (const [prompt, style] of [
      ['golden sunset over the mountains', 'photographic'],
      ['misty pine forest', 'realistic'],
      ['a bowl of ramen', 'photographic'],
      ['a dragon flying over a castle', 'digital-art'],
    ] as const) {
      const out = await runSketchJob(image(prompt, style, 'high'), options, hooks);
      sizes.push(out.data.length / 1024);
    }

    const rows: BenchRow[] = [
      {
        name: 'baseline: sharp PNG of a 1024×1024 grainy gradient frame (encode only)',
        value: png.median,
        unit: 'ms',
        higherIsBetter: false,
        extra: { range: spread(png) },
      },
      {
        name: 'Sketch 1024×1024 render+encode time (realistic)',
        value: sketchImage.median,
        unit: 'ms',
        higherIsBetter: false,
        extra: {
          ratio: `${ratio(sketchImage.median, png.median, 'the PNG baseline')} (target ≤ 2.5×)`,
          range: spread(sketchImage),
          'CPU (this process, all threads)': `${Math.round(sketchImage.cpu)} ms`,
        },
      },
      {
        name: 'Sketch 1024×1024 render+encode time (oil-painting, the slowest style)',
        value: sketchOil.median,
        unit: 'ms',
        higherIsBetter: false,
        extra: { ratio: ratio(sketchOil.median, png.median, 'the PNG baseline'), range: spread(sketchOil) },
      },
      {
        name: `baseline: ${encoderName} encoding 5 s of a static 720p frame (120 frames)`,
        value: staticVideo.median,
        unit: 'ms',
        higherIsBetter: false,
        extra: { range: spread(staticVideo) },
      },
      {
        name: '5 s 720p video render+encode time (Sketch, cinematic, 24 fps)',
        value: sketchVideo.median,
        unit: 'ms',
        higherIsBetter: false,
        extra: {
          ratio: ratio(sketchVideo.median, staticVideo.median, 'the static-frame baseline'),
          'vs real time': `${(sketchVideo.median / 5000).toFixed(2)}× (target ≤ 1.0×)`,
          range: spread(sketchVideo),
          'renderer CPU': cpuOf(sketchVideo),
        },
      },
      {
        name: '8 s 1080p video render+encode time (Sketch, cinematic, 24 fps, a dragon over a castle)',
        value: sketchFullHd.median,
        unit: 'ms',
        higherIsBetter: false,
        extra: {
          'vs real time': `${(sketchFullHd.median / 8000).toFixed(2)}× (target ≤ 1.5×)`,
          range: spread(sketchFullHd),
          'renderer CPU': cpuOf(sketchFullHd),
          'frames drawn at': fullHdDrawn,
          // 8 s of video: bits / 8 s / 10⁶.
          'MP4 size': `${Math.round(fullHdBytes / 1024)} KiB (${((fullHdBytes * 8) / 8e6).toFixed(2)} Mbit/s)`,
        },
      },
      {
        name: 'Sketch 1024×1024 PNG size, high quality (median of 4 prompts and styles)',
        value: Math.round(median(sizes)),
        unit: 'KiB',
        higherIsBetter: false,
        extra: { largest: `${Math.round(Math.max(...sizes))} KiB`, target: 'about 1 MB' },
      },
    ];
    return rows;
  },
};
