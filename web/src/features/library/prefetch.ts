import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../lib/api-client';
import { prefetchImage, preloadAllowed, whenIdle } from '../pwa/preload';
import { useAccountPreferences } from '../settings/account-preferences';
import { type AssetPage, assetsUrl, LIBRARY_PAGE_SIZE, type LibraryParams, libraryKeys } from './api';

/**
 * Settings → Preload in the library: when the browser is idle, the page after the last one shown is
 * read and its thumbnails fetched, so scrolling on shows them at once. Nothing when Preload is off or
 * the browser asks to save data.
 */
export function usePrefetchNextLibraryPage(
  params: LibraryParams,
  nextCursor: string | null | undefined,
): void {
  const queryClient = useQueryClient();
  const { preloadAssets } = useAccountPreferences();
  useEffect(() => {
    if (!nextCursor || !preloadAllowed(preloadAssets)) return;
    return whenIdle(() => {
      queryClient
        .fetchQuery({
          queryKey: [...libraryKeys.all, 'prefetch', params, nextCursor],
          queryFn: ({ signal }) =>
            api.get<AssetPage>(assetsUrl({ ...params, cursor: nextCursor, limit: LIBRARY_PAGE_SIZE }), {
              signal,
            }),
          staleTime: 60_000,
        })
        .then((page) => {
          for (const asset of page.items) {
            const still = asset.thumbnailUrl ?? (asset.type === 'image' ? asset.url : null);
            if (still) prefetchImage(still);
          }
        })
        .catch(() => {});
    });
  }, [queryClient, params, nextCursor, preloadAssets]);
}
