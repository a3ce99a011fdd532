import { APP_ROUTES } from '@kaleido/common/browser';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { ScrollRestoration, useLocation } from 'react-router';
import { publicSiteQueryOptions } from '../features/admin/site-api';
import { AnalyticsTracker } from '../features/analytics/use-analytics';
import { useUser } from '../features/auth/auth-provider';
import { GenerationJobsProvider } from '../features/generate/generation-jobs';
import { RoutePreloader } from '../features/pwa/preload';
import { loadAreas, pageAreas } from '../i18n/load-messages';
import { useT } from '../i18n/use-t';
import { useHydrated } from '../lib/use-hydrated';
import { BottomBar } from './bottom-bar';
import { CreateFab } from './create-fab';
import { FullScreenLoader } from './full-screen-loader';
import { NavigationProgress } from './navigation-progress';
import { PageTransition } from './page-transition';
import { SiteFooter } from './site-footer';
import { TopNav } from './top-nav';

// Signed-in only, so it stays out of the first load of visitors.
// The install and update prompts, the offline banner and the offline queue's replay.
const PwaOverlays = lazy(() =>
  import('../features/pwa/pwa-overlays').then((module) => ({ default: module.PwaOverlays })),
);

// The administrators' announcement (GET /api/site), for everyone; its own small chunk, with its texts.
const AnnouncementBanner = lazy(async () => {
  const [module] = await Promise.all([
    import('../features/admin/announcement-banner'),
    loadAreas(pageAreas('features/admin/announcement-banner')),
  ]);
  return module;
});

/** Loads the banner (its chunk and texts) only while the site has an announcement. */
function Announcement() {
  const { user } = useUser();
  const site = useQuery(publicSiteQueryOptions(user?.id ?? null));
  if (!site.data?.announcement) return null;
  return (
    <Suspense fallback={null}>
      <AnnouncementBanner />
    </Suspense>
  );
}

const FloatingPrompt = lazy(() =>
  import('./floating-prompt').then((module) => ({ default: module.FloatingPrompt })),
);

/**
 * Pages without the floating prompt box: the auth screens and the two generators (spec section 2), and
 * Realtime, whose drawing canvas it would cover on a phone.
 */
const NO_FLOATING_PROMPT: readonly string[] = [
  APP_ROUTES.auth,
  APP_ROUTES.authReset,
  APP_ROUTES.generateImage,
  APP_ROUTES.generateVideo,
  APP_ROUTES.realtime,
];

/** The shell around every page: navigation, page transitions, footer and floating actions. */
export function RootLayout() {
  const t = useT();
  const { isLoading, isSignedIn } = useUser();
  // The overlays depend on this browser (install prompt, connection): not part of a prerendered page.
  const hydrated = useHydrated();
  const { pathname } = useLocation();
  // The auth pages are a full-screen split layout of their own.
  const showChrome = pathname !== APP_ROUTES.auth && pathname !== APP_ROUTES.authReset;
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  // Nor in the administrators' console, whose tables and actions it would cover.
  const inConsole = path === APP_ROUTES.admin || path.startsWith(`${APP_ROUTES.admin}/`);
  const showPrompt = isSignedIn && !NO_FLOATING_PROMPT.includes(path) && !inConsole;

  if (isLoading) return <FullScreenLoader />;

  return (
    <GenerationJobsProvider>
      <div className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only z-[70] rounded-full bg-primary px-4 py-2 text-sm font-medium text-primary-fg focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          {t('app.skipToContent')}
        </a>
        <NavigationProgress />
        {hydrated ? <Announcement /> : null}
        {showChrome ? <TopNav /> : null}
        <main id="main" tabIndex={-1} className="flex flex-1 flex-col overflow-x-clip outline-none">
          {/* Its own boundary: React hydrates the page apart from the shell, in smaller pieces. */}
          <Suspense fallback={null}>
            <PageTransition />
          </Suspense>
        </main>
        {showChrome ? (
          // The padding keeps the footer clear of the fixed bottom bar (phones), the floating prompt box
          // and the floating plus button.
          <div
            className={
              showPrompt
                ? 'pb-[calc(8.5rem+env(safe-area-inset-bottom))] md:pb-24'
                : isSignedIn
                  ? 'pb-[calc(4rem+env(safe-area-inset-bottom))] md:pb-0'
                  : 'pb-[calc(8.5rem+env(safe-area-inset-bottom))] md:pb-20'
            }
          >
            <Suspense fallback={null}>
              <SiteFooter />
            </Suspense>
          </div>
        ) : null}
        {showChrome ? <BottomBar /> : null}
        {showChrome && !isSignedIn ? <CreateFab /> : null}
        {showPrompt ? (
          <Suspense fallback={null}>
            <FloatingPrompt />
          </Suspense>
        ) : null}
        {hydrated ? (
          <Suspense fallback={null}>
            <PwaOverlays />
          </Suspense>
        ) : null}
        <RoutePreloader />
        <AnalyticsTracker />
        <ScrollRestoration />
      </div>
    </GenerationJobsProvider>
  );
}
