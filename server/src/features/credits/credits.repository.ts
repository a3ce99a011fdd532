import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { type Dialect, lockForUpdate } from '../../platform/db/dialect.js';
import type { Executor } from '../../platform/db/executor.js';
import { precompiled, precompiledInsert } from '../../platform/db/precompiled.js';
import type { CreditLedgerKind } from '../../platform/db/schema.js';
import type { CreditBuckets } from './balance.js';

export interface Balances {
  monthly: number;
  purchased: number;
}

export interface LedgerEntryInput {
  userId: string;
  kind: CreditLedgerKind;
  deltaMonthly: number;
  deltaPurchased: number;
  reference?: string | null;
  note?: string | null;
  now: string;
}

export function createCreditsRepository(db: Executor, dialect: Dialect) {
  // Every charge, reservation and refund runs these (precompiled: built once, values bound per call).
  const applyQuery = precompiled(
    4,
    (trx, userId: string, deltaMonthly: number, deltaPurchased: number, now: string) =>
      trx
        .updateTable('users')
        .set({
          credits_monthly: sql<number>`credits_monthly + ${deltaMonthly}`,
          credits_purchased: sql<number>`credits_purchased + ${deltaPurchased}`,
          updated_at: now,
        })
        .where('id', '=', userId)
        .where(sql<boolean>`credits_monthly + ${deltaMonthly} >= 0`)
        .where(sql<boolean>`credits_purchased + ${deltaPurchased} >= 0`)
        .returning(['credits_monthly', 'credits_purchased']),
  );
  const insertEntryQuery = precompiledInsert('credit_ledger');
  const lockBucketsQuery = precompiled(1, (trx, userId: string) =>
    lockForUpdate(
      dialect,
      trx.selectFrom('users').select(['credits_monthly', 'credits_purchased']).where('id', '=', userId),
    ),
  );

  return {
    /**
     * Moves the cached balances by the deltas and appends the ledger entry, in the caller's
     * transaction. The update is conditional, so a balance can never go below zero whatever runs
     * concurrently: when it would, nothing is written and null is returned.
     */
    async apply(input: LedgerEntryInput, trx: Executor = db): Promise<Balances | null> {
      const updated = await applyQuery.first(
        trx,
        input.userId,
        input.deltaMonthly,
        input.deltaPurchased,
        input.now,
      );
      if (!updated) return null;
      await insertEntryQuery.execute(trx, {
        id: randomUUID(),
        user_id: input.userId,
        kind: input.kind,
        delta_monthly: input.deltaMonthly,
        delta_purchased: input.deltaPurchased,
        balance_monthly: updated.credits_monthly,
        balance_purchased: updated.credits_purchased,
        reference: input.reference ?? null,
        note: input.note ?? null,
        created_at: input.now,
      });
      return { monthly: updated.credits_monthly, purchased: updated.credits_purchased };
    },

    /**
     * The user row's two buckets, locked for the rest of the caller's transaction (PostgreSQL; SQLite
     * has a single writer), so a concurrent change cannot slip between this read and the write.
     */
    lockBuckets(userId: string, trx: Executor): Promise<CreditBuckets | undefined> {
      return lockBucketsQuery.first(trx, userId);
    },

    /** The user row's two buckets, unlocked (a read for display). */
    buckets(userId: string, trx: Executor = db): Promise<CreditBuckets | undefined> {
      return trx
        .selectFrom('users')
        .select(['credits_monthly', 'credits_purchased'])
        .where('id', '=', userId)
        .executeTakeFirst();
    },

    async balances(userId: string, trx: Executor = db): Promise<Balances | null> {
      const row = await trx
        .selectFrom('users')
        .select(['credits_monthly', 'credits_purchased'])
        .where('id', '=', userId)
        .executeTakeFirst();
      return row ? { monthly: row.credits_monthly, purchased: row.credits_purchased } : null;
    },

    async entries(userId: string, limit: number, trx: Executor = db) {
      return trx
        .selectFrom('credit_ledger')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },
  };
}

export type CreditsRepository = ReturnType<typeof createCreditsRepository>;
