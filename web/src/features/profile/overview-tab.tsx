import { APP_ROUTES, BILLING_POLICY, CREDIT_PRICES, PLANS } from '@kaleido/common/browser';
import { useQuery } from '@tanstack/react-query';
import { Check, Coins, Mail, Settings2, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { MessageId } from '../../i18n/catalogs/en';
import { useT } from '../../i18n/use-t';
import { formatCredits, formatDate, formatNumber, formatUsd, humanize } from '../../lib/format';
import { Badge } from '../../ui/badge';
import { buttonClass } from '../../ui/button';
import { Card } from '../../ui/card';
import { type CurrentUser, socialProvidersQueryOptions } from '../auth/api';
import { ProviderMark } from '../auth/social-sign-in';
import { planFeatures } from '../pricing/plan-features';
import { StorageCard } from './storage-card';
import { RecentActivity, UsageFiguresCard } from './usage-figures';

/** How purchased credits behave, per the billing policy. */
function purchasedNote(): MessageId | null {
  const neverExpire = !BILLING_POLICY.purchasedCreditsExpire;
  const spentFirst = BILLING_POLICY.purchasedSpentFirst;
  if (neverExpire && spentFirst) return 'profile.credits.neverExpireSpentFirst';
  if (neverExpire) return 'profile.credits.neverExpire';
  if (spentFirst) return 'profile.credits.spentFirst';
  return null;
}

function CardTitle({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex min-h-8 flex-wrap items-center justify-between gap-x-3 gap-y-2">
      <h2 className="min-w-0 text-sm font-semibold text-fg-muted">{children}</h2>
      {action}
    </div>
  );
}

/** The balance with its two buckets: purchased (never expire, spent first) and monthly (reset each month). */
function CreditsCard({ user }: { user: CurrentUser }) {
  const t = useT();
  const note = purchasedNote();
  const plan = PLANS.find((candidate) => candidate.id === user.plan);
  const total = user.creditsMonthly + user.creditsPurchased;
  const monthlyShare = total === 0 ? 0 : (user.creditsMonthly / total) * 100;
  return (
    <Card className="flex flex-col p-6 lg:col-span-2">
      <CardTitle
        action={
          <Link to={APP_ROUTES.pricing} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
            {t('profile.credits.getMore')}
          </Link>
        }
      >
        {t('profile.credits.title')}
      </CardTitle>
      <p className="mt-3 flex items-baseline gap-2">
        <Coins aria-hidden className="size-6 self-center text-warning" />
        <span className="text-4xl font-semibold tracking-tight text-fg tabular-nums">
          {formatNumber(user.credits)}
        </span>
        <span className="text-fg-muted">{t('profile.credits.unit', { count: user.credits })}</span>
      </p>
      <div
        className="mt-5 flex h-2 overflow-hidden rounded-full bg-surface-2"
        role="img"
        aria-label={t('profile.credits.split', {
          monthly: formatCredits(user.creditsMonthly),
          purchased: formatCredits(user.creditsPurchased),
        })}
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
            <dt className="text-sm font-medium text-fg">{t('profile.credits.monthly')}</dt>
            <dd className="text-sm text-fg-muted">
              <span className="font-semibold text-fg tabular-nums">{formatNumber(user.creditsMonthly)}</span>
              {plan
                ? ` · ${t('profile.credits.monthlyResets', { count: formatNumber(plan.monthlyCredits) })}`
                : null}
            </dd>
          </div>
        </div>
        <div className="flex gap-3">
          <span aria-hidden className="mt-1.5 size-2.5 shrink-0 rounded-full bg-warning" />
          <div>
            <dt className="text-sm font-medium text-fg">{t('profile.credits.purchased')}</dt>
            <dd className="text-sm text-fg-muted">
              <span className="font-semibold text-fg tabular-nums">
                {formatNumber(user.creditsPurchased)}
              </span>
              {note ? ` · ${t(note)}` : null}
            </dd>
          </div>
        </div>
      </dl>
      <div className="min-h-5 flex-1" />
      <p className="border-t border-line pt-4 text-[13px] text-fg-muted">
        {t('profile.credits.prices', {
          image: formatCredits(CREDIT_PRICES.image),
          video: formatCredits(CREDIT_PRICES.video),
        })}
      </p>
    </Card>
  );
}

function PlanCard({ user }: { user: CurrentUser }) {
  const t = useT();
  const plan = PLANS.find((candidate) => candidate.id === user.plan);
  return (
    <Card className="flex flex-col p-6">
      <CardTitle>{t('profile.plan.title')}</CardTitle>
      <p className="mt-3 text-2xl font-semibold tracking-tight text-fg">
        {plan?.name ?? humanize(user.plan)}
      </p>
      {plan ? (
        <>
          <p className="mt-0.5 text-sm text-fg-muted">
            {t('profile.plan.priceLine', {
              price: formatUsd(plan.priceUsd),
              credits: formatCredits(plan.monthlyCredits),
            })}
          </p>
          <ul className="mt-4 space-y-1.5 text-sm text-fg-muted">
            {planFeatures(t, plan.id).map((feature) => (
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
        {t('profile.plan.compare')}
      </Link>
    </Card>
  );
}

function SignInMethods({ user }: { user: CurrentUser }) {
  const t = useT();
  const providers = useQuery(socialProvidersQueryOptions());
  const nameOf = (id: string) => providers.data?.find((provider) => provider.id === id)?.name ?? humanize(id);
  return (
    <ul className="flex flex-wrap gap-2">
      {user.hasPassword ? (
        <li className="inline-flex items-center gap-1.5 rounded-full border border-line bg-surface-2 px-2.5 py-1 text-[13px] text-fg">
          <Mail aria-hidden className="size-3.5 text-fg-muted" />
          {t('profile.account.emailAndPassword')}
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
  const t = useT();
  const rows: { label: MessageId; value: ReactNode }[] = [
    { label: 'profile.account.displayName', value: user.displayName || '—' },
    { label: 'profile.account.email', value: <span className="break-all">{user.email}</span> },
    { label: 'profile.account.memberSince', value: formatDate(user.createdAt) },
    {
      label: 'profile.account.role',
      value:
        user.role === 'admin' ? (
          <Badge tone="warning">
            <ShieldCheck aria-hidden className="size-3" />
            {t('profile.account.administrator')}
          </Badge>
        ) : (
          t('profile.account.member')
        ),
    },
    { label: 'profile.account.signInMethods', value: <SignInMethods user={user} /> },
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
            {t('profile.account.settings')}
          </Link>
        }
      >
        {t('profile.account.title')}
      </CardTitle>
      <dl className="mt-4 divide-y divide-line">
        {rows.map((row) => (
          <div
            key={row.label}
            className="grid gap-1 py-3 sm:grid-cols-[180px_minmax(0,1fr)] sm:items-center sm:gap-4"
          >
            <dt className="text-sm text-fg-muted">{t(row.label)}</dt>
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
      <StorageCard />
      <AccountCard user={user} />
    </div>
  );
}
