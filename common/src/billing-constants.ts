import {
  type BILLING_COUNTRIES,
  CREDIT_PACKS,
  PLANS,
  type TCreditPack,
  type TPlan,
  type TPlanId,
} from './constants.js';
import type { TApiMessageId } from './i18n/messages/en.js';

/**
 * Billing texts (message ids; values: API_MESSAGE_DEFAULTS) and card checks (no zod: safe for the
 * browser bundle). The server validates with the same functions, so the Add Card form and the API
 * refuse a card with the same words. The address field messages take the field's key as `field`.
 */
export const BILLING_MESSAGES = {
  cardNumberRequired: 'api.billing.cardNumberRequired',
  cardNumberInvalid: 'api.billing.cardNumberInvalid',
  cardBrandUnsupported: 'api.billing.cardBrandUnsupported',
  expiryRequired: 'api.billing.expiryRequired',
  expiryInvalid: 'api.billing.expiryInvalid',
  expiryPast: 'api.billing.expiryPast',
  cvcInvalid: 'api.billing.cvcInvalid',
  cvcAmex: 'api.billing.cvcAmex',
  cardholderRequired: 'api.billing.cardholderRequired',
  cardholderTooLong: 'api.billing.cardholderTooLong',
  addressFieldRequired: 'api.billing.addressFieldRequired',
  addressFieldTooLong: 'api.billing.addressFieldTooLong',
  emailInvalid: 'api.billing.emailInvalid',
  countryInvalid: 'api.billing.countryInvalid',
  cardDeclined: 'api.billing.cardDeclined',
  insufficientFunds: 'api.billing.insufficientFunds',
  cardExpiredDecline: 'api.billing.cardExpiredDecline',
  cvcCheckFailed: 'api.billing.cvcCheckFailed',
  processingError: 'api.billing.processingError',
  paymentMethodRequired: 'api.billing.paymentMethodRequired',
  paymentMethodNotFound: 'api.billing.paymentMethodNotFound',
  unknownPack: 'api.billing.unknownPack',
  samePlan: 'api.billing.samePlan',
  purchaseInProgress: 'api.billing.purchaseInProgress',
  idempotencyMismatch: 'api.billing.idempotencyMismatch',
  idempotencyKeyRequired: 'api.billing.idempotencyKeyRequired',
  idempotencyKeyInvalid: 'api.billing.idempotencyKeyInvalid',
  cardAdded: 'api.billing.cardAdded',
  cardRemoved: 'api.billing.cardRemoved',
  addressSaved: 'api.billing.addressSaved',
} as const satisfies Record<string, TApiMessageId>;

export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'discover'] as const;
export type TCardBrand = (typeof CARD_BRANDS)[number];

export const CARD_BRAND_NAMES: Record<TCardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
};

/** What a test-mode card does when charged (like a card processor's documented test numbers). */
export type TTestCardOutcome =
  | 'succeeds'
  | 'card_declined'
  | 'insufficient_funds'
  | 'expired_card'
  | 'incorrect_cvc'
  | 'processing_error';

export interface TTestCard {
  number: string;
  brand: TCardBrand;
  outcome: TTestCardOutcome;
  description: string;
}

/**
 * The embedded test-mode payment provider's documented card numbers. Any future expiry and any CVC
 * of the right length work. Other valid numbers succeed too, as in a processor's test mode.
 */
export const TEST_CARDS: readonly TTestCard[] = [
  { number: '4242 4242 4242 4242', brand: 'visa', outcome: 'succeeds', description: 'Visa: succeeds' },
  {
    number: '5555 5555 5555 4444',
    brand: 'mastercard',
    outcome: 'succeeds',
    description: 'Mastercard: succeeds',
  },
  {
    number: '3782 822463 10005',
    brand: 'amex',
    outcome: 'succeeds',
    description: 'American Express: succeeds',
  },
  {
    number: '4000 0000 0000 0002',
    brand: 'visa',
    outcome: 'card_declined',
    description: 'Always declined',
  },
  {
    number: '4000 0000 0000 9995',
    brand: 'visa',
    outcome: 'insufficient_funds',
    description: 'Declined: insufficient funds',
  },
  {
    number: '4000 0000 0000 0069',
    brand: 'visa',
    outcome: 'expired_card',
    description: 'Declined: expired card',
  },
  {
    number: '4000 0000 0000 0127',
    brand: 'visa',
    outcome: 'incorrect_cvc',
    description: 'Declined: incorrect CVC',
  },
  {
    number: '4000 0000 0000 0119',
    brand: 'visa',
    outcome: 'processing_error',
    description: 'Declined: processing error',
  },
];

/** The decline messages people see, per outcome (the decline codes card processors use). */
export const DECLINE_MESSAGES: Record<Exclude<TTestCardOutcome, 'succeeds'>, TApiMessageId> = {
  card_declined: BILLING_MESSAGES.cardDeclined,
  insufficient_funds: BILLING_MESSAGES.insufficientFunds,
  expired_card: BILLING_MESSAGES.cardExpiredDecline,
  incorrect_cvc: BILLING_MESSAGES.cvcCheckFailed,
  processing_error: BILLING_MESSAGES.processingError,
};

/** Digits only: people type spaces and dashes. */
export const cardDigits = (value: string): string => value.replace(/[\s-]/g, '');

/** The Luhn checksum every card number carries. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let digit = Number(digits[i]);
    if (double) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
    double = !double;
  }
  return sum % 10 === 0;
}

/** The card brand from the number's prefix (IIN ranges), or null when it is not one we accept. */
export function detectCardBrand(digits: string): TCardBrand | null {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9][1-9]|2[3-9]\d|[3-6]\d\d|7[01]\d|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9]|622)/.test(digits)) return 'discover';
  return null;
}

const CARD_LENGTHS: Record<TCardBrand, readonly number[]> = {
  visa: [13, 16, 19],
  mastercard: [16],
  amex: [15],
  discover: [16, 19],
};

/** Month and four-digit year from "MM/YY" (or "MM/YYYY"), or null when it is not a date. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]?.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/** A card is valid through the last day of its expiry month. */
export function isExpired(expiry: { month: number; year: number }, now: Date): boolean {
  const nowMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  return expiry.year * 12 + (expiry.month - 1) < nowMonth;
}

export interface TCardInput {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}

export type TCardField = keyof TCardInput;

/** Every problem of a card form, by field, as message ids (empty when the card may be submitted). */
export function validateCard(input: TCardInput, now: Date): Partial<Record<TCardField, TApiMessageId>> {
  const errors: Partial<Record<TCardField, TApiMessageId>> = {};
  const digits = cardDigits(input.number);
  const brand = detectCardBrand(digits);
  if (!digits) errors.number = BILLING_MESSAGES.cardNumberRequired;
  else if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits))
    errors.number = BILLING_MESSAGES.cardNumberInvalid;
  else if (!brand) errors.number = BILLING_MESSAGES.cardBrandUnsupported;
  else if (!CARD_LENGTHS[brand].includes(digits.length)) errors.number = BILLING_MESSAGES.cardNumberInvalid;

  if (!input.expiry.trim()) errors.expiry = BILLING_MESSAGES.expiryRequired;
  else {
    const expiry = parseExpiry(input.expiry);
    if (!expiry) errors.expiry = BILLING_MESSAGES.expiryInvalid;
    else if (isExpired(expiry, now)) errors.expiry = BILLING_MESSAGES.expiryPast;
  }

  const cvc = input.cvc.trim();
  if (!/^\d{3,4}$/.test(cvc)) errors.cvc = BILLING_MESSAGES.cvcInvalid;
  else if (brand === 'amex' && cvc.length !== 4) errors.cvc = BILLING_MESSAGES.cvcAmex;

  const name = input.name.trim();
  if (!name) errors.name = BILLING_MESSAGES.cardholderRequired;
  else if (name.length > 100) errors.name = BILLING_MESSAGES.cardholderTooLong;
  return errors;
}

/** The Billing Address form's fields and their labels (spec section 2). */
export const BILLING_ADDRESS_FIELDS = [
  { key: 'name', label: 'Full Name' },
  { key: 'email', label: 'Email' },
  { key: 'address', label: 'Address' },
  { key: 'city', label: 'City' },
  { key: 'state', label: 'State' },
  { key: 'zipCode', label: 'ZIP Code' },
  { key: 'country', label: 'Country' },
] as const;

export const BILLING_COUNTRY_NAMES: Record<(typeof BILLING_COUNTRIES)[number], string> = {
  US: 'United States',
  CA: 'Canada',
  GB: 'United Kingdom',
  AU: 'Australia',
  DE: 'Germany',
  FR: 'France',
  JP: 'Japan',
  IN: 'India',
};

export function findPlan(id: TPlanId): TPlan {
  const plan = PLANS.find((candidate) => candidate.id === id);
  if (!plan) throw new Error(`unknown plan ${id}`);
  return plan;
}

export function findPack(id: string): TCreditPack | undefined {
  return CREDIT_PACKS.find((pack) => pack.id === id);
}

/** A move to a dearer plan is an upgrade (now); to a cheaper one a downgrade (next billing month). */
export function planChangeKind(from: TPlanId, to: TPlanId): 'upgrade' | 'downgrade' | 'same' {
  const a = findPlan(from).priceUsd;
  const b = findPlan(to).priceUsd;
  return b > a ? 'upgrade' : b < a ? 'downgrade' : 'same';
}

/** Whole cents, the unit every amount is stored and charged in. */
export const usdToCents = (usd: number): number => Math.round(usd * 100);
