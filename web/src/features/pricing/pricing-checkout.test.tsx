import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { billingFake } from '../../test/billing-fake';
import { mockServer, renderApp, TEST_USER } from '../../test/render-app';

const visa = {
  id: 'card-visa',
  type: 'card' as const,
  brand: 'visa' as const,
  last4: '4242',
  expMonth: 12,
  expYear: 2029,
  cardholderName: 'Ada Lovelace',
  isDefault: true,
  createdAt: '2026-01-20T10:00:00.000Z',
};

describe('pricing checkout', () => {
  it('buys a pack with the default card once, whatever the clicks, and refreshes the balance', async () => {
    const fake = billingFake({ cards: [visa] });
    let meCalls = 0;
    mockServer({
      user: TEST_USER,
      handler: (url, init) => {
        if (url === '/api/auth/me') meCalls++;
        return fake.handle(url, init);
      },
    });
    const { user } = renderApp('/pricing');
    await user.click(await screen.findByRole('button', { name: 'Buy 100 credits for $15' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy 100 credits' });
    expect(within(dialog).getByRole('radio', { name: /Visa •••• 4242/ })).toBeChecked();
    const meBefore = meCalls;
    const pay = within(dialog).getByRole('button', { name: 'Pay $15' });
    await user.dblClick(pay);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const posts = fake.state.requests.filter((request) => request.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({
      packId: 'pack-100',
      paymentMethodId: 'card-visa',
      idempotencyKey: expect.stringMatching(/^[a-f0-9]{32}$/),
    });
    expect(await screen.findByText('110 credits added to your balance.')).toBeInTheDocument();
    await waitFor(() => expect(meCalls).toBeGreaterThan(meBefore));
  });

  it('shows a decline and lets the person add a card when none is saved', async () => {
    const fake = billingFake();
    mockServer({ user: TEST_USER, handler: (url, init) => fake.handle(url, init) });
    const { user } = renderApp('/pricing');
    await user.click(await screen.findByRole('button', { name: 'Buy 50 credits for $9' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy 50 credits' });
    await user.type(within(dialog).getByLabelText('Card Number'), '4000000000000002');
    await user.type(within(dialog).getByLabelText('Expiry (MM/YY)'), '1229');
    await user.type(within(dialog).getByLabelText('CVC'), '123');
    await user.type(within(dialog).getByLabelText('Cardholder Name'), 'Ada Lovelace');
    await user.click(within(dialog).getByRole('button', { name: 'Save card' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Pay $9' }));
    expect(await within(dialog).findByText('Your card was declined.')).toBeInTheDocument();
    expect(fake.state.purchases).toEqual([]);
  });

  it('offers upgrades and switches for signed-in people', async () => {
    const fake = billingFake({ cards: [visa] });
    mockServer({ user: TEST_USER, handler: (url, init) => fake.handle(url, init) });
    const { user } = renderApp('/pricing');
    const plans = await screen.findByRole('region', { name: 'Plans' });
    expect(within(plans).getByText('Current plan')).toBeInTheDocument();
    await user.click(within(plans).getByRole('button', { name: 'Upgrade to Pro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to Pro' });
    expect(within(dialog).getByRole('button', { name: 'Pay $19' })).toBeEnabled();
  });
});
