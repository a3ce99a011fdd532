// Child process of the `enhance` bench suite: one 2048² → 8192² ×4 Enhancer job through the public
// API (worker thread included), then prints the process's peak resident memory as JSON.
import sharp from 'sharp';
import { closeEnhancer, upscaleImage } from '../server/src/providers/enhance/index.js';

const side = Number(process.argv[2] ?? 2048);
const quality = (process.argv[3] ?? 'fast') as 'fast' | 'balanced' | 'best';
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}">
  <defs><radialGradient id="g"><stop offset="0" stop-color="#fc6"/><stop offset="1" stop-color="#236"/></radialGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <circle cx="${side / 2}" cy="${side / 2}" r="${side / 3}" fill="none" stroke="#fff" stroke-width="${side / 64}"/>
  <text x="${side / 16}" y="${side * 0.9}" font-size="${side / 8}" fill="#111">Kaleido</text></svg>`;
const input = await sharp(Buffer.from(svg)).png().toBuffer();
const started = performance.now();
let lastTile = 0;
const result = await upscaleImage(input, {
  scale: 4,
  quality,
  signal: new AbortController().signal,
  onProgress: (fraction) => {
    const percent = Math.floor(fraction * 10);
    if (percent > lastTile) {
      lastTile = percent;
      process.stderr.write(`enhance-peak: ${percent * 10}%\n`);
    }
  },
});
const ms = performance.now() - started;
await closeEnhancer();
console.log(
  JSON.stringify({
    width: result.width,
    height: result.height,
    pngBytes: result.data.length,
    ms,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
  }),
);
