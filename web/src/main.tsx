import './styles.css';
import { StrictMode } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/app-providers';
import { prefetchRouteData } from './app/route-data';
import { listenForInstallPrompt } from './features/pwa/install-event';
import { registerServiceWorker } from './features/pwa/register';
import { loadMessages } from './i18n/load-messages';
import { initialLocale } from './i18n/locale-state';
import { createQueryClient } from './lib/query-client';
import { announceStarted, keepSignedInHint, startApp } from './prerendered';
import { routes } from './routes';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

// The installable app's worker (/sw.js) exists in production builds only. Registering it waits for
// the load event: what the worker precaches would otherwise compete with the first page. A prerendered
// page starts this script after its first paint, often after that event: then it registers at once.
if (import.meta.env.PROD) {
  if (document.readyState === 'complete') void registerServiceWorker();
  else window.addEventListener('load', () => void registerServiceWorker(), { once: true });
}
listenForInstallPrompt();

const locale = initialLocale();
const queryClient = createQueryClient();
keepSignedInHint(queryClient);
// The session and the first page's data are asked for now, beside the page's chunk and texts (a
// prerendered page asks for the session itself as it starts, startApp).
if (!container.hasAttribute('data-prerendered')) prefetchRouteData(queryClient);
// The first language's catalog downloads beside the first page's chunk (which startApp or the router
// starts loading), not after it; the I18nProvider picks up the same download.
const messages = loadMessages(locale);
messages.catch(() => undefined);

const app = () => (
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={createBrowserRouter(routes)} />
    </AppProviders>
  </StrictMode>
);

void startApp(container, { app, routes, queryClient, locale, messages }).then(({ mode }) =>
  announceStarted(mode),
);
