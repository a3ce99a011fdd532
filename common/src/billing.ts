import { z } from 'zod';
import { BILLING_MESSAGES, CARD_BRANDS, cardDigits } from './billing-constants.js';
import { BILLING_COUNTRIES, CREDIT_PACKS, DEFAULT_BILLING_COUNTRY, PLAN_IDS } from './constants.js';

/** Billing: payment methods, the billing address, purchases, plan changes (spec sections 2, 3, 5, 9). */

/**
 * The Add Card form. Shapes only: the Luhn check, brand and expiry-not-past are checked by the server
 * with `validateCard` against its clock, so every problem is reported with the same words.
 */
export const ZAddCardRequest = z
  .object({
    number: z
      .string({ error: BILLING_MESSAGES.cardNumberRequired })
      .max(40, BILLING_MESSAGES.cardNumberInvalid)
      .transform(cardDigits),
    expiry: z.string({ error: BILLING_MESSAGES.expiryRequired }).max(10, BILLING_MESSAGES.expiryInvalid),
    cvc: z.string({ error: BILLING_MESSAGES.cvcInvalid }).max(10, BILLING_MESSAGES.cvcInvalid),
    name: z.string({ error: BILLING_MESSAGES.cardholderRequired }).max(200),
  })
  .strict();
export type TAddCardRequest = z.input<typeof ZAddCardRequest>;

export const ZPaymentMethod = z
  .object({
    id: z.string(),
    type: z.literal('card'),
    brand: z.enum(CARD_BRANDS),
    last4: z.string(),
    expMonth: z.number().int(),
    expYear: z.number().int(),
    cardholderName: z.string(),
    isDefault: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'PaymentMethod' });
export type TPaymentMethod = z.infer<typeof ZPaymentMethod>;

/** An address line; its messages name the field by its key (the path gives it as `field`). */
const addressText = () =>
  z
    .string({ error: BILLING_MESSAGES.addressFieldRequired })
    .trim()
    .min(1, BILLING_MESSAGES.addressFieldRequired)
    .max(200, BILLING_MESSAGES.addressFieldTooLong);

export const ZBillingAddress = z
  .object({
    name: addressText(),
    email: addressText().pipe(z.email({ error: BILLING_MESSAGES.emailInvalid })),
    address: addressText(),
    city: addressText(),
    state: addressText(),
    zipCode: addressText(),
    country: z
      .enum(BILLING_COUNTRIES, { error: BILLING_MESSAGES.countryInvalid })
      .default(DEFAULT_BILLING_COUNTRY),
  })
  .strict()
  .meta({ id: 'BillingAddress' });
export type TBillingAddressInput = z.input<typeof ZBillingAddress>;
export type TBillingAddress = z.output<typeof ZBillingAddress>;

/** A key the browser makes once per purchase attempt, so a double click or a retry never charges twice. */
const idempotencyKey = z
  .string({ error: BILLING_MESSAGES.idempotencyKeyRequired })
  .regex(/^[A-Za-z0-9_-]{8,100}$/, BILLING_MESSAGES.idempotencyKeyInvalid);

export const ZBuyPackRequest = z
  .object({
    packId: z.enum(CREDIT_PACKS.map((pack) => pack.id) as [string, ...string[]], {
      error: BILLING_MESSAGES.unknownPack,
    }),
    paymentMethodId: z.string().max(64).optional(),
    idempotencyKey,
  })
  .strict();
export type TBuyPackRequest = z.input<typeof ZBuyPackRequest>;

export const ZChangePlanRequest = z
  .object({
    plan: z.enum(PLAN_IDS),
    paymentMethodId: z.string().max(64).optional(),
    idempotencyKey,
  })
  .strict();
export type TChangePlanRequest = z.input<typeof ZChangePlanRequest>;

export const PURCHASE_KINDS = ['pack', 'plan', 'renewal'] as const;
export const PURCHASE_STATUSES = ['pending', 'succeeded', 'declined'] as const;

export const ZPurchase = z
  .object({
    id: z.string(),
    kind: z.enum(PURCHASE_KINDS),
    /** The pack id, or the plan id of a plan change or renewal. */
    item: z.string(),
    description: z.string(),
    amountCents: z.number().int(),
    currency: z.literal('usd'),
    credits: z.number().int(),
    bonusCredits: z.number().int(),
    status: z.enum(PURCHASE_STATUSES),
    failureMessage: z.string().nullable(),
    card: z.object({ brand: z.enum(CARD_BRANDS), last4: z.string() }).nullable(),
    invoiceNumber: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Purchase' });
export type TPurchase = z.infer<typeof ZPurchase>;

export const ZInvoice = z
  .object({
    id: z.string(),
    number: z.string(),
    purchaseId: z.string(),
    description: z.string(),
    amountCents: z.number().int(),
    currency: z.literal('usd'),
    status: z.literal('paid'),
    card: z.object({ brand: z.enum(CARD_BRANDS), last4: z.string() }).nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Invoice' });
export type TInvoice = z.infer<typeof ZInvoice>;

export const ZBillingSummary = z
  .object({
    plan: z.enum(PLAN_IDS),
    /** A downgrade waiting for the next billing month. */
    pendingPlan: z.enum(PLAN_IDS).nullable(),
    periodStart: z.string(),
    /** When the monthly credits reset next (and a paid plan renews). */
    nextResetAt: z.string(),
    monthlyAllowance: z.number().int(),
    balance: z.object({ total: z.number().int(), monthly: z.number().int(), purchased: z.number().int() }),
    /** 'test' for the embedded provider: only its documented test cards are charged. */
    providerMode: z.enum(['test', 'live']),
  })
  .meta({ id: 'BillingSummary' });
export type TBillingSummary = z.infer<typeof ZBillingSummary>;

export const ZPurchaseResult = z
  .object({ purchase: ZPurchase, summary: ZBillingSummary })
  .meta({ id: 'PurchaseResult' });
export type TPurchaseResult = z.infer<typeof ZPurchaseResult>;

export const ZPlanChangeResult = z
  .object({
    /** Upgraded now (charged), scheduled for the next billing month (downgrade), or a scheduled change cancelled. */
    change: z.enum(['upgraded', 'scheduled', 'cancelled']),
    purchase: ZPurchase.nullable(),
    summary: ZBillingSummary,
  })
  .meta({ id: 'PlanChangeResult' });
export type TPlanChangeResult = z.infer<typeof ZPlanChangeResult>;
