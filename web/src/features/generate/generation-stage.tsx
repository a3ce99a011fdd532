import type {
  TAsset,
  TAssetKind,
  TAssetSettings,
  TGeneration,
  TGenerationType,
  TModel,
} from '@kaleido/common';
import { APP_ROUTES } from '@kaleido/common/browser';
import { Clapperboard, ImageIcon, Library, Sparkles, SquareX, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { T } from '../../i18n/t';
import { type Translate, useT } from '../../i18n/use-t';
import { cn } from '../../lib/cn';
import { formatBytes, formatElapsed, formatNumber } from '../../lib/format';
import { Alert } from '../../ui/alert';
import { Button, buttonClass } from '../../ui/button';
import { Card } from '../../ui/card';
import { Spinner } from '../../ui/spinner';
import { AssetDownloadLink, AssetOpenLink } from '../library/asset-links';
import { DiagnosticsPanel } from './diagnostics-panel';
import { jobStageText, modelText } from './job-texts';
import { type AnySettings, FIELDS, outputSize, settingValue } from './options';
import { SaveResultButton, UnsavedBadge } from './save-result';
import type { Banner } from './use-banner';
import { useNow } from './use-now';

/** What the stage shows as a result: a finished job's asset or a history item. */
export interface ShownResult {
  asset: TAsset;
  /** The job, when the result was just generated (its details tell how the model read the prompt). */
  generation?: TGeneration;
}

/** A frame in the output's aspect ratio that fits the column and never gets taller than the screen allows. */
function Frame({
  width,
  height,
  children,
  className,
}: {
  width: number;
  height: number;
  children: ReactNode;
  className?: string;
}) {
  const ratio = width / height;
  return (
    <div
      className={cn('relative mx-auto max-w-full overflow-hidden rounded-xl', className)}
      style={{ aspectRatio: `${width} / ${height}`, width: `min(100%, calc(min(68vh, 760px) * ${ratio}))` }}
    >
      {children}
    </div>
  );
}

interface Interpretation {
  summary: string | null;
  /** Prompt words the generator did not understand (Sketch reports them). */
  unrecognized: string[];
  /** Nothing in the prompt named a subject it can draw. */
  noSubject: boolean;
}

function interpretationOf(generation: TGeneration | undefined): Interpretation | null {
  const interpretation = generation?.details?.interpretation;
  if (!interpretation || typeof interpretation !== 'object') return null;
  const fields = interpretation as Record<string, unknown>;
  const summary = typeof fields.summary === 'string' && fields.summary ? fields.summary : null;
  const unrecognized = Array.isArray(fields.unrecognized)
    ? fields.unrecognized.filter((word): word is string => typeof word === 'string')
    : [];
  const noSubject = fields.noSubject === true;
  if (!summary && !unrecognized.length && !noSubject) return null;
  return { summary, unrecognized, noSubject };
}

/** The job's exact output size (its stored settings carry it). */
function jobSize(generation: TGeneration): { width: number; height: number } {
  const { width, height } = generation.settings;
  return { width, height };
}

/** The running job: preview (when the provider sends one), percentage, stage, elapsed time and a bar. */
function ProgressView({
  generation,
  onCancel,
  cancelling,
}: {
  generation: TGeneration;
  onCancel: () => void;
  cancelling: boolean;
}) {
  const t = useT();
  const now = useNow(true);
  const size = jobSize(generation);
  const started = Date.parse(generation.startedAt ?? generation.createdAt);
  const elapsed = Number.isNaN(started) ? 0 : now - started;
  const progress = Math.max(0, Math.min(100, generation.progress));
  const stage = jobStageText(generation, t);
  return (
    <div className="flex flex-col gap-4">
      <Frame width={size.width} height={size.height} className="bg-surface-2 ring-1 ring-line">
        {generation.previewUrl ? (
          <img
            src={generation.previewUrl}
            alt=""
            className="absolute inset-0 size-full scale-105 object-cover blur-[3px] transition-opacity duration-500"
          />
        ) : (
          <div aria-hidden className="absolute inset-0 bg-kaleido opacity-25 dark:opacity-35">
            <div className="absolute inset-0 animate-shimmer bg-[linear-gradient(90deg,transparent,rgb(255_255_255/0.45),transparent)] bg-[length:200%_100%]" />
          </div>
        )}
        <div
          aria-hidden
          className="absolute inset-0 bg-gradient-to-t from-black/75 via-black/25 to-black/5"
        />
        <div className="absolute inset-x-0 bottom-0 p-4 text-white sm:p-5">
          <div className="flex items-end justify-between gap-4">
            <div className="min-w-0">
              <p className="text-4xl leading-none font-semibold tabular-nums tracking-tight sm:text-5xl">
                {progress}
                <span className="text-2xl text-white/70 sm:text-3xl">%</span>
              </p>
              <p className="mt-2 truncate text-sm text-white/85" data-testid="generation-stage">
                {stage}
              </p>
            </div>
            <p className="shrink-0 text-right text-sm tabular-nums text-white/75">
              <span className="sr-only">{t('generate.progress.elapsed')} </span>
              <time dateTime={`PT${Math.floor(elapsed / 1000)}S`}>{formatElapsed(elapsed)}</time>
            </p>
          </div>
          <div
            role="progressbar"
            aria-label={t('generate.progress.label', { type: generation.type })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            aria-valuetext={t('generate.progress.valueText', { progress, stage })}
            className="mt-3 h-1.5 overflow-hidden rounded-full bg-white/20"
          >
            <div
              className="h-full rounded-full bg-white transition-[width] duration-500 ease-out"
              style={{ width: `${Math.max(2, progress)}%` }}
            />
          </div>
        </div>
      </Frame>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="flex items-center gap-2 text-sm text-fg-muted" aria-live="polite">
          <Spinner className="text-accent-fg" />
          {t('generate.progress.note', { status: generation.status === 'queued' ? 'queued' : 'running' })}
        </p>
        <Button variant="secondary" size="sm" onClick={onCancel} disabled={cancelling}>
          {cancelling ? <Spinner /> : <SquareX aria-hidden />}
          {t('generate.progress.cancel')}
        </Button>
      </div>
    </div>
  );
}

/** The result's settings as chips, keyed by option (two options may read the same, e.g. German "Standard"). */
function settingsChips(
  type: TAssetKind,
  settings: TAssetSettings,
  t: Translate,
): { key: string; text: string }[] {
  // A generator makes only images and videos (audio is uploaded, 3D objects come from their tool).
  if (type === 'audio' || type === 'model' || settings.kind === 'audio' || settings.kind === 'model')
    return [];
  return FIELDS[type]
    .filter((field) => field.values.length > 1 || field.key === 'frameRate')
    .map((field) => {
      const value = settingValue(settings, field.key);
      return value === undefined ? null : { key: field.key, text: field.format(value, t) };
    })
    .filter((chip): chip is { key: string; text: string } => chip !== null);
}

function ResultView({
  result,
  fresh,
  model,
  onClear,
  onUseSeed,
}: {
  result: ShownResult;
  fresh: boolean;
  model: TModel | undefined;
  onClear: () => void;
  onUseSeed: (seed: number) => void;
}) {
  const t = useT();
  const { asset, generation } = result;
  const { width, height } = asset.metadata;
  const interpretation = interpretationOf(generation);
  const modelName =
    model && model.id === asset.metadata.model ? modelText(model.name, t) : asset.metadata.model;
  return (
    <div className="flex flex-col gap-4">
      <Frame
        width={width}
        height={height}
        className="bg-[repeating-conic-gradient(var(--surface-2)_0_25%,var(--surface)_0_50%)] bg-[length:20px_20px] ring-1 ring-line"
      >
        {asset.type === 'video' ? (
          <video
            key={asset.id}
            src={asset.url}
            poster={asset.thumbnailUrl ?? undefined}
            controls
            playsInline
            loop
            muted
            autoPlay={fresh}
            preload="metadata"
            width={width}
            height={height}
            aria-label={t('generate.result.videoLabel', { prompt: asset.prompt })}
            className="absolute inset-0 size-full bg-black object-contain"
          />
        ) : (
          <img
            key={asset.id}
            src={asset.url}
            alt={asset.prompt}
            width={width}
            height={height}
            decoding="async"
            className="absolute inset-0 size-full object-contain"
          />
        )}
      </Frame>

      <div className="flex flex-wrap items-center gap-2">
        <AssetDownloadLink asset={asset} variant="primary" />
        <AssetOpenLink asset={asset} variant="secondary" />
        {asset.saved ? (
          <Link
            to={`${APP_ROUTES.library}?asset=${encodeURIComponent(asset.id)}`}
            className={buttonClass({ variant: 'ghost', size: 'sm', className: 'hidden sm:inline-flex' })}
          >
            <Library aria-hidden />
            {t('generate.result.inLibrary')}
          </Link>
        ) : (
          // Auto-save off: the result is only in the history until saved.
          <>
            <SaveResultButton asset={asset} />
            <UnsavedBadge />
          </>
        )}
        <Button variant="ghost" size="sm" className="ml-auto" onClick={onClear}>
          <X aria-hidden />
          {t('generate.result.clear')}
        </Button>
      </div>

      <div className="space-y-3 rounded-xl border border-line bg-surface-2/50 p-4">
        <p className="line-clamp-3 text-sm text-fg">{asset.prompt}</p>
        <ul className="flex flex-wrap gap-1.5" aria-label={t('generate.result.settings')}>
          {settingsChips(asset.type, asset.settings, t).map((chip) => (
            <li
              key={chip.key}
              className="rounded-full border border-line bg-surface px-2 py-0.5 text-xs font-medium text-fg-muted"
            >
              {chip.text}
            </li>
          ))}
        </ul>
        <dl className="flex flex-wrap gap-x-6 gap-y-2 text-xs">
          <div>
            <dt className="text-fg-subtle">{t('generate.result.size')}</dt>
            <dd className="font-medium tabular-nums text-fg">
              {formatNumber(width)} × {formatNumber(height)}
            </dd>
          </div>
          <div>
            <dt className="text-fg-subtle">{t('generate.result.file')}</dt>
            <dd className="font-medium tabular-nums text-fg">{formatBytes(asset.metadata.size)}</dd>
          </div>
          <div>
            <dt className="text-fg-subtle">{t('generate.result.seed')}</dt>
            <dd className="flex items-center gap-1.5 font-medium whitespace-nowrap tabular-nums text-fg">
              {asset.metadata.seed}
              <button
                type="button"
                onClick={() => onUseSeed(asset.metadata.seed)}
                className="rounded font-medium text-accent-fg underline-offset-2 hover:underline"
                title={t('generate.result.reuseSeedHint')}
              >
                <T
                  id="generate.result.reuseSeed"
                  values={{
                    seed: asset.metadata.seed,
                    hidden: (chunks) => <span className="sr-only">{chunks}</span>,
                  }}
                />
              </button>
            </dd>
          </div>
          <div className="min-w-0">
            <dt className="text-fg-subtle">{t('generate.result.model')}</dt>
            <dd className="truncate font-medium text-fg">{modelName}</dd>
          </div>
        </dl>
        {interpretation ? (
          <div className="flex items-start gap-2 border-t border-line pt-3 text-xs text-fg-muted">
            <Sparkles aria-hidden className="mt-0.5 size-3.5 shrink-0 text-accent-fg" />
            <div className="flex min-w-0 flex-col gap-1">
              {interpretation.summary ? (
                <p>
                  <span className="font-medium text-fg">
                    {t('generate.result.interpretation', { model: modelName })}
                  </span>{' '}
                  {interpretation.summary}
                </p>
              ) : null}
              {interpretation.noSubject ? <p className="text-fg">{t('generate.result.noSubject')}</p> : null}
              {interpretation.unrecognized.length ? (
                <p>{t('generate.result.notUnderstood', { words: interpretation.unrecognized.join(', ') })}</p>
              ) : null}
            </div>
          </div>
        ) : null}
      </div>
      {/* Debug mode only (Settings → Advanced). */}
      <DiagnosticsPanel jobId={generation?.id ?? asset.generationId} />
    </div>
  );
}

function IdleView({ type, settings }: { type: TGenerationType; settings: AnySettings }) {
  const t = useT();
  const size = outputSize(type, settings);
  const Icon = type === 'image' ? ImageIcon : Clapperboard;
  return (
    <Frame
      width={size.width}
      height={size.height}
      className="border-2 border-dashed border-line-strong bg-surface-2/40 transition-[aspect-ratio,width] duration-300"
    >
      <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 p-6 text-center">
        <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-surface text-fg-muted shadow-sm ring-1 ring-line">
          <Icon aria-hidden className="size-5" />
        </span>
        <div>
          <p className="text-sm font-medium text-fg">{t('generate.idle.title', { type })}</p>
          <p className="mt-1 text-xs tabular-nums text-fg-subtle">
            {t('generate.idle.size', { width: formatNumber(size.width), height: formatNumber(size.height) })}
          </p>
        </div>
      </div>
    </Frame>
  );
}

/** The success or error banner; hovering or focusing it pauses its countdown. */
export function BannerView({
  banner,
  onDismiss,
  onHold,
  className,
}: {
  banner: Banner;
  onDismiss: () => void;
  onHold: (held: boolean) => void;
  className?: string;
}) {
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hovering or focusing only pauses the banner's countdown.
    <div
      className={className}
      onPointerEnter={() => onHold(true)}
      onPointerLeave={() => onHold(false)}
      onFocus={() => onHold(true)}
      onBlur={() => onHold(false)}
    >
      <Alert key={banner.id} tone={banner.tone} onDismiss={onDismiss} className="animate-fade-in">
        {banner.text}
      </Alert>
    </div>
  );
}

export interface GenerationStageProps {
  type: TGenerationType;
  /** The form's settings (the idle frame takes their shape). */
  settings: AnySettings;
  /** The job running now, if any. */
  running: TGeneration | null;
  result: ShownResult | null;
  /** The result was generated just now (a video starts playing). */
  fresh: boolean;
  model: TModel | undefined;
  banner: Banner | null;
  onDismissBanner: () => void;
  onHoldBanner: (held: boolean) => void;
  onCancel: () => void;
  cancelling: boolean;
  onClear: () => void;
  onUseSeed: (seed: number) => void;
  /** A job that ended without a result (failed, cancelled): debug mode shows its diagnostics. */
  endedJobId?: string | null;
}

/** The generator's canvas: idle frame, live progress, or the result with its actions. */
export function GenerationStage({
  type,
  settings,
  running,
  result,
  fresh,
  model,
  banner,
  onDismissBanner,
  onHoldBanner,
  onCancel,
  cancelling,
  onClear,
  onUseSeed,
  endedJobId = null,
}: GenerationStageProps) {
  return (
    <Card className="p-3 sm:p-5">
      {banner ? (
        <BannerView banner={banner} onDismiss={onDismissBanner} onHold={onHoldBanner} className="mb-4" />
      ) : null}
      {running ? (
        <ProgressView generation={running} onCancel={onCancel} cancelling={cancelling} />
      ) : result ? (
        <ResultView result={result} fresh={fresh} model={model} onClear={onClear} onUseSeed={onUseSeed} />
      ) : (
        <>
          <IdleView type={type} settings={settings} />
          <DiagnosticsPanel jobId={endedJobId} className="mt-4" />
        </>
      )}
    </Card>
  );
}
