import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../app/app-providers';
import type { CurrentUser } from '../features/auth/api';
import { createQueryClient } from '../lib/query-client';
import { routes } from '../routes';

export const TEST_USER: CurrentUser = {
  id: 'user-1',
  email: 'ada@example.com',
  displayName: 'Ada Lovelace',
  credits: 42,
  plan: 'free',
  role: 'user',
  createdAt: '2026-01-15T09:30:00.000Z',
};

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Answers a request, or returns undefined to fall through to the defaults. */
export type FetchHandler = (
  url: string,
  init: RequestInit | undefined,
) => Response | undefined | Promise<Response | undefined>;

/** Replaces fetch. GET /api/auth/me answers the given user, or the server's 404 envelope when signed out. */
export function mockServer({
  user = null,
  handler,
}: {
  user?: CurrentUser | null;
  handler?: FetchHandler;
} = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
    const handled = await handler?.(url, init);
    if (handled) return handled;
    if (url === '/api/auth/me') {
      return user
        ? jsonResponse({ success: true, data: user })
        : jsonResponse({ success: false, error: 'Not found', code: 'ROUTE_NOT_FOUND' }, 404);
    }
    return jsonResponse({ success: false, error: 'Not found', code: 'ROUTE_NOT_FOUND' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Renders the real app (providers and routes) at `path` in a memory router. */
export function renderApp(path: string) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient, user };
}
