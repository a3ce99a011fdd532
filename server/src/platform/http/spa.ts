import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import { isAppRoute } from '@kaleido/common';
import type { FastifyInstance, FastifyReply } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

export interface Spa {
  /** Answers a browser navigation with the app shell: 200 for the app's routes, 404 otherwise. */
  sendShell(reply: FastifyReply, pathname: string): FastifyReply;
}

/** A prerendered page as read at start: the HTML and the compressed twins the build wrote beside it. */
interface PrerenderedPage {
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/** The encodings the build writes twins for, in order of preference (as `@fastify/static` prefers them). */
const ENCODINGS = ['br', 'gzip'] as const;
const TWIN_SUFFIX = { br: '.br', gzip: '.gz' } as const;

/** A file's bytes, or undefined when the build did not write it. */
async function readIfPresent(file: string): Promise<Buffer | undefined> {
  try {
    return await readFile(file);
  } catch {
    return undefined;
  }
}

/**
 * The public pages the web build prerendered (web/scripts/prerender.mjs writes
 * `prerendered/pages.json`: path → file, `*` for the page of unknown paths, and `.br`/`.gz` twins
 * of each page), read once at start. A build without them serves the empty shell everywhere.
 */
async function readPrerendered(distDir: string): Promise<Map<string, PrerenderedPage>> {
  const pages = new Map<string, PrerenderedPage>();
  let listing: unknown;
  try {
    listing = JSON.parse(await readFile(path.join(distDir, 'prerendered', 'pages.json'), 'utf8'));
  } catch {
    return pages;
  }
  if (typeof listing !== 'object' || listing === null) return pages;
  for (const [pathname, file] of Object.entries(listing)) {
    if (typeof file !== 'string' || !/^prerendered\/[a-z0-9-]+\.html$/.test(file)) continue;
    const html = path.join(distDir, file);
    pages.set(pathname, {
      identity: await readFile(html),
      br: await readIfPresent(html + TWIN_SUFFIX.br),
      gzip: await readIfPresent(html + TWIN_SUFFIX.gzip),
    });
  }
  return pages;
}

/**
 * Picks the page's best twin for the request's Accept-Encoding with the negotiator `@fastify/static`
 * uses for the build's other files (`*` counts as gzip there too), or the HTML itself.
 */
function pickEncoding(
  page: PrerenderedPage,
  acceptEncoding: string | undefined,
): { encoding?: (typeof ENCODINGS)[number]; body: Buffer } {
  if (acceptEncoding) {
    const offered = ENCODINGS.filter((encoding) => page[encoding] !== undefined);
    const chosen = negotiate(acceptEncoding.toLowerCase().replace(/\*/g, 'gzip'), offered);
    const body = chosen ? page[chosen] : undefined;
    if (chosen && body) return { encoding: chosen, body };
  }
  return { body: page.identity };
}

/**
 * Serves the built single-page app: content-hashed files under /assets/ are cached for a year,
 * everything else (index.html, the service worker, icons) is revalidated on every use. Files the
 * build compressed ahead (`x.js.br`, `x.js.gz`) are sent to browsers that accept them. Navigations to
 * a prerendered page get its HTML (React hydrates it), compressed ahead like the files when the
 * browser accepts that; other app routes get the empty shell.
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
      reply
        .status(route ? 200 : 404)
        .header('Cache-Control', REVALIDATE)
        .type('text/html; charset=utf-8');
      if (!page) return reply.send(shell);
      const { encoding, body } = pickEncoding(page, reply.request.headers['accept-encoding']);
      reply.header('Vary', 'Accept-Encoding');
      if (encoding) reply.header('Content-Encoding', encoding);
      return reply.header('Content-Length', body.length).send(body);
    },
  };
}
