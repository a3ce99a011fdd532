import type { TSettings, TSocialProvider } from '@kaleido/common';
import type { TLocale } from '@kaleido/common/browser';
import { SETTINGS_DEFAULTS } from '@kaleido/common/browser';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../app/app-providers';
import type { CurrentUser } from '../features/auth/api';
import { loadMessages } from '../i18n/load-messages';
import { LOCALE_STORAGE_KEY } from '../i18n/locale-state';
import { createQueryClient } from '../lib/query-client';
import { routes } from '../routes';

export const TEST_USER: CurrentUser = {
  id: 'user-1',
  email: 'ada@example.com',
  displayName: 'Ada Lovelace',
  credits: 42,
  creditsMonthly: 10,
  creditsPurchased: 32,
  plan: 'free',
  role: 'user',
  hasPassword: true,
  socialProviders: [],
  createdAt: '2026-01-15T09:30:00.000Z',
  updatedAt: '2026-01-15T09:30:00.000Z',
};

/** The settings of TEST_USER as GET /api/settings answers them: the spec's defaults. */
export const TEST_SETTINGS: TSettings = {
  ...SETTINGS_DEFAULTS,
  userId: TEST_USER.id,
  displayName: TEST_USER.displayName,
  handle: 'ada-lovelace',
  marketingConsentAt: null,
  createdAt: TEST_USER.createdAt,
  updatedAt: TEST_USER.updatedAt,
};

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Answers a request, or returns undefined to fall through to the defaults. */
export type FetchHandler = (
  url: string,
  init: RequestInit | undefined,
) => Response | undefined | Promise<Response | undefined>;

/**
 * Replaces fetch. GET /api/auth/me answers the given user, or the server's 401 envelope when signed out;
 * GET /api/auth/social-providers answers `socialProviders` (none by default, as on a server without any).
 */
export function mockServer({
  user = null,
  socialProviders = [],
  handler,
}: {
  user?: CurrentUser | null;
  socialProviders?: TSocialProvider[];
  handler?: FetchHandler;
} = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
    const handled = await handler?.(url, init);
    if (handled) return handled;
    if (url === '/api/auth/me') {
      return user
        ? jsonResponse({ success: true, data: user })
        : jsonResponse(
            { success: false, error: 'Authentication required', code: 'AUTHENTICATION_REQUIRED' },
            401,
          );
    }
    if (url === '/api/auth/social-providers') return jsonResponse({ success: true, data: socialProviders });
    return jsonResponse({ success: false, error: 'Not found', code: 'ROUTE_NOT_FOUND' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/**
 * The next `renderApp` starts in `locale`, as for a visitor who chose it on this device (a signed-in
 * account's Language setting still wins: answer it in the mocked settings too), its catalog loaded.
 */
export async function startInLanguage(locale: TLocale): Promise<void> {
  window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  await loadMessages(locale);
}

/** Renders the real app (providers and routes) at `path` (or a location with navigation state) in a memory router. */
export function renderApp(path: string | { pathname: string; search?: string; state?: unknown }) {
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

/**
 * A settings store for mockServer handlers: GET /api/settings answers it, PATCH merges into it (or answers
 * `refusePatch` when given). Returns undefined for other requests.
 */
export function settingsStore(
  initial: TSettings = TEST_SETTINGS,
  options: { refusePatch?: () => Response } = {},
) {
  let settings = { ...initial };
  return {
    get current() {
      return settings;
    },
    handle(url: string, init: RequestInit | undefined): Response | undefined {
      if (url !== '/api/settings') return undefined;
      if (init?.method === 'PATCH') {
        if (options.refusePatch) return options.refusePatch();
        settings = { ...settings, ...(JSON.parse(String(init.body)) as Partial<TSettings>) };
      }
      return jsonResponse({ success: true, data: settings });
    },
  };
}
