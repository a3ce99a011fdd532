import { CREDIT_PRICES, MESSAGES } from '@kaleido/common/browser';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatCredits } from '../../lib/format';
import { mockServer, renderApp, settingsStore, TEST_USER } from '../../test/render-app';

describe('profile page', () => {
  it(`says '${MESSAGES.logInToViewProfile}' when signed out`, async () => {
    mockServer();
    renderApp('/profile');
    expect(await screen.findByText(MESSAGES.logInToViewProfile)).toBeInTheDocument();
  });

  it('has four tabs, with the open one in the address', async () => {
    const store = settingsStore();
    mockServer({ user: TEST_USER, handler: (url, init) => store.handle(url, init) });
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
    expect(screen.getByText('No purchases yet')).toBeInTheDocument();

    await user.keyboard('{Home}');
    expect(router.state.location.search).toBe('');
  });

  it('opens the tab named in the address', async () => {
    mockServer({ user: TEST_USER });
    renderApp('/profile?tab=usage');
    expect(await screen.findByRole('tab', { name: 'Usage' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText(/Usage statistics appear after your first generation/)).toBeInTheDocument();
    expect(screen.getByText(formatCredits(CREDIT_PRICES.video))).toBeInTheDocument();
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

  it('shows plan and balance on Billing, without made-up purchases', async () => {
    mockServer({ user: TEST_USER });
    renderApp('/profile?tab=billing');
    const panel = await screen.findByRole('tabpanel');
    expect(within(panel).getByText('Free')).toBeInTheDocument();
    expect(within(panel).getByText('42 credits')).toBeInTheDocument();
    expect(within(panel).getByText('No purchases yet')).toBeInTheDocument();
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
