import { createHash, randomBytes } from 'node:crypto';
import { DECLINE_MESSAGES, detectCardBrand, TEST_CARDS, type TTestCardOutcome } from '@kaleido/common';
import { englishOf } from '../i18n/api-messages.js';
import type {
  CardDetails,
  ChargeRequest,
  ChargeResult,
  PaymentProvider,
  TokenizedCard,
} from './payment-provider.js';

const OUTCOMES = new Set<TTestCardOutcome>(TEST_CARDS.map((card) => card.outcome));
// The outcome may hold underscores (insufficient_funds), so the random tail must not: hex.
const TOKEN = /^tok_test_([a-z_]+)_[0-9a-f]+$/;

/**
 * The embedded test-mode provider: it behaves like a card processor's test mode. The documented test
 * numbers (TEST_CARDS) succeed or decline with their outcome; any other valid number succeeds. It keeps
 * no state: the outcome travels in the token, and a charge's id is derived from its idempotency key,
 * so every process answers a retried charge the same way and nothing is charged twice.
 */
export function createTestModePaymentProvider(): PaymentProvider {
  return {
    name: 'test',
    mode: 'test',
    async tokenizeCard(card: CardDetails): Promise<TokenizedCard> {
      const brand = detectCardBrand(card.number);
      if (!brand) throw new Error('unsupported card brand');
      const known = TEST_CARDS.find((test) => test.number.replace(/\s/g, '') === card.number);
      const outcome = known?.outcome ?? 'succeeds';
      return {
        token: `tok_test_${outcome}_${randomBytes(12).toString('hex')}`,
        brand,
        last4: card.number.slice(-4),
      };
    },
    async charge(request: ChargeRequest): Promise<ChargeResult> {
      const outcome = TOKEN.exec(request.token)?.[1] as TTestCardOutcome | undefined;
      if (!outcome || !OUTCOMES.has(outcome))
        return {
          status: 'declined',
          code: 'invalid_token',
          message: englishOf(DECLINE_MESSAGES.processing_error),
        };
      if (!Number.isInteger(request.amountCents) || request.amountCents <= 0)
        return {
          status: 'declined',
          code: 'invalid_amount',
          message: englishOf(DECLINE_MESSAGES.processing_error),
        };
      if (outcome !== 'succeeds')
        return { status: 'declined', code: outcome, message: englishOf(DECLINE_MESSAGES[outcome]) };
      const id = createHash('sha256').update(request.idempotencyKey).digest('base64url').slice(0, 24);
      return { status: 'succeeded', chargeId: `ch_test_${id}` };
    },
  };
}
