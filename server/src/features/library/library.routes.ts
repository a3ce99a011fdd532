import { ZLibraryQuery } from '@kaleido/common';
import type { FastifyInstance } from 'fastify';
import { ZipFile } from 'yazl';
import { z } from 'zod';
import { AppError } from '../../platform/http/app-error.js';
import { decodeCursor, encodeCursor } from '../../platform/http/keyset-cursor.js';
import { parseInput } from '../../platform/http/validation.js';
import type { FileStore } from '../../platform/storage/file-store.js';
import type { UrlSigner } from '../../platform/storage/signed-urls.js';
import type { Authenticator } from '../auth/authn.js';
import type { CreditsRepository } from '../credits/credits.repository.js';
import type { AssetsRepository } from './assets.repository.js';
import { downloadName, presentAsset } from './library.presenter.js';

export function libraryRoutes(
  app: FastifyInstance,
  deps: {
    authn: Authenticator;
    assets: AssetsRepository;
    credits: CreditsRepository;
    store: FileStore;
    signer: UrlSigner;
  },
): void {
  app.get('/api/assets', async (request, reply) => {
    const auth = await deps.authn.required(request);
    const query = parseInput(ZLibraryQuery, request.query);
    const rows = await deps.assets.page({
      userId: auth.user.id,
      q: query.q,
      type: query.type,
      sort: query.sort,
      after: decodeCursor(query.cursor),
      limit: query.limit + 1,
      includeUnsaved: query.include === 'all',
    });
    const items = rows.slice(0, query.limit);
    const last = items.at(-1);
    reply.header('Cache-Control', 'no-store');
    return {
      success: true,
      data: {
        items: items.map((row) => presentAsset(row, deps.signer)),
        nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null,
      },
    };
  });

  app.get<{ Params: { id: string } }>('/api/assets/:id', async (request) => {
    const auth = await deps.authn.required(request);
    const row = await deps.assets.findOwned(request.params.id, auth.user.id);
    if (!row) throw new AppError('NOT_FOUND', 'api.library.assetNotFound');
    return { success: true, data: presentAsset(row, deps.signer) };
  });

  app.delete<{ Params: { id: string } }>('/api/assets/:id', async (request) => {
    const auth = await deps.authn.required(request);
    const row = await deps.assets.findOwned(request.params.id, auth.user.id);
    if (!row || !(await deps.assets.delete(row.id, auth.user.id)))
      throw new AppError('NOT_FOUND', 'api.library.assetNotFound');
    await deps.store
      .deletePrefix(`users/${auth.user.id}/${row.id}/`)
      .catch((error) => request.log.warn({ err: error, assetId: row.id }, 'could not delete asset files'));
    return { success: true, data: { id: row.id } };
  });

  /** Several assets as one zip download: `GET /api/assets/archive?ids=a,b,c` (at most 100). */
  app.get('/api/assets/archive', { compress: false }, async (request, reply) => {
    const auth = await deps.authn.required(request);
    const { ids } = parseInput(
      z.object({
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
      }),
      request.query,
    );
    const rows = (await Promise.all(ids.map((id) => deps.assets.findOwnedSaved(id, auth.user.id)))).filter(
      (row): row is NonNullable<typeof row> => Boolean(row),
    );
    if (rows.length !== ids.length) throw new AppError('NOT_FOUND', 'api.library.assetNotFound');
    const zip = new ZipFile();
    const used = new Set<string>();
    for (const row of rows) {
      const object = await deps.store.read(row.file_key);
      if (!object) continue;
      let name = downloadName(row.prompt, row.content_type, row.id);
      for (let n = 2; used.has(name); n++) name = name.replace(/(-\d+)?(\.\w+)$/, `-${n}$2`);
      used.add(name);
      zip.addReadStream(object.stream, name, { mtime: new Date(row.created_at), compress: false });
    }
    zip.end();
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('Content-Type', 'application/zip')
      .header('Content-Disposition', `attachment; filename="kaleido-${day}-${rows.length}-items.zip"`)
      .header('Cache-Control', 'no-store')
      .send(zip.outputStream);
  });

  /** The spec's saved-images list: id, url, prompt, settings, timestamp, metadata. */
  app.get('/api/generate-image/saved', async (request) => {
    const auth = await deps.authn.required(request);
    const rows = await deps.assets.page({ userId: auth.user.id, type: 'image', sort: 'newest', limit: 50 });
    return {
      success: true,
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
  });

  app.get('/api/usage/stats', async (request) => {
    const auth = await deps.authn.required(request);
    return { success: true, data: await deps.assets.usageStats(auth.user.id) };
  });

  app.get('/api/usage/logs', async (request) => {
    const auth = await deps.authn.required(request);
    const { limit } = parseInput(
      z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }),
      request.query,
    );
    const rows = await deps.assets.usageLogs(auth.user.id, limit);
    return {
      success: true,
      data: rows.map((row) => ({
        id: row.id,
        type: row.kind,
        prompt: row.prompt,
        credits: row.credits,
        generationId: row.generation_id,
        timestamp: row.created_at,
      })),
    };
  });

  app.get('/api/credits', async (request) => {
    const auth = await deps.authn.required(request);
    const balances = await deps.credits.balances(auth.user.id);
    const entries = await deps.credits.entries(auth.user.id, 50);
    return {
      success: true,
      data: {
        balance: {
          total: (balances?.monthly ?? 0) + (balances?.purchased ?? 0),
          monthly: balances?.monthly ?? 0,
          purchased: balances?.purchased ?? 0,
        },
        entries: entries.map((entry) => ({
          id: entry.id,
          kind: entry.kind,
          delta: entry.delta_monthly + entry.delta_purchased,
          deltaMonthly: entry.delta_monthly,
          deltaPurchased: entry.delta_purchased,
          balance: entry.balance_monthly + entry.balance_purchased,
          reference: entry.reference,
          note: entry.note,
          createdAt: entry.created_at,
        })),
      },
    };
  });
}
