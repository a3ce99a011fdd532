import type { TAsset } from '@kaleido/common';
import { useQuery } from '@tanstack/react-query';
import {
  AudioLines,
  Check,
  ChevronLeft,
  ChevronRight,
  Copy,
  RotateCcw,
  Sparkles,
  Trash2,
} from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useEffect, useState } from 'react';
import { T } from '../../i18n/t';
import { type Translate, useT } from '../../i18n/use-t';
import { cn } from '../../lib/cn';
import { formatBytes, formatDateTime } from '../../lib/format';
import { Button, buttonClass } from '../../ui/button';
import { Dialog, DialogClose, DialogContent } from '../../ui/dialog';
import { Spinner } from '../../ui/spinner';
import { modelsQueryOptions } from '../generate/api';
import { DiagnosticsPanel } from '../generate/diagnostics-panel';
import { FIELDS, settingValue } from '../generate/options';
import { ShareToggle } from '../sharing/share-toggle';
import { ModelViewer } from '../tools/three-d-viewer';
import { assetGenerationQueryOptions } from './api';
import { AssetLineage } from './asset-lineage';
import { AssetDownloadLink, AssetOpenLink } from './asset-links';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4 border-b border-line py-2 last:border-b-0">
      <dt className="shrink-0 text-fg-muted">{label}</dt>
      <dd className="min-w-0 text-right font-medium break-words text-fg tabular-nums">{children}</dd>
    </div>
  );
}

function settingRows(asset: TAsset, t: Translate): { label: string; value: string }[] {
  const settings = asset.settings;
  // Audio is only ever uploaded and 3D objects have their own facts: no generator settings.
  if (
    asset.type === 'audio' ||
    asset.type === 'model' ||
    settings.kind === 'audio' ||
    settings.kind === 'model'
  ) {
    return [];
  }
  return FIELDS[asset.type]
    .map((field) => {
      const value = settingValue(settings, field.key);
      return value === undefined ? null : { label: t(field.label), value: field.format(value, t) };
    })
    .filter((row): row is { label: string; value: string } => row !== null);
}

function CopyPromptButton({ text }: { text: string }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <Button
      variant="ghost"
      size="sm"
      className="-mr-2 h-7 px-2"
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(() => setCopied(true));
      }}
    >
      {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
      {copied ? t('library.detail.copied') : t('library.detail.copy')}
    </Button>
  );
}

export interface AssetDetailDialogProps {
  /** The asset shown; undefined while it loads, null when it is not (or no longer) in the library. */
  asset: TAsset | null | undefined;
  onClose: () => void;
  onDelete: (asset: TAsset) => void;
  onUseSettings: (asset: TAsset) => void;
  /** Neighbours in the loaded list (arrow keys and the side buttons). */
  onPrevious?: () => void;
  onNext?: () => void;
}

/** One asset in full: the media, the whole prompt, its settings, seed, size and date, and what to do with it. */
export function AssetDetailDialog({
  asset,
  onClose,
  onDelete,
  onUseSettings,
  onPrevious,
  onNext,
}: AssetDetailDialogProps) {
  const t = useT();
  const generation = useQuery({
    ...assetGenerationQueryOptions(asset?.generationId ?? ''),
    enabled: Boolean(asset?.generationId),
  });
  const interpretation = generation.data?.details?.interpretation as { summary?: unknown } | undefined;
  const summary = typeof interpretation?.summary === 'string' ? interpretation.summary : null;
  const negativePrompt = generation.data?.negativePrompt ?? null;
  const models = useQuery(modelsQueryOptions());
  const modelName =
    models.data?.find((model) => model.id === asset?.metadata.model)?.name ?? asset?.metadata.model ?? '';

  const onKeyDown = (event: KeyboardEvent) => {
    const target = event.target as HTMLElement;
    if (target.closest('video, audio, input, textarea, select')) return;
    if (event.key === 'ArrowLeft' && onPrevious) {
      event.preventDefault();
      onPrevious();
    } else if (event.key === 'ArrowRight' && onNext) {
      event.preventDefault();
      onNext();
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent
        title={<span className="sr-only">{t('library.detail.title', { type: asset?.type ?? 'none' })}</span>}
        className="sm:w-[min(94vw,68rem)] sm:max-h-[92dvh] sm:p-0"
        onKeyDown={onKeyDown}
      >
        {asset === undefined ? (
          <div className="flex min-h-60 items-center justify-center text-fg-muted">
            <Spinner className="size-6" />
            <span className="sr-only">{t('library.detail.loading')}</span>
          </div>
        ) : asset === null ? (
          <p className="mt-4 text-fg-muted">{t('library.detail.gone')}</p>
        ) : (
          <div className="mt-4 grid gap-5 sm:mt-0 sm:grid-cols-[minmax(0,1fr)_minmax(18rem,22rem)] sm:gap-0">
            <div className="relative flex items-center justify-center overflow-hidden rounded-2xl bg-[repeating-conic-gradient(var(--surface-2)_0_25%,var(--surface)_0_50%)] bg-[length:20px_20px] sm:min-h-[min(80dvh,44rem)] sm:rounded-none sm:rounded-l-3xl">
              {asset.type === 'audio' ? (
                <div className="flex w-full max-w-md flex-col items-center gap-6 px-6 py-12">
                  <span className="inline-flex size-24 items-center justify-center rounded-full bg-surface-2 text-fg-muted ring-1 ring-line">
                    <AudioLines aria-hidden className="size-10" />
                  </span>
                  {/* biome-ignore lint/a11y/useMediaCaption: a person's own upload; Kaleido has no transcript of it. */}
                  <audio
                    key={asset.id}
                    src={asset.url}
                    controls
                    preload="metadata"
                    aria-label={t('library.detail.audioPlayer', {
                      name: asset.prompt || asset.metadata.filename,
                    })}
                    className="w-full"
                  />
                </div>
              ) : asset.type === 'model' ? (
                <ModelViewer
                  key={asset.id}
                  url={asset.url}
                  label={t('threeD.viewer.label', { prompt: asset.prompt })}
                  className="aspect-square w-full max-h-[min(80dvh,44rem)] sm:rounded-none"
                />
              ) : asset.type === 'video' ? (
                // biome-ignore lint/a11y/useMediaCaption: generated videos have no speech to caption.
                <video
                  key={asset.id}
                  src={asset.url}
                  poster={asset.thumbnailUrl ?? undefined}
                  controls
                  playsInline
                  loop
                  preload="metadata"
                  width={asset.metadata.width}
                  height={asset.metadata.height}
                  aria-label={asset.prompt}
                  className="max-h-[min(70dvh,44rem)] w-full bg-black object-contain"
                />
              ) : (
                <img
                  key={asset.id}
                  src={asset.url}
                  alt={asset.prompt || asset.metadata.filename}
                  width={asset.metadata.width}
                  height={asset.metadata.height}
                  className="max-h-[min(70dvh,44rem)] w-auto object-contain"
                />
              )}
              {onPrevious ? (
                <button
                  type="button"
                  onClick={onPrevious}
                  aria-label={t('library.detail.previous')}
                  className="absolute top-1/2 left-3 inline-flex size-9 -translate-y-1/2 items-center justify-center rounded-full bg-black/50 text-white backdrop-blur transition-colors hover:bg-black/70"
                >
                  <ChevronLeft aria-hidden className="size-5" />
                </button>
              ) : null}
              {onNext ? (
                <button
                  type="button"
                  onClick={onNext}
                  aria-label={t('library.detail.next')}
                  className="absolute top-1/2 right-3 inline-flex size-9 -translate-y-1/2 items-center justify-center rounded-full bg-black/50 text-white backdrop-blur transition-colors hover:bg-black/70"
                >
                  <ChevronRight aria-hidden className="size-5" />
                </button>
              ) : null}
            </div>

            <div className="flex min-h-0 flex-col gap-5 sm:max-h-[92dvh] sm:overflow-y-auto sm:p-6">
              <p className="-order-2 flex items-center gap-2 pr-10 text-sm text-fg-muted sm:order-none">
                <span className="rounded-full bg-surface-2 px-2 py-0.5 text-xs font-semibold text-fg">
                  {asset.type === 'image'
                    ? t('library.item.image')
                    : asset.type === 'audio'
                      ? t('library.item.audio')
                      : t('library.item.video')}
                </span>
                {asset.origin === 'uploaded' ? (
                  <span className="rounded-full bg-surface-2 px-2 py-0.5 text-xs font-semibold text-fg">
                    {t('library.item.upload')}
                  </span>
                ) : null}
                <time dateTime={asset.createdAt}>{formatDateTime(asset.createdAt)}</time>
              </p>
              {asset.prompt ? (
                <section>
                  <div className="flex items-center justify-between gap-2">
                    <h3 className="text-xs font-semibold tracking-wide text-fg-subtle uppercase">
                      {t('library.detail.prompt')}
                    </h3>
                    <CopyPromptButton text={asset.prompt} />
                  </div>
                  <p className="mt-1.5 text-sm leading-relaxed whitespace-pre-wrap text-fg">{asset.prompt}</p>
                  {negativePrompt ? (
                    <p className="mt-2 text-xs text-fg-muted">
                      <T
                        id="library.detail.negativePrompt"
                        values={{
                          label: (chunks) => <span className="font-medium text-fg">{chunks}</span>,
                          text: negativePrompt,
                        }}
                      />
                    </p>
                  ) : null}
                  {summary ? (
                    <p className="mt-3 flex items-start gap-2 rounded-xl bg-surface-2 px-3 py-2 text-xs text-fg-muted">
                      <Sparkles aria-hidden className="mt-0.5 size-3.5 shrink-0 text-accent-fg" />
                      <span>
                        <T
                          id="library.detail.interpretation"
                          values={{
                            label: (chunks) => <span className="font-medium text-fg">{chunks}</span>,
                            text: summary,
                          }}
                        />
                      </span>
                    </p>
                  ) : null}
                </section>
              ) : null}

              {/* Where it came from, what was made from it, and the tools to take it further. */}
              <AssetLineage asset={asset} />

              {/* An upload was not made with settings, a seed or a model. */}
              {asset.origin === 'uploaded' ? null : (
                <section>
                  <h3 className="text-xs font-semibold tracking-wide text-fg-subtle uppercase">
                    {t('library.detail.settings')}
                  </h3>
                  <dl className="mt-1 text-sm">
                    {/* A tool's result carries its source's settings: only a generation was made with them. */}
                    {(asset.tool === 'generate' ? settingRows(asset, t) : []).map((row) => (
                      <Row key={row.label} label={row.label}>
                        {row.value}
                      </Row>
                    ))}
                    <Row label={t('library.detail.seed')}>{asset.metadata.seed}</Row>
                    <Row label={t('library.detail.model')}>{modelName}</Row>
                  </dl>
                </section>
              )}

              <section>
                <h3 className="text-xs font-semibold tracking-wide text-fg-subtle uppercase">
                  {t('library.detail.file')}
                </h3>
                <dl className="mt-1 text-sm">
                  {asset.settings.kind === 'audio' ? (
                    <>
                      <Row label={t('library.detail.sampleRate')}>
                        {t('library.detail.sampleRateValue', { kilohertz: asset.settings.sampleRate / 1000 })}
                      </Row>
                      <Row label={t('library.detail.channels')}>
                        {t('library.detail.channelsValue', { count: asset.settings.channels })}
                      </Row>
                    </>
                  ) : (
                    <Row label={t('library.detail.dimensions')}>
                      {t('library.detail.dimensionsValue', {
                        width: asset.metadata.width,
                        height: asset.metadata.height,
                      })}
                    </Row>
                  )}
                  {asset.metadata.durationSeconds ? (
                    <Row label={t('library.detail.length')}>
                      {asset.metadata.fps
                        ? t('library.detail.lengthWithFps', {
                            seconds: asset.metadata.durationSeconds,
                            fps: asset.metadata.fps,
                          })
                        : t('library.detail.lengthValue', { seconds: asset.metadata.durationSeconds })}
                    </Row>
                  ) : null}
                  <Row label={t('library.detail.size')}>{formatBytes(asset.metadata.size)}</Row>
                  <Row label={t('library.detail.format')}>{asset.metadata.contentType}</Row>
                  <Row label={t('library.detail.created')}>
                    <time dateTime={asset.createdAt}>{formatDateTime(asset.createdAt)}</time>
                  </Row>
                </dl>
              </section>

              {/* Debug mode only (Settings → Advanced): the job that made this asset. */}
              <DiagnosticsPanel jobId={asset.generationId} />

              {/* Shown on the owner's public profile and in the gallery, as profile visibility allows. */}
              {asset.type === 'audio' || asset.type === 'model' ? null : <ShareToggle asset={asset} />}

              {/* On phones the actions come right under the media; beside it, at the bottom. */}
              <div className="-order-1 flex flex-col gap-2 sm:order-none sm:mt-auto sm:pt-1">
                {/* A generator's settings make sense to reuse; an upload's or a tool result's do not. */}
                {asset.tool === 'generate' ? (
                  <Button variant="accent" onClick={() => onUseSettings(asset)}>
                    <RotateCcw aria-hidden />
                    {t('library.detail.useSettings')}
                  </Button>
                ) : null}
                {/* Side by side while they fit; longer labels (German, French) wrap onto a second row. */}
                <div className="flex flex-wrap gap-2 *:flex-auto">
                  <AssetDownloadLink asset={asset} variant="secondary" />
                  <AssetOpenLink asset={asset} variant="secondary" />
                  <Button
                    variant="secondary"
                    size="sm"
                    className="hover:border-danger/40 hover:text-danger"
                    onClick={() => onDelete(asset)}
                  >
                    <Trash2 aria-hidden />
                    {t('library.detail.delete')}
                  </Button>
                </div>
              </div>
            </div>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** Asks before deleting one asset or several. */
export function ConfirmDeleteDialog({
  assets,
  onCancel,
  onConfirm,
}: {
  assets: readonly TAsset[];
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const t = useT();
  const one = assets.length === 1 ? assets[0] : undefined;
  const title = one
    ? t('library.confirm.titleOne', { type: one.type })
    : t('library.confirm.titleMany', { count: assets.length });
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
    >
      <DialogContent
        title={title}
        description={one ? t('library.confirm.descriptionOne') : t('library.confirm.descriptionMany')}
        role="alertdialog"
      >
        {one ? (
          <div className="mt-4 flex items-center gap-3 rounded-xl border border-line bg-surface-2 p-2.5">
            {one.thumbnailUrl || one.type === 'image' ? (
              <img
                src={one.thumbnailUrl ?? one.url}
                alt=""
                width={48}
                height={48}
                className="size-12 shrink-0 rounded-lg object-cover"
              />
            ) : null}
            <p className="line-clamp-2 text-sm text-fg-muted">{one.prompt}</p>
          </div>
        ) : null}
        <div className={cn('mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end')}>
          <DialogClose className={buttonClass({ variant: 'secondary' })}>
            {t('library.confirm.cancel')}
          </DialogClose>
          <Button variant="danger" onClick={onConfirm} autoFocus>
            <Trash2 aria-hidden />
            {t('library.confirm.delete')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
