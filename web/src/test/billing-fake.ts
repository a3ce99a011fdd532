import type { TBillingAddress, TBillingSummary, TInvoice, TPaymentMethod, TPurchase } from '@kaleido/common';
import { findPack, TEST_CARDS } from '@kaleido/common/browser';
import { jsonResponse, TEST_USER } from './render-app';

/**
 * A small in-memory billing server for component tests: it keeps cards, the address and purchases the
 * way the real one answers, and records what the page sent.
 */
export function billingFake(
  initial: { cards?: TPaymentMethod[]; purchases?: TPurchase[]; invoices?: TInvoice[] } = {},
) {
  const state = {
    cards: [...(initial.cards ?? [])],
    address: null as TBillingAddress | null,
    purchases: [...(initial.purchases ?? [])],
    invoices: [...(initial.invoices ?? [])],
    requests: [] as { method: string; url: string; body: unknown }[],
    purchased: TEST_USER.creditsPurchased,
  };
  const summary = (): TBillingSummary => ({
    plan: 'free',
    pendingPlan: null,
    periodStart: '2026-01-15T09:30:00.000Z',
    nextResetAt: '2026-02-15T09:30:00.000Z',
    monthlyAllowance: 10,
    balance: { total: state.purchased + 10, monthly: 10, purchased: state.purchased },
    providerMode: 'test',
  });
  const ok = (data: unknown, status = 200) => jsonResponse({ success: true, data }, status);
  return {
    state,
    async handle(url: string, init: RequestInit | undefined) {
      const method = init?.method ?? 'GET';
      if (!url.startsWith('/api/billing')) return undefined;
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      state.requests.push({ method, url, body });
      if (url === '/api/billing' && method === 'GET') return ok(summary());
      if (url === '/api/billing/payment-methods' && method === 'GET') return ok(state.cards);
      if (url === '/api/billing/payment-methods' && method === 'POST') {
        const digits = String(body.number).replace(/\s/g, '');
        const card: TPaymentMethod = {
          id: `card-${state.cards.length + 1}`,
          type: 'card',
          brand: TEST_CARDS.find((test) => test.number.replace(/\s/g, '') === digits)?.brand ?? 'visa',
          last4: digits.slice(-4),
          expMonth: Number(body.expiry.slice(0, 2)),
          expYear: 2000 + Number(body.expiry.slice(3)),
          cardholderName: body.name,
          isDefault: state.cards.length === 0,
          createdAt: '2026-01-20T10:00:00.000Z',
        };
        state.cards.push(card);
        return ok(card, 201);
      }
      if (url === '/api/billing/address' && method === 'GET') return ok(state.address);
      if (url === '/api/billing/address' && method === 'PUT') {
        state.address = { country: 'US', ...body };
        return ok(state.address);
      }
      if (url === '/api/billing/purchases' && method === 'GET') return ok(state.purchases);
      if (url === '/api/billing/invoices' && method === 'GET') return ok(state.invoices);
      if (url === '/api/billing/purchases' && method === 'POST') {
        const card = state.cards.find((candidate) => candidate.id === body.paymentMethodId);
        const pack = findPack(body.packId);
        if (!card || !pack)
          return jsonResponse({ success: false, error: 'Bad request.', code: 'BAD_REQUEST' }, 400);
        if (card.last4 === '0002')
          return jsonResponse(
            { success: false, error: 'Your card was declined.', code: 'PAYMENT_DECLINED' },
            402,
          );
        const purchase: TPurchase = {
          id: `purchase-${state.purchases.length + 1}`,
          kind: 'pack',
          item: pack.id,
          description: `${pack.credits} credits + ${pack.bonusCredits} bonus`,
          amountCents: pack.priceUsd * 100,
          currency: 'usd',
          credits: pack.credits,
          bonusCredits: pack.bonusCredits,
          status: 'succeeded',
          failureMessage: null,
          card: { brand: card.brand, last4: card.last4 },
          invoiceNumber: 'KAL-20260120-ABCDEF12',
          createdAt: '2026-01-20T10:00:00.000Z',
        };
        state.purchases.unshift(purchase);
        state.purchased += pack.credits + pack.bonusCredits;
        return ok({ purchase, summary: summary() }, 201);
      }
      return undefined;
    },
  };
}
