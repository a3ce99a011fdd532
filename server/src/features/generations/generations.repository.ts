import {
  readStoredGenerationOptions,
  type TStoredGenerationOptions,
  writeStoredGenerationOptions,
} from '@kaleido/common';
import type { Insertable, Selectable } from 'kysely';
import { toDbBoolean } from '../../platform/db/dialect.js';
import type { Executor } from '../../platform/db/executor.js';
import { precompiledInsert } from '../../platform/db/precompiled.js';
import type { GenerationStatus, GenerationsTable } from '../../platform/db/schema.js';

/** A job as the engine reads it: its stored options typed (the JSON column is read once, here). */
export type GenerationRow = Omit<Selectable<GenerationsTable>, 'options'> & {
  options: TStoredGenerationOptions;
};
export type NewGeneration = Omit<Insertable<GenerationsTable>, 'options'> & {
  options: TStoredGenerationOptions;
};

function toRow(row: Selectable<GenerationsTable>): GenerationRow {
  return { ...row, options: readStoredGenerationOptions(row.kind, row.options) };
}
const toRowOrUndefined = (row: Selectable<GenerationsTable> | undefined) => (row ? toRow(row) : undefined);

/** Every accepted job is one of these (the accept path of the public API: precompiled). */
const insertQuery = precompiledInsert('generations');

export function createGenerationsRepository(db: Executor) {
  return {
    async insert(row: NewGeneration, trx: Executor = db): Promise<void> {
      await insertQuery.execute(trx, { ...row, options: writeStoredGenerationOptions(row.options) });
    },

    find(id: string, trx: Executor = db): Promise<GenerationRow | undefined> {
      return trx
        .selectFrom('generations')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst()
        .then(toRowOrUndefined);
    },

    /** The job if it belongs to `userId` (another person's id looks exactly like a missing one). */
    findOwned(id: string, userId: string, trx: Executor = db): Promise<GenerationRow | undefined> {
      return trx
        .selectFrom('generations')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst()
        .then(toRowOrUndefined);
    },

    async listOwned(
      userId: string,
      options: { status?: GenerationStatus; limit: number },
      trx: Executor = db,
    ): Promise<GenerationRow[]> {
      let query = trx.selectFrom('generations').selectAll().where('user_id', '=', userId);
      if (options.status) query = query.where('status', '=', options.status);
      const rows = await query
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(options.limit)
        .execute();
      return rows.map(toRow);
    },

    /** A keyset page of a person's jobs, newest first (the public API's listing); `limit` rows at most. */
    async pageOwned(
      userId: string,
      options: {
        status?: GenerationStatus;
        kind?: GenerationRow['kind'];
        /** ISO 8601 (UTC) bounds: created at or after `since`, before `until`. */
        since?: string;
        until?: string;
        after?: { createdAt: string; id: string };
        limit: number;
      },
      trx: Executor = db,
    ): Promise<GenerationRow[]> {
      let query = trx.selectFrom('generations').selectAll().where('user_id', '=', userId);
      if (options.status) query = query.where('status', '=', options.status);
      if (options.kind) query = query.where('kind', '=', options.kind);
      if (options.since) query = query.where('created_at', '>=', options.since);
      if (options.until) query = query.where('created_at', '<', options.until);
      const after = options.after;
      if (after) {
        query = query.where((eb) =>
          eb.or([
            eb('created_at', '<', after.createdAt),
            eb.and([eb('created_at', '=', after.createdAt), eb('id', '<', after.id)]),
          ]),
        );
      }
      const rows = await query
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(options.limit)
        .execute();
      return rows.map(toRow);
    },

    /** queued → running, for exactly one worker; null when someone else has it or it ended. */
    async claim(
      id: string,
      now: string,
      leaseUntil: string,
      trx: Executor = db,
    ): Promise<GenerationRow | null> {
      const row = await trx
        .updateTable('generations')
        .set((eb) => ({
          status: 'running',
          attempts: eb('attempts', '+', 1),
          started_at: eb.fn.coalesce('started_at', eb.val(now)),
          lease_until: leaseUntil,
          updated_at: now,
        }))
        .where('id', '=', id)
        .where('status', '=', 'queued')
        .returningAll()
        .executeTakeFirst();
      return row ? toRow(row) : null;
    },

    /** Renews a running job's lease; returns whether cancellation was asked for (or the job is gone). */
    async renewLease(
      id: string,
      now: string,
      leaseUntil: string,
      trx: Executor = db,
    ): Promise<{ cancel: boolean }> {
      const row = await trx
        .updateTable('generations')
        .set({ lease_until: leaseUntil, updated_at: now })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .returning(['cancel_requested'])
        .executeTakeFirst();
      return { cancel: !row || row.cancel_requested === 1 };
    },

    /** Writes a running job's progress; false when it is no longer running (nothing written). */
    async progress(
      id: string,
      update: { progress: number; stage: string; previewKey?: string; now: string },
      trx: Executor = db,
    ): Promise<boolean> {
      const updated = await trx
        .updateTable('generations')
        .set({
          progress: update.progress,
          stage: update.stage,
          ...(update.previewKey ? { preview_key: update.previewKey } : {}),
          updated_at: update.now,
        })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) === 1;
    },

    async saveProviderState(id: string, state: unknown, now: string, trx: Executor = db): Promise<void> {
      await trx
        .updateTable('generations')
        .set({ provider_state: JSON.stringify(state), updated_at: now })
        .where('id', '=', id)
        .execute();
    },

    /**
     * A running job moves to another provider (failover): its provider state starts afresh, and the
     * reason is kept in details. False if the job is no longer running.
     */
    async switchProvider(
      id: string,
      change: { provider: string; model: string; details: string; now: string },
      trx: Executor = db,
    ): Promise<boolean> {
      const updated = await trx
        .updateTable('generations')
        .set({
          provider: change.provider,
          model: change.model,
          provider_state: null,
          details: change.details,
          updated_at: change.now,
        })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) === 1;
    },

    /** running → succeeded while the reservation is still held; false if the job ended meanwhile. */
    async markSucceeded(
      id: string,
      result: { assetId: string; details: string | null; diagnostics?: string; now: string },
      trx: Executor = db,
    ): Promise<boolean> {
      const updated = await trx
        .updateTable('generations')
        .set({
          status: 'succeeded',
          credit_state: 'charged',
          progress: 100,
          stage: 'Done',
          asset_id: result.assetId,
          details: result.details,
          ...(result.diagnostics !== undefined ? { diagnostics: result.diagnostics } : {}),
          lease_until: null,
          finished_at: result.now,
          updated_at: result.now,
        })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .where('credit_state', '=', 'reserved')
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) === 1;
    },

    /**
     * Ends a job that did not succeed (queued or running → failed/cancelled) and releases its
     * reservation, exactly once: true only for the caller that made the transition.
     */
    async markEnded(
      id: string,
      outcome: {
        status: 'failed' | 'cancelled';
        error: string | null;
        errorCode: string | null;
        /** What the runner measured (diagnostics.ts), when a worker ended it. */
        diagnostics?: string;
        now: string;
      },
      trx: Executor = db,
    ): Promise<boolean> {
      const updated = await trx
        .updateTable('generations')
        .set({
          status: outcome.status,
          credit_state: 'refunded',
          error: outcome.error,
          error_code: outcome.errorCode,
          ...(outcome.diagnostics !== undefined ? { diagnostics: outcome.diagnostics } : {}),
          lease_until: null,
          finished_at: outcome.now,
          updated_at: outcome.now,
        })
        .where('id', '=', id)
        .where('status', 'in', ['queued', 'running'])
        .where('credit_state', '=', 'reserved')
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) === 1;
    },

    /** The clean-up deleted this job's unsaved result: the job stays, its result is gone. */
    async markResultExpired(id: string, assetId: string, now: string, trx: Executor = db): Promise<void> {
      await trx
        .updateTable('generations')
        .set({ asset_id: null, result_expired_at: now, updated_at: now })
        .where('id', '=', id)
        .where('asset_id', '=', assetId)
        .execute();
    },

    async requestCancel(id: string, now: string, trx: Executor = db): Promise<void> {
      await trx
        .updateTable('generations')
        .set({ cancel_requested: toDbBoolean(true), updated_at: now })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .execute();
    },

    /** Running jobs whose worker stopped renewing the lease (crashed or killed). */
    expiredLeases(now: string, limit: number, trx: Executor = db) {
      return trx
        .selectFrom('generations')
        .select(['id', 'attempts', 'user_id'])
        .where('status', '=', 'running')
        .where('lease_until', '<', now)
        .limit(limit)
        .execute();
    },

    /** running (lease expired) → queued again, for one sweeper. */
    async requeue(id: string, now: string, trx: Executor = db): Promise<boolean> {
      const updated = await trx
        .updateTable('generations')
        .set({
          status: 'queued',
          lease_until: null,
          progress: 0,
          stage: 'Queued again after an interruption',
          updated_at: now,
        })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .where('lease_until', '<', now)
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) === 1;
    },

    /** Queued jobs not touched since `before` (their queue delivery may have been lost). */
    staleQueued(before: string, limit: number, trx: Executor = db) {
      return trx
        .selectFrom('generations')
        .select('id')
        .where('status', '=', 'queued')
        .where('updated_at', '<', before)
        .orderBy('created_at')
        .limit(limit)
        .execute();
    },
  };
}

export type GenerationsRepository = ReturnType<typeof createGenerationsRepository>;
