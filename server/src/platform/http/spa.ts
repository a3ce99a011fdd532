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
 * Serves the built single-page app: content-hashed files under /assets/ are cached for a year,
 * everything else (index.html, the service worker, icons) is revalidated on every use.
 */
export async function registerSpa(app: FastifyInstance, distDir: string): Promise<Spa> {
  const shell = await readFile(path.join(distDir, 'index.html'));
  const assetsDir = `${path.join(distDir, 'assets')}${path.sep}`;
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    cacheControl: false,
    etag: true,
    lastModified: true,
    setHeaders(reply, filePath) {
      reply.header('Cache-Control', filePath.startsWith(assetsDir) ? IMMUTABLE : REVALIDATE);
    },
  });
  return {
    sendShell(reply, pathname) {
      return reply
        .status(isAppRoute(pathname) ? 200 : 404)
        .header('Cache-Control', REVALIDATE)
        .type('text/html; charset=utf-8')
        .send(shell);
    },
  };
}
