import type { TBillingAddress, TInvoice, TPaymentMethod, TPurchase } from '@kaleido/common';
import { fromDbBoolean } from '../../platform/db/dialect.js';
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

const cardOf = (row: { card_brand: PaymentMethodRow['brand'] | null; card_last4: string | null }) =>
  row.card_brand && row.card_last4 ? { brand: row.card_brand, last4: row.card_last4 } : null;

export function presentPurchase(row: PurchaseRow & { invoice_number: string | null }): TPurchase {
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
    failureMessage: row.failure_message,
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
