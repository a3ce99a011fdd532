import type { Clock } from '../../platform/clock.js';
import type { Executor } from '../../platform/db/executor.js';
import { AppError } from '../../platform/http/app-error.js';
import type { Balances, CreditsRepository } from './credits.repository.js';

/**
 * The credit ledger's rules. Every balance change goes through here as a ledger entry; the cached
 * balances on the user row move in the same transaction (see the repository).
 */
export function createCreditsService(deps: { credits: CreditsRepository; clock: Clock }) {
  const now = () => deps.clock.now().toISOString();
  return {
    /** The plan allowance a new account starts with, into the monthly bucket. */
    async grantMonthly(userId: string, amount: number, note: string, trx: Executor): Promise<Balances> {
      const balances = await deps.credits.apply(
        { userId, kind: 'grant', deltaMonthly: amount, deltaPurchased: 0, note, now: now() },
        trx,
      );
      if (!balances) throw new AppError('NOT_FOUND', 'User not found');
      return balances;
    },

    /**
     * Administrator correction: sets the total balance to `total`. Purchased credits are kept up to
     * the new total; the monthly bucket takes the rest.
     */
    async setTotal(userId: string, total: number, trx: Executor): Promise<Balances> {
      const current = await deps.credits.balances(userId, trx);
      if (!current) throw new AppError('NOT_FOUND', 'User not found');
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
      if (!balances) throw new AppError('CONFLICT', 'The balance changed meanwhile; try again.');
      return balances;
    },
  };
}

export type CreditsService = ReturnType<typeof createCreditsService>;
