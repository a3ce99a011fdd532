import type { Clock } from '../../platform/clock.js';
import type { Executor } from '../../platform/db/executor.js';
import { AppError } from '../../platform/http/app-error.js';
import { totalCredits } from './balance.js';
import type { Balances, CreditsRepository } from './credits.repository.js';

/**
 * The credit ledger's rules. Every balance change goes through here as a ledger entry; the cached
 * balances on the user row move in the same transaction (see the repository).
 */
export interface Reservation {
  monthly: number;
  purchased: number;
}

export function createCreditsService(deps: {
  credits: CreditsRepository;
  clock: Clock;
  /**
   * Counts reserved, charged and refunded credits (metrics). Called once the entry is written in the
   * caller's transaction: a transaction rolled back afterwards has still been counted.
   */
  observe?: (operation: 'reserve' | 'charge' | 'refund', amount: number) => void;
}) {
  const now = () => deps.clock.now().toISOString();
  return {
    /** The balance (monthly and purchased buckets; zero for an unknown user) and the latest ledger entries. */
    async statement(userId: string, limit: number) {
      const buckets = (await deps.credits.buckets(userId)) ?? { credits_monthly: 0, credits_purchased: 0 };
      const entries = await deps.credits.entries(userId, limit);
      return { buckets, entries };
    },

    /**
     * Holds `amount` credits for a job inside the caller's transaction, purchased credits first
     * (DECISIONS). Returns where they came from, or null when the balance is too low. The user row is
     * locked (PostgreSQL) and the update is guarded, so concurrent reservations can never overdraw.
     */
    async reserve(
      userId: string,
      amount: number,
      reference: string,
      trx: Executor,
    ): Promise<(Reservation & { remaining: number }) | null> {
      const row = await deps.credits.lockBuckets(userId, trx);
      if (!row || totalCredits(row) < amount) return null;
      const purchased = Math.min(row.credits_purchased, amount);
      const monthly = amount - purchased;
      const balances = await deps.credits.apply(
        {
          userId,
          kind: 'reserve',
          deltaMonthly: -monthly,
          deltaPurchased: -purchased,
          reference,
          now: now(),
        },
        trx,
      );
      if (balances) deps.observe?.('reserve', amount);
      // `remaining`: the balance after it, as the same update left it.
      return balances ? { monthly, purchased, remaining: balances.monthly + balances.purchased } : null;
    },

    /** Records that a reservation became a charge (the balance already moved when it was reserved). */
    async charge(userId: string, reservation: Reservation, reference: string, trx: Executor): Promise<void> {
      await deps.credits.apply(
        {
          userId,
          kind: 'charge',
          deltaMonthly: 0,
          deltaPurchased: 0,
          reference,
          note: `${reservation.monthly + reservation.purchased} credit(s)`,
          now: now(),
        },
        trx,
      );
      deps.observe?.('charge', reservation.monthly + reservation.purchased);
    },

    /** Returns a reservation to the buckets it came from. */
    async refund(userId: string, reservation: Reservation, reference: string, trx: Executor): Promise<void> {
      await deps.credits.apply(
        {
          userId,
          kind: 'refund',
          deltaMonthly: reservation.monthly,
          deltaPurchased: reservation.purchased,
          reference,
          now: now(),
        },
        trx,
      );
      deps.observe?.('refund', reservation.monthly + reservation.purchased);
    },

    /** The plan allowance a new account starts with, into the monthly bucket. */
    async grantMonthly(userId: string, amount: number, note: string, trx: Executor): Promise<Balances> {
      const balances = await deps.credits.apply(
        { userId, kind: 'grant', deltaMonthly: amount, deltaPurchased: 0, note, now: now() },
        trx,
      );
      if (!balances) throw new AppError('NOT_FOUND', 'api.auth.userNotFound');
      return balances;
    },

    /** Credits bought (a pack's credits and bonus) into the purchased bucket, which never expires. */
    async grantPurchased(
      userId: string,
      amount: number,
      reference: string,
      note: string,
      trx: Executor,
    ): Promise<Balances> {
      const balances = await deps.credits.apply(
        { userId, kind: 'purchase', deltaMonthly: 0, deltaPurchased: amount, reference, note, now: now() },
        trx,
      );
      if (!balances) throw new AppError('NOT_FOUND', 'api.auth.userNotFound');
      return balances;
    },

    /**
     * Sets the monthly bucket to a plan's allowance (a new billing month, or an upgrade); the purchased
     * bucket is untouched. The user row is locked first (PostgreSQL) so a concurrent reservation cannot
     * slip between the read and the write.
     */
    async setMonthly(
      userId: string,
      allowance: number,
      kind: 'monthly_reset' | 'grant',
      note: string,
      reference: string | null,
      trx: Executor,
    ): Promise<Balances> {
      const row = await deps.credits.lockBuckets(userId, trx);
      if (!row) throw new AppError('NOT_FOUND', 'api.auth.userNotFound');
      const balances = await deps.credits.apply(
        {
          userId,
          kind,
          deltaMonthly: allowance - row.credits_monthly,
          deltaPurchased: 0,
          reference,
          note,
          now: now(),
        },
        trx,
      );
      if (!balances) throw new AppError('CONFLICT', 'api.credits.balanceChanged');
      return balances;
    },

    /**
     * Administrator correction: sets the total balance to `total`. Purchased credits are kept up to
     * the new total; the monthly bucket takes the rest.
     */
    async setTotal(userId: string, total: number, trx: Executor): Promise<Balances> {
      // Locked first (PostgreSQL), so a concurrent spend or grant cannot slip between read and write.
      const row = await deps.credits.lockBuckets(userId, trx);
      if (!row) throw new AppError('NOT_FOUND', 'api.auth.userNotFound');
      const current = { monthly: row.credits_monthly, purchased: row.credits_purchased };
      const purchased = Math.min(current.purchased, total);
      const monthly = total - purchased;
      const balances = await deps.credits.apply(
        {
          userId,
          kind: 'adjustment',
          deltaMonthly: monthly - current.monthly,
          deltaPurchased: purchased - current.purchased,
          note: 'Set by an administrator',
          now: now(),
        },
        trx,
      );
      if (!balances) throw new AppError('CONFLICT', 'api.credits.balanceChanged');
      return balances;
    },

    /**
     * An administrator's grant (positive: kind `grant`, into the purchased bucket, which monthly
     * resets leave alone) or deduction (negative: kind `adjustment`, purchased credits first, as
     * spending does, so a mistaken grant is undone exactly). Never below zero: the row is locked
     * (PostgreSQL) and the update guarded, so concurrent grants and spends are neither lost nor
     * doubled. `refused` (nothing written) when the balance is too low for the deduction.
     */
    async adminChange(
      userId: string,
      amount: number,
      reason: string,
      trx: Executor,
    ): Promise<{ balances: Balances; before: Balances } | { refused: Balances }> {
      const row = await deps.credits.lockBuckets(userId, trx);
      if (!row) throw new AppError('NOT_FOUND', 'api.auth.userNotFound');
      const before = { monthly: row.credits_monthly, purchased: row.credits_purchased };
      if (amount < 0 && totalCredits(row) < -amount) return { refused: before };
      const fromPurchased = amount < 0 ? Math.min(row.credits_purchased, -amount) : 0;
      const balances = await deps.credits.apply(
        {
          userId,
          kind: amount > 0 ? 'grant' : 'adjustment',
          deltaMonthly: amount > 0 ? 0 : amount + fromPurchased,
          deltaPurchased: amount > 0 ? amount : -fromPurchased,
          note: reason,
          now: now(),
        },
        trx,
      );
      if (!balances) return { refused: before };
      return { balances, before };
    },

    /**
     * Records in the ledger that a job costs its owner nothing because an administrator chose so (an
     * entry of kind `grant` moving no balance, naming the job and the price waived).
     */
    async onTheHouse(userId: string, jobId: string, note: string, trx: Executor): Promise<void> {
      await deps.credits.apply(
        { userId, kind: 'grant', deltaMonthly: 0, deltaPurchased: 0, reference: jobId, note, now: now() },
        trx,
      );
    },
  };
}

export type CreditsService = ReturnType<typeof createCreditsService>;
