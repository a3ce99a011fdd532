import { APP_ROUTES, findPlan } from '@kaleido/common/browser';
import { useQuery } from '@tanstack/react-query';
import { CreditCard } from 'lucide-react';
import { Link } from 'react-router';
import { useT } from '../../i18n/use-t';
import { formatCredits, formatDate, formatNumber, formatUsd } from '../../lib/format';
import { buttonClass } from '../../ui/button';
import { Card } from '../../ui/card';
import type { CurrentUser } from '../auth/api';
import { billingSummaryQueryOptions } from '../billing/api';
import { PurchaseHistory } from '../billing/purchase-history';

/** Profile › Billing: the plan, the next reset, the balance, and the recorded purchases and invoices. */
export function BillingTab({ user }: { user: CurrentUser }) {
  const t = useT();
  const summary = useQuery(billingSummaryQueryOptions());
  const plan = findPlan(user.plan);
  const pending = summary.data?.pendingPlan ? findPlan(summary.data.pendingPlan) : null;
  return (
    <div className="space-y-6">
      <Card className="grid gap-6 p-6 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_auto] lg:items-center">
        <div>
          <p className="text-sm font-semibold text-fg-muted">{t('profile.billing.currentPlan')}</p>
          <p className="mt-1 text-2xl font-semibold tracking-tight text-fg">{plan.name}</p>
          <p className="mt-0.5 text-sm text-fg-muted">
            {t('profile.plan.priceLine', {
              price: formatUsd(plan.priceUsd),
              credits: formatCredits(plan.monthlyCredits),
            })}
          </p>
        </div>
        <div>
          <p className="text-sm font-semibold text-fg-muted">{t('profile.billing.nextReset')}</p>
          <p className="mt-1 text-2xl font-semibold tracking-tight text-fg">
            {summary.data ? formatDate(summary.data.nextResetAt) : '…'}
          </p>
          <p className="mt-0.5 text-sm text-fg-muted">
            {pending
              ? t('profile.billing.changesTo', { plan: pending.name })
              : t('profile.billing.resetsTo', { count: formatNumber(plan.monthlyCredits) })}
          </p>
        </div>
        <div>
          <p className="text-sm font-semibold text-fg-muted">{t('profile.billing.balance')}</p>
          <p className="mt-1 text-2xl font-semibold tracking-tight text-fg tabular-nums">
            {formatCredits(user.credits)}
          </p>
          <p className="mt-0.5 text-sm text-fg-muted">
            {t('profile.billing.split', {
              monthly: formatNumber(user.creditsMonthly),
              purchased: formatNumber(user.creditsPurchased),
            })}
          </p>
        </div>
        <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-1 lg:justify-end">
          <Link to={APP_ROUTES.pricing} className={buttonClass({ variant: 'primary' })}>
            {t('profile.plan.compare')}
          </Link>
          <Link to={APP_ROUTES.billing} className={buttonClass({ variant: 'secondary' })}>
            <CreditCard aria-hidden />
            {t('profile.billing.paymentMethods')}
          </Link>
        </div>
      </Card>
      <PurchaseHistory />
    </div>
  );
}
