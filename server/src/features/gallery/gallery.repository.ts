import type { Executor } from '../../platform/db/executor.js';

const SAMPLES_KEY = 'gallery_samples';

/** The record of the rendered samples (shared creations are read by sharing.repository.ts). */
export function createGalleryRepository(db: Executor) {
  return {
    async samples(): Promise<string | null> {
      const row = await db
        .selectFrom('app_state')
        .select('value')
        .where('key', '=', SAMPLES_KEY)
        .executeTakeFirst();
      return row?.value ?? null;
    },

    /** Claims the rendering of the samples; true for one caller (a stale claim can be taken over). */
    async claimSamples(claim: string, now: string, staleClaim: string | null): Promise<boolean> {
      if (staleClaim) {
        const result = await db
          .updateTable('app_state')
          .set({ value: claim, created_at: now })
          .where('key', '=', SAMPLES_KEY)
          .where('value', '=', staleClaim)
          .executeTakeFirst();
        return Number(result.numUpdatedRows) === 1;
      }
      const result = await db
        .insertInto('app_state')
        .values({ key: SAMPLES_KEY, value: claim, created_at: now })
        .onConflict((conflict) => conflict.column('key').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    async releaseClaim(claim: string): Promise<void> {
      await db.deleteFrom('app_state').where('key', '=', SAMPLES_KEY).where('value', '=', claim).execute();
    },

    async saveSamples(claim: string, manifest: string, now: string): Promise<void> {
      await db
        .updateTable('app_state')
        .set({ value: manifest, created_at: now })
        .where('key', '=', SAMPLES_KEY)
        .where('value', '=', claim)
        .execute();
    },
  };
}

export type GalleryRepository = ReturnType<typeof createGalleryRepository>;
