import type { TAsset } from '@kaleido/common';
import { APP_ROUTES, LIBRARY_ARCHIVE_MAX, LIBRARY_FILTERS, LIBRARY_SORTS } from '@kaleido/common/browser';
import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Box,
  Clapperboard,
  FileArchive,
  ImageIcon,
  Images,
  LayoutGrid,
  Library,
  List,
  RotateCw,
  Search,
  SearchX,
  Trash2,
  Upload,
  X,
} from 'lucide-react';
import {
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useDeferredValue,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Link, useNavigate } from 'react-router';
import { PageMeta } from '../../app/page-meta';
import { PAGE_METADATA } from '../../app/page-metadata';
import { useToast } from '../../app/toast-provider';
import type { MessageId } from '../../i18n/catalogs/en';
import { loadAreas, pageAreas } from '../../i18n/load-messages';
import { useT } from '../../i18n/use-t';
import { serverText } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { Button, buttonClass } from '../../ui/button';
import { ChoiceGroup } from '../../ui/choice-group';
import { EmptyState } from '../../ui/empty-state';
import { Select } from '../../ui/field';
import { PageContainer } from '../../ui/page';
import { Spinner } from '../../ui/spinner';
import { useUser } from '../auth/auth-provider';
import { SignInRequired } from '../auth/sign-in-required';
import { GENERATOR_ROUTES, type GeneratorPrefill } from '../generate/options';
import {
  assetQueryOptions,
  cachedAsset,
  DeleteAssetsError,
  LIBRARY_PATHS,
  type LibraryFilter,
  type LibrarySort,
  libraryQueryOptions,
  useDeleteAssets,
} from './api';
import { AssetRow, AssetTile } from './asset-items';
import { usePrefetchNextLibraryPage } from './prefetch';
import { useInfiniteScroll } from './use-infinite-scroll';
import { type LibraryView, useLibraryParams } from './use-library-params';
import { useSelection } from './use-selection';

// The dialogs (an item's details, the delete confirmation) and the texts only they show (sharing, the
// lineage, the server's messages) load when one first opens, not with the page.
const loadDialogs = async () => {
  const [module] = await Promise.all([
    import('./library-dialogs'),
    loadAreas(pageAreas('features/library/library-dialogs')),
  ]);
  return module;
};
const AssetDetailDialog = lazy(() => loadDialogs().then((module) => ({ default: module.AssetDetailDialog })));
const ConfirmDeleteDialog = lazy(() =>
  loadDialogs().then((module) => ({ default: module.ConfirmDeleteDialog })),
);

const FILTER_LABELS: Record<LibraryFilter, MessageId> = {
  all: 'library.filter.all',
  image: 'library.filter.image',
  video: 'library.filter.video',
  model: 'library.filter.model',
  upload: 'library.filter.upload',
};
const SORT_LABELS: Record<LibrarySort, MessageId> = {
  newest: 'library.sort.newest',
  oldest: 'library.sort.oldest',
};

/** Stands for "no items yet" while a page of results is rendered in the background. */
const NO_ASSETS: readonly TAsset[] = [];

/** A callback of stable identity that always calls the latest `callback` (so memoised items skip re-renders). */
function useStableCallback<A extends unknown[]>(callback: (...args: A) => void): (...args: A) => void {
  const latest = useRef(callback);
  useLayoutEffect(() => {
    latest.current = callback;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}

export function LibraryPage() {
  const t = useT();
  const { user } = useUser();
  return (
    <PageContainer className="py-8 sm:py-12">
      <PageMeta {...PAGE_METADATA.library} />
      {user ? (
        <LibraryBrowser />
      ) : (
        <SignInRequired
          className="my-6"
          headingLevel={1}
          icon={Library}
          title={t('library.signIn.title')}
          message={t('library.signIn.message')}
        />
      )}
    </PageContainer>
  );
}

/**
 * The signed-in library (spec section 2, Library): server-side search, filter, sort, grid or list,
 * infinite scrolling, multi-select with bulk delete and zip download, and a detail view. The
 * search, filter, sort and the open item live in the address, so Back and shared links work.
 */
function LibraryBrowser() {
  const t = useT();
  const queryClient = useQueryClient();
  const toast = useToast();
  const navigate = useNavigate();
  const library = useLibraryParams();
  const { q, type, sort, params, filtered, view, searchText, setSearchText, openId } = library;

  const query = useInfiniteQuery({ ...libraryQueryOptions(params), placeholderData: keepPreviousData });
  const items = useMemo(() => query.data?.pages.flatMap((page) => page.items) ?? [], [query.data]);
  // The first page of results (60 items) renders in a transition, which React renders in slices: the
  // main thread stays free for input instead of one long task (hundreds of milliseconds on a phone);
  // the loading grid stays until then. Once items show, changes (a deletion, the next page) show at once.
  const deferredItems = useDeferredValue(items, NO_ASSETS);
  const shownItems = deferredItems.length === 0 ? deferredItems : items;
  // Settings → Preload: the next page's thumbnails, fetched when idle.
  usePrefetchNextLibraryPage(params, query.data?.pages.at(-1)?.nextCursor);

  const { selected, selectedAssets, toggleSelect, clearSelection, selectAll } = useSelection(items);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const sentinel = useInfiniteScroll<HTMLDivElement>({ hasNextPage, isFetchingNextPage, fetchNextPage });

  // Detail view (?asset=id).
  const openIndex = openId ? items.findIndex((asset) => asset.id === openId) : -1;
  const detail = useQuery({
    ...assetQueryOptions(openId ?? ''),
    enabled: openId !== null,
    initialData: () => (openId ? cachedAsset(queryClient, openId) : undefined),
    retry: false,
  });
  const openAsset = useStableCallback((asset: TAsset) => library.openDetail(asset.id));
  const showNeighbour = (offset: number) => {
    const neighbour = items[openIndex + offset];
    if (neighbour) library.showDetail(neighbour.id);
  };
  const closeDetail = library.closeDetail;
  const reuseSettings = (asset: TAsset) => {
    // Only a generator's result offers this (an audio upload or a 3D object never does).
    if (asset.type === 'audio' || asset.type === 'model') return;
    if (asset.settings.kind === 'audio' || asset.settings.kind === 'model') return;
    const state: GeneratorPrefill = {
      prompt: asset.prompt,
      settings: asset.settings,
      seed: asset.metadata.seed,
    };
    navigate(GENERATOR_ROUTES[asset.type], { state });
  };

  // Deleting (one or many), after a confirmation.
  const [confirming, setConfirming] = useState<readonly TAsset[] | null>(null);
  const askDelete = useStableCallback((asset: TAsset) => setConfirming([asset]));
  const deletion = useDeleteAssets();
  const confirmDelete = () => {
    const assets = confirming ?? [];
    setConfirming(null);
    if (assets.length === 0) return;
    const ids = assets.map((asset) => asset.id);
    if (openId && ids.includes(openId)) closeDetail();
    deletion.mutate(ids, {
      onSuccess: () => {
        clearSelection();
        toast.success(
          assets.length === 1
            ? t('library.toast.deletedOne', { type: assets[0]?.type })
            : t('library.toast.deletedMany', { count: assets.length }),
        );
      },
      onError: (error) => {
        const failed = error instanceof DeleteAssetsError ? error.failedIds.length : assets.length;
        const reason = serverText(error instanceof DeleteAssetsError ? error.firstError : error);
        toast.error(
          t('library.toast.deleteFailed', { count: failed }),
          t('library.toast.deleteFailedDescription'),
          reason,
        );
      },
    });
  };

  const refreshing = query.isRefetching && !query.isFetchingNextPage;
  const refresh = () => {
    void query.refetch();
  };

  let content: ReactNode;
  let state: 'loading' | 'error' | 'empty' | 'no-match' | 'list';
  if (query.isPending || (shownItems.length === 0 && items.length > 0)) {
    state = 'loading';
    content = <LoadingGrid view={view} />;
  } else if (query.isError && items.length === 0) {
    state = 'error';
    content = (
      <EmptyState
        className="mt-6"
        icon={RotateCw}
        title={t('library.error.title')}
        description={serverText(query.error) ?? t('library.error.description')}
        actions={
          <Button variant="primary" onClick={refresh}>
            <RotateCw aria-hidden />
            {t('library.error.retry')}
          </Button>
        }
      />
    );
  } else if (items.length === 0 && !filtered) {
    state = 'empty';
    content = (
      <EmptyState
        className="mt-6"
        icon={Images}
        title={t('library.empty.title')}
        description={t('library.empty.description')}
        actions={
          <>
            <Link to={APP_ROUTES.generateImage} className={buttonClass({ variant: 'primary' })}>
              <ImageIcon aria-hidden />
              {t('library.action.generateImages')}
            </Link>
            <Link to={APP_ROUTES.generateVideo} className={buttonClass({ variant: 'secondary' })}>
              <Clapperboard aria-hidden />
              {t('library.action.generateVideo')}
            </Link>
          </>
        }
      />
    );
  } else if (items.length === 0) {
    state = 'no-match';
    content = (
      <EmptyState
        className="mt-6"
        icon={SearchX}
        title={q ? t('library.noMatch.searchTitle', { type, q }) : t('library.noMatch.filterTitle', { type })}
        description={
          q ? t('library.noMatch.searchDescription') : t('library.noMatch.filterDescription', { type })
        }
        actions={
          <>
            <Button variant="primary" onClick={library.clearSearchAndFilter}>
              <X aria-hidden />
              {q ? t('library.noMatch.clearSearch') : t('library.noMatch.showEverything')}
            </Button>
            {type === 'upload' ? (
              <Link to={APP_ROUTES.enhance} className={buttonClass({ variant: 'secondary' })}>
                <Upload aria-hidden />
                {t('library.action.upload')}
              </Link>
            ) : type === 'model' ? (
              <Link to={APP_ROUTES.threeD} className={buttonClass({ variant: 'secondary' })}>
                <Box aria-hidden />
                {t('threeD.library.make')}
              </Link>
            ) : type !== 'all' ? (
              <Link to={GENERATOR_ROUTES[type]} className={buttonClass({ variant: 'secondary' })}>
                {type === 'image' ? <ImageIcon aria-hidden /> : <Clapperboard aria-hidden />}
                {type === 'image' ? t('library.action.generateImages') : t('library.action.generateVideo')}
              </Link>
            ) : null}
          </>
        }
      />
    );
  } else {
    state = 'list';
    const Item = view === 'grid' ? AssetTile : AssetRow;
    content = (
      <>
        <ul
          aria-label={t('library.list.label')}
          className={cn(
            'mt-5 transition-opacity',
            view === 'grid'
              ? 'grid grid-cols-2 gap-2.5 sm:grid-cols-3 sm:gap-3 lg:grid-cols-4 xl:grid-cols-5'
              : 'flex flex-col gap-0.5',
            query.isPlaceholderData && 'opacity-60',
          )}
        >
          {shownItems.map((asset, index) => (
            <Item
              key={asset.id}
              asset={asset}
              index={index}
              selected={selected.has(asset.id)}
              selecting={selected.size > 0}
              onToggleSelect={toggleSelect}
              onOpen={openAsset}
              onDelete={askDelete}
            />
          ))}
        </ul>
        <div ref={sentinel} className="mt-8 flex min-h-10 justify-center">
          {hasNextPage ? (
            <Button variant="secondary" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
              {isFetchingNextPage ? <Spinner /> : null}
              {isFetchingNextPage ? t('library.list.loadingMore') : t('library.list.loadMore')}
            </Button>
          ) : (
            <p className="text-sm text-fg-subtle">
              {filtered
                ? t('library.list.endMatches', { count: items.length })
                : t('library.list.endItems', { count: items.length })}
            </p>
          )}
        </div>
      </>
    );
  }

  const archiveIds = selectedAssets.map((asset) => asset.id);
  const tooMany = archiveIds.length > LIBRARY_ARCHIVE_MAX;

  return (
    <div data-library-state={state}>
      <header className="flex items-start justify-between gap-4 sm:items-end">
        <div className="min-w-0">
          <h1 className="text-3xl font-semibold tracking-tight break-words text-fg sm:text-4xl">
            {t('library.title')}
          </h1>
          <p className="mt-2 text-fg-muted">{t('library.subtitle')}</p>
        </div>
        <Button
          variant="secondary"
          onClick={refresh}
          disabled={refreshing || query.isPending}
          className="max-sm:size-10 max-sm:px-0"
        >
          <RotateCw aria-hidden className={cn(refreshing && 'animate-spin')} />
          <span className="max-sm:sr-only">{t('library.refresh')}</span>
        </Button>
      </header>

      <div className="z-20 -mx-4 mt-6 border-b border-line bg-[var(--nav-bg)] px-4 py-3 backdrop-blur-xl sm:-mx-6 sm:px-6 md:sticky md:top-16 lg:-mx-8 lg:px-8">
        {selected.size > 0 ? (
          <div
            className="flex flex-wrap items-center gap-2"
            role="toolbar"
            aria-label={t('library.selection.label')}
          >
            <Button
              variant="ghost"
              size="icon"
              onClick={clearSelection}
              aria-label={t('library.selection.clear')}
            >
              <X aria-hidden />
            </Button>
            <p className="mr-auto text-sm font-medium text-fg" aria-live="polite">
              {t('library.selection.count', { count: selected.size })}
            </p>
            {selected.size < items.length ? (
              <Button variant="ghost" size="sm" onClick={selectAll}>
                {t('library.selection.selectAll', { count: items.length })}
              </Button>
            ) : null}
            {tooMany ? (
              <Button
                variant="secondary"
                size="sm"
                disabled
                title={t('library.selection.zipTooManyHint', { max: LIBRARY_ARCHIVE_MAX })}
              >
                <FileArchive aria-hidden />
                {t('library.selection.zipTooMany', { max: LIBRARY_ARCHIVE_MAX })}
              </Button>
            ) : (
              <a
                href={LIBRARY_PATHS.archive(archiveIds)}
                download
                className={buttonClass({ variant: 'secondary', size: 'sm' })}
              >
                <FileArchive aria-hidden />
                {t('library.selection.zip')}
              </a>
            )}
            <Button variant="danger" size="sm" onClick={() => setConfirming(selectedAssets)}>
              <Trash2 aria-hidden />
              {t('library.selection.delete')}
            </Button>
          </div>
        ) : (
          <div className="flex flex-col gap-2.5 md:flex-row md:items-center">
            <div className="relative min-w-0 flex-1">
              <Search
                aria-hidden
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-subtle"
              />
              <input
                type="search"
                value={searchText}
                onChange={(event) => setSearchText(event.target.value)}
                placeholder={t('library.search.placeholder')}
                aria-label={t('library.search.label')}
                maxLength={200}
                className="h-10 w-full rounded-full border border-line-strong bg-surface pr-10 pl-9 text-sm text-fg shadow-sm outline-none transition-[border-color,box-shadow] placeholder:text-fg-subtle focus:border-accent focus:ring-4 focus:ring-accent-soft [&::-webkit-search-cancel-button]:hidden"
              />
              {query.isFetching && !query.isFetchingNextPage && searchText ? (
                <Spinner className="absolute top-1/2 right-3.5 -translate-y-1/2 text-fg-subtle" />
              ) : searchText ? (
                <button
                  type="button"
                  onClick={() => setSearchText('')}
                  aria-label={t('library.search.clear')}
                  className="absolute top-1/2 right-2 inline-flex size-7 -translate-y-1/2 items-center justify-center rounded-full text-fg-subtle hover:bg-surface-2 hover:text-fg"
                >
                  <X aria-hidden className="size-4" />
                </button>
              ) : null}
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <ChoiceGroup
                legend={t('library.filter.legend')}
                hideLegend
                segmented
                size="sm"
                className="basis-full sm:basis-auto"
                value={type}
                onChange={library.setType}
                options={LIBRARY_FILTERS.map((value) => ({ value, label: t(FILTER_LABELS[value]) }))}
              />
              <Select
                aria-label={t('library.sort.label')}
                className="w-auto min-w-[8.5rem] shrink-0 max-sm:flex-1"
                value={sort}
                onChange={(event) => library.setSort(event.target.value)}
              >
                {LIBRARY_SORTS.map((value) => (
                  <option key={value} value={value}>
                    {t(SORT_LABELS[value])}
                  </option>
                ))}
              </Select>
              <ChoiceGroup
                legend={t('library.view.legend')}
                hideLegend
                segmented
                size="sm"
                className="shrink-0"
                value={view}
                onChange={library.setView}
                options={[
                  {
                    value: 'grid',
                    label: <LayoutGrid aria-hidden className="size-4" />,
                    ariaLabel: t('library.view.grid'),
                  },
                  {
                    value: 'list',
                    label: <List aria-hidden className="size-4" />,
                    ariaLabel: t('library.view.list'),
                  },
                ]}
              />
            </div>
          </div>
        )}
      </div>

      {content}

      <Suspense fallback={null}>
        {openId ? (
          <AssetDetailDialog
            asset={detail.isError ? null : detail.data}
            onClose={closeDetail}
            onDelete={(asset) => setConfirming([asset])}
            onUseSettings={reuseSettings}
            onPrevious={openIndex > 0 ? () => showNeighbour(-1) : undefined}
            onNext={openIndex >= 0 && openIndex < items.length - 1 ? () => showNeighbour(1) : undefined}
          />
        ) : null}
        {confirming ? (
          <ConfirmDeleteDialog
            assets={confirming}
            onCancel={() => setConfirming(null)}
            onConfirm={confirmDelete}
          />
        ) : null}
      </Suspense>
    </div>
  );
}

function LoadingGrid({ view }: { view: LibraryView }) {
  const t = useT();
  return (
    <div role="status" aria-live="polite" className="mt-5">
      <span className="sr-only">{t('library.loading')}</span>
      {view === 'grid' ? (
        <ul
          aria-hidden
          className="grid grid-cols-2 gap-2.5 sm:grid-cols-3 sm:gap-3 lg:grid-cols-4 xl:grid-cols-5"
        >
          {/* Four rows of the widest grid: the footer stays below the fold until the items replace
              them, so nothing on screen moves when they do (a desktop's layout shift). */}
          {Array.from({ length: 20 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
            <li key={index} className="skeleton aspect-square rounded-xl" />
          ))}
        </ul>
      ) : (
        <ul aria-hidden className="flex flex-col gap-2">
          {Array.from({ length: 6 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
            <li key={index} className="flex items-center gap-4 px-3 py-2">
              <span className="skeleton size-16 shrink-0 rounded-lg" />
              <span className="flex-1 space-y-2">
                <span className="skeleton block h-3.5 w-3/4 rounded" />
                <span className="skeleton block h-3 w-1/3 rounded" />
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
