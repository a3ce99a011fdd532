import type { TGenerationStatus, TGenerationType } from '@kaleido/common';
import { GENERATION_STATUSES, GENERATION_TYPES } from '@kaleido/common/browser';
import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { Link } from 'react-router';
import { useT } from '../../i18n/use-t';
import { formatDateTime, formatNumber } from '../../lib/format';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { Button } from '../../ui/button';
import {
  AdminHeader,
  CursorPager,
  DateRangeFields,
  FilterField,
  FilterSelect,
  ListState,
  Panel,
  TableFrame,
  TD,
  useCursorStack,
  useFilterParams,
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
  const cursors = useCursorStack();
  const { params, update, field } = useFilterParams(cursors.reset);
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
    cursor: cursors.cursor,
    limit: PAGE_SIZE,
  };
  const list = useQuery(jobsQueryOptions(query));

  return (
    <div className="space-y-6">
      <AdminHeader title={t('admin.jobs.title')} description={t('admin.jobs.intro')} />
      <Panel title={t('admin.jobs.list')}>
        <div className="mb-4 grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
          <FilterSelect
            {...field('status')}
            label={t('admin.jobs.status')}
            value={status}
            values={GENERATION_STATUSES}
            labels={JOB_STATUS_LABELS}
          />
          <FilterSelect
            {...field('type')}
            label={t('admin.jobs.type')}
            value={type}
            values={GENERATION_TYPES}
            labels={JOB_TYPE_LABELS}
          />
          <FilterField {...field('provider')} label={t('admin.jobs.provider')} />
          <FilterField {...field('model')} label={t('admin.jobs.model')} />
          <DateRangeFields from={field('from')} to={field('to')} />
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

        <ListState query={list} isEmpty={(data) => data.items.length === 0} empty={t('admin.jobs.empty')}>
          {(data) => (
            <>
              <TableFrame
                label={t('admin.jobs.list')}
                stale={list.isPlaceholderData}
                columns={[
                  { label: t('admin.jobs.status') },
                  { label: t('admin.jobs.prompt') },
                  { label: t('admin.jobs.person') },
                  { label: t('admin.jobs.model') },
                  { label: t('admin.jobs.cost'), end: true },
                  { label: t('admin.common.when') },
                ]}
              >
                {data.items.map((job) => (
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
              </TableFrame>
              <CursorPager cursors={cursors} nextCursor={data.nextCursor} />
            </>
          )}
        </ListState>
      </Panel>
    </div>
  );
}
