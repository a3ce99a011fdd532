import type { Dialect } from '../../platform/db/dialect.js';
import { jsonTextField } from '../../platform/db/dialect.js';
import type { Executor } from '../../platform/db/executor.js';

const SAMPLES_KEY = 'gallery_samples';

/** Public creations (owners whose profile visibility is public) and the record of the rendered samples. */
export function createGalleryRepository(db: Executor, dialect: Dialect) {
  return {
    publicAssets(limit: number, offset = 0) {
      return db
        .selectFrom('assets')
        .innerJoin('user_settings', 'user_settings.user_id', 'assets.user_id')
        .select([
          'assets.id',
          'assets.kind',
          'assets.prompt',
          'assets.file_key',
          'assets.thumbnail_key',
          'assets.content_type',
          'assets.width',
          'assets.height',
          'assets.created_at',
        ])
        .where(jsonTextField(dialect, 'user_settings.data', 'profileVisibility'), '=', 'public')
        .orderBy('assets.created_at', 'desc')
        .orderBy('assets.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    async countPublicAssets(): Promise<number> {
      const row = await db
        .selectFrom('assets')
        .innerJoin('user_settings', 'user_settings.user_id', 'assets.user_id')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where(jsonTextField(dialect, 'user_settings.data', 'profileVisibility'), '=', 'public')
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

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
