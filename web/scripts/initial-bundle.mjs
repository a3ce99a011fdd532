#!/usr/bin/env node
// Prints what a first visit downloads before anything else: the entry script and the modules index.html
// preloads (JavaScript and CSS), and per route the initial JavaScript, raw and gzip bytes. A route
// served as the shell (index.html) loads the entry's, the page chunk's with its static imports, and the
// English catalog areas it shows (they load beside the page). A prerendered route (web/scripts/
// prerender.mjs) loads only its page's own scripts (the start module) until the visitor's first
// interaction, which then loads what the shell would: both are printed, so neither hides the other.
// Reads dist/.vite/manifest.json. Run after `npm run build -w web` (`--dist=<folder>` for another
// build, `--json` for the figures as JSON).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { deferScripts, PRERENDERED } from './prerender.mjs';

/** The page module of a route, as routes.tsx imports it, by the address a visitor types. */
const ROUTE_NAMES = {
  'src/features/home/home-page.tsx': '/',
  'src/features/pricing/pricing-page.tsx': '/pricing',
  'src/features/api-docs/api-docs-page.tsx': '/api-docs',
  'src/features/auth/auth-page.tsx': '/auth',
  'src/features/library/library-page.tsx': '/library',
  'src/features/generate/generate-image-page.tsx': '/generate/image',
  'src/app/not-found-page.tsx': '404',
};
/** Which catalog areas the shell and each lazily loaded page show (the English chunks load beside the page). */
const PAGE_AREAS = JSON.parse(readFileSync(new URL('../src/i18n/page-areas.json', import.meta.url), 'utf8'));

/** The manifest key of the English chunk of a catalog area (precompiled by scripts/precompiled-messages.ts). */
function catalogKey(manifest, area) {
  const suffix =
    area === 'api'
      ? '/common/src/i18n/messages/en.ts.icu.js'
      : `/web/src/i18n/messages/en/${area}.json.icu.js`;
  return Object.keys(manifest).find((key) => key.endsWith(suffix));
}

function sizes(dist, file) {
  const bytes = readFileSync(join(dist, file));
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

/** The manifest entry `key` and its static imports, as output file names. */
function closure(manifest, key, into = new Set()) {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, into);
  return into;
}

const gzipOf = (bytes) => ({ raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length });

/**
 * The JavaScript a prerendered page `name` loads before any interaction: the scripts its HTML names
 * (and their static imports). A build without prerendered pages (the budget test builds with Vite
 * alone) gets them as prerender.mjs would write them, from the shell. A start module from before
 * pages waited for an interaction (a bench baseline's) started the whole app at load: then the
 * interaction's figures are counted at load too (`startsAtLoad`).
 */
function prerenderedAtLoad(dist, manifest, name) {
  const file = join(dist, 'prerendered', `${name}.html`);
  const sources = [];
  if (existsSync(file)) {
    const html = readFileSync(file, 'utf8');
    for (const match of html.matchAll(/<script\b[^>]*\ssrc="\/(assets\/[^"]+\.js)"/g)) {
      sources.push(readFileSync(join(dist, match[1])));
    }
  } else {
    const deferred = deferScripts(readFileSync(join(dist, 'index.html'), 'utf8'));
    sources.push(Buffer.from(deferred.source));
    for (const match of deferred.shell.matchAll(/<script\b[^>]*\ssrc="\/(assets\/[^"]+\.js)"/g)) {
      const loaded = closure(
        manifest,
        Object.keys(manifest).find((key) => manifest[key].file === match[1]),
      );
      for (const loadedFile of loaded) sources.push(readFileSync(join(dist, loadedFile)));
    }
  }
  const bytes = sources.map((source) => gzipOf(source));
  const startsAtLoad = sources.some(
    (source) => source.includes('Starts the app') && !source.includes('startOnIntent'),
  );
  return {
    raw: bytes.reduce((total, row) => total + row.raw, 0),
    gzip: bytes.reduce((total, row) => total + row.gzip, 0),
    startsAtLoad,
  };
}

/** The figures of the build in `dist`. */
export function initialBundle(dist) {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const entryFiles = new Set(
    [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]),
  );
  const files = [...entryFiles].map((file) => ({ file, ...sizes(dist, file) }));
  const sum = (rows, key) => rows.reduce((total, row) => total + row[key], 0);
  const entryJs = files.filter((row) => row.file.endsWith('.js'));
  const report = {
    raw: sum(files, 'raw'),
    gzip: sum(files, 'gzip'),
    js: { raw: sum(entryJs, 'raw'), gzip: sum(entryJs, 'gzip') },
    files,
    routes: {},
    firstInteraction: {},
  };
  const manifestFile = join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return report;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const entry = closure(manifest, 'index.html');
  const pages = (manifest['index.html']?.dynamicImports ?? []).filter((key) => key.endsWith('-page.tsx'));
  for (const page of pages) {
    const loaded = closure(manifest, page, new Set(entry));
    const module = page.replace(/^src\//, '').replace(/\.tsx?$/, '');
    for (const area of [...PAGE_AREAS.shell, ...(PAGE_AREAS.modules[module] ?? [])]) {
      closure(manifest, catalogKey(manifest, area), loaded);
    }
    // A build from before the catalogs were split by area (a bench baseline): the whole English catalog.
    closure(manifest, 'src/i18n/catalogs/en.ts', loaded);
    const rows = [...loaded].filter((file) => file.endsWith('.js')).map((file) => sizes(dist, file));
    const route = ROUTE_NAMES[page] ?? page;
    const whole = { raw: sum(rows, 'raw'), gzip: sum(rows, 'gzip') };
    const prerendered = PRERENDERED.find((entry) => (entry.status === 404 ? '404' : entry.path) === route);
    if (!prerendered) {
      report.routes[route] = whole;
      continue;
    }
    const atLoad = prerenderedAtLoad(dist, manifest, prerendered.name);
    if (atLoad.startsAtLoad) {
      report.routes[route] = { raw: atLoad.raw + whole.raw, gzip: atLoad.gzip + whole.gzip };
    } else {
      report.routes[route] = { raw: atLoad.raw, gzip: atLoad.gzip };
      report.firstInteraction[route] = whole;
    }
  }
  return report;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const distArg = process.argv.find((arg) => arg.startsWith('--dist='));
  const dist = distArg
    ? distArg.slice('--dist='.length)
    : fileURLToPath(new URL('../dist/', import.meta.url));
  const report = initialBundle(dist);
  if (process.argv.includes('--json')) console.log(JSON.stringify(report));
  else {
    const line = (gzip, raw, label) => `${String(gzip).padStart(8)}  ${String(raw).padStart(8)}  ${label}`;
    for (const row of report.files) console.log(line(row.gzip, row.raw, row.file));
    console.log(line(report.gzip, report.raw, 'total (gzip, raw bytes)'));
    console.log(line(report.js.gzip, report.js.raw, 'of which JavaScript'));
    console.log(
      '\nInitial JavaScript per route (entry + page chunk + its English catalog areas; a prerendered page: its start module):',
    );
    for (const [route, figures] of Object.entries(report.routes))
      console.log(line(figures.gzip, figures.raw, route));
    console.log(
      '\nWhat the first interaction loads on a prerendered page (the app: entry + page chunk + catalog areas):',
    );
    for (const [route, figures] of Object.entries(report.firstInteraction))
      console.log(line(figures.gzip, figures.raw, route));
  }
}
