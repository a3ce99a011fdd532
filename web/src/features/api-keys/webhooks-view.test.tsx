import type { TWebhookDelivery, TWebhookDeliveryPage, TWebhookSecret } from '@kaleido/common';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { formatRelative } from '../../lib/format';
import { installMatchMedia } from '../../test/match-media';
import { type FetchHandler, jsonResponse, mockServer, renderApp, TEST_USER } from '../../test/render-app';
import { DELIVERIES_POLL_MS, hasPending, webhookDeliveriesQueryOptions } from './webhooks-api';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const NEW_SECRET = 'whsec_n3wn3wn3wn3wn3wn3wn3wn3wn3wn3wn3w';

function delivery(overrides: Partial<TWebhookDelivery> = {}): TWebhookDelivery {
  return {
    id: 'dlv-1',
    eventId: 'msg_1',
    event: 'generation.succeeded',
    target: 'https://hooks.example.com/kaleido',
    state: 'delivered',
    attempts: 1,
    lastStatus: 200,
    lastLatencyMs: 142,
    lastError: null,
    nextAttemptAt: null,
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    generationId: 'gen-1',
    ...overrides,
  };
}

const ok = (data: unknown, status = 200) => jsonResponse({ success: true, data }, status);

interface ServerOptions {
  deliveries?: TWebhookDelivery[];
  /** The answer of POST /api/webhooks/test; a queued test delivery by default. */
  test?: () => Response;
  failList?: boolean;
  /** When the account URL was disabled for failing. */
  disabledAt?: string;
}

/** An in-memory webhooks server: secret, rotate, deliveries (one page), redeliver, test. */
function webhooksServer(options: ServerOptions = {}) {
  const secret: TWebhookSecret = {
    secret: SECRET,
    createdAt: '2026-01-15T09:30:00.000Z',
    previousExpiresAt: null,
    disabledAt: options.disabledAt ?? null,
  };
  const state = {
    secret,
    deliveries: [...(options.deliveries ?? [])],
    failList: options.failList ?? false,
  };
  const handler: FetchHandler = (url, init) => {
    const method = init?.method ?? 'GET';
    if (url === '/api/api-keys/list') return ok([]);
    if (url === '/api/webhooks/secret') return ok(state.secret);
    if (url === '/api/webhooks/secret/rotate' && method === 'POST') {
      state.secret = {
        secret: NEW_SECRET,
        createdAt: new Date().toISOString(),
        previousExpiresAt: '2026-01-16T09:30:00.000Z',
        disabledAt: state.secret.disabledAt,
      };
      return ok(state.secret);
    }
    if (url.startsWith('/api/webhooks/deliveries?')) {
      if (state.failList) {
        return jsonResponse({ success: false, error: 'Database unavailable', code: 'INTERNAL' }, 500);
      }
      const page: TWebhookDeliveryPage = { items: state.deliveries, nextCursor: null };
      return ok(page);
    }
    const redeliver = url.match(/^\/api\/webhooks\/deliveries\/([^/]+)\/redeliver$/);
    if (redeliver && method === 'POST') {
      const found = state.deliveries.find((candidate) => candidate.id === redeliver[1]);
      if (!found) return jsonResponse({ success: false, error: 'Not found', code: 'NOT_FOUND' }, 404);
      const next = { ...found, state: 'pending' as const, attempts: found.attempts + 1 };
      state.deliveries = state.deliveries.map((candidate) => (candidate.id === found.id ? next : candidate));
      return ok(next);
    }
    if (url === '/api/webhooks/test' && method === 'POST') {
      if (options.test) return options.test();
      const test = delivery({
        id: `dlv-test-${state.deliveries.length}`,
        event: 'webhook.test',
        state: 'pending',
      });
      state.deliveries = [test, ...state.deliveries];
      return ok(test, 201);
    }
    return undefined;
  };
  return { state, handler };
}

function calls(fetchMock: ReturnType<typeof mockServer>, path: string, method = 'POST') {
  return fetchMock.mock.calls.filter(
    ([input, init]) => String(input).startsWith(path) && (init?.method ?? 'GET') === method,
  );
}

async function openWebhooks(options: ServerOptions = {}) {
  const server = webhooksServer(options);
  const fetchMock = mockServer({ user: TEST_USER, handler: server.handler });
  const view = renderApp('/api-keys?tab=webhooks');
  await screen.findByRole('heading', { level: 1, name: 'Webhooks' });
  return { ...view, fetchMock, server };
}

afterEach(() => {
  installMatchMedia();
});

describe('API keys → Webhooks', () => {
  it('is a tab of the API keys page, kept in the address and reachable with the arrow keys', async () => {
    mockServer({ user: TEST_USER, handler: webhooksServer().handler });
    const { router, user } = renderApp('/api-keys');
    await screen.findByRole('heading', { level: 1, name: 'API Keys' });
    const keysTab = screen.getByRole('tab', { name: 'Keys' });
    expect(keysTab).toHaveAttribute('aria-selected', 'true');
    keysTab.focus();
    await user.keyboard('{ArrowRight}');
    const webhooksTab = screen.getByRole('tab', { name: 'Webhooks' });
    expect(webhooksTab).toHaveFocus();
    expect(webhooksTab).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('heading', { level: 1, name: 'Webhooks' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=webhooks');
    // The account's URL stays in Settings: the view links there.
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/profile?tab=settings');
  });

  it('shows the signing secret masked, reveals it and copies it', async () => {
    const { user } = await openWebhooks();
    const value = await screen.findByTestId('webhook-secret');
    expect(value).toHaveTextContent(/^whsec_•+$/);
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reveal' }));
    expect(value).toHaveTextContent(SECRET);
    expect(screen.getByRole('button', { name: 'Hide' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(await screen.findByText('Signing secret copied to the clipboard')).toBeInTheDocument();
  });

  it('rotates the secret after a confirmation that explains the 24 h overlap', async () => {
    const { user, fetchMock } = await openWebhooks();
    await screen.findByTestId('webhook-secret');
    await user.click(screen.getByRole('button', { name: 'Rotate secret' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rotate the signing secret?' });
    expect(dialog).toHaveTextContent(/next 24 hours every delivery is signed with both the new and the old/);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls(fetchMock, '/api/webhooks/secret/rotate')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Rotate secret' }));
    const again = await screen.findByRole('dialog', { name: 'Rotate the signing secret?' });
    await user.click(within(again).getByRole('button', { name: 'Rotate secret' }));
    expect(await screen.findByText('New signing secret created')).toBeInTheDocument();
    expect(calls(fetchMock, '/api/webhooks/secret/rotate')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText(/The previous secret also signs deliveries until/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reveal' }));
    expect(screen.getByTestId('webhook-secret')).toHaveTextContent(NEW_SECRET);
  });

  it('lists deliveries as cards on a phone, with state, attempts, status, latency and next retry', async () => {
    const retryAt = new Date(Date.now() + 3 * 60 * 60_000).toISOString();
    await openWebhooks({
      deliveries: [
        delivery(),
        delivery({
          id: 'dlv-2',
          event: 'generation.failed',
          state: 'pending',
          attempts: 3,
          lastStatus: 503,
          lastLatencyMs: 2150,
          lastError: 'Service Unavailable',
          nextAttemptAt: retryAt,
        }),
        delivery({ id: 'dlv-3', state: 'failed', attempts: 8, lastStatus: null, lastLatencyMs: null }),
      ],
    });
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(3);
    const [first, pending, failed] = cards as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByRole('heading', { name: 'generation.succeeded' })).toBeInTheDocument();
    expect(first).toHaveTextContent('https://hooks.example.com/kaleido');
    expect(first).toHaveTextContent('Delivered');
    expect(first).toHaveTextContent('142 ms');
    expect(pending).toHaveTextContent('Pending');
    expect(pending).toHaveTextContent('503');
    expect(pending).toHaveTextContent('2,150 ms');
    expect(pending).toHaveTextContent('Service Unavailable');
    expect(pending).toHaveTextContent(formatRelative(retryAt));
    expect(pending).toHaveTextContent('in 3 hours');
    expect(failed).toHaveTextContent('Failed');
    expect(failed).toHaveTextContent('No response');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('is a table on a wide screen, and Resend sends the delivery again and reads the log again', async () => {
    installMatchMedia({ '(min-width: 56rem)': true });
    const { user, fetchMock } = await openWebhooks({
      deliveries: [delivery({ state: 'failed', attempts: 8 })],
    });
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      'Event',
      'Target',
      'State',
      'Attempts',
      'Last status',
      'Latency',
      'Next retry',
      'Created',
      'Actions',
    ]);
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(row).toHaveTextContent('Failed');
    const listReads = calls(fetchMock, '/api/webhooks/deliveries?', 'GET').length;
    await user.click(
      within(row).getByRole('button', {
        name: 'Resend generation.succeeded to https://hooks.example.com/kaleido',
      }),
    );
    expect(await screen.findByText('Delivery sent again')).toBeInTheDocument();
    expect(calls(fetchMock, '/api/webhooks/deliveries/dlv-1/redeliver')).toHaveLength(1);
    await waitFor(() =>
      expect(calls(fetchMock, '/api/webhooks/deliveries?', 'GET').length).toBeGreaterThan(listReads),
    );
    expect(await within(table).findByText('Pending')).toBeInTheDocument();
  });

  it('sends a test event and shows it in the log', async () => {
    const { user, fetchMock } = await openWebhooks();
    expect(await screen.findByRole('heading', { name: 'No deliveries yet' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send test event' }));
    expect(await screen.findByText('Test event sent')).toBeInTheDocument();
    expect(calls(fetchMock, '/api/webhooks/test')).toHaveLength(1);
    expect(await screen.findByRole('heading', { name: 'webhook.test' })).toBeInTheDocument();
  });

  it('shows why a test event cannot be sent, with the way to Settings', async () => {
    const { user } = await openWebhooks({
      test: () =>
        jsonResponse(
          { success: false, error: 'Set a webhook URL in Settings first.', code: 'VALIDATION_FAILED' },
          400,
        ),
    });
    await user.click(await screen.findByRole('button', { name: 'Send test event' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Set a webhook URL in Settings first.');
    expect(within(alert).getByRole('link', { name: 'Set a webhook URL in Settings' })).toHaveAttribute(
      'href',
      '/profile?tab=settings',
    );
  });

  it('says when the account URL was disabled for failing, and where to turn it back on', async () => {
    await openWebhooks({ disabledAt: '2026-01-20T08:00:00.000Z' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/Deliveries to your webhook URL are paused since/);
    expect(within(alert).getByRole('link', { name: 'Settings' })).toHaveAttribute(
      'href',
      '/profile?tab=settings',
    );
  });

  it('says when the log cannot be loaded and tries again on demand', async () => {
    const { user, server } = await openWebhooks({ failList: true });
    expect(await screen.findByText('Failed to load the deliveries')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    server.state.failList = false;
    await user.click(screen.getAllByRole('button', { name: 'Try again' }).at(-1) as HTMLElement);
    expect(await screen.findByRole('heading', { name: 'No deliveries yet' })).toBeInTheDocument();
  });

  it('reads the log again every 10 s while a delivery is pending, and not otherwise', () => {
    expect(DELIVERIES_POLL_MS).toBe(10_000);
    expect(hasPending({ items: [delivery({ state: 'pending' })], nextCursor: null })).toBe(true);
    expect(hasPending({ items: [delivery(), delivery({ state: 'failed' })], nextCursor: null })).toBe(false);
    expect(hasPending(undefined)).toBe(false);
    expect(typeof webhookDeliveriesQueryOptions().refetchInterval).toBe('function');
  });
});
