import { WEBHOOK_SECRET_PLACEHOLDER } from '@kaleido/common/browser';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import committedOpenApi from '../../../../server/openapi.json';
import { jsonResponse, mockServer, renderApp, startInLanguage } from '../../test/render-app';

function openDocs() {
  mockServer({
    handler: (url) => (url === '/api/v1/openapi.json' ? jsonResponse(committedOpenApi) : undefined),
  });
  return renderApp('/api-docs');
}

describe('API docs → Webhooks', () => {
  it('explains the events, headers and retries, and shows two verifying receivers with a placeholder secret', async () => {
    const { user } = openDocs();
    const section = await screen.findByRole('region', { name: 'Webhooks' });
    expect(screen.getByRole('navigation', { name: 'On this page' })).toContainElement(
      screen.getByRole('link', { name: 'Webhooks' }),
    );
    for (const event of [
      'generation.succeeded',
      'generation.failed',
      'generation.cancelled',
      'webhook.test',
    ]) {
      expect(within(section).getByText(event)).toBeInTheDocument();
    }
    for (const header of ['webhook-id', 'webhook-timestamp']) {
      expect(within(section).getByText(header)).toBeInTheDocument();
    }
    expect(within(section).getByRole('link', { name: 'API Keys → Webhooks' })).toHaveAttribute(
      'href',
      '/api-keys?tab=webhooks',
    );

    const tabs = within(section).getByRole('tablist', { name: 'Webhook receiver language' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['JavaScript', 'Python']);
    const panel = () => within(section).getByRole('tabpanel');
    expect(panel()).toHaveTextContent("import { createHmac, timingSafeEqual } from 'node:crypto';");
    expect(panel()).toHaveTextContent(WEBHOOK_SECRET_PLACEHOLDER);
    await user.click(within(panel()).getByRole('button', { name: /^Copy/ }));
    await waitFor(async () =>
      expect(await navigator.clipboard.readText()).toContain('function verifyWebhook('),
    );

    await user.click(within(tabs).getByRole('tab', { name: 'Python' }));
    expect(panel()).toHaveTextContent('def verify_webhook(secret, headers, body):');
    expect(panel()).toHaveTextContent('hmac.compare_digest');
  });

  it('is translated (German)', async () => {
    await startInLanguage('de');
    openDocs();
    const section = await screen.findByRole('region', { name: 'Webhooks' });
    expect(
      within(section).getByRole('tablist', { name: 'Sprache des Webhook-Empfängers' }),
    ).toBeInTheDocument();
    expect(within(section).getByText(/Antworte innerhalb von 10 Sekunden/)).toBeInTheDocument();
  });
});
