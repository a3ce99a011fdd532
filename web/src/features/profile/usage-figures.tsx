import type { TActivity, TUsageFigures } from '@kaleido/common';
import { useQuery } from '@tanstack/react-query';
import { Clapperboard, Coins, CreditCard, ImageIcon, RotateCcw } from 'lucide-react';
import { formatDate, formatNumber, formatRelative, formatUsd } from '../../lib/format';
import { Card } from '../../ui/card';
import { Spinner } from '../../ui/spinner';
import { usageSummaryQueryOptions } from './api';

const ROWS: { key: keyof TUsageFigures; label: string; money?: boolean }[] = [
  { key: 'generations', label: 'Generations' },
  { key: 'images', label: 'Images' },
  { key: 'videos', label: 'Videos' },
  { key: 'creditsUsed', label: 'Credits used' },
  { key: 'creditsPurchased', label: 'Credits purchased' },
  { key: 'amountSpentCents', label: 'Spent', money: true },
];

/** This billing month against all time, from the server's counts (no derived or sample figures). */
export function UsageFiguresCard({ compact = false }: { compact?: boolean }) {
  const summary = useQuery(usageSummaryQueryOptions());
  const rows = compact ? ROWS.slice(0, 4) : ROWS;
  return (
    <Card className="p-6">
      <h2 className="text-sm font-semibold text-fg-muted">Usage</h2>
      {summary.data ? (
        <>
          <p className="mt-1 text-[13px] text-fg-subtle">
            This month began {formatDate(summary.data.periodStart)}
          </p>
          <table className="mt-4 w-full text-sm">
            <thead>
              <tr className="text-left text-fg-muted">
                <th scope="col" className="pb-2 font-medium">
                  <span className="sr-only">Figure</span>
                </th>
                <th scope="col" className="pb-2 text-right font-medium">
                  This month
                </th>
                <th scope="col" className="pb-2 text-right font-medium">
                  All time
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {rows.map((row) => {
                const show = (value: number) => (row.money ? formatUsd(value / 100) : formatNumber(value));
                return (
                  <tr key={row.key}>
                    <th scope="row" className="py-2 text-left font-normal text-fg">
                      {row.label}
                    </th>
                    <td className="py-2 text-right font-semibold text-fg tabular-nums">
                      {show(summary.data.thisMonth[row.key])}
                    </td>
                    <td className="py-2 text-right text-fg-muted tabular-nums">
                      {show(summary.data.allTime[row.key])}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </>
      ) : summary.isError ? (
        <p className="mt-4 text-sm text-danger">Could not load your usage.</p>
      ) : (
        <Spinner className="mt-4" />
      )}
    </Card>
  );
}

const ICONS = { generation: ImageIcon, purchase: CreditCard, plan: CreditCard, credits: RotateCcw } as const;

function iconOf(event: TActivity) {
  if (event.kind === 'generation' && event.title.includes('video')) return Clapperboard;
  return ICONS[event.kind] ?? Coins;
}

/** The latest real events: generations, purchases, plan changes and credit grants or resets. */
export function RecentActivity() {
  const summary = useQuery(usageSummaryQueryOptions());
  return (
    <Card className="p-6">
      <h2 className="text-sm font-semibold text-fg-muted">Recent activity</h2>
      {summary.data ? (
        summary.data.recentActivity.length === 0 ? (
          <p className="mt-4 text-sm text-fg-muted">Nothing yet.</p>
        ) : (
          <ul className="mt-3 divide-y divide-line">
            {summary.data.recentActivity.map((event) => {
              const Icon = iconOf(event);
              return (
                <li key={event.id} className="flex items-start gap-3 py-2.5 text-sm">
                  <Icon aria-hidden className="mt-0.5 size-4 shrink-0 text-fg-subtle" />
                  <div className="min-w-0 flex-1">
                    <p className="font-medium text-fg">{event.title}</p>
                    {event.promptKept === false ? (
                      <p
                        className="truncate text-fg-subtle italic"
                        title="Data collection was off: the usage log keeps no prompt text (your library keeps its own)."
                      >
                        prompt not kept
                      </p>
                    ) : event.detail ? (
                      <p className="truncate text-fg-muted">{event.detail}</p>
                    ) : null}
                  </div>
                  <div className="shrink-0 text-right">
                    {event.credits !== 0 ? (
                      <p
                        className={
                          event.credits > 0
                            ? 'font-semibold text-success tabular-nums'
                            : 'font-semibold text-fg tabular-nums'
                        }
                      >
                        {event.credits > 0 ? '+' : '−'}
                        {formatNumber(Math.abs(event.credits))}
                      </p>
                    ) : null}
                    <p className="text-[13px] text-fg-subtle">{formatRelative(event.createdAt)}</p>
                  </div>
                </li>
              );
            })}
          </ul>
        )
      ) : summary.isError ? (
        <p className="mt-4 text-sm text-danger">Could not load your activity.</p>
      ) : (
        <Spinner className="mt-4" />
      )}
    </Card>
  );
}
