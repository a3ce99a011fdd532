import type { TApiKeyUsage } from '@kaleido/common';
import { useId } from 'react';
import { useT } from '../../i18n/use-t';
import { formatNumber } from '../../lib/format';
import { dayLabels } from './key-data';

/**
 * Requests per day over the last 7 days, as bars. The bars are for the eye; screen readers get the same
 * figures as a table.
 */
export function UsageChart({ days }: { days: TApiKeyUsage['requestsByDay'] }) {
  const t = useT();
  const ids = useId();
  const max = Math.max(1, ...days.map((day) => day.count));
  const total = days.reduce((sum, day) => sum + day.count, 0);
  return (
    <figure aria-labelledby={`${ids}-caption`} className="min-w-0">
      <div aria-hidden className="flex h-32 items-end gap-1.5 sm:gap-2">
        {days.map((day) => {
          const labels = dayLabels(day.date);
          const height = day.count === 0 ? 0 : Math.max(6, Math.round((day.count / max) * 100));
          return (
            <div
              key={day.date}
              className="flex h-full min-w-0 flex-1 flex-col items-center justify-end gap-1"
              title={t('apiKeys.chart.bar', { day: labels.long, count: day.count })}
            >
              <span className="text-[11px] font-medium text-fg-muted tabular-nums">
                {day.count > 0 ? formatNumber(day.count) : ''}
              </span>
              <div className="flex h-[calc(100%-2.5rem)] w-full items-end">
                <div
                  className={
                    day.count > 0
                      ? 'w-full rounded-t-md bg-accent/80 transition-[height]'
                      : 'h-0.5 w-full rounded-full bg-line-strong'
                  }
                  style={day.count > 0 ? { height: `${height}%` } : undefined}
                />
              </div>
              <span className="max-w-full truncate text-[11px] text-fg-subtle">{labels.short}</span>
            </div>
          );
        })}
      </div>
      <figcaption id={`${ids}-caption`} className="sr-only">
        {t('apiKeys.chart.caption', { total })}
      </figcaption>
      {/* A wrapper hides the table: a table is never narrower than its text, so sr-only on the table itself
          would still widen the page in languages with long words. */}
      <div className="sr-only">
        <table>
          <caption>{t('apiKeys.chart.table')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('apiKeys.chart.day')}</th>
              <th scope="col">{t('apiKeys.chart.requests')}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date}>
                <th scope="row">{dayLabels(day.date).long}</th>
                <td>{formatNumber(day.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
