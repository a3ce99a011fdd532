import type { TPlan } from '@kaleido/common';
import {
  APP_ROUTES,
  BILLING_POLICY,
  CREDIT_PACKS,
  CREDIT_PRICES,
  PLANS,
  planChangeKind,
} from '@kaleido/common/browser';
import { useQuery } from '@tanstack/react-query';
import { Check, ChevronDown, Coins, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageMeta } from '../../app/page-meta';
import { PAGE_METADATA } from '../../app/page-metadata';
import { useToast } from '../../app/toast-provider';
import { serverText } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { formatCredits, formatNumber, formatUsd } from '../../lib/format';
import { Badge } from '../../ui/badge';
import { Button, buttonClass } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { PageContainer } from '../../ui/page';
import type { CurrentUser } from '../auth/api';
import { useUser } from '../auth/auth-provider';
import { billingSummaryQueryOptions, newPurchaseKey, useChangePlan } from '../billing/api';
import { CheckoutDialogContent, type CheckoutItem } from '../billing/checkout-dialog';
import { PRICING_FAQ } from './faq';

const FEATURED_PLAN = 'pro';

function PlanCard({
  plan,
  user,
  pendingPlan,
  onChoose,
}: {
  plan: TPlan;
  user: CurrentUser | null;
  pendingPlan: string | null;
  onChoose: (item: CheckoutItem) => void;
}) {
  const featured = plan.id === FEATURED_PLAN;
  const isCurrent = user?.plan === plan.id;
  const toast = useToast();
  const changePlan = useChangePlan();
  const change = user ? planChangeKind(user.plan, plan.id) : null;
  const action = !user
    ? plan.priceUsd === 0
      ? 'Get started free'
      : `Choose ${plan.name}`
    : change === 'upgrade'
      ? `Upgrade to ${plan.name}`
      : `Switch to ${plan.name}`;
  const keep = async () => {
    try {
      await changePlan.mutateAsync({ plan: plan.id, idempotencyKey: newPurchaseKey() });
      toast.success(`You stay on ${plan.name}`, 'The scheduled plan change is cancelled.');
    } catch (error) {
      toast.error('Could not keep your plan', serverText(error));
    }
  };
  const buttonStyle = buttonClass({
    variant: featured ? 'primary' : 'secondary',
    size: 'lg',
    className: 'w-full',
  });
  return (
    <li
      className={cn(
        'relative flex flex-col rounded-3xl border bg-surface p-6 shadow-card sm:p-8',
        featured ? 'border-transparent ring-2 ring-accent' : 'border-line',
      )}
    >
      {featured ? (
        <Badge tone="new" className="absolute -top-2.5 left-6">
          Recommended
        </Badge>
      ) : null}
      <h3 className="text-lg font-semibold text-fg">{plan.name}</h3>
      <p className="mt-4 flex items-baseline gap-1.5">
        <span className="text-4xl font-semibold tracking-tight text-fg tabular-nums">
          {formatUsd(plan.priceUsd)}
        </span>
        <span className="text-sm text-fg-muted">/ month</span>
      </p>
      <p className="mt-2 inline-flex items-center gap-1.5 text-sm font-medium text-fg">
        <Coins aria-hidden className="size-4 text-warning" />
        {formatCredits(plan.monthlyCredits)} every month
      </p>
      <ul className="mt-6 flex-1 space-y-3 border-t border-line pt-6">
        {plan.features.map((feature) => (
          <li key={feature} className="flex items-start gap-2.5 text-sm text-fg-muted">
            <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-success" />
            {feature}
          </li>
        ))}
      </ul>
      <div className="mt-8">
        {isCurrent && pendingPlan ? (
          <Button
            variant="secondary"
            size="lg"
            className="w-full"
            disabled={changePlan.isPending}
            onClick={() => void keep()}
          >
            Keep {plan.name}
          </Button>
        ) : isCurrent ? (
          <span aria-disabled="true" className={cn(buttonStyle, 'opacity-60')}>
            Current plan
          </span>
        ) : pendingPlan === plan.id ? (
          <span aria-disabled="true" className={cn(buttonStyle, 'opacity-60')}>
            Starts next billing month
          </span>
        ) : user ? (
          <button type="button" className={buttonStyle} onClick={() => onChoose({ kind: 'plan', plan })}>
            {action}
          </button>
        ) : (
          <Link to={`${APP_ROUTES.auth}?mode=signup`} className={buttonStyle}>
            {action}
          </Link>
        )}
      </div>
    </li>
  );
}

export function PricingPage() {
  const { user } = useUser();
  const summary = useQuery({ ...billingSummaryQueryOptions(), enabled: Boolean(user) });
  const [checkout, setCheckout] = useState<CheckoutItem | null>(null);
  return (
    <>
      <Dialog open={checkout !== null} onOpenChange={(open) => (open ? undefined : setCheckout(null))}>
        {checkout && user ? (
          <CheckoutDialogContent item={checkout} user={user} onDone={() => setCheckout(null)} />
        ) : null}
      </Dialog>
      <PageMeta {...PAGE_METADATA.pricing} />
      <PageContainer className="py-12 sm:py-16">
        <header className="mx-auto max-w-2xl text-center">
          <p className="text-[13px] font-semibold tracking-[0.12em] text-accent-fg uppercase">Pricing</p>
          <h1 className="mt-3 text-4xl font-semibold tracking-tight text-balance text-fg sm:text-5xl">
            Simple plans. <span className="text-kaleido">Credits</span> that go further.
          </h1>
          <p className="mt-4 text-lg text-pretty text-fg-muted">
            An image costs {formatCredits(CREDIT_PRICES.image)} and a video{' '}
            {formatCredits(CREDIT_PRICES.video)}. Start free, upgrade when you need more.
          </p>
        </header>

        <section aria-labelledby="plans-heading" className="mt-12">
          <h2 id="plans-heading" className="sr-only">
            Plans
          </h2>
          <ul className="grid gap-6 lg:grid-cols-3">
            {PLANS.map((plan) => (
              <PlanCard
                key={plan.id}
                plan={plan}
                user={user}
                pendingPlan={summary.data?.pendingPlan ?? null}
                onChoose={setCheckout}
              />
            ))}
          </ul>
        </section>

        <section aria-labelledby="packs-heading" className="mt-20">
          <div className="max-w-2xl">
            <h2 id="packs-heading" className="text-2xl font-semibold tracking-tight text-fg sm:text-3xl">
              Credit packs
            </h2>
            <p className="mt-2 text-fg-muted">
              Top up whenever you like.
              {BILLING_POLICY.purchasedCreditsExpire ? '' : ' Purchased credits never expire'}
              {BILLING_POLICY.purchasedSpentFirst ? ' and are used before your monthly credits.' : '.'}
            </p>
          </div>
          <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {CREDIT_PACKS.map((pack) => {
              const total = pack.credits + pack.bonusCredits;
              return (
                <li
                  key={pack.id}
                  className="flex flex-col rounded-2xl border border-line bg-surface p-5 shadow-card"
                >
                  <div className="flex items-center justify-between gap-2">
                    <p className="text-2xl font-semibold tracking-tight text-fg tabular-nums">
                      {formatNumber(pack.credits)}
                      <span className="ml-1.5 text-sm font-medium text-fg-muted">credits</span>
                    </p>
                    {pack.bonusCredits > 0 ? (
                      <Badge tone="success">
                        <Plus aria-hidden className="size-3" />
                        {formatNumber(pack.bonusCredits)} bonus
                      </Badge>
                    ) : null}
                  </div>
                  <p className="mt-1 text-sm text-fg-muted">
                    {formatCredits(total)} in total · {formatUsd(pack.priceUsd / total)} per credit
                  </p>
                  <p className="mt-5 text-3xl font-semibold tracking-tight text-fg tabular-nums">
                    {formatUsd(pack.priceUsd)}
                  </p>
                  {user ? (
                    <button
                      type="button"
                      aria-label={`Buy ${formatCredits(pack.credits)} for ${formatUsd(pack.priceUsd)}`}
                      className={buttonClass({ variant: 'secondary', className: 'mt-5 w-full' })}
                      onClick={() => setCheckout({ kind: 'pack', pack })}
                    >
                      Buy
                    </button>
                  ) : (
                    <Link
                      to={APP_ROUTES.auth}
                      aria-label={`Buy ${formatCredits(pack.credits)} for ${formatUsd(pack.priceUsd)}`}
                      className={buttonClass({ variant: 'secondary', className: 'mt-5 w-full' })}
                    >
                      Buy
                    </Link>
                  )}
                </li>
              );
            })}
          </ul>
        </section>

        <section aria-labelledby="faq-heading" className="mx-auto mt-20 max-w-3xl">
          <h2 id="faq-heading" className="text-2xl font-semibold tracking-tight text-fg sm:text-3xl">
            Frequently asked questions
          </h2>
          <div className="mt-6 divide-y divide-line rounded-2xl border border-line bg-surface shadow-card">
            {PRICING_FAQ.map((entry) => (
              <details key={entry.question} className="group px-5 sm:px-6">
                <summary className="flex list-none items-center justify-between gap-4 py-5 font-medium text-fg [&::-webkit-details-marker]:hidden">
                  {entry.question}
                  <ChevronDown
                    aria-hidden
                    className="size-5 shrink-0 text-fg-subtle transition-transform group-open:rotate-180"
                  />
                </summary>
                <p className="-mt-1 pb-5 text-pretty text-fg-muted">{entry.answer}</p>
              </details>
            ))}
          </div>
        </section>
      </PageContainer>
    </>
  );
}
