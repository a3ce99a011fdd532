import type { TAdminJobDetail } from '@kaleido/common';
import { APP_ROUTES } from '@kaleido/common/browser';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, CircleStop, RotateCcw } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useToast } from '../../app/toast-provider';
import { useT } from '../../i18n/use-t';
import { formatDateTime, formatNumber } from '../../lib/format';
import { Button } from '../../ui/button';
import { DiagnosticsBody } from '../generate/diagnostics-panel';
import { AdminHeader, ConfirmDialog, EmptyRow, ListState, Panel } from './admin-ui';
import { jobQueryOptions, useCancelJob, useRetryJob } from './api';
import { JobStatusBadge, jobPath, personPath } from './job-bits';
import { JOB_TYPE_LABELS } from './labels';

export function JobPage() {
  const t = useT();
  const { id = '' } = useParams();
  const detail = useQuery(jobQueryOptions(id));
  return (
    <div className="space-y-6">
      <Link
        to={APP_ROUTES.adminJobs}
        className="inline-flex items-center gap-1.5 text-sm font-medium text-fg-muted hover:text-fg"
      >
        <ArrowLeft aria-hidden className="size-4" />
        {t('admin.job.back')}
      </Link>
      <ListState query={detail}>{(data) => <JobView detail={data} />}</ListState>
    </div>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[9rem_1fr] gap-x-3 py-1.5 text-sm">
      <dt className="text-fg-subtle">{label}</dt>
      <dd className="min-w-0 break-words text-fg">{children}</dd>
    </div>
  );
}

function JobView({ detail }: { detail: TAdminJobDetail }) {
  const t = useT();
  const ids = useId();
  const toast = useToast();
  const navigate = useNavigate();
  const { job } = detail;
  const cancel = useCancelJob(job.id);
  const retry = useRetryJob(job.id);
  const [open, setOpen] = useState<'cancel' | 'retry' | null>(null);
  const [onTheHouse, setOnTheHouse] = useState(false);
  const canCancel = job.status === 'queued' || job.status === 'running';
  const canRetry = job.status === 'failed' || job.status === 'cancelled';

  return (
    <>
      <AdminHeader
        title={t('admin.job.title', { type: t(JOB_TYPE_LABELS[job.type]) })}
        description={job.prompt}
        actions={
          <>
            {canCancel ? (
              <Button variant="danger" onClick={() => setOpen('cancel')}>
                <CircleStop aria-hidden />
                {t('admin.job.cancel')}
              </Button>
            ) : null}
            {canRetry ? (
              <Button variant="primary" onClick={() => setOpen('retry')}>
                <RotateCcw aria-hidden />
                {t('admin.job.retry')}
              </Button>
            ) : null}
          </>
        }
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <Panel title={t('admin.job.details')}>
          <dl>
            <Row label={t('admin.jobs.status')}>
              <JobStatusBadge status={job.status} />
            </Row>
            <Row label={t('admin.jobs.person')}>
              <Link to={personPath(job.userId)} className="underline-offset-4 hover:underline">
                {job.userEmail ?? job.userId}
              </Link>
            </Row>
            <Row label={t('admin.jobs.model')}>{job.model}</Row>
            <Row label={t('admin.jobs.provider')}>{job.provider}</Row>
            <Row label={t('admin.jobs.cost')}>
              {t('admin.job.costValue', { cost: job.cost, state: job.creditState })}
            </Row>
            <Row label={t('admin.job.source')}>
              {job.viaApiKey ? t('admin.job.viaApiKey') : t('admin.job.viaApp')}
            </Row>
            <Row label={t('admin.job.attempts')}>{formatNumber(job.attempts)}</Row>
            <Row label={t('admin.job.created')}>{formatDateTime(job.createdAt)}</Row>
            <Row label={t('admin.job.started')}>{job.startedAt ? formatDateTime(job.startedAt) : '—'}</Row>
            <Row label={t('admin.job.finished')}>{job.finishedAt ? formatDateTime(job.finishedAt) : '—'}</Row>
            {job.error ? (
              <Row label={t('admin.job.error')}>
                <span className="text-danger">{job.error}</span>
                {job.errorCode ? (
                  <code className="ml-2 font-mono text-xs text-fg-muted">{job.errorCode}</code>
                ) : null}
              </Row>
            ) : null}
          </dl>
        </Panel>
        <Panel title={t('admin.job.diagnostics')}>
          {detail.diagnostics ? (
            <DiagnosticsBody diagnostics={detail.diagnostics} />
          ) : (
            <EmptyRow>{t('admin.job.noDiagnostics')}</EmptyRow>
          )}
        </Panel>
        <Panel title={t('admin.job.options')}>
          <pre className="overflow-x-auto rounded-xl bg-surface-2 p-3 font-mono text-xs text-fg">
            {JSON.stringify(detail.options, null, 2)}
          </pre>
        </Panel>
        <Panel title={t('admin.job.retries')}>
          {detail.retries.length === 0 ? (
            <EmptyRow>{t('admin.job.noRetries')}</EmptyRow>
          ) : (
            <ul className="divide-y divide-line text-sm">
              {detail.retries.map((entry) => (
                <li key={entry.jobId} className="flex flex-wrap items-center gap-2 py-2">
                  <Link
                    to={jobPath(entry.jobId)}
                    className="font-mono text-xs underline-offset-4 hover:underline"
                  >
                    {entry.jobId}
                  </Link>
                  <span className="text-fg-muted">{formatDateTime(entry.createdAt)}</span>
                  {entry.onTheHouse ? (
                    <span className="text-xs text-success">{t('admin.job.onTheHouse')}</span>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </Panel>
      </div>

      <ConfirmDialog
        open={open === 'cancel'}
        onOpenChange={(next) => setOpen(next ? 'cancel' : null)}
        variant="danger"
        title={t('admin.job.cancelTitle')}
        description={t('admin.job.cancelText', { cost: job.cost })}
        confirmLabel={t('admin.job.cancel')}
        onConfirm={async () => {
          await cancel.mutateAsync();
          toast.success(t('admin.job.cancelled'));
        }}
      />
      <ConfirmDialog
        open={open === 'retry'}
        onOpenChange={(next) => {
          if (next) setOnTheHouse(false);
          setOpen(next ? 'retry' : null);
        }}
        title={t('admin.job.retryTitle')}
        description={t('admin.job.retryText')}
        confirmLabel={t('admin.job.retry')}
        onConfirm={async () => {
          const next = await retry.mutateAsync(onTheHouse);
          toast.success(onTheHouse ? t('admin.job.retriedFree') : t('admin.job.retried'));
          await navigate(jobPath(next.id));
        }}
      >
        <label htmlFor={`${ids}-house`} className="flex items-start gap-2.5 text-sm text-fg">
          <input
            id={`${ids}-house`}
            type="checkbox"
            className="mt-0.5 size-4 accent-[var(--accent)]"
            checked={onTheHouse}
            onChange={(event) => setOnTheHouse(event.target.checked)}
          />
          <span>
            {t('admin.job.onTheHouseLabel')}
            <span className="block text-xs text-fg-muted">{t('admin.job.onTheHouseHint')}</span>
          </span>
        </label>
      </ConfirmDialog>
    </>
  );
}
