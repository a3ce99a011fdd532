import { CREDIT_PACKS, CREDIT_PRICES, PLANS } from '@kaleido/common/browser';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatUsd } from '../../lib/format';
import { mockServer, renderApp, startInLanguage } from '../../test/render-app';

/** A feature line as PLANS writes it: digits without group separators ('2,500' reads '2500'). */
const plain = (text: string) => text.replace(/(\d),(\d{3})/g, '$1$2');

describe('pricing page', () => {
  it('lists the three plans and four packs; buttons lead to /auth when signed out', async () => {
    mockServer();
    renderApp('/pricing');
    const plans = await screen.findByRole('region', { name: 'Plans' });
    for (const plan of PLANS) {
      const card = within(plans).getByRole('heading', { name: plan.name }).closest('li') as HTMLElement;
      expect(within(card).getByText(formatUsd(plan.priceUsd))).toBeInTheDocument();
      // The catalog's feature lines say what PLANS says.
      const features = within(card)
        .getAllByRole('listitem')
        .map((item) => plain(item.textContent ?? ''));
      expect(features).toEqual([...plan.features]);
    }
    for (const link of within(plans).getAllByRole('link'))
      expect(link.getAttribute('href')).toMatch(/^\/auth/);

    const packs = screen.getByRole('region', { name: 'Credit packs' });
    expect(within(packs).getAllByRole('link', { name: /^Buy / })).toHaveLength(CREDIT_PACKS.length);
    expect(within(packs).getByText('75 bonus')).toBeInTheDocument();
  });

  it('prices generations from CREDIT_PRICES in the FAQ (video 3 credits, never 5)', async () => {
    mockServer();
    renderApp('/pricing');
    const faq = await screen.findByRole('region', { name: 'Frequently asked questions' });
    const answers = faq.textContent ?? '';
    expect(answers).toContain(`${CREDIT_PRICES.image} credit`);
    expect(answers).toContain(`${CREDIT_PRICES.video} credits`);
    expect(answers).toContain('a video uses 3 credits');
    expect(answers).not.toMatch(/5 credits/);
  });

  it('reads in German, with German prices', async () => {
    await startInLanguage('de');
    mockServer();
    renderApp('/pricing');
    const plans = await screen.findByRole('region', { name: 'Tarife' });
    expect(screen.getByRole('heading', { level: 2, name: 'Häufige Fragen' })).toBeInTheDocument();
    expect(within(plans).getByText('2.500 Bilder und 500 Videos pro Monat')).toBeInTheDocument();
    expect(within(plans).getAllByRole('link', { name: 'Pro wählen' })).toHaveLength(1);
    const packs = screen.getByRole('region', { name: 'Credit-Pakete' });
    // German puts the dollar sign after the amount, with a no-break space.
    expect(within(packs).getByRole('link', { name: /^100 Credits für 15\s\$ kaufen$/ })).toBeInTheDocument();
    expect(screen.queryByText('Frequently asked questions')).not.toBeInTheDocument();
  });
});
