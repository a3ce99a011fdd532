import type { TPurchase } from '@kaleido/common';
import { CARD_BRAND_NAMES, PLANS } from '@kaleido/common/browser';
import { useQuery } from '@tanstack/react-query';
import { FileText, Receipt } from 'lucide-react';
import type { MessageId } from '../../i18n/catalogs/en';
import { type Translate, useT } from '../../i18n/use-t';
import { formatDate, formatUsd } from '../../lib/format';
import { Badge } from '../../ui/badge';
import { Card } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { Spinner } from '../../ui/spinner';
import { invoicesQueryOptions, purchasesQueryOptions } from './api';

const KIND_LABELS = {
  pack: 'billing.history.kind.pack',
  plan: 'billing.history.kind.plan',
  renewal: 'billing.history.kind.renewal',
} as const satisfies Record<TPurchase['kind'], MessageId>;

const STATUS_LABELS = {
  succeeded: 'billing.history.status.paid',
  declined: 'billing.history.status.declined',
  pending: 'billing.history.status.pending',
} as const satisfies Record<TPurchase['status'], MessageId>;

/**
 * What was bought, in the interface's language, from the purchase's kind, item and credits (the
 * server records an English description; it is the fallback for an item this build does not know).
 */
export function purchaseDescription(
  t: Translate,
  purchase: Pick<TPurchase, 'kind' | 'item' | 'credits' | 'bonusCredits' | 'description'>,
): string {
  if (purchase.kind === 'pack')
    return purchase.bonusCredits
      ? t('billing.history.description.packBonus', { count: purchase.credits, bonus: purchase.bonusCredits })
      : t('billing.history.description.pack', { count: purchase.credits });
  const plan = PLANS.find((candidate) => candidate.id === purchase.item);
  if (!plan) return purchase.description;
  return purchase.kind === 'plan'
    ? t('billing.history.description.upgrade', { plan: plan.name, count: purchase.credits })
    : t('billing.history.description.renewal', { plan: plan.name });
}

/** Purchases (paid and declined) and invoices, newest first, as recorded by the server. */
export function PurchaseHistory() {
  const t = useT();
  const purchases = useQuery(purchasesQueryOptions());
  const invoices = useQuery(invoicesQueryOptions());
  if (purchases.isPending || invoices.isPending)
    return (
      <p className="flex items-center gap-2 py-6 text-sm text-fg-muted">
        <Spinner /> {t('billing.history.loading')}
      </p>
    );
  if (purchases.isError || invoices.isError)
    return <p className="py-6 text-sm text-danger">{t('billing.history.loadFailed')}</p>;
  if (purchases.data.length === 0)
    return (
      <EmptyState
        className="w-full max-w-none"
        icon={Receipt}
        title={t('billing.history.empty.title')}
        description={t('billing.history.empty.description')}
      />
    );
  const descriptions = new Map(
    purchases.data.map((purchase) => [purchase.id, purchaseDescription(t, purchase)]),
  );
  return (
    <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
      <Card className="overflow-hidden">
        <section aria-labelledby="purchases-heading">
          <h3 id="purchases-heading" className="border-b border-line px-5 py-4 font-semibold text-fg">
            {t('billing.history.purchases')}
          </h3>
          <ul className="divide-y divide-line">
            {purchases.data.map((purchase) => (
              <li
                key={purchase.id}
                className="flex flex-wrap items-center gap-x-4 gap-y-1 px-5 py-3.5 text-sm"
              >
                <div className="min-w-0 flex-1">
                  <p className="font-medium break-words text-fg">{descriptions.get(purchase.id)}</p>
                  <p className="text-fg-muted">
                    {t(KIND_LABELS[purchase.kind])} · {formatDate(purchase.createdAt)}
                    {purchase.card
                      ? ` · ${CARD_BRAND_NAMES[purchase.card.brand]} •••• ${purchase.card.last4}`
                      : ''}
                  </p>
                  {purchase.status === 'declined' && purchase.failureMessage ? (
                    <p className="text-danger">{purchase.failureMessage}</p>
                  ) : null}
                </div>
                <Badge
                  tone={
                    purchase.status === 'succeeded'
                      ? 'success'
                      : purchase.status === 'declined'
                        ? 'warning'
                        : 'neutral'
                  }
                >
                  {t(STATUS_LABELS[purchase.status])}
                </Badge>
                <span className="min-w-20 text-right font-semibold text-fg tabular-nums">
                  {formatUsd(purchase.amountCents / 100)}
                </span>
              </li>
            ))}
          </ul>
        </section>
      </Card>
      <Card className="overflow-hidden">
        <section aria-labelledby="invoices-heading">
          <h3 id="invoices-heading" className="border-b border-line px-5 py-4 font-semibold text-fg">
            {t('billing.history.invoices')}
          </h3>
          {invoices.data.length === 0 ? (
            <p className="px-5 py-4 text-sm text-fg-muted">{t('billing.history.noInvoices')}</p>
          ) : (
            <ul className="divide-y divide-line">
              {invoices.data.map((invoice) => (
                <li key={invoice.id} className="flex items-center gap-3 px-5 py-3.5 text-sm">
                  <FileText aria-hidden className="size-4 shrink-0 text-fg-subtle" />
                  <div className="min-w-0 flex-1">
                    <p className="font-mono text-[13px] text-fg">{invoice.number}</p>
                    <p className="truncate text-fg-muted">
                      {formatDate(invoice.createdAt)} ·{' '}
                      {descriptions.get(invoice.purchaseId) ?? invoice.description}
                    </p>
                  </div>
                  <span className="font-semibold text-fg tabular-nums">
                    {formatUsd(invoice.amountCents / 100)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </Card>
    </div>
  );
}
