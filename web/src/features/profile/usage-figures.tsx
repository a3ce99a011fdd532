import type { TActivity, TUsageFigures } from '@kaleido/common';
import { useQuery } from '@tanstack/react-query';
import { Clapperboard, Coins, CreditCard, ImageIcon, RotateCcw } from 'lucide-react';
import type { MessageId } from '../../i18n/catalogs/en';
import { type Translate, useT } from '../../i18n/use-t';
import { formatDate, formatNumber, formatRelative, formatUsd } from '../../lib/format';
import { Card } from '../../ui/card';
import { Spinner } from '../../ui/spinner';
import { purchaseDescription } from '../billing/purchase-history';
import { usageSummaryQueryOptions } from './api';

const ROWS: { key: keyof TUsageFigures; label: MessageId; money?: boolean }[] = [
  { key: 'generations', label: 'profile.usage.generations' },
  { key: 'images', label: 'profile.usage.images' },
  { key: 'videos', label: 'profile.usage.videos' },
  { key: 'creditsUsed', label: 'profile.usage.creditsUsed' },
  { key: 'creditsPurchased', label: 'profile.usage.creditsPurchased' },
  { key: 'amountSpentCents', label: 'profile.usage.amountSpent', money: true },
];

/** This billing month against all time, from the server's counts (no derived or sample figures). */
export function UsageFiguresCard({ compact = false }: { compact?: boolean }) {
  const t = useT();
  const summary = useQuery(usageSummaryQueryOptions());
  const rows = compact ? ROWS.slice(0, 4) : ROWS;
  return (
    <Card className="p-6">
      <h2 className="text-sm font-semibold text-fg-muted">{t('profile.usage.title')}</h2>
      {summary.data ? (
        <>
          <p className="mt-1 text-[13px] text-fg-subtle">
            {t('profile.usage.periodStart', { date: formatDate(summary.data.periodStart) })}
          </p>
          <table className="mt-4 w-full text-sm">
            <thead>
              <tr className="text-left text-fg-muted">
                <th scope="col" className="pb-2 font-medium">
                  <span className="sr-only">{t('profile.usage.figure')}</span>
                </th>
                <th scope="col" className="pb-2 pl-3 text-right font-medium">
                  {t('profile.usage.thisMonth')}
                </th>
                <th scope="col" className="pb-2 pl-3 text-right font-medium">
                  {t('profile.usage.allTime')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {rows.map((row) => {
                const show = (value: number) => (row.money ? formatUsd(value / 100) : formatNumber(value));
                return (
                  <tr key={row.key}>
                    <th scope="row" className="py-2 text-left font-normal break-words text-fg">
                      {t(row.label)}
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
        <p className="mt-4 text-sm text-danger">{t('profile.usage.loadFailed')}</p>
      ) : (
        <Spinner className="mt-4" />
      )}
    </Card>
  );
}

const ICONS = { generation: ImageIcon, purchase: CreditCard, plan: CreditCard, credits: RotateCcw } as const;

const EVENT_TITLES = {
  generatedImage: 'profile.activity.generatedImage',
  generatedVideo: 'profile.activity.generatedVideo',
  monthlyReset: 'profile.activity.monthlyReset',
  creditsGranted: 'profile.activity.creditsGranted',
  balanceCorrected: 'profile.activity.balanceCorrected',
} as const satisfies Partial<Record<TActivity['event'], MessageId>>;

/** What happened, in the interface's language: a purchase is described from what was bought. */
function titleOf(event: TActivity, t: Translate): string {
  if (event.purchase) {
    const description = purchaseDescription(t, event.purchase);
    if (event.event === 'paymentDeclined') return t('profile.activity.declined', { description });
    return event.event === 'boughtPack' ? t('profile.activity.bought', { description }) : description;
  }
  const id = event.event in EVENT_TITLES ? EVENT_TITLES[event.event as keyof typeof EVENT_TITLES] : undefined;
  return id ? t(id) : event.title;
}

/** A paid purchase shows its amount in the interface's format; other events their detail. */
function detailOf(event: TActivity): string | null {
  if (event.purchase && event.event !== 'paymentDeclined') return formatUsd(event.purchase.amountCents / 100);
  return event.detail;
}

function iconOf(event: TActivity) {
  if (event.event === 'generatedVideo') return Clapperboard;
  return ICONS[event.kind] ?? Coins;
}

/** The latest real events: generations, purchases, plan changes and credit grants or resets. */
export function RecentActivity() {
  const t = useT();
  const summary = useQuery(usageSummaryQueryOptions());
  return (
    <Card className="p-6">
      <h2 className="text-sm font-semibold text-fg-muted">{t('profile.activity.title')}</h2>
      {summary.data ? (
        summary.data.recentActivity.length === 0 ? (
          <p className="mt-4 text-sm text-fg-muted">{t('profile.activity.empty')}</p>
        ) : (
          <ul className="mt-3 divide-y divide-line">
            {summary.data.recentActivity.map((event) => {
              const Icon = iconOf(event);
              return (
                <li key={event.id} className="flex items-start gap-3 py-2.5 text-sm">
                  <Icon aria-hidden className="mt-0.5 size-4 shrink-0 text-fg-subtle" />
                  <div className="min-w-0 flex-1">
                    <p className="font-medium break-words text-fg">{titleOf(event, t)}</p>
                    {event.promptKept === false ? (
                      <p
                        className="truncate text-fg-subtle italic"
                        title={t('profile.activity.promptNotKeptHint')}
                      >
                        {t('profile.activity.promptNotKept')}
                      </p>
                    ) : detailOf(event) ? (
                      <p className="truncate text-fg-muted">{detailOf(event)}</p>
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
        <p className="mt-4 text-sm text-danger">{t('profile.activity.loadFailed')}</p>
      ) : (
        <Spinner className="mt-4" />
      )}
    </Card>
  );
}
