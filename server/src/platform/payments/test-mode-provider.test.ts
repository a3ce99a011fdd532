import { TEST_CARDS } from '@kaleido/common';
import { describe, expect, it } from 'vitest';
import { createTestModePaymentProvider } from './test-mode-provider.js';

const provider = createTestModePaymentProvider();
const details = (number: string) => ({
  number: number.replace(/\s/g, ''),
  expMonth: 12,
  expYear: 2040,
  cvc: '123',
  name: 'Ada Lovelace',
});
const charge = (token: string, idempotencyKey = 'key-1') =>
  provider.charge({ token, amountCents: 900, currency: 'usd', description: 'pack', idempotencyKey });

describe('test-mode payment provider', () => {
  it('answers every documented test card with its outcome, whatever the random part of its token', async () => {
    // Tokens carry random characters: many draws catch a tail that could be read as part of the outcome.
    for (const card of TEST_CARDS) {
      for (let draw = 0; draw < 200; draw += 1) {
        const { token } = await provider.tokenizeCard(details(card.number));
        const result = await charge(token);
        if (card.outcome === 'succeeds') expect(result, token).toMatchObject({ status: 'succeeded' });
        else expect(result, token).toMatchObject({ status: 'declined', code: card.outcome });
      }
    }
  });

  it('answers a retried charge with the same id, and refuses unknown tokens and amounts', async () => {
    const { token } = await provider.tokenizeCard(details('4242 4242 4242 4242'));
    expect(await charge(token, 'same')).toEqual(await charge(token, 'same'));
    expect(await charge(token, 'same')).not.toEqual(await charge(token, 'other'));
    expect(await charge('tok_live_abc')).toMatchObject({ status: 'declined', code: 'invalid_token' });
    expect(
      await provider.charge({
        token,
        amountCents: 0,
        currency: 'usd',
        description: 'x',
        idempotencyKey: 'k',
      }),
    ).toMatchObject({ status: 'declined', code: 'invalid_amount' });
  });
});
