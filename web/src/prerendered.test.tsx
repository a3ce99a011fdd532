import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act, StrictMode } from 'react';
import type { Root } from 'react-dom/client';
// react-router/dom would load a second copy of the router in Vitest (main.tsx's import is the same code).
import { createBrowserRouter, type RouteObject, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from './app/app-providers';
import { THEME_STORAGE_KEY } from './app/theme';
import { render as prerender } from './entry-server';
import { authKeys } from './features/auth/api';
import { loadMessages } from './i18n/load-messages';
import { createQueryClient } from './lib/query-client';
import {
  announceStarted,
  keepSignedInHint,
  SIGNED_IN_HINT_KEY,
  STARTED_EVENT,
  startApp,
} from './prerendered';
import { routes as appRoutes } from './routes';
import {
  BAKED_VALUES,
  forgetServedValues,
  ORIGIN_SLOT,
  SERVED_VALUES_ID,
  type ServedValues,
} from './served-values';
import { jsonResponse, mockServer, TEST_USER } from './test/render-app';

let container: HTMLElement | null = null;
/** The roots a test started: unmounted after it, so no React work outlives the test file's document. */
const roots: Root[] = [];

afterEach(() => {
  for (const root of roots.splice(0)) act(() => root.unmount());
  container?.remove();
  container = null;
  document.getElementById(SERVED_VALUES_ID)?.remove();
  forgetServedValues();
  window.history.replaceState(null, '', '/');
});

/**
 * Puts a page prerendered by the build's renderer into the document, as the server sends it: with
 * `served`, as server/src/platform/http/spa.ts serves it with its own values (filled into the text,
 * and in the JSON block the hydration reads; /auth's variant for a server with social sign-in).
 */
async function servePrerendered(
  path: string,
  served?: { values: ServedValues; fill?: (html: string) => string },
): Promise<HTMLElement> {
  const rendered = await prerender(path, served?.values.socialSignIn ? served.values : BAKED_VALUES);
  const html = served?.fill ? served.fill(rendered.html) : rendered.html;
  if (served) {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = SERVED_VALUES_ID;
    block.textContent = JSON.stringify(served.values);
    document.head.append(block);
  }
  window.history.replaceState(null, '', path);
  container = document.createElement('div');
  container.id = 'root';
  container.setAttribute('data-prerendered', '');
  container.innerHTML = html;
  document.body.append(container);
  return container;
}

// startApp puts the loaded page modules into the route objects: the same for every test.
function start(root: HTMLElement, routes: RouteObject[] = appRoutes) {
  const onRecoverableError = vi.fn();
  const queryClient = createQueryClient();
  const app = () => (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={createBrowserRouter(routes)} />
      </AppProviders>
    </StrictMode>
  );
  const started = startApp(root, {
    app,
    routes,
    queryClient,
    locale: 'en',
    messages: loadMessages('en'),
    onRecoverableError,
  }).then((result) => {
    roots.push(result.root);
    return result.mode;
  });
  return { started, onRecoverableError };
}

describe('prerendered pages', () => {
  it.each(['/', '/pricing', '/api-docs', '/auth'])(
    '%s: a signed-out visitor’s page is hydrated in place, without a mismatch',
    async (path) => {
      mockServer();
      const consoleError = vi.spyOn(console, 'error');
      const root = await servePrerendered(path);
      const heading = root.querySelector('h1');
      expect(heading).not.toBeNull();
      const { started, onRecoverableError } = start(root);
      expect(await started).toBe('hydrated');
      // Give React time to finish hydration and its follow-up renders.
      await waitFor(() => expect(root.querySelector('h1')).not.toBeNull());
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(onRecoverableError).not.toHaveBeenCalled();
      expect(consoleError).not.toHaveBeenCalled();
      // The same element, now React's: nothing was thrown away and drawn again.
      expect(root.querySelector('h1')).toBe(heading);
    },
  );

  it('/auth: what comes after loading already has its place in the prerendered page', async () => {
    mockServer();
    const root = await servePrerendered('/auth');
    const buttons = [...root.querySelectorAll('button')].map((button) => button.textContent);
    expect(buttons).toContain('Sign in with a passkey');
    // The social sign-in placeholder carries the one-line note's height (the default answer).
    expect(root.textContent).toContain('Social sign-in is not set up on this server.');
  });

  it('hydrates without a mismatch for a visitor who chose the dark theme (the page is prerendered light)', async () => {
    mockServer();
    const root = await servePrerendered('/');
    window.localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    const consoleError = vi.spyOn(console, 'error');
    const { started, onRecoverableError } = start(root);
    expect(await started).toBe('hydrated');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Switch to light theme' })).toBeInTheDocument(),
    );
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('answers clicks once hydrated: a link on the prerendered home page navigates in the app', async () => {
    mockServer();
    const root = await servePrerendered('/');
    const { started } = start(root);
    await started;
    const user = userEvent.setup();
    const [pricing] = screen.getAllByRole('link', { name: /pricing/i });
    if (!pricing) throw new Error('no pricing link');
    await user.click(pricing);
    await waitFor(() => expect(window.location.pathname).toBe('/pricing'));
  });

  it('renders afresh for a signed-in person, whose first render differs from the visitor’s page', async () => {
    mockServer({ user: TEST_USER });
    const root = await servePrerendered('/');
    const { started, onRecoverableError } = start(root);
    expect(await started).toBe('rendered');
    // The visitor's Sign In links give way to the account's navigation.
    await waitFor(() => expect(screen.queryAllByRole('link', { name: /sign in/i })).toEqual([]));
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(onRecoverableError).not.toHaveBeenCalled();
  });

  it('renders afresh in another language than the prerendered English', async () => {
    mockServer();
    const root = await servePrerendered('/pricing');
    const queryClient = createQueryClient();
    const routes = appRoutes;
    const result = await startApp(root, {
      app: () => (
        <AppProviders queryClient={queryClient}>
          <RouterProvider router={createBrowserRouter(routes)} />
        </AppProviders>
      ),
      routes,
      queryClient,
      locale: 'de',
      messages: loadMessages('de'),
    });
    roots.push(result.root);
    expect(result.mode).toBe('rendered');
  });

  it('removes the prerendered head tags, so the page’s own title and description are the only ones', async () => {
    mockServer();
    const title = document.createElement('title');
    title.setAttribute('data-prerendered', '');
    title.textContent = 'Prerendered';
    document.head.append(title);
    const root = await servePrerendered('/pricing');
    await start(root).started;
    expect(document.head.querySelector('[data-prerendered]')).toBeNull();
  });
});

describe('prerendered pages served with this server’s values', () => {
  /** Hydrates the page and waits for its follow-up renders; fails on any mismatch. */
  async function hydrates(root: HTMLElement) {
    const consoleError = vi.spyOn(console, 'error');
    const heading = root.querySelector('h1');
    const { started, onRecoverableError } = start(root);
    expect(await started).toBe('hydrated');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
    expect(root.querySelector('h1')).toBe(heading);
  }

  it('/: a starting-credits figure the server filled in is the one the hydration renders', async () => {
    mockServer({
      handler: (url) =>
        url === '/api/site'
          ? jsonResponse({
              success: true,
              data: { signupMode: 'open', startingCredits: 25, announcement: null, allowedModels: null },
            })
          : undefined,
    });
    const root = await servePrerendered('/', {
      values: { ...BAKED_VALUES, origin: 'https://kaleido.example', startingCredits: 25 },
      fill: (html) => html.replace('Start free with 10 credits', 'Start free with 25 credits'),
    });
    expect(root.textContent).toContain('Start free with 25 credits');
    await hydrates(root);
    expect(root.textContent).toContain('Start free with 25 credits');
    expect(root.textContent).not.toContain('10 credits');
  });

  it('/: a figure filled in without the data block is a mismatch (what the block is for)', async () => {
    mockServer();
    const root = await servePrerendered('/');
    root.innerHTML = root.innerHTML.replace('Start free with 10 credits', 'Start free with 25 credits');
    const { started, onRecoverableError } = start(root);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await started;
    await waitFor(() => expect(onRecoverableError).toHaveBeenCalled());
  });

  it('/api-docs: the site’s origin the server filled in stays, in the base URL and the samples', async () => {
    mockServer();
    const origin = 'https://kaleido.example';
    const root = await servePrerendered('/api-docs', {
      values: { ...BAKED_VALUES, origin },
      fill: (html) => html.replaceAll(ORIGIN_SLOT, origin),
    });
    await hydrates(root);
    expect(screen.getByTestId('api-base-url')).toHaveTextContent(`${origin}/api/v1`);
    expect(root.textContent).toContain(`'${origin}/api/v1'`);
    expect(root.textContent).not.toContain(ORIGIN_SLOT);
  });

  it('/auth: without social sign-in, the note saying so; with it, the buttons’ placeholder, then the buttons', async () => {
    mockServer();
    const none = await servePrerendered('/auth');
    expect(none.textContent).toContain('Continue with a social account');
    expect(none.querySelector('[role="status"]')).toBeNull();
    await hydrates(none);
    expect(screen.getByRole('button', { name: 'Continue with a social account' })).toBeInTheDocument();
  });

  it('/auth: a server with social sign-in serves the placeholder, which the hydration keeps until the list comes', async () => {
    mockServer({ socialProviders: [{ id: 'local', name: 'Local ID' }] });
    const root = await servePrerendered('/auth', {
      values: { ...BAKED_VALUES, origin: 'https://kaleido.example', socialSignIn: true },
    });
    expect(root.textContent).toContain('Loading sign-in options');
    expect(root.textContent).not.toContain('Continue with a social account');
    await hydrates(root);
    expect(await screen.findByRole('button', { name: 'Continue with Local ID' })).toBeInTheDocument();
  });
});

describe('the signed-in hint for the prerendered pages’ start module', () => {
  afterEach(() => window.localStorage.removeItem(SIGNED_IN_HINT_KEY));

  it('is kept while the app knows a signed-in person and dropped once the session answer is “nobody”', () => {
    const queryClient = createQueryClient();
    const stop = keepSignedInHint(queryClient);
    queryClient.setQueryData(authKeys.me(), TEST_USER);
    expect(window.localStorage.getItem(SIGNED_IN_HINT_KEY)).toBe('1');
    queryClient.setQueryData(authKeys.socialProviders(), []);
    expect(window.localStorage.getItem(SIGNED_IN_HINT_KEY)).toBe('1');
    queryClient.setQueryData(authKeys.me(), null);
    expect(window.localStorage.getItem(SIGNED_IN_HINT_KEY)).toBeNull();
    stop();
  });

  it('tells the start module whether the prerendered nodes were kept', () => {
    const seen: unknown[] = [];
    const listener = (event: Event) => seen.push(event instanceof CustomEvent ? event.detail : null);
    document.addEventListener(STARTED_EVENT, listener);
    announceStarted('hydrated');
    announceStarted('rendered');
    document.removeEventListener(STARTED_EVENT, listener);
    expect(seen).toEqual([{ hydrated: true }, { hydrated: false }]);
  });
});
