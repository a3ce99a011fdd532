#!/usr/bin/env node
// After `vite build`: renders the public pages to HTML with React's server renderer (src/entry-server.tsx,
// bundled for Node into node_modules/.prerender) and writes them beside the shell, into
// dist/prerendered/<name>.html, listed in dist/prerendered/pages.json for the server. The page's <title>
// and meta tags go into <head> (marked data-prerendered; main.tsx removes them before React adds its own).
// No inline script is written, so the server's CSP (script-src 'self') stays as strict as before.
// Then every text file of dist/assets gets a .br and a .gz twin, which the server sends to browsers that take them.
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
  const shell = await readFile(path.join(dist, 'index.html'), 'utf8');
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
  console.log(`prerendered ${PRERENDERED.map((page) => page.path).join(', ')} into dist/prerendered/`);
}
