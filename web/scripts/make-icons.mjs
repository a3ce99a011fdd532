// Renders the installable app's PNG icons from the Kaleido mark (web/public/favicon.svg's drawing).
// Run once after changing the mark: `node web/scripts/make-icons.mjs`; the PNGs are committed.
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const publicDir = fileURLToPath(new URL('../public/', import.meta.url));
const svg = await readFile(new URL('favicon.svg', `file://${publicDir}`), 'utf8');
const mark = svg.slice(svg.indexOf('<g transform'), svg.lastIndexOf('</svg>'));

/** The mark on a full-bleed square; `scale` shrinks it into the maskable safe zone (a circle of 80%). */
function square(scale, rounded) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
  <rect width="32" height="32" rx="${rounded ? 8 : 0}" fill="#0b0b10"/>
  <g transform="translate(16 16) scale(${scale}) translate(-16 -16)">${mark}</g>
</svg>`;
}

const icons = [
  ['icon-192.png', 192, square(1, true)],
  ['icon-512.png', 512, square(1, true)],
  ['maskable-192.png', 192, square(0.7, false)],
  ['maskable-512.png', 512, square(0.7, false)],
  ['apple-touch-icon.png', 180, square(0.8, false)],
];
for (const [name, size, source] of icons) {
  const png = await sharp(Buffer.from(source), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();
  await writeFile(`${publicDir}icons/${name}`, png);
  console.log(`${name} ${png.length} bytes`);
}
