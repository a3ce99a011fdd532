import type { TGenerationType, TLibraryQuery } from '@kaleido/common';
import { LIBRARY_FILTERS, LIBRARY_SORTS } from '@kaleido/common/browser';
import { authKeys } from '../auth/api';

export type LibraryFilter = (typeof LIBRARY_FILTERS)[number];
export type LibrarySort = (typeof LIBRARY_SORTS)[number];

/**
 * What a library list is asked for (the contract's query, every field given): `q` is the full-text
 * search of the prompts (prefix matching), empty for everything.
 */
export type LibraryParams = Required<Pick<TLibraryQuery, 'q' | 'type' | 'sort'>>;

function oneOf<T extends string>(values: readonly T[], value: string | null, fallback: T): T {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : fallback;
}

/** The list an address asks for (`?q=&type=&sort=`; anything else: everything, newest first). */
export function libraryParamsFrom(search: URLSearchParams): LibraryParams {
  return {
    q: search.get('q')?.trim() ?? '',
    type: oneOf(LIBRARY_FILTERS, search.get('type'), 'all'),
    sort: oneOf(LIBRARY_SORTS, search.get('sort'), 'newest'),
  };
}

/**
 * Query keys of the library (under the account, so signing out forgets them). File URLs in the
 * answers are signed and expire, so lists are refetched rather than kept for long.
 */
export const libraryKeys = {
  all: [...authKeys.all, 'library'] as const,
  lists: () => [...libraryKeys.all, 'list'] as const,
  list: (params: LibraryParams) => [...libraryKeys.lists(), params] as const,
  recent: (type: TGenerationType) => [...libraryKeys.all, 'recent', type] as const,
  detail: (id: string) => [...libraryKeys.all, 'detail', id] as const,
  generation: (id: string) => [...libraryKeys.all, 'generation', id] as const,
};
