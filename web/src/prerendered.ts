import type { TLocale } from '@kaleido/common/browser';
import type { QueryClient } from '@tanstack/react-query';
import { type ReactNode, startTransition } from 'react';
import { createRoot, hydrateRoot, type Root, type RootOptions } from 'react-dom/client';
import { matchRoutes, type RouteObject } from 'react-router';
import { meQueryOptions, socialProvidersQueryOptions } from './features/auth/api';
import { servedValues } from './served-values';

/** The language the pages are prerendered in (web/scripts/prerender.mjs renders them in English). */
export const PRERENDERED_LOCALE: TLocale = 'en';

/**
 * Set in this device's storage while the app last saw a signed-in person: a prerendered page's start
 * module (web/scripts/prerender.mjs, START_CONFIG) then starts the app at once instead of waiting for
 * the visitor's first interaction. A hint for that only: the session is always asked of the server.
 */
export const SIGNED_IN_HINT_KEY = 'kaleido.signed-in';

/** Dispatched on document once the app has taken over #root (`detail.hydrated`): the start module replays what it held. */
export const STARTED_EVENT = 'kaleido:started';

/** Keeps SIGNED_IN_HINT_KEY in step with every answer about the session (sign-in, sign-out, expiry). */
export function keepSignedInHint(queryClient: QueryClient): () => void {
  const key = JSON.stringify(meQueryOptions().queryKey);
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    if (JSON.stringify(event.query.queryKey) !== key) return;
    try {
      if (event.query.state.data) window.localStorage.setItem(SIGNED_IN_HINT_KEY, '1');
      else window.localStorage.removeItem(SIGNED_IN_HINT_KEY);
    } catch {
      // Storage unavailable: the next visit starts on intent, and hydration falls back if need be.
    }
  });
}

/** Tells the start module that the app has taken over the page (hydrated: the prerendered nodes are React's now). */
export function announceStarted(mode: 'hydrated' | 'rendered'): void {
  document.dispatchEvent(new CustomEvent(STARTED_EVENT, { detail: { hydrated: mode === 'hydrated' } }));
}

/**
 * Loads the lazy modules of the routes that match the current address and puts them in place, so the
 * router's first render is the page itself (as in the prerendered HTML), not its HydrateFallback.
 */
export async function loadMatchedRoutes(
  routes: RouteObject[],
  location: string = window.location.pathname,
): Promise<void> {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded);
      route.lazy = undefined;
    }),
  );
}

/**
 * Whether the app's first render matches the prerendered page: a signed-out visitor (the session
 * answer is put in the cache, so the shell does not wait for it again), in the prerendered language,
 * with the page's module loaded. Session, catalog and module load at the same time.
 */
export async function canHydrate(options: {
  queryClient: QueryClient;
  locale: TLocale;
  messages: Promise<unknown>;
  load: Promise<void>;
}): Promise<boolean> {
  const [user, messages, page] = await Promise.allSettled([
    options.queryClient.fetchQuery(meQueryOptions()),
    options.messages,
    options.load,
  ]);
  return (
    user.status === 'fulfilled' &&
    user.value === null &&
    messages.status === 'fulfilled' &&
    page.status === 'fulfilled' &&
    options.locale === PRERENDERED_LOCALE
  );
}

/**
 * What the page was served with that the first render reads from the cache: a server without social
 * sign-in (its page says so, web/src/served-values.ts) has no providers to list. A server with them
 * served the buttons' placeholder: the list loads as the app starts.
 */
export function seedServedValues(queryClient: QueryClient): void {
  if (!servedValues().socialSignIn) queryClient.setQueryData(socialProvidersQueryOptions().queryKey, []);
}

/** The title and meta tags the prerender put in <head>: React adds the page's own as it renders. */
export function removePrerenderedHead(): void {
  for (const element of document.head.querySelectorAll('[data-prerendered]')) element.remove();
}

/**
 * Shows the app in `container`. A page prerendered for signed-out visitors in English (web/scripts/
 * prerender.mjs; `data-prerendered` on #root) is on screen already: React takes it over (hydrates)
 * when its first render would be the same markup, and otherwise renders afresh in its place.
 */
export async function startApp(
  container: HTMLElement,
  options: {
    app: () => ReactNode;
    routes: RouteObject[];
    queryClient: QueryClient;
    locale: TLocale;
    messages: Promise<unknown>;
    onRecoverableError?: RootOptions['onRecoverableError'];
  },
): Promise<{ mode: 'hydrated' | 'rendered'; root: Root }> {
  const rootOptions = options.onRecoverableError ? { onRecoverableError: options.onRecoverableError } : {};
  const renderAfresh = () => {
    const root = createRoot(container, rootOptions);
    root.render(options.app());
    return { mode: 'rendered' as const, root };
  };
  if (!container.hasAttribute('data-prerendered')) return renderAfresh();
  seedServedValues(options.queryClient);
  const same = await canHydrate({ ...options, load: loadMatchedRoutes(options.routes) });
  removePrerenderedHead();
  if (same) {
    // As a transition the hydration yields to the browser every few milliseconds instead of holding
    // the main thread for the whole page (what a phone's Total Blocking Time counts).
    let root: Root | undefined;
    startTransition(() => {
      root = hydrateRoot(container, options.app(), rootOptions);
    });
    if (!root) throw new Error('the hydration did not start');
    return { mode: 'hydrated', root };
  }
  return renderAfresh();
}
