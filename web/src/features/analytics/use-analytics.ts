import { ANALYTICS_LIMITS } from '@kaleido/common/browser';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useUser } from '../auth/auth-provider';
import { settingsQueryOptions } from '../settings/api';
import { flushAnalytics, setAnalyticsEnabled, trackFeature, trackPageView } from './analytics-client';

/**
 * Mounted once in the shell: collection follows the signed-in person's analyticsEnabled (off while
 * signed out or unknown), records a page view on every route change and downloads anywhere in the
 * app, and flushes every 10 s and when the page is hidden.
 */
function useAnalytics(): void {
  const { isSignedIn } = useUser();
  const settings = useQuery({ ...settingsQueryOptions(), enabled: isSignedIn });
  const on = isSignedIn && settings.data?.analyticsEnabled === true;
  const { pathname } = useLocation();

  useEffect(() => {
    setAnalyticsEnabled(on);
  }, [on]);

  useEffect(() => {
    if (on) trackPageView(pathname);
  }, [on, pathname]);

  useEffect(() => {
    if (!on) return;
    const timer = setInterval(() => void flushAnalytics(), ANALYTICS_LIMITS.flushIntervalMs);
    const onHide = () => {
      if (document.visibilityState === 'hidden') void flushAnalytics();
    };
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.('a[download]');
      if (link) trackFeature('download');
    };
    document.addEventListener('visibilitychange', onHide);
    document.addEventListener('click', onClick, true);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onHide);
      document.removeEventListener('click', onClick, true);
      void flushAnalytics();
    };
  }, [on]);
}

/** The shell's analytics (a component, so it can sit among the layout's children). */
export function AnalyticsTracker(): null {
  useAnalytics();
  return null;
}
