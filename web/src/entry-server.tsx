import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from './app/app-providers';
import { authKeys } from './features/auth/api';
import { loadMessages } from './i18n/load-messages';
import { translate } from './i18n/locale-state';
import { createQueryClient } from './lib/query-client';
import { routes } from './routes';
import { BAKED_VALUES, type ServedValues, setPrerenderValues } from './served-values';

export { BAKED_VALUES, ORIGIN_SLOT, SERVED_VALUES_ID } from './served-values';

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
 * `values` are the server's values the page shows (served-values.ts): the build's defaults, or for a
 * variant the server picks, a server with social sign-in (its buttons' placeholder until they load).
 */
export async function render(url: string, values: ServedValues = BAKED_VALUES): Promise<PrerenderedPage> {
  await loadMessages('en');
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(url, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${url} answers with a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient = createQueryClient();
  queryClient.setQueryData(authKeys.me(), null);
  // No social sign-in: the note saying so (the hydration puts the same answer in its cache, prerendered.ts).
  if (!values.socialSignIn) queryClient.setQueryData(authKeys.socialProviders(), []);
  setPrerenderValues(values);
  let html: string;
  try {
    html = renderToString(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </StrictMode>,
    );
  } finally {
    setPrerenderValues(undefined);
  }
  return { html, status: context.statusCode };
}

/**
 * The home page's starting-credits sentence for any figure, as the server writes it into the page when
 * the site's figure is not the build's (spa.ts): the English text for each plural category, the figure
 * as `{count}`. Call after rendering the home page (its messages are loaded then).
 */
export function startingCreditsTexts(): { baked: string; forms: Record<string, string> } {
  const form = (count: number) => {
    const text = translate('home.slide.beta.subtitle', { count });
    const parts = text.split(new Intl.NumberFormat('en').format(count));
    if (parts.length !== 2) throw new Error(`the credits sentence has not one figure: ${text}`);
    return parts.join('{count}');
  };
  return {
    baked: translate('home.slide.beta.subtitle', { count: BAKED_VALUES.startingCredits }),
    forms: { one: form(1), other: form(1_000_001) },
  };
}
