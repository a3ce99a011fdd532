import { KEY_PLANS } from '@kaleido/common/browser';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockServer, renderApp } from '../../test/render-app';

describe('API docs page', () => {
  it('is public and has the five sections, the base URL and a link to the keys page', async () => {
    mockServer();
    renderApp('/api-docs');
    expect(
      await screen.findByText(
        'Build AI-powered applications with a simple API for image and video generation.',
      ),
    ).toBeInTheDocument();
    for (const name of [
      'Quick Start',
      'Authentication',
      'Endpoints',
      'Code Examples',
      'Rate Limits & Pricing',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    expect(screen.getByTestId('api-base-url')).toHaveTextContent(`${window.location.origin}/api/v1`);
    const quickStart = screen.getByRole('region', { name: 'Quick Start' });
    expect(within(quickStart).getByRole('link', { name: 'Get API Key' })).toHaveAttribute(
      'href',
      '/api-keys',
    );
    const limits = screen.getByRole('region', { name: 'Rate Limits & Pricing' });
    for (const plan of KEY_PLANS) expect(within(limits).getByText(plan.name)).toBeInTheDocument();
    expect(within(limits).getByText(/a video 3 credits/)).toBeInTheDocument();
  });

  it('switches the code example tabs with the mouse and the arrow keys', async () => {
    mockServer();
    const { user } = renderApp('/api-docs');
    const tabs = await screen.findByRole('tablist', { name: 'Code example language' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['JavaScript', 'Python', 'cURL']);
    expect(screen.getByRole('tabpanel')).toHaveTextContent('await fetch(');
    await user.click(within(tabs).getByRole('tab', { name: 'Python' }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('import requests');
    await user.keyboard('{ArrowRight}');
    expect(within(tabs).getByRole('tab', { name: 'cURL' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('curl -X POST');
  });
});
