import { CARD_BRAND_NAMES } from '@kaleido/common/browser';
import { useQuery } from '@tanstack/react-query';
import { FileText, Receipt } from 'lucide-react';
import { formatDate, formatUsd } from '../../lib/format';
import { Badge } from '../../ui/badge';
import { Card } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { Spinner } from '../../ui/spinner';
import { invoicesQueryOptions, purchasesQueryOptions } from './api';

const KIND_LABELS = { pack: 'Credit pack', plan: 'Plan', renewal: 'Renewal' } as const;

/** Purchases (paid and declined) and invoices, newest first, as recorded by the server. */
export function PurchaseHistory() {
  const purchases = useQuery(purchasesQueryOptions());
  const invoices = useQuery(invoicesQueryOptions());
  if (purchases.isPending || invoices.isPending)
    return (
      <p className="flex items-center gap-2 py-6 text-sm text-fg-muted">
        <Spinner /> Loading purchases...
      </p>
    );
  if (purchases.isError || invoices.isError)
    return <p className="py-6 text-sm text-danger">Could not load your purchases. Please try again.</p>;
  if (purchases.data.length === 0)
    return (
      <EmptyState
        className="w-full max-w-none"
        icon={Receipt}
        title="No purchases yet"
        description="Plan changes and the credit packs you buy are listed here with their invoices."
      />
    );
  return (
    <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
      <Card className="overflow-hidden">
        <section aria-labelledby="purchases-heading">
          <h3 id="purchases-heading" className="border-b border-line px-5 py-4 font-semibold text-fg">
            Purchases
          </h3>
          <ul className="divide-y divide-line">
            {purchases.data.map((purchase) => (
              <li
                key={purchase.id}
                className="flex flex-wrap items-center gap-x-4 gap-y-1 px-5 py-3.5 text-sm"
              >
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-fg">{purchase.description}</p>
                  <p className="text-fg-muted">
                    {KIND_LABELS[purchase.kind]} · {formatDate(purchase.createdAt)}
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
                  {purchase.status === 'succeeded'
                    ? 'Paid'
                    : purchase.status === 'declined'
                      ? 'Declined'
                      : 'Pending'}
                </Badge>
                <span className="w-20 text-right font-semibold text-fg tabular-nums">
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
            Invoices
          </h3>
          {invoices.data.length === 0 ? (
            <p className="px-5 py-4 text-sm text-fg-muted">No invoices yet.</p>
          ) : (
            <ul className="divide-y divide-line">
              {invoices.data.map((invoice) => (
                <li key={invoice.id} className="flex items-center gap-3 px-5 py-3.5 text-sm">
                  <FileText aria-hidden className="size-4 shrink-0 text-fg-subtle" />
                  <div className="min-w-0 flex-1">
                    <p className="font-mono text-[13px] text-fg">{invoice.number}</p>
                    <p className="truncate text-fg-muted">
                      {formatDate(invoice.createdAt)} · {invoice.description}
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
