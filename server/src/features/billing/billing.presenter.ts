import {
  BILLING_MESSAGES,
  DECLINE_MESSAGES,
  DEFAULT_LOCALE,
  type TBillingAddress,
  type TInvoice,
  type TLocale,
  type TPaymentMethod,
  type TPurchase,
} from '@kaleido/common';
import { fromDbBoolean } from '../../platform/db/dialect.js';
import { englishOf, renderText, type TLocalizedText } from '../../platform/i18n/api-messages.js';
import type { BillingAddressRow, InvoiceRow, PaymentMethodRow, PurchaseRow } from './billing.repository.js';

/** Billing rows as the API presents them; the provider's token never leaves the server. */
export function presentPaymentMethod(row: PaymentMethodRow): TPaymentMethod {
  return {
    id: row.id,
    type: 'card',
    brand: row.brand,
    last4: row.last4,
    expMonth: row.exp_month,
    expYear: row.exp_year,
    cardholderName: row.cardholder_name,
    isDefault: fromDbBoolean(row.is_default),
    createdAt: row.created_at,
  };
}

export function presentAddress(row: BillingAddressRow): TBillingAddress {
  return {
    name: row.name,
    email: row.email,
    address: row.address,
    city: row.city,
    state: row.state,
    zipCode: row.zip_code,
    country: row.country as TBillingAddress['country'],
  };
}

/** Our own billing texts by their English words (a decline stored by the test-mode processor). */
const BILLING_TEXTS = new Map<string, TLocalizedText>(
  Object.values(BILLING_MESSAGES).map((id) => [englishOf(id), id]),
);

/**
 * What a declined purchase tells the person: the catalog message of a known decline code (the codes
 * card processors use) or of one of our own texts, else the processor's own words.
 */
export function declineText(purchase: Pick<PurchaseRow, 'failure_code' | 'failure_message'>): TLocalizedText {
  const code = purchase.failure_code;
  if (code && Object.hasOwn(DECLINE_MESSAGES, code))
    return DECLINE_MESSAGES[code as keyof typeof DECLINE_MESSAGES];
  const message = purchase.failure_message;
  if (!message) return BILLING_MESSAGES.cardDeclined;
  return BILLING_TEXTS.get(message) ?? message;
}

const cardOf = (row: { card_brand: PaymentMethodRow['brand'] | null; card_last4: string | null }) =>
  row.card_brand && row.card_last4 ? { brand: row.card_brand, last4: row.card_last4 } : null;

/** A purchase; a declined one says why in `locale` (a processor's own words stay as they are). */
export function presentPurchase(
  row: PurchaseRow & { invoice_number: string | null },
  locale: TLocale = DEFAULT_LOCALE,
): TPurchase {
  return {
    id: row.id,
    kind: row.kind,
    item: row.item,
    description: row.description,
    amountCents: row.amount_cents,
    currency: 'usd',
    credits: row.credits,
    bonusCredits: row.bonus_credits,
    status: row.status,
    failureMessage: row.status === 'declined' ? renderText(declineText(row), locale) : row.failure_message,
    card: cardOf(row),
    invoiceNumber: row.invoice_number,
    createdAt: row.created_at,
  };
}

export function presentInvoice(row: InvoiceRow): TInvoice {
  return {
    id: row.id,
    number: row.number,
    purchaseId: row.purchase_id,
    description: row.description,
    amountCents: row.amount_cents,
    currency: 'usd',
    status: 'paid',
    card: cardOf(row),
    createdAt: row.created_at,
  };
}
