import type { TGenerationStatus, TGenerationType } from '@kaleido/common';
import { GENERATION_STATUSES, GENERATION_TYPES } from '@kaleido/common/browser';
import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useT } from '../../i18n/use-t';
import { formatDateTime, formatNumber } from '../../lib/format';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { Button } from '../../ui/button';
import { Input, Label, Select } from '../../ui/field';
import {
  AdminHeader,
  CursorPager,
  EmptyRow,
  LoadError,
  Loading,
  Panel,
  TableFrame,
  TD,
  TH,
} from './admin-ui';
import { type JobListQuery, jobsQueryOptions } from './api';
import { JobStatusBadge, jobPath, personPath } from './job-bits';
import { JOB_STATUS_LABELS, JOB_TYPE_LABELS } from './labels';

const PAGE_SIZE = 25;

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.find((candidate) => candidate === value);
}

/** A `yyyy-mm-dd` day of the date inputs as the start (or the end) of that day, in UTC. */
export function dayBound(day: string, end: boolean): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  return end ? `${day}T23:59:59.999Z` : `${day}T00:00:00.000Z`;
}

/** Every person's jobs, newest first, filtered in the address (so a job's page and Back keep them). */
export function JobsPage() {
  const t = useT();
  const ids = useId();
  const [params, setParams] = useSearchParams();
  const [cursors, setCursors] = useState<string[]>([]);
  const status = oneOf<TGenerationStatus>(GENERATION_STATUSES, params.get('status'));
  const type = oneOf<TGenerationType>(GENERATION_TYPES, params.get('type'));
  const provider = params.get('provider') ?? '';
  const model = params.get('model') ?? '';
  const userId = params.get('userId') ?? '';
  const fromDay = params.get('from') ?? '';
  const toDay = params.get('to') ?? '';
  const debouncedProvider = useDebouncedValue(provider.trim(), 300);
  const debouncedModel = useDebouncedValue(model.trim(), 300);
  const query: JobListQuery = {
    status,
    type,
    provider: debouncedProvider || undefined,
    model: debouncedModel || undefined,
    userId: userId || undefined,
    from: dayBound(fromDay, false),
    to: dayBound(toDay, true),
    cursor: cursors.at(-1),
    limit: PAGE_SIZE,
  };
  const list = useQuery(jobsQueryOptions(query));

  const update = (key: string, value: string) => {
    setCursors([]);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  };

  return (
    <div className="space-y-6">
      <AdminHeader title={t('admin.jobs.title')} description={t('admin.jobs.intro')} />
      <Panel title={t('admin.jobs.list')}>
        <div className="mb-4 grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
          <div>
            <Label htmlFor={`${ids}-status`}>{t('admin.jobs.status')}</Label>
            <Select
              id={`${ids}-status`}
              value={status ?? ''}
              onChange={(event) => update('status', event.target.value)}
            >
              <option value="">{t('admin.common.all')}</option>
              {GENERATION_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {t(JOB_STATUS_LABELS[value])}
                </option>
              ))}
            </Select>
          </div>
          <div>
            <Label htmlFor={`${ids}-type`}>{t('admin.jobs.type')}</Label>
            <Select
              id={`${ids}-type`}
              value={type ?? ''}
              onChange={(event) => update('type', event.target.value)}
            >
              <option value="">{t('admin.common.all')}</option>
              {GENERATION_TYPES.map((value) => (
                <option key={value} value={value}>
                  {t(JOB_TYPE_LABELS[value])}
                </option>
              ))}
            </Select>
          </div>
          <div>
            <Label htmlFor={`${ids}-provider`}>{t('admin.jobs.provider')}</Label>
            <Input
              id={`${ids}-provider`}
              size="md"
              value={provider}
              onChange={(event) => update('provider', event.target.value)}
            />
          </div>
          <div>
            <Label htmlFor={`${ids}-model`}>{t('admin.jobs.model')}</Label>
            <Input
              id={`${ids}-model`}
              size="md"
              value={model}
              onChange={(event) => update('model', event.target.value)}
            />
          </div>
          <div>
            <Label htmlFor={`${ids}-from`}>{t('admin.common.from')}</Label>
            <Input
              id={`${ids}-from`}
              size="md"
              type="date"
              value={fromDay}
              onChange={(event) => update('from', event.target.value)}
            />
          </div>
          <div>
            <Label htmlFor={`${ids}-to`}>{t('admin.common.to')}</Label>
            <Input
              id={`${ids}-to`}
              size="md"
              type="date"
              value={toDay}
              onChange={(event) => update('to', event.target.value)}
            />
          </div>
        </div>
        {userId ? (
          <p className="mb-4 flex flex-wrap items-center gap-2 text-sm text-fg-muted">
            {t('admin.jobs.onePerson')}
            <Link
              to={personPath(userId)}
              className="font-mono text-xs text-fg underline-offset-4 hover:underline"
            >
              {userId}
            </Link>
            <Button variant="ghost" size="sm" onClick={() => update('userId', '')}>
              <X aria-hidden />
              {t('admin.jobs.everyone')}
            </Button>
          </p>
        ) : null}

        {list.isPending ? (
          <Loading />
        ) : list.isError ? (
          <LoadError error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data.items.length === 0 ? (
          <EmptyRow>{t('admin.jobs.empty')}</EmptyRow>
        ) : (
          <>
            <TableFrame label={t('admin.jobs.list')}>
              <thead>
                <tr>
                  <th scope="col" className={TH}>
                    {t('admin.jobs.status')}
                  </th>
                  <th scope="col" className={TH}>
                    {t('admin.jobs.prompt')}
                  </th>
                  <th scope="col" className={TH}>
                    {t('admin.jobs.person')}
                  </th>
                  <th scope="col" className={TH}>
                    {t('admin.jobs.model')}
                  </th>
                  <th scope="col" className={`${TH} text-right`}>
                    {t('admin.jobs.cost')}
                  </th>
                  <th scope="col" className={TH}>
                    {t('admin.common.when')}
                  </th>
                </tr>
              </thead>
              <tbody className={list.isPlaceholderData ? 'opacity-60' : undefined}>
                {list.data.items.map((job) => (
                  <tr key={job.id} className="hover:bg-surface-2/60">
                    <td className={TD}>
                      <JobStatusBadge status={job.status} />
                    </td>
                    <td className={`${TD} max-w-72`}>
                      <Link
                        to={jobPath(job.id)}
                        className="line-clamp-2 text-fg underline-offset-4 hover:underline"
                      >
                        {job.prompt || t(JOB_TYPE_LABELS[job.type])}
                      </Link>
                      <span className="text-xs text-fg-muted">{t(JOB_TYPE_LABELS[job.type])}</span>
                    </td>
                    <td className={`${TD} break-all text-fg-muted`}>
                      <Link to={personPath(job.userId)} className="underline-offset-4 hover:underline">
                        {job.userEmail ?? job.userId}
                      </Link>
                    </td>
                    <td className={`${TD} text-fg-muted`}>
                      {job.model}
                      <span className="block text-xs">{job.provider}</span>
                    </td>
                    <td className={`${TD} text-right tabular-nums`}>{formatNumber(job.cost)}</td>
                    <td className={`${TD} whitespace-nowrap text-fg-muted`}>
                      {formatDateTime(job.createdAt)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </TableFrame>
            <CursorPager
              hasPrevious={cursors.length > 0}
              nextCursor={list.data.nextCursor}
              onPrevious={() => setCursors((stack) => stack.slice(0, -1))}
              onNext={(cursor) => setCursors((stack) => [...stack, cursor])}
            />
          </>
        )}
      </Panel>
    </div>
  );
}
