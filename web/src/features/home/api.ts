import type { TGalleryItem } from '@kaleido/common';
import { LIMITS } from '@kaleido/common/browser';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export const galleryKeys = {
  all: ['gallery'] as const,
  home: () => [...galleryKeys.all, 'home'] as const,
  pages: () => [...galleryKeys.all, 'pages'] as const,
};

const PAGE = 24;

/** The home page's gallery: public creations topped up with the built-in samples (26 items). */
export const homeGalleryQueryOptions = () =>
  queryOptions({
    queryKey: galleryKeys.home(),
    queryFn: ({ signal }) => api.get<TGalleryItem[]>(`/api/gallery?limit=${LIMITS.galleryItems}`, { signal }),
    // File URLs are signed and expire within the hour.
    staleTime: 5 * 60_000,
  });

/** The full public gallery, page by page. */
export const galleryPagesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: galleryKeys.pages(),
    queryFn: ({ pageParam, signal }) =>
      api.get<TGalleryItem[]>(`/api/gallery?limit=${PAGE}&offset=${pageParam}`, { signal }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.length < PAGE ? undefined : pages.length * PAGE),
    staleTime: 5 * 60_000,
  });
