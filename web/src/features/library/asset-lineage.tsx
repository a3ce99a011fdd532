import type { TAsset } from '@kaleido/common';
import { APP_ROUTES } from '@kaleido/common/browser';
import { useQuery } from '@tanstack/react-query';
import { AudioLines, GitBranch, Maximize2, PenLine } from 'lucide-react';
import { Link } from 'react-router';
import type { MessageId } from '../../i18n/catalogs/en';
import { useT } from '../../i18n/use-t';
import { formatElapsed } from '../../lib/format';
import { buttonClass } from '../../ui/button';
import { lineageQueryOptions, toolLink } from '../tools/api';

/** How a result relates to its source, by the tool that made it. */
const SOURCE_LABELS: Record<string, MessageId> = {
  enhance: 'library.lineage.enhancedFrom',
  edit: 'library.lineage.editedFrom',
  lipsync: 'lipsync.lineage.from',
  '3d': 'threeD.lineage.from',
  generate: 'library.lineage.variationOf',
};

function LineageItem({ asset, caption }: { asset: TAsset; caption: string }) {
  const t = useT();
  return (
    <li>
      <Link
        to={`${APP_ROUTES.library}?asset=${encodeURIComponent(asset.id)}`}
        className="group flex items-center gap-3 rounded-xl border border-line bg-surface-2 p-2 transition-colors hover:border-line-strong focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        {asset.thumbnailUrl || asset.type === 'image' ? (
          <img
            src={asset.thumbnailUrl ?? asset.url}
            alt=""
            width={44}
            height={44}
            loading="lazy"
            className="size-11 shrink-0 rounded-lg object-cover"
          />
        ) : (
          <span className="size-11 shrink-0 rounded-lg bg-surface-3" />
        )}
        <span className="min-w-0 text-sm">
          <span className="block font-medium text-fg group-hover:underline">{caption}</span>
          <span className="block truncate text-xs text-fg-muted tabular-nums">
            {asset.type === 'audio'
              ? formatElapsed((asset.metadata.durationSeconds ?? 0) * 1000)
              : t('library.lineage.size', { width: asset.metadata.width, height: asset.metadata.height })}
          </span>
        </span>
      </Link>
    </li>
  );
}

/**
 * Where an asset came from and what was made from it (library detail): sources and derived items
 * with thumbnails and links, and "Open in Enhancer / Edit". A deleted source is simply absent (its
 * results stay); the section says so when every source is gone.
 */
export function AssetLineage({ asset }: { asset: TAsset }) {
  const t = useT();
  const lineage = useQuery(lineageQueryOptions(asset.id));
  const sources = lineage.data?.sources ?? [];
  const derived = lineage.data?.derived ?? [];
  const sourceCaption = t(SOURCE_LABELS[asset.tool ?? 'generate'] ?? 'library.lineage.variationOf');
  const sourceGone = lineage.isSuccess && asset.sourceAssetIds.length > 0 && sources.length === 0;
  return (
    <section aria-labelledby={`lineage-${asset.id}`}>
      <h3
        id={`lineage-${asset.id}`}
        className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-fg-subtle uppercase"
      >
        <GitBranch aria-hidden className="size-3.5" />
        {t('library.lineage.title')}
      </h3>
      {sources.length > 0 ? (
        <ul className="mt-2 flex flex-col gap-2" aria-label={t('library.lineage.sources')}>
          {sources.map((source) => (
            <LineageItem key={source.id} asset={source} caption={sourceCaption} />
          ))}
        </ul>
      ) : null}
      {sourceGone ? <p className="mt-2 text-sm text-fg-muted">{t('library.lineage.sourceDeleted')}</p> : null}
      {asset.origin === 'uploaded' ? (
        <p className="mt-2 text-sm text-fg-muted">{t('library.lineage.uploaded')}</p>
      ) : null}
      {derived.length > 0 ? (
        <ul className="mt-2 flex flex-col gap-2" aria-label={t('library.lineage.derived')}>
          {derived.map((item) => (
            <LineageItem
              key={item.id}
              asset={item}
              caption={
                item.tool === 'enhance'
                  ? t('library.lineage.enhanced')
                  : item.tool === 'edit'
                    ? t('library.lineage.edited')
                    : item.tool === 'lipsync'
                      ? t('lipsync.lineage.made')
                      : item.tool === '3d'
                        ? t('threeD.lineage.made')
                        : t('library.lineage.variation')
              }
            />
          ))}
        </ul>
      ) : null}
      {/* Audio goes into lipsync only; videos into lipsync too; no tool takes a 3D object. */}
      {asset.type === 'model' ? null : asset.type === 'audio' ? (
        <div className="mt-3 flex flex-wrap gap-2 *:flex-auto">
          <Link
            to={`${APP_ROUTES.lipsync}?audio=${encodeURIComponent(asset.id)}`}
            className={buttonClass({ variant: 'secondary', size: 'sm' })}
          >
            <AudioLines aria-hidden />
            {t('lipsync.lineage.open')}
          </Link>
        </div>
      ) : (
        <div className="mt-3 flex flex-wrap gap-2 *:flex-auto">
          <Link
            to={toolLink('enhance', asset.id)}
            className={buttonClass({ variant: 'secondary', size: 'sm' })}
          >
            <Maximize2 aria-hidden />
            {t('library.lineage.openInEnhancer')}
          </Link>
          {asset.type === 'image' ? (
            <Link
              to={toolLink('edit', asset.id)}
              className={buttonClass({ variant: 'secondary', size: 'sm' })}
            >
              <PenLine aria-hidden />
              {t('library.lineage.openInEdit')}
            </Link>
          ) : (
            <Link
              to={`${APP_ROUTES.lipsync}?asset=${encodeURIComponent(asset.id)}`}
              className={buttonClass({ variant: 'secondary', size: 'sm' })}
            >
              <AudioLines aria-hidden />
              {t('lipsync.lineage.open')}
            </Link>
          )}
        </div>
      )}
    </section>
  );
}
