import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authKeys } from '../features/auth/api';
import { libraryKeys } from '../features/library/keys';
import { settingsKeys } from '../features/settings/api';
import { createQueryClient } from '../lib/query-client';
import { jsonResponse, mockServer, TEST_SETTINGS, TEST_USER } from '../test/render-app';
import { prefetchRouteData } from './route-data';

/** The URLs asked for, in order. */
function urls(fetchMock: ReturnType<typeof mockServer>): string[] {
  return fetchMock.mock.calls.map(([input]) => String(input));
}

describe('the first page’s data, asked for with the session', () => {
  it('asks for the library’s first page (the address’s search) beside /api/auth/me, before its answer', async () => {
    let answerMe: (response: Response) => void = () => {};
    const fetchMock = mockServer({
      handler: (url) => {
        if (url === '/api/auth/me') return new Promise<Response>((resolve) => (answerMe = resolve));
        if (url === '/api/settings') return jsonResponse({ success: true, data: TEST_SETTINGS });
        if (url.startsWith('/api/assets?'))
          return jsonResponse({ success: true, data: { items: [], nextCursor: null } });
        return undefined;
      },
    });
    const queryClient = createQueryClient();
    prefetchRouteData(queryClient, { pathname: '/library/', search: '?q=fox&sort=oldest&type=nope' });
    await waitFor(() =>
      expect(urls(fetchMock)).toEqual([
        '/api/auth/me',
        '/api/settings',
        '/api/assets?q=fox&sort=oldest&limit=60',
      ]),
    );
    const key = libraryKeys.list({ q: 'fox', type: 'all', sort: 'oldest' });
    await waitFor(() => expect(queryClient.getQueryData(key)).toBeDefined());
    answerMe(jsonResponse({ success: true, data: TEST_USER }));
    await waitFor(() => expect(queryClient.getQueryData(authKeys.me())).toBeTruthy());
    expect(queryClient.getQueryData(key)).toBeDefined();
  });

  it('asks for a generator’s recent results, and forgets what it asked for when signed out', async () => {
    const fetchMock = mockServer({ user: null });
    const queryClient = createQueryClient();
    prefetchRouteData(queryClient, { pathname: '/generate/video', search: '' });
    await waitFor(() =>
      expect(urls(fetchMock)).toEqual([
        '/api/auth/me',
        '/api/settings',
        '/api/assets?include=all&type=video&limit=24',
      ]),
    );
    // The 401s are not kept: after a sign-in the pages ask again instead of showing an error.
    await waitFor(() =>
      expect(queryClient.getQueryCache().findAll({ queryKey: libraryKeys.all })).toEqual([]),
    );
    expect(queryClient.getQueryCache().findAll({ queryKey: settingsKeys.all })).toEqual([]);
  });

  it('asks only for the session on other pages', async () => {
    const fetchMock = mockServer({ user: TEST_USER });
    prefetchRouteData(createQueryClient(), { pathname: '/pricing', search: '' });
    await waitFor(() => expect(urls(fetchMock)).toEqual(['/api/auth/me']));
  });
});
