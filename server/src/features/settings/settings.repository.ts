import type { Executor } from '../../platform/db/executor.js';
import { precompiled } from '../../platform/db/precompiled.js';

/** Read by the features that follow a setting, often on every request of theirs (precompiled). */
const findQuery = precompiled(1, (db, userId: string) =>
  db.selectFrom('user_settings').selectAll().where('user_id', '=', userId),
);

export function createSettingsRepository(db: Executor) {
  return {
    find(userId: string, trx: Executor = db) {
      return findQuery.first(trx, userId);
    },

    /** Creates the row unless it exists (two first reads at once must not fail). */
    async insertIfMissing(
      row: { userId: string; data: string; now: string },
      trx: Executor = db,
    ): Promise<void> {
      await trx
        .insertInto('user_settings')
        .values({ user_id: row.userId, data: row.data, created_at: row.now, updated_at: row.now })
        .onConflict((conflict) => conflict.column('user_id').doNothing())
        .execute();
    },

    async update(userId: string, data: string, now: string, trx: Executor = db): Promise<void> {
      await trx
        .updateTable('user_settings')
        .set({ data, updated_at: now })
        .where('user_id', '=', userId)
        .execute();
    },
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
