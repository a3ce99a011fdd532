import { APP_ROUTES, PLANS } from '@kaleido/common/browser';
import { CreditCard, Receipt } from 'lucide-react';
import { Link } from 'react-router';
import { formatCredits, formatNumber, formatUsd, humanize } from '../../lib/format';
import { buttonClass } from '../../ui/button';
import { Card } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import type { CurrentUser } from '../auth/api';

/** Profile › Billing: the plan and balance from the account, and the (still empty) purchase history. */
export function BillingTab({ user }: { user: CurrentUser }) {
  const plan = PLANS.find((candidate) => candidate.id === user.plan);
  return (
    <div className="space-y-6">
      <Card className="grid gap-6 p-6 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_auto] lg:items-center">
        <div>
          <p className="text-sm font-semibold text-fg-muted">Current plan</p>
          <p className="mt-1 text-2xl font-semibold tracking-tight text-fg">
            {plan?.name ?? humanize(user.plan)}
          </p>
          {plan ? (
            <p className="mt-0.5 text-sm text-fg-muted">
              {formatUsd(plan.priceUsd)} per month · {formatCredits(plan.monthlyCredits)} monthly
            </p>
          ) : null}
        </div>
        <div>
          <p className="text-sm font-semibold text-fg-muted">Balance</p>
          <p className="mt-1 text-2xl font-semibold tracking-tight text-fg tabular-nums">
            {formatCredits(user.credits)}
          </p>
          <p className="mt-0.5 text-sm text-fg-muted">
            {formatNumber(user.creditsMonthly)} monthly · {formatNumber(user.creditsPurchased)} purchased
          </p>
        </div>
        <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-1 lg:justify-end">
          <Link to={APP_ROUTES.pricing} className={buttonClass({ variant: 'primary' })}>
            Compare plans
          </Link>
          <Link to={APP_ROUTES.billing} className={buttonClass({ variant: 'secondary' })}>
            <CreditCard aria-hidden />
            Payment methods
          </Link>
        </div>
      </Card>
      <EmptyState
        className="w-full max-w-none"
        icon={Receipt}
        title="No purchases yet"
        description="Plan changes and the credit packs you buy will be listed here with their receipts."
      />
    </div>
  );
}
