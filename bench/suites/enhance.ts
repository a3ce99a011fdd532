import { spawn } from 'node:child_process';
import path from 'node:path';
import sharp from 'sharp';
import { enhanceImage } from '../../server/src/providers/enhance/engine.js';
import { type BenchRow, type BenchSuite, repoRoot } from '../lib.js';

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

async function timed(runs: number, work: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return median(times);
}

/** A photo-like 512² test card: gradients, hard edges, fine text. */
async function card(side: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}">
    <defs><linearGradient id="g"><stop offset="0" stop-color="#f80"/><stop offset="1" stop-color="#08f"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${side * 0.45}" cy="${side * 0.45}" r="${side / 4}" fill="#fff" stroke="#222" stroke-width="6"/>
    <text x="10" y="${side - 20}" font-size="${side / 10}" fill="#111">Kaleido enhance</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Runs the 2048² → 8192² job in a fresh process and reads its peak RSS (all threads). */
function peakJob(): Promise<{ ms: number; maxRssMb: number; width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'bench/enhance-peak.ts')], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      out += chunk;
    });
    child.once('error', reject);
    child.once('close', (code) => {
      if (code !== 0) return reject(new Error(`enhance-peak exited with ${code}`));
      resolve(JSON.parse(out.trim().split('\n').at(-1) ?? '{}'));
    });
  });
}

const hooks = (): { signal: AbortSignal; onProgress: () => void } => ({
  signal: new AbortController().signal,
  onProgress: () => undefined,
});

/**
 * The offline Enhancer: neural ×4 (ESRGAN slim, WASM, tiled) of a 512² image on this thread beside an
 * in-run baseline of sharp's Lanczos ×4 of the same image (both to PNG), and the peak memory of a
 * 2048² → 8192² job measured in a separate process.
 */
export const enhanceSuite: BenchSuite = {
  name: 'enhance',
  description:
    'Offline Enhancer: neural ×4 of a 512² image (ESRGAN slim on tfjs WASM, 128 px tiles) vs sharp Lanczos ×4 of the same image in the same run (ms, PNG out); peak RSS of a 2048² → 8192² ×4 job (fresh process, worker thread included; target < 1.5 GB).',
  async run() {
    const input = await card(512);
    // Warm-up: WASM backend, model load, sharp.
    await enhanceImage(await card(64), { scale: 4, quality: 'fast', ...hooks() });
    const lanczos = await timed(5, () =>
      sharp(input).resize(2048, 2048, { kernel: 'lanczos3' }).png({ compressionLevel: 6 }).toBuffer(),
    );
    const neural = await timed(1, () => enhanceImage(input, { scale: 4, quality: 'fast', ...hooks() }));
    const peak = await peakJob();
    const rows: BenchRow[] = [
      {
        name: 'baseline: sharp Lanczos ×4 of a 512² image (512² → 2048², PNG)',
        value: lanczos,
        unit: 'ms',
        higherIsBetter: false,
      },
      {
        name: 'neural ×4 of a 512² image (ESRGAN slim, 512² → 2048², PNG)',
        value: neural,
        unit: 'ms',
        higherIsBetter: false,
        extra: { ratio: `${(neural / lanczos).toFixed(0)}× the Lanczos baseline` },
      },
      {
        name: 'peak RSS of a 2048² → 8192² ×4 job (ESRGAN slim)',
        value: peak.maxRssMb,
        unit: 'MB',
        higherIsBetter: false,
        extra: { 'job time': `${(peak.ms / 1000).toFixed(0)} s`, output: `${peak.width}×${peak.height}` },
      },
    ];
    return rows;
  },
};
