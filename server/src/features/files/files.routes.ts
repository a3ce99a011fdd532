import { z } from 'zod';
import { AppError } from '../../platform/http/app-error.js';
import type { App } from '../../platform/http/route-schemas.js';
import type { ByteRange, FileStore } from '../../platform/storage/file-store.js';
import type { UrlSigner } from '../../platform/storage/signed-urls.js';

/** Parses a single `bytes=a-b` range against `size`; null for none or an unsatisfiable one. */
function parseRange(header: string | undefined, size: number): ByteRange | 'invalid' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return 'invalid';
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  return start <= end && start < size ? { start, end } : 'invalid';
}

/** The signed URL's parts (see signed-urls.ts): expiry, signature, and the download name if any. */
const ZSignedFileQuery = z.object({
  exp: z.string().optional(),
  sig: z.string().optional(),
  dl: z.string().optional(),
});

const safeFilename = (name: string) => name.replace(/[^\w.-]+/g, '_').slice(0, 120) || 'download';

/**
 * `GET /api/files/<key>?exp&sig[&dl]`: serves a stored file to whoever holds a valid signed URL (the
 * app only signs URLs for the owner). Range requests let videos seek.
 */
export function filesRoutes(app: App, deps: { store: FileStore; signer: UrlSigner }): void {
  // The file itself (any type, or a byte range of it): no JSON answer to describe.
  app.get(
    '/api/files/*',
    { compress: false, schema: { params: z.object({ '*': z.string() }), querystring: ZSignedFileQuery } },
    async (request, reply) => {
      const key = request.params['*'];
      if (!deps.signer.verify(key, request.query)) throw new AppError('NOT_FOUND', 'api.files.notFound');
      const info = await deps.store.stat(key).catch(() => null);
      if (!info) throw new AppError('NOT_FOUND', 'api.files.notFound');
      const range = parseRange(request.headers.range, info.size);
      if (range === 'invalid') {
        return reply.status(416).header('Content-Range', `bytes */${info.size}`).send();
      }
      const object = await deps.store.read(key, range ?? undefined);
      if (!object) throw new AppError('NOT_FOUND', 'api.files.notFound');
      const exp = Number(request.query.exp);
      reply
        .header('Content-Type', info.contentType)
        .header('Accept-Ranges', 'bytes')
        .header(
          'Cache-Control',
          `private, max-age=${Math.max(0, exp - Math.floor(Date.now() / 1000))}, immutable`,
        )
        .header('X-Content-Type-Options', 'nosniff')
        .header(
          'Content-Disposition',
          request.query.dl ? `attachment; filename="${safeFilename(request.query.dl)}"` : 'inline',
        );
      if (range) {
        reply
          .status(206)
          .header('Content-Range', `bytes ${range.start}-${range.end}/${info.size}`)
          .header('Content-Length', String(range.end - range.start + 1));
      } else {
        reply.header('Content-Length', String(info.size));
      }
      return reply.send(object.stream);
    },
  );
}
