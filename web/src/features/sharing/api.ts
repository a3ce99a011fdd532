import type { TAsset, TPublicProfile } from '@kaleido/common';
import { type InfiniteData, infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { galleryKeys } from '../home/api';
import { type AssetPage, LIBRARY_PATHS, libraryKeys } from '../library/api';

/** Public profiles are not account data: they stay cached across sign-in and sign-out by handle. */
export const profileKeys = {
  all: ['profiles'] as const,
  detail: (handle: string) => [...profileKeys.all, handle.toLowerCase()] as const,
};

const PAGE = 24;

const profileApiPath = (handle: string) => `/api/profiles/${encodeURIComponent(handle)}`;

/** A profile and its shared creations, page by page (keyset cursors). */
export function profileQueryOptions(handle: string) {
  return infiniteQueryOptions({
    queryKey: profileKeys.detail(handle),
    queryFn: ({ pageParam, signal }) =>
      api.get<TPublicProfile>(
        `${profileApiPath(handle)}?limit=${PAGE}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`,
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // File URLs are signed and expire within the hour.
    staleTime: 60_000,
    retry: (count, error) => !(error as { status?: number }).status && count < 2,
  });
}

/** Puts a changed asset into every cached library list and detail. */
function replaceCached(queryClient: ReturnType<typeof useQueryClient>, asset: TAsset): void {
  queryClient.setQueriesData<InfiniteData<AssetPage>>({ queryKey: libraryKeys.lists() }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((item) =>
              item.id === asset.id ? { ...item, shared: asset.shared } : item,
            ),
          })),
        }
      : data,
  );
  queryClient.setQueriesData<TAsset[]>({ queryKey: [...libraryKeys.all, 'recent'] }, (data) =>
    data?.map((item) => (item.id === asset.id ? { ...item, shared: asset.shared } : item)),
  );
  queryClient.setQueryData<TAsset>(libraryKeys.detail(asset.id), (data) =>
    data ? { ...data, shared: asset.shared } : data,
  );
}

/** The Share toggle: PATCH /api/assets/:id { shared }, shown at once and put back on a refusal. */
export function useShareAsset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ asset, shared }: { asset: TAsset; shared: boolean }) =>
      api.patch<TAsset>(LIBRARY_PATHS.asset(asset.id), { shared }),
    onMutate: ({ asset, shared }) => {
      replaceCached(queryClient, { ...asset, shared });
    },
    onError: (_error, { asset }) => {
      replaceCached(queryClient, asset);
    },
    onSuccess: (asset) => {
      replaceCached(queryClient, asset);
    },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: galleryKeys.all });
      await queryClient.invalidateQueries({ queryKey: profileKeys.all });
    },
  });
}
