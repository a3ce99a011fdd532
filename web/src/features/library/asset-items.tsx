import type { TAsset } from '@kaleido/common';
import { AudioLines, Download, ExternalLink, Pause, Play, Trash2 } from 'lucide-react';
import { memo, type ReactNode, useState } from 'react';
import { type Translate, useT } from '../../i18n/use-t';
import { cn } from '../../lib/cn';
import { formatBytes, formatNumber, formatRelative } from '../../lib/format';

export interface AssetItemProps {
  asset: TAsset;
  /** Position in the list: the first screenful loads eagerly, the rest lazily. */
  index: number;
  selected: boolean;
  /** Some item is selected: checkboxes stay visible. */
  selecting: boolean;
  onToggleSelect: (asset: TAsset, event: { shiftKey: boolean }) => void;
  onOpen: (asset: TAsset) => void;
  onDelete: (asset: TAsset) => void;
}

const EAGER_ITEMS = 10;
/** The first row holds the page's largest paint: fetch those stills before anything else. */
const PRIORITY_ITEMS = 4;

function typeLabel(asset: TAsset, t: Translate): string {
  if (asset.type === 'image') return t('library.item.image');
  if (asset.type === 'model') return t('threeD.asset.label');
  const seconds = asset.metadata.durationSeconds;
  if (asset.type === 'audio') {
    return seconds
      ? t('library.item.audioWithDuration', { seconds: Math.round(seconds) })
      : t('library.item.audio');
  }
  return seconds
    ? t('library.item.videoWithDuration', { seconds: Math.round(seconds) })
    : t('library.item.video');
}

/** Open in a new tab, download, delete: the same three actions in the grid and the list. */
function ItemActions({
  asset,
  onDelete,
  className,
  tone = 'overlay',
}: {
  asset: TAsset;
  onDelete: (asset: TAsset) => void;
  className?: string;
  tone?: 'overlay' | 'plain';
}) {
  const t = useT();
  const button = cn(
    'inline-flex size-8 items-center justify-center rounded-full transition-colors',
    tone === 'overlay'
      ? 'bg-black/55 text-white backdrop-blur hover:bg-black/75'
      : 'text-fg-muted hover:bg-surface-3 hover:text-fg',
  );
  return (
    <div className={cn('flex gap-1', className)}>
      <a
        href={asset.url}
        target="_blank"
        rel="noopener noreferrer"
        className={button}
        aria-label={t('library.item.openInNewTabLabel', { prompt: asset.prompt })}
        title={t('library.item.openInNewTab')}
      >
        <ExternalLink aria-hidden className="size-4" />
      </a>
      <a
        href={asset.downloadUrl}
        download={asset.metadata.filename}
        className={button}
        aria-label={t('library.item.downloadLabel', { prompt: asset.prompt })}
        title={t('library.item.download')}
      >
        <Download aria-hidden className="size-4" />
      </a>
      <button
        type="button"
        onClick={() => onDelete(asset)}
        className={cn(button, tone === 'overlay' ? 'hover:bg-danger-solid' : 'hover:text-danger')}
        aria-label={t('library.item.deleteLabel', { prompt: asset.prompt })}
        title={t('library.item.delete')}
      >
        <Trash2 aria-hidden className="size-4" />
      </button>
    </div>
  );
}

function SelectBox({
  asset,
  selected,
  onToggleSelect,
  className,
}: Pick<AssetItemProps, 'asset' | 'selected' | 'onToggleSelect'> & { className?: string }) {
  const t = useT();
  return (
    <input
      type="checkbox"
      checked={selected}
      onChange={() => {}}
      onClick={(event) => onToggleSelect(asset, { shiftKey: event.shiftKey })}
      aria-label={t('library.item.select', { prompt: asset.prompt })}
      className={cn(
        'size-6 cursor-pointer appearance-none rounded-md border-2 border-white/90 bg-black/25 shadow-sm backdrop-blur transition-colors',
        'checked:border-accent checked:bg-accent checked:bg-[url("data:image/svg+xml,%3Csvg%20xmlns=%27http://www.w3.org/2000/svg%27%20viewBox=%270%200%2016%2016%27%20fill=%27none%27%20stroke=%27white%27%20stroke-width=%272.5%27%20stroke-linecap=%27round%27%20stroke-linejoin=%27round%27%3E%3Cpath%20d=%27M3.5%208.5l3%203%206-7%27/%3E%3C/svg%3E")] checked:bg-center checked:bg-no-repeat',
        className,
      )}
    />
  );
}

/** A still of the asset: its thumbnail (a video's poster), sized by its box so nothing shifts as it loads. */
function Still({ asset, index, className }: { asset: TAsset; index: number; className?: string }) {
  // Audio has no picture (and no waveform is drawn): an icon stands for it.
  if (asset.type === 'audio') {
    return (
      <div className={cn('flex items-center justify-center bg-surface-3 text-fg-muted', className)}>
        <AudioLines aria-hidden className="size-1/3 max-h-12 max-w-12" />
      </div>
    );
  }
  const source = asset.thumbnailUrl ?? (asset.type === 'image' ? asset.url : null);
  if (!source) return <div className={cn('bg-surface-3', className)} />;
  return (
    <img
      src={source}
      alt=""
      width={asset.metadata.width}
      height={asset.metadata.height}
      loading={index < EAGER_ITEMS ? 'eager' : 'lazy'}
      fetchPriority={index < PRIORITY_ITEMS ? 'high' : 'auto'}
      decoding="async"
      className={cn('object-cover', className)}
    />
  );
}

/**
 * A tile of the grid: the still fills a square; videos play on hover or with their play button.
 * Memoised (the page passes stable callbacks): a selection or a new page re-renders only what changed.
 */
export const AssetTile = memo(function AssetTile({
  asset,
  index,
  selected,
  selecting,
  onToggleSelect,
  onOpen,
  onDelete,
}: AssetItemProps) {
  const t = useT();
  const [hovered, setHovered] = useState(false);
  const [playing, setPlaying] = useState(false);
  const isVideo = asset.type === 'video';
  const showVideo = isVideo && (playing || hovered);
  const durationLabel = asset.metadata.durationSeconds
    ? t('library.item.duration', { seconds: Math.round(asset.metadata.durationSeconds) })
    : t('library.item.video');

  return (
    <li
      className="group relative"
      onPointerEnter={(event) => {
        if (event.pointerType === 'mouse') setHovered(true);
      }}
      onPointerLeave={() => setHovered(false)}
    >
      <div
        className={cn(
          'relative aspect-square overflow-hidden rounded-xl bg-surface-2 ring-1 ring-line transition-shadow',
          selected && 'ring-2 ring-accent ring-offset-2 ring-offset-bg',
        )}
      >
        <button
          type="button"
          onClick={() => onOpen(asset)}
          className="absolute inset-0 block size-full cursor-zoom-in focus-visible:outline-offset-[-3px]"
        >
          <span className="sr-only">
            {t('library.item.details', {
              prompt: asset.prompt,
              kind: typeLabel(asset, t),
              date: formatRelative(asset.createdAt),
            })}
          </span>
          <Still
            asset={asset}
            index={index}
            className="size-full transition-transform duration-500 group-hover:scale-[1.03]"
          />
          {showVideo ? (
            <video
              src={asset.url}
              poster={asset.thumbnailUrl ?? undefined}
              muted
              loop
              playsInline
              autoPlay
              preload="none"
              aria-hidden
              tabIndex={-1}
              className="absolute inset-0 size-full object-cover"
            />
          ) : null}
        </button>

        <div
          aria-hidden
          className="pointer-events-none absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/75 via-black/30 to-transparent px-3 pt-10 pb-2.5 opacity-0 transition-opacity group-hover:opacity-100 group-focus-within:opacity-100"
        >
          <p className="line-clamp-2 text-[13px] leading-snug font-medium text-white">{asset.prompt}</p>
        </div>

        <SelectBox
          asset={asset}
          selected={selected}
          onToggleSelect={onToggleSelect}
          className={cn(
            'absolute top-2.5 left-2.5 transition-opacity',
            selecting || selected
              ? 'opacity-100'
              : 'opacity-0 group-hover:opacity-100 focus-visible:opacity-100 [@media(hover:none)]:opacity-100',
          )}
        />

        <ItemActions
          asset={asset}
          onDelete={onDelete}
          className="absolute top-2 right-2 opacity-0 transition-opacity group-hover:opacity-100 group-focus-within:opacity-100 [@media(hover:none)]:hidden"
        />

        {asset.type === 'audio' && asset.metadata.durationSeconds ? (
          <span className="pointer-events-none absolute bottom-2.5 left-2.5 inline-flex h-7 items-center rounded-full bg-black/55 px-2.5 text-[11px] font-semibold text-white backdrop-blur">
            {t('library.item.duration', { seconds: Math.round(asset.metadata.durationSeconds) })}
          </span>
        ) : null}
        {isVideo ? (
          <button
            type="button"
            onClick={() => setPlaying((value) => !value)}
            aria-label={t(playing ? 'library.item.pausePreview' : 'library.item.playPreview', {
              duration: durationLabel,
              prompt: asset.prompt,
            })}
            aria-pressed={playing}
            className="absolute bottom-2.5 left-2.5 inline-flex h-7 items-center gap-1 rounded-full bg-black/55 px-2.5 text-[11px] font-semibold text-white backdrop-blur transition-colors hover:bg-black/75"
          >
            {playing ? (
              <Pause aria-hidden className="size-3 fill-current" />
            ) : (
              <Play aria-hidden className="size-3 fill-current" />
            )}
            {durationLabel}
          </button>
        ) : null}
      </div>
    </li>
  );
});

function Meta({ children }: { children: ReactNode }) {
  return <span className="whitespace-nowrap">{children}</span>;
}

/** A row of the list view: thumbnail, prompt, type, size, date and the actions (memoised like the tile). */
export const AssetRow = memo(function AssetRow({
  asset,
  index,
  selected,
  onToggleSelect,
  onOpen,
  onDelete,
}: AssetItemProps) {
  const t = useT();
  return (
    <li
      className={cn(
        'group flex items-center gap-3 rounded-xl px-2 py-2 transition-colors sm:gap-4 sm:px-3',
        selected ? 'bg-accent-soft' : 'hover:bg-surface-2',
      )}
    >
      <SelectBox
        asset={asset}
        selected={selected}
        onToggleSelect={onToggleSelect}
        className="shrink-0 border-line-strong bg-surface"
      />
      <button
        type="button"
        onClick={() => onOpen(asset)}
        className="flex min-w-0 flex-1 items-center gap-3 rounded-lg text-left sm:gap-4"
      >
        <span className="relative size-14 shrink-0 overflow-hidden rounded-lg bg-surface-2 ring-1 ring-line sm:size-16">
          <Still asset={asset} index={index} className="size-full" />
          {asset.type === 'video' ? (
            <span className="absolute right-1 bottom-1 inline-flex size-5 items-center justify-center rounded-full bg-black/60 text-white">
              <Play aria-hidden className="size-2.5 fill-current" />
            </span>
          ) : null}
        </span>
        <span className="min-w-0 flex-1">
          <span className="line-clamp-2 text-sm font-medium text-fg sm:line-clamp-1">{asset.prompt}</span>
          <span className="mt-1 flex flex-wrap gap-x-2.5 gap-y-0.5 text-xs text-fg-muted tabular-nums">
            <Meta>{typeLabel(asset, t)}</Meta>
            {asset.type === 'audio' ? null : (
              <Meta>
                {formatNumber(asset.metadata.width)} × {formatNumber(asset.metadata.height)}
              </Meta>
            )}
            <Meta>{formatBytes(asset.metadata.size)}</Meta>
            <Meta>{formatRelative(asset.createdAt)}</Meta>
          </span>
        </span>
      </button>
      <ItemActions asset={asset} onDelete={onDelete} tone="plain" className="shrink-0 max-sm:hidden" />
    </li>
  );
});
