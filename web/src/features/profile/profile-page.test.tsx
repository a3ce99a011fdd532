import { CREDIT_PRICES } from '@kaleido/common/browser';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatCredits } from '../../lib/format';
import { billingFake } from '../../test/billing-fake';
import {
  jsonResponse,
  mockServer,
  renderApp,
  settingsStore,
  startInLanguage,
  TEST_SETTINGS,
  TEST_USER,
} from '../../test/render-app';

/** The English texts these screens show (the English catalogs). */
const EN = {
  logInToViewProfile: 'Please log in to view your profile.',
};

const figures = (generations: number, images: number, videos: number, creditsUsed: number) => ({
  generations,
  images,
  videos,
  creditsUsed,
  creditsPurchased: 110,
  amountSpentCents: 1500,
});
/** GET /api/usage/summary as the server answers it. */
const usageSummary = (url: string) =>
  url === '/api/usage/summary'
    ? jsonResponse({
        success: true,
        data: {
          periodStart: '2026-03-15T09:30:00.000Z',
          thisMonth: figures(3, 2, 1, 5),
          allTime: figures(17, 12, 5, 27),
          recentActivity: [
            {
              id: 'generation:1',
              kind: 'generation',
              event: 'generatedVideo',
              title: 'Generated a video',
              detail: 'waves at night',
              credits: -3,
              createdAt: '2026-03-20T10:00:00.000Z',
            },
            {
              id: 'purchase:1',
              kind: 'purchase',
              event: 'boughtPack',
              title: 'Bought 100 credits + 10 bonus',
              purchase: {
                kind: 'pack',
                item: 'starter',
                description: '100 credits + 10 bonus',
                credits: 100,
                bonusCredits: 10,
                amountCents: 1500,
              },
              detail: '$15.00',
              credits: 110,
              createdAt: '2026-03-19T10:00:00.000Z',
            },
          ],
        },
      })
    : undefined;

describe('profile page', () => {
  it(`says '${EN.logInToViewProfile}' when signed out`, async () => {
    mockServer();
    renderApp('/profile');
    expect(await screen.findByText(EN.logInToViewProfile)).toBeInTheDocument();
  });

  it('has four tabs, with the open one in the address', async () => {
    const store = settingsStore();
    const billing = billingFake();
    mockServer({
      user: TEST_USER,
      handler: async (url, init) =>
        usageSummary(url) ?? (await billing.handle(url, init)) ?? store.handle(url, init),
    });
    const { user, router } = renderApp('/profile');
    const tabs = await screen.findByRole('tablist', { name: 'Profile sections' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Overview', 'Usage', 'Billing', 'Settings']);
    expect(within(tabs).getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');

    await user.click(within(tabs).getByRole('tab', { name: 'Settings' }));
    expect(router.state.location.search).toBe('?tab=settings');
    expect(await screen.findByRole('heading', { name: 'Notifications' })).toBeInTheDocument();

    await user.keyboard('{ArrowLeft}');
    expect(within(tabs).getByRole('tab', { name: 'Billing' })).toHaveFocus();
    expect(router.state.location.search).toBe('?tab=billing');
    expect(await screen.findByText('No purchases yet')).toBeInTheDocument();

    await user.keyboard('{Home}');
    expect(router.state.location.search).toBe('');
  });

  it('opens the tab named in the address, with this month against all time from the server', async () => {
    mockServer({ user: TEST_USER, handler: usageSummary });
    renderApp('/profile?tab=usage');
    expect(await screen.findByRole('tab', { name: 'Usage' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText(formatCredits(CREDIT_PRICES.video))).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('row', { name: 'Generations 3 17' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: 'Videos 1 5' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: 'Credits used 5 27' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: 'Spent $15 $15' })).toBeInTheDocument();
    expect(screen.getByText('This month began March 15, 2026')).toBeInTheDocument();
    expect(screen.getByText('Generated a video')).toBeInTheDocument();
    expect(screen.getByText('+110')).toBeInTheDocument();
  });

  it("shows the account's real figures on Overview", async () => {
    mockServer({
      user: { ...TEST_USER, role: 'admin', socialProviders: ['local'] },
      socialProviders: [{ id: 'local', name: 'Local ID' }],
    });
    renderApp('/profile');
    const panel = await screen.findByRole('tabpanel');
    expect(within(panel).getByText('42')).toBeInTheDocument();
    expect(within(panel).getByText('Monthly').nextElementSibling).toHaveTextContent('10');
    expect(within(panel).getByText('Purchased').nextElementSibling).toHaveTextContent('32');
    expect(within(panel).getByText(TEST_USER.email)).toBeInTheDocument();
    expect(within(panel).getByText('January 15, 2026')).toBeInTheDocument();
    expect(within(panel).getByText('Administrator')).toBeInTheDocument();
    expect(within(panel).getByText('Email and password')).toBeInTheDocument();
    expect(await within(panel).findByText('Local ID')).toBeInTheDocument();
    expect(screen.getAllByText('Admin')[0]).toBeInTheDocument();
  });

  it('shows plan, next reset, balance and the recorded purchases on Billing', async () => {
    const billing = billingFake({
      purchases: [
        {
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
        },
      ],
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
    mockServer({ user: TEST_USER, handler: (url, init) => billing.handle(url, init) });
    renderApp('/profile?tab=billing');
    const panel = await screen.findByRole('tabpanel');
    expect(within(panel).getByText('Free')).toBeInTheDocument();
    expect(within(panel).getByText('42 credits')).toBeInTheDocument();
    expect(await within(panel).findByText('February 15, 2026')).toBeInTheDocument();
    const purchases = await within(panel).findByRole('region', { name: 'Purchases' });
    expect(within(purchases).getByText('100 credits + 10 bonus')).toBeInTheDocument();
    expect(within(purchases).getByText('Paid')).toBeInTheDocument();
    const invoices = within(panel).getByRole('region', { name: 'Invoices' });
    expect(within(invoices).getByText('KAL-20260120-ABCDEF12')).toBeInTheDocument();
  });
});

describe('credit balance in the navigation', () => {
  it('follows the account when it changes', async () => {
    mockServer({ user: TEST_USER });
    const { queryClient } = renderApp('/');
    expect(await screen.findByLabelText('Credit balance: 42 credits')).toBeInTheDocument();
    queryClient.setQueryData(['auth', 'me'], { ...TEST_USER, credits: 7 });
    await waitFor(() => expect(screen.getByLabelText('Credit balance: 7 credits')).toHaveTextContent('7'));
  });
});

describe('profile page in German', () => {
  it("shows the tabs, the account's figures and dates in the account's language", async () => {
    await startInLanguage('de');
    const store = settingsStore({ ...TEST_SETTINGS, language: 'de' });
    mockServer({
      user: TEST_USER,
      handler: async (url, init) => usageSummary(url) ?? store.handle(url, init),
    });
    renderApp('/profile');
    const tabs = await screen.findByRole('tablist', { name: 'Profilbereiche' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Übersicht', 'Nutzung', 'Abrechnung', 'Einstellungen']);
    expect(screen.getByText('Mitglied seit dem 15. Januar 2026')).toBeInTheDocument();
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByRole('heading', { name: 'Guthaben' })).toBeInTheDocument();
    expect(within(panel).getByText('Monatlich').nextElementSibling).toHaveTextContent(
      '10 · wird jeden Abrechnungsmonat auf 10 zurückgesetzt',
    );
    expect(within(panel).getByText('E-Mail und Passwort')).toBeInTheDocument();
    const table = await within(panel).findByRole('table');
    expect(within(table).getByRole('row', { name: 'Verbrauchte Credits 5 27' })).toBeInTheDocument();
    expect(within(panel).getByText('Video generiert')).toBeInTheDocument();
  });
});
