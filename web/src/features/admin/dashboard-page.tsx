import type { TAdminDashboard, TGenerationStatus, TGenerationType } from '@kaleido/common';
import { GENERATION_STATUSES, GENERATION_TYPES } from '@kaleido/common/browser';
import { useQuery } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { type CSSProperties, lazy, type ReactNode, Suspense, useMemo } from 'react';
import { useT } from '../../i18n/use-t';
import { cn } from '../../lib/cn';
import { formatBytes, formatDateWith, formatNumber, formatRelative, formatUsd } from '../../lib/format';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { AdminHeader, EmptyRow, ListState, Panel, TableFrame, TD } from './admin-ui';
import { dashboardQueryOptions } from './api';
import type { ChartSeries } from './bar-chart';
import { JOB_STATUS_LABELS, JOB_TYPE_LABELS } from './labels';

// The chart library comes with the first chart, after the figures are on screen.
const StackedBarChart = lazy(() => import('./bar-chart'));

const STATUS_COLORS: Record<TGenerationStatus, ChartSeries['color']> = {
  succeeded: { light: '#0f7b53', dark: '#3ecf8e' },
  failed: { light: '#c2410c', dark: '#ff8a65' },
  cancelled: { light: '#6b7280', dark: '#9ca3af' },
  running: { light: '#6d4aff', dark: '#9a85ff' },
  queued: { light: '#1d64d8', dark: '#6aa7ff' },
};

const TYPE_COLORS: Record<TGenerationType, ChartSeries['color']> = {
  image: { light: '#6d4aff', dark: '#9a85ff' },
  video: { light: '#b45309', dark: '#fbbf24' },
};

export function DashboardPage() {
  const t = useT();
  const dashboard = useQuery(dashboardQueryOptions());
  return (
    <div className="space-y-6">
      <AdminHeader
        title={t('admin.dashboard.title')}
        description={
          dashboard.data
            ? t('admin.dashboard.counted', { when: formatRelative(dashboard.data.generatedAt) })
            : t('admin.dashboard.intro')
        }
        actions={
          <Button
            variant="secondary"
            onClick={() => void dashboard.refetch()}
            disabled={dashboard.isFetching}
          >
            <RefreshCw aria-hidden className={cn(dashboard.isFetching && 'animate-spin')} />
            {t('admin.common.refresh')}
          </Button>
        }
      />
      <ListState query={dashboard}>{(data) => <DashboardView data={data} />}</ListState>
    </div>
  );
}

function Tile({ label, value, children }: { label: string; value: ReactNode; children?: ReactNode }) {
  return (
    <Card className="p-4">
      <p className="text-xs font-semibold uppercase tracking-wide text-fg-subtle">{label}</p>
      <p className="mt-1 text-2xl font-semibold tracking-tight text-fg tabular-nums">{value}</p>
      {children ? <div className="mt-1 space-y-0.5 text-xs text-fg-muted">{children}</div> : null}
    </Card>
  );
}

function DashboardView({ data }: { data: TAdminDashboard }) {
  const t = useT();
  const days = useMemo(() => data.generationsByDay.map((day) => day.day), [data]);
  const byStatus = useMemo(
    () =>
      GENERATION_STATUSES.map((status) => ({
        label: t(JOB_STATUS_LABELS[status]),
        color: STATUS_COLORS[status],
        values: data.generationsByDay.map((day) => day.byStatus[status] ?? 0),
      })),
    [data, t],
  );
  const byType = useMemo(
    () =>
      GENERATION_TYPES.map((type) => ({
        label: t(JOB_TYPE_LABELS[type]),
        color: TYPE_COLORS[type],
        values: data.generationsByDay.map((day) => day.byType[type] ?? 0),
      })),
    [data, t],
  );
  const { people, credits, revenue, queue, storage } = data;

  return (
    <>
      <section aria-label={t('admin.dashboard.figures')} className="grid grid-cols-2 gap-3 xl:grid-cols-5">
        <Tile label={t('admin.dashboard.people')} value={formatNumber(people.total)}>
          <p>{t('admin.dashboard.newPeople', { day: people.new24h, month: people.new30d })}</p>
          <p>{t('admin.dashboard.activePeople', { day: people.active24h, month: people.active30d })}</p>
        </Tile>
        <Tile label={t('admin.dashboard.creditsSpent')} value={formatNumber(credits.spent30d)}>
          <p>{t('admin.dashboard.creditsGranted', { count: credits.granted30d })}</p>
          <p>{t('admin.dashboard.creditsBought', { count: credits.bought30d })}</p>
          <p>{t('admin.dashboard.creditsOutstanding', { count: credits.outstanding })}</p>
        </Tile>
        <Tile label={t('admin.dashboard.revenue')} value={formatUsd(revenue.last30dCents / 100)}>
          <p>{t('admin.dashboard.purchases', { count: revenue.purchases30d })}</p>
          <p>{t('admin.dashboard.revenueAllTime', { amount: formatUsd(revenue.allTimeCents / 100) })}</p>
        </Tile>
        <Tile label={t('admin.dashboard.queue')} value={formatNumber(queue.queued)}>
          <p>{t('admin.dashboard.running', { count: queue.running })}</p>
          <p>
            {queue.oldestQueuedAt
              ? t('admin.dashboard.oldestWaiting', { when: formatRelative(queue.oldestQueuedAt) })
              : t('admin.dashboard.nothingWaiting')}
          </p>
        </Tile>
        <Tile label={t('admin.dashboard.storage')} value={formatBytes(storage.usedBytes)}>
          <p>{t('admin.dashboard.assets', { count: storage.assets })}</p>
        </Tile>
      </section>

      <div className="grid gap-6 xl:grid-cols-2">
        <ChartPanel title={t('admin.dashboard.byStatus')} days={days} series={byStatus} />
        <ChartPanel title={t('admin.dashboard.byType')} days={days} series={byType} />
      </div>

      <Panel title={t('admin.dashboard.providers')}>
        {data.providers.length === 0 ? (
          <EmptyRow>{t('admin.dashboard.noProviders')}</EmptyRow>
        ) : (
          <TableFrame
            label={t('admin.dashboard.providers')}
            columns={[
              { label: t('admin.jobs.provider') },
              { label: t('admin.dashboard.health') },
              { label: t('admin.dashboard.jobs24h'), end: true },
              { label: t('admin.dashboard.failed24h'), end: true },
              { label: t('admin.dashboard.errorRate'), end: true },
            ]}
          >
            {data.providers.map((provider) => (
              <tr key={provider.id}>
                <td className={`${TD} font-medium`}>{provider.id}</td>
                <td className={TD}>
                  <Badge tone={provider.healthy ? 'success' : 'warning'}>
                    {provider.healthy ? t('admin.dashboard.healthy') : t('admin.dashboard.unhealthy')}
                  </Badge>
                  {provider.detail ? (
                    <span className="mt-0.5 block text-xs text-fg-muted">{provider.detail}</span>
                  ) : null}
                </td>
                <td className={`${TD} text-right tabular-nums`}>{formatNumber(provider.jobs24h)}</td>
                <td className={`${TD} text-right tabular-nums`}>{formatNumber(provider.failed24h)}</td>
                <td className={`${TD} text-right tabular-nums`}>
                  {provider.errorRate24h === null
                    ? '—'
                    : t('admin.dashboard.percent', { value: provider.errorRate24h })}
                </td>
              </tr>
            ))}
          </TableFrame>
        )}
      </Panel>
    </>
  );
}

/** The series' colours as custom properties, so the swatch follows the theme like the chart. */
function swatch(entry: ChartSeries): CSSProperties {
  return { '--swatch-light': entry.color.light, '--swatch-dark': entry.color.dark } as CSSProperties;
}

/** A chart for the eye and the same figures as a table (collapsed) for everyone else. */
function ChartPanel({ title, days, series }: { title: string; days: string[]; series: ChartSeries[] }) {
  const t = useT();
  const total = series.reduce((sum, entry) => sum + entry.values.reduce((a, b) => a + b, 0), 0);
  return (
    <Panel
      title={title}
      actions={
        <span className="text-xs text-fg-muted">{t('admin.dashboard.last30Days', { count: total })}</span>
      }
    >
      <Suspense fallback={<div className="h-[220px]" />}>
        <StackedBarChart days={days} series={series} />
      </Suspense>
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-fg-muted">
        {series.map((entry) => (
          <li key={entry.label} className="flex items-center gap-1.5">
            <span
              aria-hidden
              className="size-2.5 rounded-sm bg-(--swatch-light) dark:bg-(--swatch-dark)"
              style={swatch(entry)}
            />
            {entry.label}
            <span className="font-medium text-fg tabular-nums">
              {formatNumber(entry.values.reduce((sum, value) => sum + value, 0))}
            </span>
          </li>
        ))}
      </ul>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer text-fg-muted hover:text-fg">
          {t('admin.dashboard.asTable')}
        </summary>
        <TableFrame
          label={title}
          columns={[
            { label: t('admin.dashboard.day') },
            ...series.map((entry) => ({ label: entry.label, end: true })),
          ]}
        >
          {days.map((day, index) => (
            <tr key={day}>
              <th scope="row" className={`${TD} font-normal whitespace-nowrap`}>
                {formatDateWith(`${day}T00:00:00Z`, { dateStyle: 'medium', timeZone: 'UTC' })}
              </th>
              {series.map((entry) => (
                <td key={entry.label} className={`${TD} text-right tabular-nums`}>
                  {formatNumber(entry.values[index] ?? 0)}
                </td>
              ))}
            </tr>
          ))}
        </TableFrame>
      </details>
    </Panel>
  );
}
