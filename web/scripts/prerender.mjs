#!/usr/bin/env node
// After `vite build`: renders the public pages to HTML with React's server renderer (src/entry-server.tsx,
// bundled for Node into node_modules/.prerender) and writes them beside the shell, into
// dist/prerendered/<name>.html, listed in dist/prerendered/pages.json for the server. The page's <title>
// and meta tags go into <head> (marked data-prerendered; main.tsx removes them before React adds its own).
// No inline script is written, so the server's CSP (script-src 'self') stays as strict as before: the
// app's scripts start from a small module (assets/start-<hash>.js) once the page has painted.
// Then every text file of dist/assets and dist/prerendered gets a .br and a .gz twin, which the server sends to browsers that take them.
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';

const webDir = fileURLToPath(new URL('..', import.meta.url));
const dist = path.join(webDir, 'dist');
const bundleDir = path.join(webDir, 'node_modules', '.prerender');

/** The pages a first visit lands on. `status` 404 is the catch-all page for unknown paths. */
export const PRERENDERED = [
  { name: 'home', path: '/', status: 200 },
  { name: 'pricing', path: '/pricing', status: 200 },
  { name: 'api-docs', path: '/api-docs', status: 200 },
  { name: 'auth', path: '/auth', status: 200 },
  { name: 'not-found', path: '/__not-found__', status: 404 },
];

const ROOT = '<div id="root"></div>';
const ENTRY = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>\s*/;
const PRELOAD = /<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+\.js)">\s*/g;

/**
 * A prerendered page is on screen as soon as its HTML and CSS are: its scripts start after that first
 * paint, so on a slow phone connection they do not share the bandwidth with what paints first (the
 * empty shell, index.html, keeps loading them at once). The script the shell would run and the modules
 * it would preload go into a small module of their own (an external file: the CSP allows no inline
 * script), which asks for them once the page has painted, or after half a second (a hidden tab paints
 * no frames). Returns its source and the shell without those tags.
 */
export function deferScripts(shell) {
  const entry = shell.match(ENTRY)?.[1];
  if (!entry) throw new Error('dist/index.html has no module script');
  const preloads = [...shell.matchAll(PRELOAD)].map((match) => match[1]);
  const source = `// Starts the app after the prerendered page's first paint (web/scripts/prerender.mjs).
let started = false;
const start = () => {
  if (started) return;
  started = true;
  for (const href of ${JSON.stringify(preloads)}) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  import(${JSON.stringify(entry)});
};
requestAnimationFrame(() => setTimeout(start));
setTimeout(start, 500);
`;
  return { source, shell: shell.replace(ENTRY, '').replace(PRELOAD, '') };
}

const HEAD_TAGS = /^(?:<(?:title|meta|link)\b[^>]*>(?:[^<]*<\/title>)?)+/;

async function bundleRenderer() {
  await build({
    root: webDir,
    configFile: path.join(webDir, 'vite.config.ts'),
    logLevel: 'warn',
    build: {
      ssr: 'src/entry-server.tsx',
      outDir: bundleDir,
      emptyOutDir: true,
      rollupOptions: { output: { entryFileNames: 'entry-server.mjs' } },
    },
  });
  return import(pathToFileURL(path.join(bundleDir, 'entry-server.mjs')).href);
}

/** Puts a rendered page into the built shell: the head tags React hoisted, the markup inside #root. */
export function pageHtml(shell, rendered) {
  const head = rendered.match(HEAD_TAGS)?.[0] ?? '';
  const body = rendered.slice(head.length);
  if (/<script(?![^>]*\ssrc=)/i.test(body)) throw new Error('a prerendered page would need an inline script');
  // A boundary the server could not finish is rendered again in the browser, with a recoverable error.
  if (body.includes('<!--$!-->')) throw new Error('a Suspense boundary suspended while prerendering');
  const marked = head.replace(/<(title|meta|link)\b/g, '<$1 data-prerendered=""');
  const withHead = head ? shell.replace(/<title>[^<]*<\/title>/, marked) : shell;
  if (!withHead.includes(ROOT)) throw new Error(`dist/index.html has no ${ROOT}`);
  return withHead.replace(ROOT, `<div id="root" data-prerendered="">${body}</div>`);
}

async function compressAll(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      await compressAll(file);
      continue;
    }
    if (!/\.(?:js|mjs|css|html|svg|json|webmanifest|txt)$/.test(entry.name)) continue;
    const bytes = await readFile(file);
    if (bytes.length < 1024) continue;
    await writeFile(`${file}.gz`, gzipSync(bytes, { level: 9 }));
    await writeFile(
      `${file}.br`,
      brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { render } = await bundleRenderer();
  const deferred = deferScripts(await readFile(path.join(dist, 'index.html'), 'utf8'));
  const hash = createHash('sha256').update(deferred.source).digest('base64url').slice(0, 10);
  const start = `/assets/start-${hash}.js`;
  await writeFile(path.join(dist, start), deferred.source);
  const shell = deferred.shell.replace(
    '</head>',
    `  <script type="module" crossorigin src="${start}"></script>\n  </head>`,
  );
  const out = path.join(dist, 'prerendered');
  await rm(out, { recursive: true, force: true });
  await mkdir(out, { recursive: true });
  const pages = {};
  for (const page of PRERENDERED) {
    const { html } = await render(page.path);
    await writeFile(path.join(out, `${page.name}.html`), pageHtml(shell, html));
    pages[page.status === 404 ? '*' : page.path] = `prerendered/${page.name}.html`;
  }
  await writeFile(path.join(out, 'pages.json'), `${JSON.stringify(pages, null, 2)}\n`);
  // Only the content-hashed files: a file that keeps its name (sw.js, index.html) may be replaced
  // without its twins, and the server compresses those on the fly anyway.
  await compressAll(path.join(dist, 'assets'));
  // The prerendered pages are read once by the server, twins included, and chosen per request.
  await compressAll(out);
  console.log(`prerendered ${PRERENDERED.map((page) => page.path).join(', ')} into dist/prerendered/`);
}
