import type { Selectable } from 'kysely';
import type { CreditLedgerTable } from '../../platform/db/schema.js';
import { type CreditBuckets, totalCredits } from './balance.js';

/** `GET /api/credits`: the balance by bucket and the latest ledger entries; a new column never leaks. */
export function presentCreditStatement(buckets: CreditBuckets, entries: Selectable<CreditLedgerTable>[]) {
  return {
    balance: {
      total: totalCredits(buckets),
      monthly: buckets.credits_monthly,
      purchased: buckets.credits_purchased,
    },
    entries: entries.map((entry) => ({
      id: entry.id,
      kind: entry.kind,
      delta: entry.delta_monthly + entry.delta_purchased,
      deltaMonthly: entry.delta_monthly,
      deltaPurchased: entry.delta_purchased,
      balance: entry.balance_monthly + entry.balance_purchased,
      reference: entry.reference,
      note: entry.note,
      createdAt: entry.created_at,
    })),
  };
}
