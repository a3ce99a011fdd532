import { CREDIT_PACKS, CREDIT_PRICES, PLANS } from '@kaleido/common/browser';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatUsd } from '../../lib/format';
import { mockServer, renderApp } from '../../test/render-app';
import { PRICING_FAQ } from './faq';

describe('pricing page', () => {
  it('lists the three plans and four packs; buttons lead to /auth when signed out', async () => {
    mockServer();
    renderApp('/pricing');
    const plans = await screen.findByRole('region', { name: 'Plans' });
    for (const plan of PLANS) {
      expect(within(plans).getByRole('heading', { name: plan.name })).toBeInTheDocument();
      expect(within(plans).getByText(formatUsd(plan.priceUsd))).toBeInTheDocument();
      for (const feature of plan.features) expect(within(plans).getByText(feature)).toBeInTheDocument();
    }
    for (const link of within(plans).getAllByRole('link'))
      expect(link.getAttribute('href')).toMatch(/^\/auth/);

    const packs = screen.getByRole('region', { name: 'Credit packs' });
    expect(within(packs).getAllByRole('link', { name: /^Buy / })).toHaveLength(CREDIT_PACKS.length);
    expect(within(packs).getByText('75 bonus')).toBeInTheDocument();
  });

  it('prices generations from CREDIT_PRICES in the FAQ (video 3 credits, never 5)', () => {
    const answer = PRICING_FAQ[0]?.answer ?? '';
    expect(answer).toContain(`${CREDIT_PRICES.image} credit`);
    expect(answer).toContain(`${CREDIT_PRICES.video} credits`);
    expect(answer).toContain('3 credits');
    expect(PRICING_FAQ.map((entry) => entry.answer).join(' ')).not.toMatch(/5 credits/);
  });
});
