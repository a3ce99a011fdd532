import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/app-providers';
import { listenForInstallPrompt } from './features/pwa/install-event';
import { registerServiceWorker } from './features/pwa/register';
import { loadMessages } from './i18n/load-messages';
import { initialLocale } from './i18n/locale-state';
import { createQueryClient } from './lib/query-client';
import { routes } from './routes';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

// The installable app's worker (/sw.js) exists in production builds only.
if (import.meta.env.PROD) registerServiceWorker();
listenForInstallPrompt();

// The first language's catalog downloads beside the first page's chunk (which the router starts
// loading as it is created), not after it; the I18nProvider picks up the same download.
loadMessages(initialLocale()).catch(() => undefined);

const queryClient = createQueryClient();
const router = createBrowserRouter(routes);

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
