import type { TAsset, TGenerationType } from '@kaleido/common';
import { APP_ROUTES } from '@kaleido/common/browser';
import { useQuery } from '@tanstack/react-query';
import { ArrowRight, History, Play, RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useT } from '../../i18n/use-t';
import { cn } from '../../lib/cn';
import { formatRelative } from '../../lib/format';
import { Button } from '../../ui/button';
import { recentAssetsQueryOptions } from '../library/api';
import { AutoSaveOffNote, SaveResultButton, UnsavedBadge } from './save-result';

export interface HistoryPanelProps {
  type: TGenerationType;
  onPick: (asset: TAsset) => void;
  selectedId: string | null;
  /** While a job runs, earlier items cannot be loaded into the form. */
  disabled?: boolean;
  className?: string;
  /** Shows the panel's own heading (the drawer has its title instead). */
  showHeading?: boolean;
}

/** Earlier results of one type, newest first; picking one loads its file, prompt and settings. */
export function HistoryPanel({
  type,
  onPick,
  selectedId,
  disabled = false,
  className,
  showHeading = true,
}: HistoryPanelProps) {
  const t = useT();
  const query = useQuery(recentAssetsQueryOptions(type));

  let body: ReactNode;
  if (query.isPending) {
    body = (
      <ul className="grid grid-cols-2 gap-2" aria-busy="true" aria-label={t('generate.history.loading')}>
        {Array.from({ length: 6 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
          <li key={index} className="skeleton aspect-square rounded-lg" />
        ))}
      </ul>
    );
  } else if (query.isError) {
    body = (
      <div className="rounded-xl border border-line bg-surface-2/60 p-4 text-center text-sm text-fg-muted">
        <p>{t('generate.history.loadFailed')}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => void query.refetch()}>
          <RotateCw aria-hidden />
          {t('generate.history.retry')}
        </Button>
      </div>
    );
  } else if (query.data.length === 0) {
    body = (
      <p className="rounded-xl border border-dashed border-line-strong p-4 text-center text-sm text-fg-subtle">
        {t('generate.history.empty', { type })}
      </p>
    );
  } else {
    body = (
      <ul className="grid grid-cols-2 gap-2">
        {query.data.map((asset) => {
          const selected = asset.id === selectedId;
          return (
            <li key={asset.id}>
              <button
                type="button"
                onClick={() => onPick(asset)}
                disabled={disabled}
                aria-pressed={selected}
                title={asset.prompt}
                className={cn(
                  'group relative block aspect-square w-full overflow-hidden rounded-lg bg-surface-2 ring-1 ring-line transition-[box-shadow,opacity] disabled:cursor-not-allowed disabled:opacity-50',
                  selected ? 'ring-2 ring-accent' : 'hover:ring-fg-subtle',
                )}
              >
                {asset.thumbnailUrl || asset.type === 'image' ? (
                  <img
                    src={asset.thumbnailUrl ?? asset.url}
                    alt=""
                    width={160}
                    height={160}
                    loading="lazy"
                    decoding="async"
                    className="size-full object-cover transition-transform duration-300 group-hover:scale-105"
                  />
                ) : null}
                {asset.type === 'video' ? (
                  <span className="absolute top-1.5 left-1.5 inline-flex size-5 items-center justify-center rounded-full bg-black/55 text-white">
                    <Play aria-hidden className="size-2.5 fill-current" />
                  </span>
                ) : null}
                {asset.saved ? null : (
                  <UnsavedBadge decorative className="absolute top-1.5 right-1.5 shadow-sm" />
                )}
                <span className="sr-only">
                  {t('generate.history.item', {
                    prompt: asset.prompt,
                    when: formatRelative(asset.createdAt),
                    saved: asset.saved ? 'yes' : 'no',
                  })}
                </span>
                <span
                  aria-hidden
                  className="absolute inset-x-0 bottom-0 truncate bg-gradient-to-t from-black/70 to-transparent px-1.5 pt-4 pb-1 text-left text-[10px] font-medium text-white opacity-0 transition-opacity group-hover:opacity-100"
                >
                  {formatRelative(asset.createdAt)}
                </span>
              </button>
              {asset.saved ? null : <SaveResultButton asset={asset} className="mt-1.5 h-7 w-full" />}
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <section aria-label={t('generate.history.region', { type })} className={className}>
      {showHeading ? (
        <div className="mb-3 flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
          <h2 className="flex items-center gap-1.5 text-sm font-semibold text-fg">
            <History aria-hidden className="size-4 text-fg-muted" />
            {t('generate.history.title')}
          </h2>
          <Link
            to={`${APP_ROUTES.library}?type=${type}`}
            className="inline-flex items-center gap-1 rounded text-xs font-medium text-fg-muted hover:text-fg"
          >
            {t('generate.history.all', { type })}
            <ArrowRight aria-hidden className="size-3" />
          </Link>
        </div>
      ) : null}
      <AutoSaveOffNote className="mb-3" />
      {body}
    </section>
  );
}
