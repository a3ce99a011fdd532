#!/usr/bin/env node
// Prints the JavaScript and CSS a first visit downloads before any lazy route chunk: the entry script
// and the modules index.html preloads, raw and gzip bytes. Run after `npm run build -w web`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
let raw = 0;
let gzip = 0;
const rows = [];
for (const file of new Set(files)) {
  const bytes = readFileSync(join(dist, file));
  const zipped = gzipSync(bytes, { level: 9 }).length;
  raw += bytes.length;
  gzip += zipped;
  rows.push({ file, raw: bytes.length, gzip: zipped });
}
const json = process.argv.includes('--json');
if (json) console.log(JSON.stringify({ raw, gzip, files: rows }));
else {
  for (const row of rows)
    console.log(`${String(row.gzip).padStart(8)}  ${String(row.raw).padStart(8)}  ${row.file}`);
  console.log(`${String(gzip).padStart(8)}  ${String(raw).padStart(8)}  total (gzip, raw bytes)`);
}
