import type { TAsset, TGeneration } from '@kaleido/common';
import {
  type InfiniteData,
  type QueryClient,
  type QueryKey,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { translate } from '../../i18n/locale-state';
import { ApiError, api } from '../../lib/api-client';
import { authKeys } from '../auth/api';
import { isOfflineFailure, queueAction } from '../pwa/queue-actions';
import { type LibraryFilter, type LibraryParams, type LibrarySort, libraryKeys } from './keys';
import { type AssetPage, LIBRARY_PATHS, LIST_STALE_MS } from './list-query';

export {
  type AssetPage,
  assetsUrl,
  LIBRARY_PAGE_SIZE,
  LIBRARY_PATHS,
  libraryQueryOptions,
  recentAssetsQueryOptions,
} from './list-query';
export { type LibraryFilter, type LibraryParams, type LibrarySort, libraryKeys };

export function assetQueryOptions(id: string) {
  return queryOptions({
    queryKey: libraryKeys.detail(id),
    queryFn: ({ signal }) => api.get<TAsset>(LIBRARY_PATHS.asset(id), { signal }),
    staleTime: LIST_STALE_MS,
  });
}

/** The job that made an asset: how the model read the prompt (details.interpretation), the negative prompt. */
export function assetGenerationQueryOptions(generationId: string) {
  return queryOptions({
    queryKey: libraryKeys.generation(generationId),
    queryFn: ({ signal }) => api.get<TGeneration>(LIBRARY_PATHS.generation(generationId), { signal }),
    staleTime: 10 * 60_000,
  });
}

/** Every loaded asset of the library caches (lists and history panels), for looking one up by id. */
export function cachedAsset(queryClient: QueryClient, id: string): TAsset | undefined {
  for (const [, data] of queryClient.getQueriesData<InfiniteData<AssetPage> | TAsset[] | TAsset>({
    queryKey: libraryKeys.all,
  })) {
    if (!data) continue;
    if (Array.isArray(data)) {
      const found = data.find((asset) => asset.id === id);
      if (found) return found;
    } else if ('pages' in data) {
      for (const page of data.pages) {
        const found = page.items.find((asset) => asset.id === id);
        if (found) return found;
      }
    } else if ('id' in data && data.id === id) {
      return data;
    }
  }
  return undefined;
}

/** Takes assets out of every cached list at once; returns what to put back. */
function removeFromCaches(queryClient: QueryClient, ids: ReadonlySet<string>): Array<[QueryKey, unknown]> {
  const snapshot = queryClient.getQueriesData<unknown>({ queryKey: libraryKeys.all });
  queryClient.setQueriesData<InfiniteData<AssetPage>>({ queryKey: libraryKeys.lists() }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.filter((asset) => !ids.has(asset.id)),
          })),
        }
      : data,
  );
  queryClient.setQueriesData<TAsset[]>({ queryKey: [...libraryKeys.all, 'recent'] }, (data) =>
    data ? data.filter((asset) => !ids.has(asset.id)) : data,
  );
  return snapshot;
}

/** Why some deletions failed: the ids that are still there and the first refusal. */
export class DeleteAssetsError extends Error {
  readonly failedIds: string[];
  readonly firstError: unknown;
  constructor(failedIds: string[], firstError: unknown) {
    super(firstError instanceof ApiError ? firstError.message : 'Delete failed');
    this.name = 'DeleteAssetsError';
    this.failedIds = failedIds;
    this.firstError = firstError;
  }
}

/**
 * Deletes assets (DELETE /api/assets/:id each). Optimistic: they leave every list at once; when any
 * deletion fails, the lists are put back as they were and re-read, so what did get deleted goes away
 * and what did not comes back.
 */
export function useDeleteAssets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...libraryKeys.all, 'delete'],
    // Offline it runs at once (not paused) and goes to the offline queue.
    networkMode: 'always',
    mutationFn: async (ids: readonly string[]) => {
      const userId = queryClient.getQueryData<{ id: string } | null>(authKeys.me())?.id;
      const results = await Promise.allSettled(
        ids.map(async (id) => {
          try {
            return await api.delete<{ id: string }>(LIBRARY_PATHS.asset(id));
          } catch (error) {
            // Offline: the deletion waits in the offline queue and is sent when the connection is back.
            if (!userId || !isOfflineFailure(error)) throw error;
            await queueAction('delete-asset', {
              method: 'DELETE',
              url: LIBRARY_PATHS.asset(id),
              userId,
              // Kept as text in the offline queue: written in the language shown when it was queued.
              label: translate('library.offline.deleteLabel'),
            }).catch(() => {
              throw error;
            });
            return { id };
          }
        }),
      );
      const failed = ids.filter((_, index) => results[index]?.status === 'rejected');
      if (failed.length > 0) {
        const first = results.find((result) => result.status === 'rejected');
        throw new DeleteAssetsError(failed, first?.status === 'rejected' ? first.reason : undefined);
      }
      return ids;
    },
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: libraryKeys.all });
      return { snapshot: removeFromCaches(queryClient, new Set(ids)) };
    },
    onError: (_error, _ids, context) => {
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: async (_data, _error, ids) => {
      for (const id of ids) queryClient.removeQueries({ queryKey: libraryKeys.detail(id) });
      // Offline, the lists would come back from the worker's cache with the deleted items still in them.
      if (navigator.onLine) await queryClient.invalidateQueries({ queryKey: libraryKeys.all });
    },
  });
}
