import type { TAsset } from '@kaleido/common';
import { APP_ROUTES } from '@kaleido/common/browser';
import { useQueryClient } from '@tanstack/react-query';
import { Download, FolderOpen, Maximize2, PenLine, RotateCcw, X } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { MessageId } from '../../i18n/catalogs/en';
import { useT } from '../../i18n/use-t';
import { serverText } from '../../lib/api-client';
import { Alert } from '../../ui/alert';
import { Button, buttonClass } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { authKeys } from '../auth/api';
import { cancelGeneration, type GenerationAccepted, isFinished } from '../generate/api';
import { useJobTracker, useWatchedJob } from '../generate/generation-jobs';
import { jobStageText } from '../generate/job-texts';
import { toolLink } from './api';
import { CompareSlider } from './compare-slider';

/**
 * How a tool form starts its job: `start(send)` sends the request, then the job joins the shell's
 * tracker and the page shows it (ToolJob); a refusal becomes `error` (the server's words, or
 * `failed`). Either way the balance is read again. New inputs (`inputs` changes) start afresh.
 */
export function useToolJobStart(failed: MessageId, inputs?: string | null) {
  const t = useT();
  const tracker = useJobTracker();
  const queryClient = useQueryClient();
  const [jobId, setJobId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [shownInputs, setShownInputs] = useState(inputs);
  if (shownInputs !== inputs) {
    setShownInputs(inputs);
    setJobId(null);
    setError(null);
  }
  const start = async (send: () => Promise<GenerationAccepted>) => {
    setSubmitting(true);
    setError(null);
    try {
      const accepted = await send();
      tracker.track(accepted.generation);
      setJobId(accepted.generation.id);
    } catch (failure) {
      setError(serverText(failure) ?? t(failed));
    } finally {
      setSubmitting(false);
      void queryClient.invalidateQueries({ queryKey: authKeys.me() });
    }
  };
  return { jobId, error, setError, submitting, start, reset: () => setJobId(null) };
}

/** Same shape (within 1 %): the before/after slider lines them up; otherwise (an expand) the result is shown alone. */
function sameShape(a: TAsset, b: TAsset): boolean {
  const ratio = (asset: TAsset) => asset.metadata.width / Math.max(1, asset.metadata.height);
  return Math.abs(ratio(a) / ratio(b) - 1) < 0.01;
}

type ToolJobProps = {
  jobId: string;
  onReset: () => void;
} /** The result beside its source (before/after slider, sizes, the next tools). */ & (
  | { source: TAsset; renderResult?: undefined }
  /** A result of its own kind (a 3D object in its viewer): how to show it and what to do with it. */
  | { source?: undefined; renderResult: (result: TAsset) => ReactNode }
);

/** What ToolJob shows for the job's current state. */
function ToolJobView({ jobId, source, renderResult, onReset }: ToolJobProps) {
  const t = useT();
  const job = useWatchedJob(jobId);
  const [cancelling, setCancelling] = useState(false);
  const [cancelError, setCancelError] = useState<string | null>(null);
  // On a phone the job shows under the form: bring it into view when it starts.

  if (!job || !isFinished(job)) {
    const progress = job?.progress ?? 0;
    return (
      <section
        aria-label={t('tools.job.working')}
        className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-5"
      >
        <div className="flex items-center gap-3">
          <Spinner className="text-accent-fg" />
          <p className="flex-1 text-sm font-medium text-fg" aria-live="polite">
            {job ? jobStageText(job, t) : t('generate.stage.queued')}
          </p>
          <span className="text-sm text-fg-muted tabular-nums">
            {t('tools.job.percent', { percent: progress })}
          </span>
        </div>
        <div
          role="progressbar"
          aria-label={t('tools.job.progress')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          className="h-2 overflow-hidden rounded-full bg-surface-2"
        >
          <span
            className="block h-full bg-kaleido transition-[width] duration-300"
            style={{ width: `${progress}%` }}
          />
        </div>
        {cancelError ? <Alert>{cancelError}</Alert> : null}
        <Button
          variant="secondary"
          size="sm"
          className="self-start"
          disabled={cancelling || !job}
          onClick={() => {
            setCancelling(true);
            setCancelError(null);
            cancelGeneration(jobId)
              .catch((error: unknown) => setCancelError(serverText(error) ?? t('tools.job.cancelFailed')))
              .finally(() => setCancelling(false));
          }}
        >
          {cancelling ? <Spinner /> : <X aria-hidden />}
          {t('tools.job.cancel')}
        </Button>
      </section>
    );
  }

  if (job.status !== 'succeeded' || !job.asset) {
    return (
      <section className="flex flex-col items-start gap-3">
        {job.status === 'cancelled' ? (
          <Alert tone="info">{t('tools.job.cancelled')}</Alert>
        ) : (
          <Alert>
            <p className="font-medium">{t('tools.job.failed')}</p>
            {job.error ? <p className="mt-0.5">{job.error}</p> : null}
            <p className="mt-0.5">{t('tools.job.refunded')}</p>
          </Alert>
        )}
        <Button variant="secondary" size="sm" onClick={onReset}>
          <RotateCcw aria-hidden />
          {t('tools.job.again')}
        </Button>
      </section>
    );
  }

  return (
    <section aria-label={t('tools.job.result')} className="flex flex-col gap-4">
      {source ? (
        <SourcedResult source={source} result={job.asset} onReset={onReset} />
      ) : (
        renderResult?.(job.asset)
      )}
    </section>
  );
}

/** A finished tool job's result next to its source, with what to do with it. */
function SourcedResult({ source, result, onReset }: { source: TAsset; result: TAsset; onReset: () => void }) {
  const t = useT();
  return (
    <>
      {result.type === 'video' ? (
        // biome-ignore lint/a11y/useMediaCaption: an enhanced video keeps the source's sound; there is no text to caption.
        <video
          src={result.url}
          poster={result.thumbnailUrl ?? undefined}
          controls
          playsInline
          className="w-full rounded-2xl bg-black"
          aria-label={t('tools.job.resultAlt')}
        />
      ) : source.type === 'image' && sameShape(source, result) ? (
        <CompareSlider
          beforeUrl={source.url}
          afterUrl={result.url}
          beforeAlt={t('tools.compare.beforeAlt')}
          afterAlt={t('tools.compare.afterAlt')}
          width={result.metadata.width}
          height={result.metadata.height}
        />
      ) : (
        <img
          src={result.url}
          alt={t('tools.job.resultAlt')}
          width={result.metadata.width}
          height={result.metadata.height}
          className="h-auto w-full rounded-2xl object-contain"
        />
      )}
      <p className="text-sm text-fg-muted tabular-nums">
        {t('tools.job.resultSize', {
          before: t('tools.upload.size', { width: source.metadata.width, height: source.metadata.height }),
          after: t('tools.upload.size', { width: result.metadata.width, height: result.metadata.height }),
        })}
      </p>
      <div className="flex flex-wrap gap-2">
        <Link
          to={`${APP_ROUTES.library}?asset=${encodeURIComponent(result.id)}`}
          className={buttonClass({ variant: 'primary', size: 'sm' })}
        >
          <FolderOpen aria-hidden />
          {t('tools.job.openInLibrary')}
        </Link>
        <a href={result.downloadUrl} download className={buttonClass({ variant: 'secondary', size: 'sm' })}>
          <Download aria-hidden />
          {t('tools.job.download')}
        </a>
        {result.type === 'image' ? (
          <>
            <Link
              to={toolLink('enhance', result.id)}
              className={buttonClass({ variant: 'secondary', size: 'sm' })}
            >
              <Maximize2 aria-hidden />
              {t('tools.openInEnhancer')}
            </Link>
            <Link
              to={toolLink('edit', result.id)}
              className={buttonClass({ variant: 'secondary', size: 'sm' })}
            >
              <PenLine aria-hidden />
              {t('tools.openInEdit')}
            </Link>
          </>
        ) : null}
        <Button variant="ghost" size="sm" onClick={onReset}>
          <RotateCcw aria-hidden />
          {t('tools.job.again')}
        </Button>
      </div>
    </>
  );
}

/**
 * A tool's job on the tool's page: progress with its stage and Cancel while it runs, then the
 * result next to its source (before/after slider) with what to do with it, or why it failed (the
 * credits come back on failure). On a phone it shows under the form, so it scrolls into view.
 */
export function ToolJob(props: ToolJobProps) {
  const shown = useRef<HTMLDivElement>(null);
  useEffect(() => {
    shown.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);
  return (
    <div ref={shown} className="scroll-mt-20">
      <ToolJobView {...props} />
    </div>
  );
}
