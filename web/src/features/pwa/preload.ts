import { APP_ROUTES } from '@kaleido/common/browser';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useUser } from '../auth/auth-provider';
import { useAccountPreferences } from '../settings/account-preferences';

/**
 * Settings → Preload (DECISIONS: "on: the next library page's thumbnails and the likely next routes are
 * prefetched (never on Save-Data); off: nothing prefetched"). Work starts when the browser is idle.
 */

interface NetworkInformationLike {
  saveData?: boolean;
}

/** The browser asks to save data (Network Information API `saveData`, Chromium's Save-Data). */
function saveDataRequested(): boolean {
  if (typeof navigator === 'undefined') return false;
  return (navigator as Navigator & { connection?: NetworkInformationLike }).connection?.saveData === true;
}

/** Whether anything may be prefetched: the account's Preload is on and the browser does not save data. */
export function preloadAllowed(preloadAssets: boolean): boolean {
  return preloadAssets && !saveDataRequested();
}

/** Runs `work` when the browser is idle (or after a short delay without requestIdleCallback); returns the cancel. */
export function whenIdle(work: () => void, timeout = 2000): () => void {
  if (typeof window !== 'undefined' && typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(() => work(), { timeout });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(work, 300);
  return () => clearTimeout(timer);
}

/** Asks the browser to fetch an image into its caches (the worker keeps thumbnails for offline use too). */
export function prefetchImage(url: string): void {
  const image = new Image();
  image.decoding = 'async';
  image.src = url;
}

/**
 * The page chunks a signed-in person on a route is likely to open next (the same imports the router's
 * lazy routes use). A visitor is offered none of them: these pages need an account.
 */
const ROUTE_PRELOADS: Record<string, readonly (() => Promise<unknown>)[]> = {
  [APP_ROUTES.home]: [
    () => import('../generate/generate-image-page'),
    () => import('../generate/generate-video-page'),
    () => import('../library/library-page'),
  ],
  [APP_ROUTES.generateImage]: [
    () => import('../library/library-page'),
    () => import('../generate/generate-video-page'),
  ],
  [APP_ROUTES.generateVideo]: [
    () => import('../library/library-page'),
    () => import('../generate/generate-image-page'),
  ],
  [APP_ROUTES.library]: [
    () => import('../generate/generate-image-page'),
    () => import('../generate/generate-video-page'),
  ],
  [APP_ROUTES.profile]: [() => import('../billing/billing-page'), () => import('../api-keys/api-keys-page')],
};

/**
 * Prefetches the likely next pages' code of `pathname` when idle, for a signed-in person who allows
 * it; returns the cancel. (A visitor's public pages stay free of other pages' work.)
 */
export function preloadRoutesFrom(
  pathname: string,
  { preloadAssets, signedIn }: { preloadAssets: boolean; signedIn: boolean },
  preloads: Record<string, readonly (() => Promise<unknown>)[]> = ROUTE_PRELOADS,
): () => void {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const loaders = preloads[path];
  if (!signedIn || !loaders?.length || !preloadAllowed(preloadAssets)) return () => {};
  return whenIdle(() => {
    for (const load of loaders) load().catch(() => {});
  });
}

/** Mounted in the shell: prefetches the likely next routes of the current one (Settings → Preload). */
export function RoutePreloader(): null {
  const { preloadAssets } = useAccountPreferences();
  const { isSignedIn } = useUser();
  const { pathname } = useLocation();
  useEffect(
    () => preloadRoutesFrom(pathname, { preloadAssets, signedIn: isSignedIn }),
    [pathname, preloadAssets, isSignedIn],
  );
  return null;
}
