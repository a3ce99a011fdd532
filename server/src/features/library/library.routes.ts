import {
  ZAsset,
  ZAssetLineage,
  ZAssetPage,
  ZDeleted,
  ZLibraryQuery,
  ZSavedImage,
  ZSuccessEnvelope,
} from '@kaleido/common';
import { z } from 'zod';
import type { App } from '../../platform/http/route-schemas.js';
import type { UrlSigner } from '../../platform/storage/signed-urls.js';
import type { Authenticator } from '../auth/authn.js';
import { presentAsset } from './library.presenter.js';
import type { LibraryService } from './library.service.js';

/** `?ids=a,b,c`: distinct, trimmed, 1 to 100 ids. */
const ZArchiveQuery = z.object({
  ids: z
    .string()
    .transform((value) => [
      ...new Set(
        value
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(z.string().max(64))
        .min(1, 'Choose at least one asset.')
        .max(100, 'At most 100 assets at once.'),
    ),
});

const ZAssetParams = z.object({ id: z.string() });

export function libraryRoutes(
  app: App,
  deps: {
    authn: Authenticator;
    library: LibraryService;
    signer: UrlSigner;
  },
): void {
  const signedIn = deps.authn.signedIn;

  app.get(
    '/api/assets',
    {
      preValidation: signedIn,
      schema: { querystring: ZLibraryQuery, response: { 200: ZSuccessEnvelope(ZAssetPage) } },
    },
    async (request, reply) => {
      const auth = await deps.authn.required(request);
      const { items, nextCursor } = await deps.library.page(auth.user.id, request.query);
      reply.header('Cache-Control', 'no-store');
      return {
        success: true as const,
        data: { items: items.map((row) => presentAsset(row, deps.signer)), nextCursor },
      };
    },
  );

  app.get(
    '/api/assets/:id',
    {
      preValidation: signedIn,
      schema: { params: ZAssetParams, response: { 200: ZSuccessEnvelope(ZAsset) } },
    },
    async (request) => {
      const auth = await deps.authn.required(request);
      const row = await deps.library.get(auth.user.id, request.params.id);
      return { success: true as const, data: presentAsset(row, deps.signer) };
    },
  );

  /** What the asset was made from and what was made from it (deleted ones are simply absent). */
  app.get(
    '/api/library/:id/lineage',
    {
      preValidation: signedIn,
      schema: { params: ZAssetParams, response: { 200: ZSuccessEnvelope(ZAssetLineage) } },
    },
    async (request) => {
      const auth = await deps.authn.required(request);
      const { sources, derived } = await deps.library.lineage(auth.user.id, request.params.id);
      return {
        success: true as const,
        data: {
          sources: sources.map((row) => presentAsset(row, deps.signer)),
          derived: derived.map((row) => presentAsset(row, deps.signer)),
        },
      };
    },
  );

  app.delete(
    '/api/assets/:id',
    {
      preValidation: signedIn,
      schema: { params: ZAssetParams, response: { 200: ZSuccessEnvelope(ZDeleted) } },
    },
    async (request) => {
      const auth = await deps.authn.required(request);
      const row = await deps.library.delete(auth.user.id, request.params.id, request.log);
      return { success: true as const, data: { id: row.id } };
    },
  );

  /** Several assets as one zip download: `GET /api/assets/archive?ids=a,b,c` (at most 100). */
  app.get(
    '/api/assets/archive',
    { compress: false, preValidation: signedIn, schema: { querystring: ZArchiveQuery } },
    async (request, reply) => {
      const auth = await deps.authn.required(request);
      const { stream, count } = await deps.library.archive(auth.user.id, request.query.ids);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', `attachment; filename="kaleido-${day}-${count}-items.zip"`)
        .header('Cache-Control', 'no-store')
        .send(stream);
    },
  );

  /** The spec's saved-images list: id, url, prompt, settings, timestamp, metadata. */
  app.get(
    '/api/generate-image/saved',
    { preValidation: signedIn, schema: { response: { 200: ZSuccessEnvelope(z.array(ZSavedImage)) } } },
    async (request) => {
      const auth = await deps.authn.required(request);
      const rows = await deps.library.savedImages(auth.user.id);
      return {
        success: true as const,
        data: rows.map((row) => {
          const asset = presentAsset(row, deps.signer);
          return {
            id: asset.id,
            url: asset.url,
            prompt: asset.prompt,
            settings: asset.settings,
            timestamp: asset.createdAt,
            metadata: asset.metadata,
          };
        }),
      };
    },
  );
}
