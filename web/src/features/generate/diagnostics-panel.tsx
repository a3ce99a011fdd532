import type { TGenerationDiagnostics } from '@kaleido/common';
import { useQuery } from '@tanstack/react-query';
import { Check, ChevronRight, Copy, Stethoscope } from 'lucide-react';
import { useState } from 'react';
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

const secondsText = (value: number | null) =>
  value === null ? '—' : `${value.toFixed(value < 10 ? 2 : 1)} s`;

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[8.5rem_1fr] gap-x-3 py-1">
      <dt className="text-fg-subtle">{label}</dt>
      <dd className="min-w-0 break-words text-fg">{children}</dd>
    </div>
  );
}

function DiagnosticsBody({ diagnostics }: { diagnostics: TGenerationDiagnostics }) {
  return (
    <dl className="font-mono text-xs leading-5" data-testid="diagnostics">
      <Row label="Job id">{diagnostics.jobId}</Row>
      <Row label="Status">{diagnostics.status}</Row>
      <Row label="Model">{diagnostics.model}</Row>
      <Row label="Provider">{diagnostics.provider}</Row>
      <Row label="Attempts">{diagnostics.attempts}</Row>
      <Row label="Failovers">
        {diagnostics.failovers.length === 0 ? (
          'none'
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
      <Row label="Queued">{secondsText(diagnostics.queuedSeconds)}</Row>
      <Row label="Run">{secondsText(diagnostics.runSeconds)}</Row>
      <Row label="Stages">
        {diagnostics.stages.length === 0 ? (
          'not measured'
        ) : (
          <ul>
            {diagnostics.stages.map((stage, index) => (
              // Stages repeat (one render per provider tried); their order is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed, ordered list
              <li key={index}>
                {stage.name} {secondsText(stage.seconds)}
                {stage.detail ? ` · ${stage.detail}` : ''}
              </li>
            ))}
          </ul>
        )}
      </Row>
      {diagnostics.errorCode ? <Row label="Error code">{diagnostics.errorCode}</Row> : null}
      {diagnostics.error ? <Row label="Message shown">{diagnostics.error}</Row> : null}
      {diagnostics.providerError ? <Row label="Provider said">{diagnostics.providerError}</Row> : null}
    </dl>
  );
}

/**
 * Debug mode's per-job diagnostics (Settings → Advanced → Debug mode): a collapsed panel under a
 * generator result or in the library's detail. Nothing is shown, or fetched, while debug mode is off.
 */
export function DiagnosticsPanel({ jobId, className }: { jobId: string | null; className?: string }) {
  const debugMode = useQuery(settingsQueryOptions()).data?.debugMode === true;
  const [open, setOpen] = useState(false);
  const query = useQuery(diagnosticsQueryOptions(jobId ?? '', debugMode && open && jobId !== null));
  const { copied, copy } = useCopied();
  if (!debugMode || !jobId) return null;
  return (
    <section
      aria-label="Diagnostics"
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
          Diagnostics
        </button>
        {open && query.data ? (
          <button
            type="button"
            onClick={() => void copy(JSON.stringify(query.data, null, 2)).catch(() => undefined)}
            aria-label={copied ? 'Copied diagnostics' : 'Copy diagnostics'}
            className="inline-flex items-center gap-1 rounded text-xs font-medium text-accent-fg hover:underline"
          >
            {copied ? <Check aria-hidden className="size-3.5" /> : <Copy aria-hidden className="size-3.5" />}
            {copied ? 'Copied' : 'Copy'}
          </button>
        ) : null}
      </div>
      {open ? (
        <div className="border-t border-line px-3 py-2">
          {query.data ? (
            <DiagnosticsBody diagnostics={query.data} />
          ) : query.isError ? (
            <p className="text-xs text-danger">
              {serverText(query.error) ?? 'Could not load the diagnostics.'}
            </p>
          ) : (
            <p className="text-xs text-fg-muted">Loading diagnostics…</p>
          )}
        </div>
      ) : null}
    </section>
  );
}
