import { z } from 'zod';

/** Why a balance changed: every change of a balance is one ledger entry of one of these kinds. */
export const CREDIT_LEDGER_KINDS = [
  'grant',
  'purchase',
  'reserve',
  'charge',
  'refund',
  'monthly_reset',
  'adjustment',
] as const;
export type TCreditLedgerKind = (typeof CREDIT_LEDGER_KINDS)[number];

/** `GET /api/credits`: the balance by bucket and the latest ledger entries. */
export const ZCreditStatement = z
  .object({
    balance: z.object({
      total: z.number().int(),
      monthly: z.number().int(),
      purchased: z.number().int(),
    }),
    entries: z.array(
      z.object({
        id: z.string(),
        kind: z.enum(CREDIT_LEDGER_KINDS),
        delta: z.number().int(),
        deltaMonthly: z.number().int(),
        deltaPurchased: z.number().int(),
        balance: z.number().int(),
        reference: z.string().nullable(),
        note: z.string().nullable(),
        createdAt: z.string(),
      }),
    ),
  })
  .meta({ id: 'CreditStatement' });
export type TCreditStatement = z.infer<typeof ZCreditStatement>;
