import { APP_ROUTES } from '@kaleido/common/browser';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { meQueryOptions } from '../features/auth/api';
import { libraryParamsFrom } from '../features/library/keys';
import { libraryQueryOptions, recentAssetsQueryOptions } from '../features/library/list-query';
import { settingsQueryOptions } from '../features/settings/api';

/**
 * The first page's data, asked for as the app starts, beside GET /api/auth/me: the shell waits for the
 * session and the page for its chunk and texts, so a page's own requests would otherwise leave only
 * when it first renders (after all of that). The answers land in the query cache under the keys the
 * page reads. Only for the signed-in pages that show a person's data at once: the library's first page,
 * a generator's recent results and the account's settings. When the session answers "signed out", what
 * was asked for is dropped (a 401 must not be shown as the page's error after a sign-in).
 */
export function prefetchRouteData(
  queryClient: QueryClient,
  location: { pathname: string; search: string } = window.location,
): void {
  const me = queryClient.fetchQuery(meQueryOptions()).catch(() => undefined);
  const path = location.pathname.length > 1 ? location.pathname.replace(/\/+$/, '') : location.pathname;
  const generator =
    path === APP_ROUTES.generateImage ? 'image' : path === APP_ROUTES.generateVideo ? 'video' : null;
  if (path !== APP_ROUTES.library && !generator) return;

  const settings = settingsQueryOptions();
  const list = generator
    ? recentAssetsQueryOptions(generator)
    : libraryQueryOptions(libraryParamsFrom(new URLSearchParams(location.search)));
  const keys: QueryKey[] = [settings.queryKey, list.queryKey];
  void queryClient.prefetchQuery(settings);
  const asked =
    'getNextPageParam' in list ? queryClient.prefetchInfiniteQuery(list) : queryClient.prefetchQuery(list);
  void Promise.all([me, asked]).then(([user]) => {
    if (user) return;
    for (const queryKey of keys) queryClient.removeQueries({ queryKey, exact: true });
  });
}
