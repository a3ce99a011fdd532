import type { Selectable } from 'kysely';
import type { Executor } from '../../platform/db/executor.js';
import type { TrainingsTable } from '../../platform/db/schema.js';

export type TrainingRow = Selectable<TrainingsTable>;
export type NewTraining = Omit<TrainingRow, 'progress' | 'cancel_requested' | 'attempts'>;

const ACTIVE = ['queued', 'running'] as const;

/** The `trainings` table: every state change is a guarded update, so two workers never both act. */
export function createTrainingsRepository(db: Executor) {
  return {
    async insert(row: NewTraining, trx: Executor = db): Promise<void> {
      await trx.insertInto('trainings').values(row).execute();
    },

    find(id: string, trx: Executor = db): Promise<TrainingRow | undefined> {
      return trx.selectFrom('trainings').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The owner's training (not deleted), else undefined: another person's id is simply not found. */
    findOwned(userId: string, id: string, trx: Executor = db): Promise<TrainingRow | undefined> {
      return trx
        .selectFrom('trainings')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
    },

    list(userId: string, limit = 100): Promise<TrainingRow[]> {
      return db
        .selectFrom('trainings')
        .selectAll()
        .where('user_id', '=', userId)
        .where('deleted_at', 'is', null)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    /** The owner's succeeded, not deleted trainings: their models. */
    models(userId: string): Promise<TrainingRow[]> {
      return db
        .selectFrom('trainings')
        .selectAll()
        .where('user_id', '=', userId)
        .where('status', '=', 'succeeded')
        .where('deleted_at', 'is', null)
        .orderBy('created_at', 'desc')
        .execute();
    },

    /** Takes a tick of an active training whose lease is free; undefined when another worker holds it or it ended. */
    async claim(id: string, at: string, leaseUntil: string): Promise<TrainingRow | undefined> {
      return db
        .updateTable('trainings')
        .set((eb) => ({
          status: 'running',
          lease_until: leaseUntil,
          started_at: eb.fn.coalesce('started_at', eb.val(at)),
        }))
        .where('id', '=', id)
        .where('status', 'in', ACTIVE)
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', at)]))
        .returningAll()
        .executeTakeFirst();
    },

    /** Progress of a tick, lease released and the next poll due; false when it ended meanwhile (cancelled). */
    async progress(
      id: string,
      update: Partial<Pick<TrainingRow, 'progress' | 'stage' | 'remote_id' | 'remote_state' | 'attempts'>> & {
        nextPollAt: string;
      },
    ): Promise<boolean> {
      const { nextPollAt, ...fields } = update;
      const result = await db
        .updateTable('trainings')
        .set({ ...fields, next_poll_at: nextPollAt, lease_until: null })
        .where('id', '=', id)
        .where('status', 'in', ACTIVE)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** The one end of an active training (guarded): true for the caller that moved it. */
    async end(
      id: string,
      end: Pick<TrainingRow, 'status' | 'error' | 'completed_at'> &
        Partial<Pick<TrainingRow, 'weights_url' | 'remote_version' | 'progress' | 'stage'>>,
      trx: Executor,
    ): Promise<boolean> {
      const result = await trx
        .updateTable('trainings')
        .set({ ...end, lease_until: null, next_poll_at: null })
        .where('id', '=', id)
        .where('status', 'in', ACTIVE)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async markDeleted(id: string, at: string): Promise<void> {
      await db.updateTable('trainings').set({ deleted_at: at }).where('id', '=', id).execute();
    },

    /** Active trainings nobody works on now (lease lapsed or free): for recovery. */
    orphans(at: string, limit = 500): Promise<Pick<TrainingRow, 'id' | 'next_poll_at'>[]> {
      return db
        .selectFrom('trainings')
        .select(['id', 'next_poll_at'])
        .where('status', 'in', ACTIVE)
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', at)]))
        .limit(limit)
        .execute();
    },
  };
}

export type TrainingsRepository = ReturnType<typeof createTrainingsRepository>;
