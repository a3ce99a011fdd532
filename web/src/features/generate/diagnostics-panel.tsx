import type { TGenerationDiagnostics } from '@kaleido/common';
import { useQuery } from '@tanstack/react-query';
import { Check, ChevronRight, Copy, Stethoscope } from 'lucide-react';
import { useState } from 'react';
import { type Translate, useT } from '../../i18n/use-t';
import { api, serverText } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { useCopied } from '../api-keys/use-copied';
import { settingsQueryOptions } from '../settings/api';
import { generateKeys } from './jobs-api';

export const diagnosticsPath = (jobId: string) => `/api/generations/${encodeURIComponent(jobId)}/diagnostics`;

function diagnosticsQueryOptions(jobId: string, enabled: boolean) {
  return {
    queryKey: [...generateKeys.detail(jobId), 'diagnostics'] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      api.get<TGenerationDiagnostics>(diagnosticsPath(jobId), { signal }),
    enabled,
    staleTime: 30_000,
    retry: false,
  };
}

/** '4.00 s', '12.5 s' (two decimals under ten seconds), in the interface's number format. */
const secondsText = (value: number | null, t: Translate) =>
  value === null
    ? '—'
    : t(value < 10 ? 'generate.diagnostics.secondsPrecise' : 'generate.diagnostics.seconds', {
        seconds: value,
      });

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[8.5rem_1fr] gap-x-3 py-1">
      <dt className="min-w-0 break-words hyphens-auto text-fg-subtle">{label}</dt>
      <dd className="min-w-0 break-words text-fg">{children}</dd>
    </div>
  );
}

export function DiagnosticsBody({ diagnostics }: { diagnostics: TGenerationDiagnostics }) {
  const t = useT();
  return (
    <dl className="font-mono text-xs leading-5" data-testid="diagnostics">
      <Row label={t('generate.diagnostics.jobId')}>{diagnostics.jobId}</Row>
      <Row label={t('generate.diagnostics.status')}>
        {t('generate.diagnostics.statusValue', { status: diagnostics.status })}
      </Row>
      <Row label={t('generate.diagnostics.model')}>{diagnostics.model}</Row>
      <Row label={t('generate.diagnostics.provider')}>{diagnostics.provider}</Row>
      <Row label={t('generate.diagnostics.attempts')}>{diagnostics.attempts}</Row>
      <Row label={t('generate.diagnostics.failovers')}>
        {diagnostics.failovers.length === 0 ? (
          t('generate.diagnostics.none')
        ) : (
          <ul>
            {diagnostics.failovers.map((failover) => (
              <li key={`${failover.from}-${failover.to}`}>
                {failover.from} → {failover.to}: {failover.reason}
              </li>
            ))}
          </ul>
        )}
      </Row>
      <Row label={t('generate.diagnostics.queued')}>{secondsText(diagnostics.queuedSeconds, t)}</Row>
      <Row label={t('generate.diagnostics.run')}>{secondsText(diagnostics.runSeconds, t)}</Row>
      <Row label={t('generate.diagnostics.stages')}>
        {diagnostics.stages.length === 0 ? (
          t('generate.diagnostics.notMeasured')
        ) : (
          <ul>
            {diagnostics.stages.map((stage, index) => (
              // Stages repeat (one render per provider tried); their order is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed, ordered list
              <li key={index}>
                {t('generate.diagnostics.stageName', { name: stage.name })} {secondsText(stage.seconds, t)}
                {stage.detail ? ` · ${stage.detail}` : ''}
              </li>
            ))}
          </ul>
        )}
      </Row>
      {diagnostics.errorCode ? (
        <Row label={t('generate.diagnostics.errorCode')}>{diagnostics.errorCode}</Row>
      ) : null}
      {diagnostics.error ? (
        <Row label={t('generate.diagnostics.messageShown')}>{diagnostics.error}</Row>
      ) : null}
      {diagnostics.providerError ? (
        <Row label={t('generate.diagnostics.providerSaid')}>{diagnostics.providerError}</Row>
      ) : null}
    </dl>
  );
}

/**
 * Debug mode's per-job diagnostics (Settings → Advanced → Debug mode): a collapsed panel under a
 * generator result or in the library's detail. Nothing is shown, or fetched, while debug mode is off.
 */
export function DiagnosticsPanel({ jobId, className }: { jobId: string | null; className?: string }) {
  const t = useT();
  const debugMode = useQuery(settingsQueryOptions()).data?.debugMode === true;
  const [open, setOpen] = useState(false);
  const query = useQuery(diagnosticsQueryOptions(jobId ?? '', debugMode && open && jobId !== null));
  const { copied, copy } = useCopied();
  if (!debugMode || !jobId) return null;
  return (
    <section
      aria-label={t('generate.diagnostics.title')}
      className={cn('rounded-xl border border-dashed border-line-strong bg-surface-2/40', className)}
    >
      <div className="flex items-center justify-between gap-2 px-3 py-2">
        <button
          type="button"
          aria-expanded={open}
          onClick={() => setOpen((value) => !value)}
          className="inline-flex items-center gap-1.5 rounded text-xs font-semibold text-fg-muted hover:text-fg"
        >
          <ChevronRight aria-hidden className={cn('size-3.5 transition-transform', open && 'rotate-90')} />
          <Stethoscope aria-hidden className="size-3.5" />
          {t('generate.diagnostics.title')}
        </button>
        {open && query.data ? (
          <button
            type="button"
            onClick={() => void copy(JSON.stringify(query.data, null, 2)).catch(() => undefined)}
            aria-label={t(copied ? 'generate.diagnostics.copiedLabel' : 'generate.diagnostics.copyLabel')}
            className="inline-flex items-center gap-1 rounded text-xs font-medium text-accent-fg hover:underline"
          >
            {copied ? <Check aria-hidden className="size-3.5" /> : <Copy aria-hidden className="size-3.5" />}
            {t(copied ? 'generate.diagnostics.copied' : 'generate.diagnostics.copy')}
          </button>
        ) : null}
      </div>
      {open ? (
        <div className="border-t border-line px-3 py-2">
          {query.data ? (
            <DiagnosticsBody diagnostics={query.data} />
          ) : query.isError ? (
            <p className="text-xs text-danger">
              {serverText(query.error) ?? t('generate.diagnostics.loadFailed')}
            </p>
          ) : (
            <p className="text-xs text-fg-muted">{t('generate.diagnostics.loading')}</p>
          )}
        </div>
      ) : null}
    </section>
  );
}
