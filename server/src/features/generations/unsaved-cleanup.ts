import { UNSAVED_RETENTION_DAYS } from '@kaleido/common';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/database.js';
import type { FileStore } from '../../platform/storage/file-store.js';
import type { AssetsRepository } from '../library/assets.repository.js';
import type { GenerationsRepository } from './generations.repository.js';

/**
 * Auto-save off keeps results out of the library; an unsaved result older than 7 days is deleted with
 * its files (original, thumbnail). The job record stays and says when its result expired. Each
 * deletion is one guarded delete (still unsaved, still old enough) in a transaction with the job's
 * update, so several processes running this at once (or a Save racing it) delete each result once;
 * only the winner removes the files, after the commit.
 */
export function createUnsavedCleanup(deps: {
  database: Database;
  assets: AssetsRepository;
  generations: GenerationsRepository;
  store: FileStore;
  clock: Clock;
  log: FastifyBaseLogger;
}) {
  return async function cleanupUnsaved(batch = 200): Promise<{ deleted: number }> {
    const now = deps.clock.now();
    const before = new Date(now.getTime() - UNSAVED_RETENTION_DAYS * 86_400_000).toISOString();
    let deleted = 0;
    for (;;) {
      const candidates = await deps.assets.unsavedBefore(before, batch);
      for (const candidate of candidates) {
        const won = await deps.database.kysely.transaction().execute(async (trx) => {
          if (!(await deps.assets.deleteUnsaved(candidate.id, before, trx))) return false;
          if (candidate.generation_id) {
            await deps.generations.markResultExpired(
              candidate.generation_id,
              candidate.id,
              now.toISOString(),
              trx,
            );
          }
          return true;
        });
        if (!won) continue;
        deleted += 1;
        await deps.store
          .deletePrefix(`users/${candidate.user_id}/${candidate.id}/`)
          .catch((error) =>
            deps.log.warn(
              { err: error, assetId: candidate.id },
              'could not delete an unsaved result’s files',
            ),
          );
      }
      if (candidates.length < batch) return { deleted };
    }
  };
}

export type UnsavedCleanup = ReturnType<typeof createUnsavedCleanup>;
