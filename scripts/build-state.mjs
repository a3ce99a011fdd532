// Decides whether a built output is older than the sources it is built from.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const IGNORED = new Set(['node_modules', 'dist', '.turbo']);
const TEST_FILE = /\.(test|spec|e2e)\.[cm]?[jt]sx?$/;

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const info = statSync(entry);
  if (!info.isDirectory()) return TEST_FILE.test(entry) ? 0 : info.mtimeMs;
  let newest = 0;
  for (const name of readdirSync(entry)) {
    if (IGNORED.has(name)) continue;
    newest = Math.max(newest, newestMtime(path.join(entry, name)));
  }
  return newest;
}

/** True when `output` is missing or older than any of `sources` (files or folders). */
export function isStale(output, sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((source) => newestMtime(source) > built);
}

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

export const targets = {
  web: {
    output: path.join(root, 'web/dist/index.html'),
    sources: ['web/src', 'web/public', 'web/index.html', 'web/vite.config.ts', 'common/src'].map((p) =>
      path.join(root, p),
    ),
  },
  server: {
    output: path.join(root, 'server/dist/main.js'),
    sources: ['server/src', 'server/build.mjs', 'common/src', 'package.json'].map((p) => path.join(root, p)),
  },
};
