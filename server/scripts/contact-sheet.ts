/**
 * Development tool: renders a grid of prompts × styles to look at the Sketch renderer as a person
 * would. `npx tsx server/scripts/contact-sheet.ts [out.png] [tile size]`
 * (default artifacts/sketch/contact-sheet.png, 512 px tiles). Not part of the server bundle.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import sharp from 'sharp';
import type { ImageRequest } from '../src/providers/provider.js';
import { runSketchJob } from '../src/providers/sketch/job.js';

export const CONTACT_SHEET_CASES: readonly (readonly [string, string, string])[] = [
  ['golden sunset over the mountains', 'photographic', 'default'],
  ['neon cyberpunk city at night, purple and pink', 'digital-art', 'anime'],
  ['misty pine forest', 'watercolor', 'default'],
  ['snowy mountains at sunrise', 'realistic', 'pixel-art'],
  ['portrait of a woman, teal and orange', 'photographic', 'default'],
  ['tropical beach with palm trees', 'cartoon', 'default'],
  ['spiral galaxy in a purple nebula', 'digital-art', 'default'],
  ['calm lake at dawn below the mountains', 'oil-painting', 'default'],
  ['milky way over the desert dunes', 'realistic', 'default'],
  ['close-up of red poppies in a meadow', 'artistic', 'default'],
  ['stormy sea with lightning', 'realistic', 'vintage'],
  ['abstract swirls, gold and teal', 'abstract', 'default'],
  ['northern lights over a snowy forest', 'realistic', 'fantasy'],
  ['a river through green hills', 'realistic', 'minimalist'],
  ['astronaut and a ringed planet', 'digital-art', 'surreal'],
  ['man with glasses and a beard at golden hour', 'oil-painting', 'default'],
];

export async function renderContactSheet(file: string, tile = 512): Promise<void> {
  const columns = 4;
  const rows = Math.ceil(CONTACT_SHEET_CASES.length / columns);
  const sheet = createCanvas(columns * tile, rows * tile);
  const ctx = sheet.getContext('2d');
  const signal = new AbortController().signal;
  for (const [i, [prompt, style, imageStyle]] of CONTACT_SHEET_CASES.entries()) {
    const request: ImageRequest = {
      kind: 'image',
      prompt,
      model: 'sketch-1',
      seed: 1,
      width: tile,
      height: tile,
      aspectRatio: '1:1',
      style,
      imageStyle,
      quality: 'standard',
    };
    const started = performance.now();
    const output = await runSketchJob(request, { videoEncoder: 'auto' }, { signal, report: () => undefined });
    const x = (i % columns) * tile;
    const y = Math.floor(i / columns) * tile;
    ctx.drawImage(await loadImage(output.data), x, y, tile, tile);
    ctx.fillStyle = 'rgba(0,0,0,0.6)';
    ctx.fillRect(x, y + tile - 40, tile, 40);
    ctx.fillStyle = '#fff';
    ctx.font = '14px DejaVu Sans';
    ctx.fillText(prompt, x + 8, y + tile - 23, tile - 16);
    ctx.fillStyle = '#ccc';
    ctx.font = '12px DejaVu Sans';
    const summary = (output.details?.interpretation as { summary?: string } | undefined)?.summary ?? '';
    ctx.fillText(`${style} · ${imageStyle} → ${summary}`, x + 8, y + tile - 8, tile - 16);
    console.log(`${Math.round(performance.now() - started)} ms  ${prompt} [${style}/${imageStyle}]`);
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const rgba = sheet.getContext('2d').getImageData(0, 0, sheet.width, sheet.height);
  await sharp(Buffer.from(rgba.data.buffer), {
    raw: { width: sheet.width, height: sheet.height, channels: 4 },
  })
    .png()
    .toFile(file);
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const file = process.argv[2] ?? 'artifacts/sketch/contact-sheet.png';
  await renderContactSheet(file, Number(process.argv[3] ?? 512));
  console.log(`wrote ${file}`);
}
