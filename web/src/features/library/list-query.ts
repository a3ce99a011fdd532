import type { TAsset, TGenerationType } from '@kaleido/common';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { type LibraryParams, libraryKeys } from './keys';

// The library's list queries, apart from api.ts (which shows texts): the app asks for the first page
// as it starts (app/route-data.ts), so this module comes with the entry and must stay small.

export interface AssetPage {
  items: TAsset[];
  nextCursor: string | null;
}

/** Items per page of the library grid (a multiple of 2, 3, 4, 5 and 6 columns). */
export const LIBRARY_PAGE_SIZE = 60;

export const LIBRARY_PATHS = {
  assets: '/api/assets',
  asset: (id: string) => `/api/assets/${encodeURIComponent(id)}`,
  /** One zip of several assets (at most LIBRARY_ARCHIVE_MAX). */
  archive: (ids: readonly string[]) => `/api/assets/archive?ids=${ids.map(encodeURIComponent).join(',')}`,
  generation: (id: string) => `/api/generations/${encodeURIComponent(id)}`,
} as const;

export function assetsUrl(
  params: Partial<LibraryParams> & { cursor?: string | null; limit: number; include?: 'saved' | 'all' },
): string {
  const search = new URLSearchParams();
  if (params.include === 'all') search.set('include', 'all');
  if (params.q?.trim()) search.set('q', params.q.trim());
  if (params.type && params.type !== 'all') search.set('type', params.type);
  if (params.sort && params.sort !== 'newest') search.set('sort', params.sort);
  if (params.cursor) search.set('cursor', params.cursor);
  search.set('limit', String(params.limit));
  return `${LIBRARY_PATHS.assets}?${search.toString()}`;
}

export const LIST_STALE_MS = 60_000;

/** The library, page by page (keyset cursors), for infinite scrolling. */
export function libraryQueryOptions(params: LibraryParams) {
  return infiniteQueryOptions({
    queryKey: libraryKeys.list(params),
    queryFn: ({ pageParam, signal }) =>
      api.get<AssetPage>(assetsUrl({ ...params, cursor: pageParam, limit: LIBRARY_PAGE_SIZE }), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: LIST_STALE_MS,
  });
}

/** The newest results of one type, unsaved ones too (the generators' history panels). */
export function recentAssetsQueryOptions(type: TGenerationType, limit = 24) {
  return queryOptions({
    queryKey: libraryKeys.recent(type),
    queryFn: async ({ signal }) =>
      (await api.get<AssetPage>(assetsUrl({ type, limit, include: 'all' }), { signal })).items,
    staleTime: LIST_STALE_MS,
  });
}
