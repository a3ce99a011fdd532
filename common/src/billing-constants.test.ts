import { describe, expect, it } from 'vitest';
import {
  BILLING_MESSAGES,
  cardDigits,
  detectCardBrand,
  isExpired,
  luhnValid,
  parseExpiry,
  planChangeKind,
  TEST_CARDS,
  validateCard,
} from './billing-constants.js';

describe('card checks', () => {
  it('accepts every documented test card number (Luhn, brand, length)', () => {
    for (const card of TEST_CARDS) {
      const digits = cardDigits(card.number);
      expect(luhnValid(digits), card.number).toBe(true);
      expect(detectCardBrand(digits)).toBe(card.brand);
      expect(
        validateCard(
          { number: card.number, expiry: '12/30', cvc: card.brand === 'amex' ? '1234' : '123', name: 'A' },
          new Date(),
        ),
      ).toEqual({});
    }
  });

  it('checks the Luhn sum', () => {
    expect(luhnValid('79927398713')).toBe(true);
    expect(luhnValid('79927398710')).toBe(false);
    expect(luhnValid('4242a42424242424')).toBe(false);
  });

  it('detects brands from the prefix', () => {
    expect(detectCardBrand('4111111111111111')).toBe('visa');
    expect(detectCardBrand('2221000000000009')).toBe('mastercard');
    expect(detectCardBrand('5105105105105100')).toBe('mastercard');
    expect(detectCardBrand('371449635398431')).toBe('amex');
    expect(detectCardBrand('6011111111111117')).toBe('discover');
    expect(detectCardBrand('1234567890123452')).toBeNull();
  });

  it('reads MM/YY and treats a card as valid through its expiry month', () => {
    expect(parseExpiry('04/29')).toEqual({ month: 4, year: 2029 });
    expect(parseExpiry(' 4 / 2031 ')).toEqual({ month: 4, year: 2031 });
    expect(parseExpiry('13/29')).toBeNull();
    expect(parseExpiry('0429')).toBeNull();
    const now = new Date('2026-03-31T23:59:00Z');
    expect(isExpired({ month: 3, year: 2026 }, now)).toBe(false);
    expect(isExpired({ month: 2, year: 2026 }, now)).toBe(true);
  });

  it('reports each field with its message', () => {
    expect(validateCard({ number: '', expiry: '', cvc: '', name: '' }, new Date())).toEqual({
      number: BILLING_MESSAGES.cardNumberRequired,
      expiry: BILLING_MESSAGES.expiryRequired,
      cvc: BILLING_MESSAGES.cvcInvalid,
      name: BILLING_MESSAGES.cardholderRequired,
    });
  });

  it('orders plans by price', () => {
    expect(planChangeKind('free', 'pro')).toBe('upgrade');
    expect(planChangeKind('enterprise', 'pro')).toBe('downgrade');
    expect(planChangeKind('pro', 'pro')).toBe('same');
  });
});
