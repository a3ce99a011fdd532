import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse, mockServer, renderApp, TEST_SETTINGS, TEST_USER } from '../../test/render-app';
import { ANALYTICS_PATH, flushAnalytics, pendingAnalytics, setAnalyticsEnabled } from './analytics-client';

function server(settings = TEST_SETTINGS) {
  return mockServer({
    user: TEST_USER,
    handler: (url, init) => {
      if (url === '/api/settings') return jsonResponse({ success: true, data: settings });
      if (url === ANALYTICS_PATH && init?.method === 'POST')
        return jsonResponse({ success: true, data: { recorded: 1 } }, 202);
      if (url.startsWith('/api/gallery') || url.startsWith('/api/generations'))
        return jsonResponse({ success: true, data: [] });
      return undefined;
    },
  });
}

const sentBatches = (fetchMock: ReturnType<typeof server>) =>
  fetchMock.mock.calls
    .filter(([url]) => url === ANALYTICS_PATH)
    .map(([, init]) => ({
      init,
      body: JSON.parse(String(init?.body)) as { events: Record<string, unknown>[] },
    }));

describe('first-party analytics in the browser', () => {
  afterEach(() => {
    setAnalyticsEnabled(false);
    Object.defineProperty(navigator, 'globalPrivacyControl', { value: undefined, configurable: true });
  });

  it('records page views without query strings and sends them in one batch with keepalive', async () => {
    const fetchMock = server();
    const { router } = renderApp('/tools');
    await waitFor(() => expect(pendingAnalytics()).toHaveLength(1));
    await act(() => router.navigate('/gallery?q=my+secret+search'));
    await waitFor(() => expect(pendingAnalytics()).toHaveLength(2));
    await act(() => flushAnalytics());
    const [batch] = sentBatches(fetchMock);
    expect(batch?.init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'same-origin' });
    expect(batch?.body.events).toEqual([
      expect.objectContaining({ name: 'page_view', path: '/tools', device: expect.any(String) }),
      expect.objectContaining({ name: 'page_view', path: '/gallery' }),
    ]);
    expect(JSON.stringify(batch?.body)).not.toContain('secret');
  });

  it('records and sends nothing when the person has analytics off', async () => {
    const fetchMock = server({ ...TEST_SETTINGS, analyticsEnabled: false });
    renderApp('/tools');
    await screen.findAllByRole('heading', { level: 1 });
    // The settings are in, so the tracker has decided.
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === '/api/settings')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await act(() => flushAnalytics());
    expect(pendingAnalytics()).toEqual([]);
    expect(sentBatches(fetchMock)).toEqual([]);
  });

  it('records and sends nothing when the browser sends Global Privacy Control', async () => {
    Object.defineProperty(navigator, 'globalPrivacyControl', { value: true, configurable: true });
    const fetchMock = server();
    renderApp('/tools');
    await screen.findAllByRole('heading', { level: 1 });
    // The settings are in, so the tracker has decided.
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === '/api/settings')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await act(() => flushAnalytics());
    expect(pendingAnalytics()).toEqual([]);
    expect(sentBatches(fetchMock)).toEqual([]);
  });
});
