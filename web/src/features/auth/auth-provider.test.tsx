import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { jsonResponse, mockServer, TEST_USER } from '../../test/render-app';
import { AuthProvider, useUser } from './auth-provider';

function wrapper({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={createQueryClient()}>
      <AuthProvider>{children}</AuthProvider>
    </QueryClientProvider>
  );
}

describe('useUser', () => {
  it('is signed in when GET /api/auth/me answers an account', async () => {
    mockServer({ user: TEST_USER });
    const { result } = renderHook(() => useUser(), { wrapper });
    expect(result.current.isLoading).toBe(true);
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current.isSignedIn).toBe(true);
    expect(result.current.user).toEqual(TEST_USER);
  });

  it('treats a 4xx answer as signed out, without retrying', async () => {
    const fetchMock = mockServer();
    const { result } = renderHook(() => useUser(), { wrapper });
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current.isSignedIn).toBe(false);
    expect(result.current.user).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('treats any other failure as signed out too', async () => {
    mockServer({
      handler: (url) => (url === '/api/auth/me' ? jsonResponse({}, 503) : undefined),
    });
    const { result } = renderHook(() => useUser(), { wrapper });
    await waitFor(() => expect(result.current.isLoading).toBe(false), { timeout: 3000 });
    expect(result.current.isSignedIn).toBe(false);
  });

  it('signOut posts to /api/auth/logout and forgets the account', async () => {
    let signedIn = true;
    const fetchMock = mockServer({
      handler: (url) => {
        if (url === '/api/auth/logout') {
          signedIn = false;
          return jsonResponse({ success: true, data: null });
        }
        if (url === '/api/auth/me' && signedIn) return jsonResponse({ success: true, data: TEST_USER });
        return undefined;
      },
    });
    const { result } = renderHook(() => useUser(), { wrapper });
    await waitFor(() => expect(result.current.isSignedIn).toBe(true));
    await result.current.signOut();
    await waitFor(() => expect(result.current.isSignedIn).toBe(false));
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/logout', expect.objectContaining({ method: 'POST' }));
  });

  it('refuses to work outside its provider', () => {
    expect(() => renderHook(() => useUser())).toThrow('useUser must be used within a UserProvider');
  });
});

describe('detected time zone', () => {
  it('reports the browser’s zone once per session when signed in, never when signed out', async () => {
    sessionStorage.clear();
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const fetchMock = mockServer({
      user: TEST_USER,
      handler: (url, init) =>
        url === '/api/settings/detected-time-zone' && init?.method === 'PUT'
          ? jsonResponse({ success: true, data: { timeZone: zone } })
          : undefined,
    });
    const reports = () =>
      fetchMock.mock.calls
        .filter(([url]) => url === '/api/settings/detected-time-zone')
        .map(([, init]) => init);
    const first = renderHook(() => useUser(), { wrapper });
    await waitFor(() => expect(reports()).toHaveLength(1));
    expect(JSON.parse(String(reports()[0]?.body))).toEqual({ timeZone: zone });
    expect(reports()[0]?.method).toBe('PUT');
    first.unmount();

    // Same session, same zone: not again.
    const second = renderHook(() => useUser(), { wrapper });
    await waitFor(() => expect(second.result.current.isSignedIn).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reports()).toHaveLength(1);
    second.unmount();

    sessionStorage.clear();
    const signedOut = mockServer();
    const third = renderHook(() => useUser(), { wrapper });
    await waitFor(() => expect(third.result.current.isLoading).toBe(false));
    expect(signedOut.mock.calls.map(([url]) => url)).toEqual(['/api/auth/me']);
  });
});
