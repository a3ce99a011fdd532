import type { TPurchase } from '@kaleido/common';
import { BILLING_MESSAGES } from '@kaleido/common/browser';
import { en as apiEnglish } from '@kaleido/common/i18n/messages/en';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import english from '../../i18n/messages/en/billing.json';
import { billingFake } from '../../test/billing-fake';
import {
  jsonResponse,
  mockServer,
  renderApp,
  startInLanguage,
  TEST_SETTINGS,
  TEST_USER,
} from '../../test/render-app';

describe('billing page', () => {
  it('asks signed-out visitors to sign in', async () => {
    mockServer();
    renderApp('/billing');
    expect(await screen.findByRole('heading', { name: english['billing.signIn.title'] })).toBeInTheDocument();
    expect(screen.getByText(english['billing.signIn.message'])).toBeInTheDocument();
  });

  it('checks the card in the Add Card modal before sending it, then lists it as the default', async () => {
    const fake = billingFake();
    mockServer({ user: TEST_USER, handler: (url, init) => fake.handle(url, init) });
    const { user } = renderApp('/billing');
    expect(await screen.findByText(/No payment methods yet/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Card' });
    const number = within(dialog).getByLabelText('Card Number');
    await user.type(number, '4242424242424241');
    expect(number).toHaveValue('4242 4242 4242 4241');
    await user.type(within(dialog).getByLabelText('Expiry (MM/YY)'), '0120');
    expect(within(dialog).getByLabelText('Expiry (MM/YY)')).toHaveValue('01/20');
    await user.type(within(dialog).getByLabelText('CVC'), '12');
    await user.click(within(dialog).getByRole('button', { name: 'Add Card' }));
    expect(within(dialog).getByText(apiEnglish[BILLING_MESSAGES.cardNumberInvalid])).toBeInTheDocument();
    expect(within(dialog).getByText(apiEnglish[BILLING_MESSAGES.expiryPast])).toBeInTheDocument();
    expect(within(dialog).getByText(apiEnglish[BILLING_MESSAGES.cvcInvalid])).toBeInTheDocument();
    expect(within(dialog).getByText(apiEnglish[BILLING_MESSAGES.cardholderRequired])).toBeInTheDocument();
    expect(fake.state.requests.filter((request) => request.method === 'POST')).toEqual([]);

    await user.clear(number);
    await user.type(number, '4242424242424242');
    const expiry = within(dialog).getByLabelText('Expiry (MM/YY)');
    await user.clear(expiry);
    await user.type(expiry, '1229');
    await user.type(within(dialog).getByLabelText('CVC'), '3');
    await user.type(within(dialog).getByLabelText('Cardholder Name'), 'Ada Lovelace');
    await user.click(within(dialog).getByRole('button', { name: 'Add Card' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fake.state.requests.find((request) => request.method === 'POST')?.body).toEqual({
      number: '4242 4242 4242 4242',
      expiry: '12/29',
      cvc: '123',
      name: 'Ada Lovelace',
    });
    const section = screen.getByRole('region', { name: 'Payment Methods' });
    const list = await within(section).findByRole('list');
    expect(within(list).getByText(/Visa •••• 4242/)).toBeInTheDocument();
    expect(within(list).getByText('Default')).toBeInTheDocument();
  });

  it('adds a billing address with required fields and the US default', async () => {
    const fake = billingFake();
    mockServer({ user: TEST_USER, handler: (url, init) => fake.handle(url, init) });
    const { user } = renderApp('/billing');
    await user.click(await screen.findByRole('button', { name: 'Add Address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Billing Address' });
    expect(within(dialog).getByLabelText('Country')).toHaveValue('US');
    expect(
      within(within(dialog).getByLabelText('Country'))
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual(['US', 'CA', 'GB', 'AU', 'DE', 'FR', 'JP', 'IN']);
    await user.click(within(dialog).getByRole('button', { name: 'Save Address' }));
    expect(within(dialog).getByText('Full Name is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('ZIP Code is required.')).toBeInTheDocument();

    const fill = {
      'Full Name': 'Ada Lovelace',
      Email: 'ada@example.com',
      Address: '12 St James Square',
      City: 'London',
      State: 'Westminster',
      'ZIP Code': 'SW1Y 4JH',
    };
    for (const [label, value] of Object.entries(fill))
      await user.type(within(dialog).getByLabelText(label), value);
    await user.selectOptions(within(dialog).getByLabelText('Country'), 'GB');
    await user.click(within(dialog).getByRole('button', { name: 'Save Address' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fake.state.address).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      address: '12 St James Square',
      city: 'London',
      state: 'Westminster',
      zipCode: 'SW1Y 4JH',
      country: 'GB',
    });
    const address = await screen.findByText(/United Kingdom/);
    expect(address).toHaveTextContent('12 St James SquareLondon, Westminster SW1Y 4JHUnited Kingdom');
  });
});

describe('billing in another language', () => {
  const purchase: TPurchase = {
    id: 'purchase-1',
    kind: 'pack',
    item: 'pack-100',
    description: '100 credits + 10 bonus',
    amountCents: 1500,
    currency: 'usd',
    credits: 100,
    bonusCredits: 10,
    status: 'succeeded',
    failureMessage: null,
    card: { brand: 'visa', last4: '4242' },
    invoiceNumber: 'KAL-20260120-ABCDEF12',
    createdAt: '2026-01-20T10:00:00.000Z',
  };

  it('speaks the account’s language (German): plan, cards, address form, countries and purchases', async () => {
    await startInLanguage('de');
    const fake = billingFake({
      purchases: [purchase],
      invoices: [
        {
          id: 'invoice-1',
          number: 'KAL-20260120-ABCDEF12',
          purchaseId: 'purchase-1',
          description: '100 credits + 10 bonus',
          amountCents: 1500,
          currency: 'usd',
          status: 'paid',
          card: { brand: 'visa', last4: '4242' },
          createdAt: '2026-01-20T10:00:00.000Z',
        },
      ],
    });
    mockServer({
      user: TEST_USER,
      handler: (url, init) =>
        url === '/api/settings'
          ? jsonResponse({ success: true, data: { ...TEST_SETTINGS, language: 'de' } })
          : fake.handle(url, init),
    });
    const { user } = renderApp('/billing');
    expect(await screen.findByRole('heading', { name: 'Abrechnung', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('Aktueller Tarif')).toBeInTheDocument();
    expect(await screen.findByText(/^Noch keine Zahlungsmethoden\./)).toBeInTheDocument();

    const purchases = await screen.findByRole('region', { name: 'Käufe' });
    expect(within(purchases).getByText('100 Credits + 10 Bonus')).toBeInTheDocument();
    expect(within(purchases).getByText('Bezahlt')).toBeInTheDocument();
    expect(within(purchases).getByText(/^Credit-Paket · 20\. Januar 2026/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Karte hinzufügen' }));
    const cardDialog = await screen.findByRole('dialog', { name: 'Karte hinzufügen' });
    await user.click(within(cardDialog).getByRole('button', { name: 'Karte hinzufügen' }));
    expect(within(cardDialog).getByText('Gib die Kartennummer ein.')).toBeInTheDocument();
    expect(within(cardDialog).getByLabelText('Ablaufdatum (MM/JJ)')).toHaveAttribute('placeholder', 'MM/JJ');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Adresse hinzufügen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rechnungsadresse hinzufügen' });
    const country = within(dialog).getByLabelText('Land');
    expect(within(country).getByRole('option', { name: 'Vereinigtes Königreich' })).toHaveValue('GB');
    expect(within(country).getByRole('option', { name: 'Vereinigte Staaten' })).toHaveValue('US');
    await user.click(within(dialog).getByRole('button', { name: 'Adresse speichern' }));
    expect(within(dialog).getByText('Bitte gib deine Postleitzahl ein.')).toBeInTheDocument();
  });
});
