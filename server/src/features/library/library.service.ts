import type { ZLibraryQuery } from '@kaleido/common';
import type { FastifyBaseLogger } from 'fastify';
import { ZipFile } from 'yazl';
import type { z } from 'zod';
import { AppError } from '../../platform/http/app-error.js';
import { decodeCursor, encodeCursor } from '../../platform/http/keyset-cursor.js';
import type { FileStore } from '../../platform/storage/file-store.js';
import type { AssetRow, AssetsRepository } from './assets.repository.js';
import { downloadName, readIdList } from './library.presenter.js';

/** The library's rules: a person's saved assets, one at a time or as a zip, and their deletion. */
export function createLibraryService(deps: { assets: AssetsRepository; store: FileStore }) {
  async function owned(userId: string, id: string): Promise<AssetRow> {
    const row = await deps.assets.findOwned(id, userId);
    if (!row) throw new AppError('NOT_FOUND', 'api.library.assetNotFound');
    return row;
  }

  return {
    /** A keyset page of the library (saved assets, or all with `include=all`), newest or oldest first. */
    async page(
      userId: string,
      query: z.output<typeof ZLibraryQuery>,
    ): Promise<{ items: AssetRow[]; nextCursor: string | null }> {
      const rows = await deps.assets.page({
        userId,
        q: query.q,
        type: query.type,
        sort: query.sort,
        after: decodeCursor(query.cursor),
        limit: query.limit + 1,
        includeUnsaved: query.include === 'all',
      });
      const items = rows.slice(0, query.limit);
      const last = items.at(-1);
      return { items, nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null };
    },

    get: owned,

    /** The asset's sources (those still existing) and the assets made from it (issue 16). */
    async lineage(userId: string, id: string): Promise<{ sources: AssetRow[]; derived: AssetRow[] }> {
      const row = await owned(userId, id);
      const [sources, derived] = await Promise.all([
        deps.assets.findManyOwned(readIdList(row.source_asset_ids), userId),
        deps.assets.derivedFrom(row.id, userId),
      ]);
      return { sources, derived };
    },

    /** Deletes the asset (owner only) and then its files; a file left behind is logged, not an error. */
    async delete(userId: string, id: string, log: FastifyBaseLogger): Promise<AssetRow> {
      const row = await deps.assets.findOwned(id, userId);
      if (!row || !(await deps.assets.delete(row.id, userId)))
        throw new AppError('NOT_FOUND', 'api.library.assetNotFound');
      await deps.store
        .deletePrefix(`users/${userId}/${row.id}/`)
        .catch((error) => log.warn({ err: error, assetId: row.id }, 'could not delete asset files'));
      return row;
    },

    /** Several saved assets as one zip (stored, not compressed); every id must be the person's. */
    async archive(userId: string, ids: string[]): Promise<{ stream: NodeJS.ReadableStream; count: number }> {
      const rows = (await Promise.all(ids.map((id) => deps.assets.findOwnedSaved(id, userId)))).filter(
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
      return { stream: zip.outputStream, count: rows.length };
    },

    /** The spec's saved-images list: the 50 newest saved images. */
    savedImages(userId: string): Promise<AssetRow[]> {
      return deps.assets.page({ userId, type: 'image', sort: 'newest', limit: 50 });
    },
  };
}

export type LibraryService = ReturnType<typeof createLibraryService>;
