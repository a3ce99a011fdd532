import { APP_ROUTES, BILLING_POLICY, CREDIT_PRICES, PLANS } from '@kaleido/common/browser';
import { useQuery } from '@tanstack/react-query';
import { Check, Coins, Mail, Settings2, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatCredits, formatDate, formatNumber, formatUsd, humanize } from '../../lib/format';
import { Badge } from '../../ui/badge';
import { buttonClass } from '../../ui/button';
import { Card } from '../../ui/card';
import { type CurrentUser, socialProvidersQueryOptions } from '../auth/api';
import { ProviderMark } from '../auth/social-sign-in';
import { RecentActivity, UsageFiguresCard } from './usage-figures';

function CardTitle({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex min-h-8 items-center justify-between gap-3">
      <h2 className="text-sm font-semibold text-fg-muted">{children}</h2>
      {action}
    </div>
  );
}

/** The balance with its two buckets: purchased (never expire, spent first) and monthly (reset each month). */
function CreditsCard({ user }: { user: CurrentUser }) {
  const plan = PLANS.find((candidate) => candidate.id === user.plan);
  const total = user.creditsMonthly + user.creditsPurchased;
  const monthlyShare = total === 0 ? 0 : (user.creditsMonthly / total) * 100;
  return (
    <Card className="flex flex-col p-6 lg:col-span-2">
      <CardTitle
        action={
          <Link to={APP_ROUTES.pricing} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
            Get more credits
          </Link>
        }
      >
        Credit balance
      </CardTitle>
      <p className="mt-3 flex items-baseline gap-2">
        <Coins aria-hidden className="size-6 self-center text-warning" />
        <span className="text-4xl font-semibold tracking-tight text-fg tabular-nums">
          {formatNumber(user.credits)}
        </span>
        <span className="text-fg-muted">{user.credits === 1 ? 'credit' : 'credits'}</span>
      </p>
      <div
        className="mt-5 flex h-2 overflow-hidden rounded-full bg-surface-2"
        role="img"
        aria-label={`${formatCredits(user.creditsMonthly)} monthly, ${formatCredits(user.creditsPurchased)} purchased`}
      >
        <span className="h-full bg-accent" style={{ width: `${monthlyShare}%` }} />
        <span
          className="h-full bg-warning"
          style={{ width: `${100 - monthlyShare}%`, opacity: total ? 1 : 0 }}
        />
      </div>
      <dl className="mt-4 grid gap-4 sm:grid-cols-2">
        <div className="flex gap-3">
          <span aria-hidden className="mt-1.5 size-2.5 shrink-0 rounded-full bg-accent" />
          <div>
            <dt className="text-sm font-medium text-fg">Monthly</dt>
            <dd className="text-sm text-fg-muted">
              <span className="font-semibold text-fg tabular-nums">{formatNumber(user.creditsMonthly)}</span>
              {plan ? ` · resets to ${formatNumber(plan.monthlyCredits)} each billing month` : null}
            </dd>
          </div>
        </div>
        <div className="flex gap-3">
          <span aria-hidden className="mt-1.5 size-2.5 shrink-0 rounded-full bg-warning" />
          <div>
            <dt className="text-sm font-medium text-fg">Purchased</dt>
            <dd className="text-sm text-fg-muted">
              <span className="font-semibold text-fg tabular-nums">
                {formatNumber(user.creditsPurchased)}
              </span>
              {BILLING_POLICY.purchasedCreditsExpire ? null : ' · never expire'}
              {BILLING_POLICY.purchasedSpentFirst ? ', spent first' : null}
            </dd>
          </div>
        </div>
      </dl>
      <div className="min-h-5 flex-1" />
      <p className="border-t border-line pt-4 text-[13px] text-fg-muted">
        An image costs {formatCredits(CREDIT_PRICES.image)}, a video {formatCredits(CREDIT_PRICES.video)}.
        Failed generations are never charged.
      </p>
    </Card>
  );
}

function PlanCard({ user }: { user: CurrentUser }) {
  const plan = PLANS.find((candidate) => candidate.id === user.plan);
  return (
    <Card className="flex flex-col p-6">
      <CardTitle>Plan</CardTitle>
      <p className="mt-3 text-2xl font-semibold tracking-tight text-fg">
        {plan?.name ?? humanize(user.plan)}
      </p>
      {plan ? (
        <>
          <p className="mt-0.5 text-sm text-fg-muted">
            {formatUsd(plan.priceUsd)} per month · {formatCredits(plan.monthlyCredits)} monthly
          </p>
          <ul className="mt-4 space-y-1.5 text-sm text-fg-muted">
            {plan.features.map((feature) => (
              <li key={feature} className="flex items-start gap-2">
                <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-success" />
                {feature}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <Link
        to={APP_ROUTES.pricing}
        className={buttonClass({ variant: 'ghost', size: 'sm', className: 'mt-auto -ml-3 self-start pt-0' })}
      >
        Compare plans
      </Link>
    </Card>
  );
}

function SignInMethods({ user }: { user: CurrentUser }) {
  const providers = useQuery(socialProvidersQueryOptions());
  const nameOf = (id: string) => providers.data?.find((provider) => provider.id === id)?.name ?? humanize(id);
  return (
    <ul className="flex flex-wrap gap-2">
      {user.hasPassword ? (
        <li className="inline-flex items-center gap-1.5 rounded-full border border-line bg-surface-2 px-2.5 py-1 text-[13px] text-fg">
          <Mail aria-hidden className="size-3.5 text-fg-muted" />
          Email and password
        </li>
      ) : null}
      {user.socialProviders.map((id) => (
        <li
          key={id}
          className="inline-flex items-center gap-1.5 rounded-full border border-line bg-surface-2 px-2.5 py-1 text-[13px] text-fg"
        >
          <ProviderMark provider={{ id }} className="size-3.5 text-fg-muted" />
          {nameOf(id)}
        </li>
      ))}
    </ul>
  );
}

function AccountCard({ user }: { user: CurrentUser }) {
  const rows: { label: string; value: ReactNode }[] = [
    { label: 'Display name', value: user.displayName || '—' },
    { label: 'Email', value: <span className="break-all">{user.email}</span> },
    { label: 'Member since', value: formatDate(user.createdAt) },
    {
      label: 'Role',
      value:
        user.role === 'admin' ? (
          <Badge tone="warning">
            <ShieldCheck aria-hidden className="size-3" />
            Administrator
          </Badge>
        ) : (
          'Member'
        ),
    },
    { label: 'Sign-in methods', value: <SignInMethods user={user} /> },
  ];
  return (
    <Card className="p-6 lg:col-span-3">
      <CardTitle
        action={
          <Link
            to={`${APP_ROUTES.profile}?tab=settings`}
            className={buttonClass({ variant: 'secondary', size: 'sm' })}
          >
            <Settings2 aria-hidden />
            Account settings
          </Link>
        }
      >
        Account
      </CardTitle>
      <dl className="mt-4 divide-y divide-line">
        {rows.map((row) => (
          <div
            key={row.label}
            className="grid gap-1 py-3 sm:grid-cols-[180px_minmax(0,1fr)] sm:items-center sm:gap-4"
          >
            <dt className="text-sm text-fg-muted">{row.label}</dt>
            <dd className="text-sm font-medium text-fg">{row.value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

/**
 * Profile › Overview: the account's real figures (balance split, plan, this month against all time,
 * recent activity, details and sign-in methods).
 */
export function OverviewTab({ user }: { user: CurrentUser }) {
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <CreditsCard user={user} />
      <PlanCard user={user} />
      <UsageFiguresCard compact />
      <div className="lg:col-span-2">
        <RecentActivity />
      </div>
      <AccountCard user={user} />
    </div>
  );
}
