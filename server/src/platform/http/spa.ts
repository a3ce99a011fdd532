import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { isAppRoute } from '@kaleido/common';
import type { FastifyInstance, FastifyReply } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

export interface Spa {
  /** Answers a browser navigation with the app shell: 200 for the app's routes, 404 otherwise. */
  sendShell(reply: FastifyReply, pathname: string): FastifyReply;
}

/**
 * The public pages the web build prerendered (web/scripts/prerender.mjs writes
 * `prerendered/pages.json`: path → file, `*` for the page of unknown paths), read once at start.
 * A build without them serves the empty shell everywhere.
 */
async function readPrerendered(distDir: string): Promise<Map<string, Buffer>> {
  const pages = new Map<string, Buffer>();
  let listing: unknown;
  try {
    listing = JSON.parse(await readFile(path.join(distDir, 'prerendered', 'pages.json'), 'utf8'));
  } catch {
    return pages;
  }
  if (typeof listing !== 'object' || listing === null) return pages;
  for (const [pathname, file] of Object.entries(listing)) {
    if (typeof file !== 'string' || !/^prerendered\/[a-z0-9-]+\.html$/.test(file)) continue;
    pages.set(pathname, await readFile(path.join(distDir, file)));
  }
  return pages;
}

/**
 * Serves the built single-page app: content-hashed files under /assets/ are cached for a year,
 * everything else (index.html, the service worker, icons) is revalidated on every use. Files the
 * build compressed ahead (`x.js.br`, `x.js.gz`) are sent to browsers that accept them. Navigations to
 * a prerendered page get its HTML (React hydrates it); other app routes get the empty shell.
 */
export async function registerSpa(app: FastifyInstance, distDir: string): Promise<Spa> {
  const shell = await readFile(path.join(distDir, 'index.html'));
  const prerendered = await readPrerendered(distDir);
  const assetsDir = `${path.join(distDir, 'assets')}${path.sep}`;
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    cacheControl: false,
    etag: true,
    lastModified: true,
    preCompressed: true,
    setHeaders(reply, filePath) {
      reply.header('Cache-Control', filePath.startsWith(assetsDir) ? IMMUTABLE : REVALIDATE);
    },
  });
  return {
    sendShell(reply, pathname) {
      const route = isAppRoute(pathname);
      const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
      // A query string may change the first render (/auth?mode=signup): such pages start from the shell.
      const plain = !reply.request.url.includes('?');
      const page = plain ? (route ? prerendered.get(trimmed) : prerendered.get('*')) : undefined;
      return reply
        .status(route ? 200 : 404)
        .header('Cache-Control', REVALIDATE)
        .type('text/html; charset=utf-8')
        .send(page ?? shell);
    },
  };
}
