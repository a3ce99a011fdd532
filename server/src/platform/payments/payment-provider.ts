import type { TCardBrand } from '@kaleido/common';

/** Card details as typed, handed to the provider once and never stored (digits only in `number`). */
export interface CardDetails {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  name: string;
}

/** What the provider keeps for us: a reusable token. Kaleido stores the token, brand and last 4 only. */
export interface TokenizedCard {
  token: string;
  brand: TCardBrand;
  last4: string;
}

export interface ChargeRequest {
  token: string;
  amountCents: number;
  currency: 'usd';
  description: string;
  /** The same key always answers with the same charge and never charges twice. */
  idempotencyKey: string;
}

export type ChargeResult =
  | { status: 'succeeded'; chargeId: string }
  | { status: 'declined'; code: string; message: string };

/**
 * A card processor. The embedded default is the test-mode provider; a real processor is an adapter
 * behind this interface.
 */
export interface PaymentProvider {
  readonly name: string;
  readonly mode: 'test' | 'live';
  tokenizeCard(card: CardDetails): Promise<TokenizedCard>;
  charge(request: ChargeRequest): Promise<ChargeResult>;
}
