import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from './app/app-providers';
import { authKeys } from './features/auth/api';
import { loadMessages } from './i18n/load-messages';
import { createQueryClient } from './lib/query-client';
import { routes } from './routes';

export interface PrerenderedPage {
  /** The markup inside #root. */
  html: string;
  /** The HTTP status the route renders with (404 for the catch-all page). */
  status: number;
}

/**
 * Renders a public page at build time (web/scripts/prerender.mjs) as a signed-out visitor sees it in
 * English, before any data request: main.tsx hydrates it when its first render would be the same.
 * The tree is the one main.tsx renders, with the static router in place of the browser router.
 */
export async function render(url: string): Promise<PrerenderedPage> {
  await loadMessages('en');
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(url, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${url} answers with a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient = createQueryClient();
  queryClient.setQueryData(authKeys.me(), null);
  const html = renderToString(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
  return { html, status: context.statusCode };
}
