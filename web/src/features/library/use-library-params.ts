import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useStoredChoice } from '../../lib/use-stored-state';
import { trackFeature } from '../analytics/analytics-client';
import type { LibraryParams } from './api';
import { libraryParamsFrom } from './keys';

export const LIBRARY_VIEW_KEY = 'kaleido-library-view';
export const LIBRARY_VIEWS = ['grid', 'list'] as const;
export type LibraryView = (typeof LIBRARY_VIEWS)[number];

/** How long the search waits for typing to pause before asking the server. */
export const SEARCH_DEBOUNCE_MS = 300;

type ParamChanges = Record<string, string | null>;

/**
 * The library's state in the address (search `q`, `type`, `sort` and the open item `asset`), so Back
 * and shared links work, plus the grid/list view kept in local storage. The search box follows typing
 * at once and the address (and so the server) once typing pauses.
 */
export function useLibraryParams() {
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const { q, type, sort } = libraryParamsFrom(searchParams);
  const openId = searchParams.get('asset');
  const [view, setView] = useStoredChoice<LibraryView>(LIBRARY_VIEW_KEY, LIBRARY_VIEWS, 'grid');

  const updateParams = useCallback(
    (changes: ParamChanges, options: { push?: boolean; state?: unknown } = {}) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: !options.push, state: options.state, preventScrollReset: true },
      );
    },
    [setSearchParams],
  );

  // Search: the box follows typing at once, the address (and the server) once typing pauses.
  const [searchText, setSearchText] = useState(q);
  const debounced = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const lastSent = useRef(q);
  useEffect(() => {
    if (debounced === lastSent.current) return;
    lastSent.current = debounced;
    if (debounced) trackFeature('library_search');
    updateParams({ q: debounced || null });
  }, [debounced, updateParams]);
  useEffect(() => {
    // The address changed by itself (Back, a link): show its search.
    if (q !== lastSent.current) {
      lastSent.current = q;
      setSearchText(q);
    }
  }, [q]);

  const params: LibraryParams = useMemo(() => ({ q, type, sort }), [q, type, sort]);

  return {
    q,
    type,
    sort,
    params,
    /** A search or a type filter narrows the list. */
    filtered: q !== '' || type !== 'all',
    view,
    setView,
    searchText,
    setSearchText,
    setType: (value: string) => updateParams({ type: value === 'all' ? null : value }),
    setSort: (value: string) => updateParams({ sort: value === 'newest' ? null : value }),
    /** Empties the search box and drops the search and the type filter at once. */
    clearSearchAndFilter: () => {
      setSearchText('');
      lastSent.current = '';
      updateParams({ q: null, type: null });
    },
    /** The item shown in the detail view (`?asset=id`), if any. */
    openId,
    /** Opens an item's detail view as a new history entry, so Back closes it. */
    openDetail: (id: string) => updateParams({ asset: id }, { push: true, state: { detail: true } }),
    /** Shows another item in the open detail view (replacing the entry). */
    showDetail: (id: string) => updateParams({ asset: id }, { state: location.state }),
    closeDetail: () => {
      const state = location.state as { detail?: boolean } | null;
      if (state?.detail) navigate(-1);
      else updateParams({ asset: null });
    },
  };
}
