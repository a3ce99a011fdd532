import { useQuery } from '@tanstack/react-query';
import { publicSiteQueryOptions } from './features/admin/site-api';
import { useHydrated } from './lib/use-hydrated';
import { ORIGIN_SLOT, servedValues } from './served-values';

/**
 * The credits a new account starts with, as the administrator set them. While a prerendered page
 * hydrates, the figure the page was served with (the server filled it in; the build's default on a
 * page it left as built); then the site settings' answer once it has come.
 */
export function useStartingCredits(): number {
  const hydrated = useHydrated();
  const { data } = useQuery({ ...publicSiteQueryOptions(null), enabled: hydrated });
  return hydrated && data ? data.startingCredits : servedValues().startingCredits;
}

/**
 * This site's origin, for the API docs' base URL and code samples: the one the server filled into the
 * page (its PUBLIC_URL) from the first render on, else this address's once hydrated (before that,
 * what the page was served with: the slot, or nothing).
 */
export function useSiteOrigin(): string {
  const hydrated = useHydrated();
  const { origin } = servedValues();
  if (origin && origin !== ORIGIN_SLOT) return origin;
  return hydrated ? window.location.origin : origin;
}
