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
import { T } from '../../i18n/t';
import { useT } from '../../i18n/use-t';
import { serverText } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { formatUsd } from '../../lib/format';
import { Badge } from '../../ui/badge';
import { Button, buttonClass } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { PageContainer } from '../../ui/page';
import type { CurrentUser } from '../auth/api';
import { useUser } from '../auth/auth-provider';
import { billingSummaryQueryOptions, newPurchaseKey, useChangePlan } from '../billing/api';
import { CheckoutDialogContent, type CheckoutItem } from '../billing/checkout-dialog';
import { pricingFaq } from './faq';
import { planFeatures } from './plan-features';

const FEATURED_PLAN = 'pro';

/** The credit packs' introduction, as BILLING_POLICY has it. */
const PACKS_INTRO = BILLING_POLICY.purchasedCreditsExpire
  ? BILLING_POLICY.purchasedSpentFirst
    ? 'pricing.packs.intro.spentFirst'
    : 'pricing.packs.intro.plain'
  : BILLING_POLICY.purchasedSpentFirst
    ? 'pricing.packs.intro.neverExpireSpentFirst'
    : 'pricing.packs.intro.neverExpire';

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
  const t = useT();
  const featured = plan.id === FEATURED_PLAN;
  const isCurrent = user?.plan === plan.id;
  const toast = useToast();
  const changePlan = useChangePlan();
  const change = user ? planChangeKind(user.plan, plan.id) : null;
  const action = !user
    ? plan.priceUsd === 0
      ? t('pricing.plan.getStartedFree')
      : t('pricing.plan.choose', { plan: plan.name })
    : change === 'upgrade'
      ? t('pricing.plan.upgrade', { plan: plan.name })
      : t('pricing.plan.switch', { plan: plan.name });
  const keep = async () => {
    try {
      await changePlan.mutateAsync({ plan: plan.id, idempotencyKey: newPurchaseKey() });
      toast.success(t('pricing.plan.kept', { plan: plan.name }), t('pricing.plan.keptDescription'));
    } catch (error) {
      toast.error(t('pricing.plan.keepFailed'), serverText(error));
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
          {t('pricing.plan.recommended')}
        </Badge>
      ) : null}
      <h3 className="text-lg font-semibold text-fg">{plan.name}</h3>
      <p className="mt-4 flex flex-wrap items-baseline gap-x-1.5">
        <span className="text-4xl font-semibold tracking-tight text-fg tabular-nums">
          {formatUsd(plan.priceUsd)}
        </span>
        <span className="text-sm text-fg-muted">{t('pricing.plan.perMonth')}</span>
      </p>
      <p className="mt-2 inline-flex items-center gap-1.5 text-sm font-medium text-fg">
        <Coins aria-hidden className="size-4 shrink-0 text-warning" />
        {t('pricing.plan.monthlyCredits', { count: plan.monthlyCredits })}
      </p>
      <ul className="mt-6 flex-1 space-y-3 border-t border-line pt-6">
        {planFeatures(t, plan.id).map((feature) => (
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
            {t('pricing.plan.keep', { plan: plan.name })}
          </Button>
        ) : isCurrent ? (
          <span aria-disabled="true" className={cn(buttonStyle, 'opacity-60')}>
            {t('pricing.plan.current')}
          </span>
        ) : pendingPlan === plan.id ? (
          <span aria-disabled="true" className={cn(buttonStyle, 'opacity-60')}>
            {t('pricing.plan.startsNextMonth')}
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
  const t = useT();
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
          <p className="text-[13px] font-semibold tracking-[0.12em] text-accent-fg uppercase">
            {t('pricing.eyebrow')}
          </p>
          <h1 className="mt-3 text-4xl font-semibold tracking-tight text-balance break-words hyphens-auto text-fg sm:text-5xl">
            <T
              id="pricing.title"
              values={{ accent: (chunks) => <span className="text-kaleido">{chunks}</span> }}
            />
          </h1>
          <p className="mt-4 text-lg text-pretty text-fg-muted">
            {t('pricing.intro', { image: CREDIT_PRICES.image, video: CREDIT_PRICES.video })}
          </p>
        </header>

        <section aria-labelledby="plans-heading" className="mt-12">
          <h2 id="plans-heading" className="sr-only">
            {t('pricing.plans.heading')}
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
              {t('pricing.packs.heading')}
            </h2>
            <p className="mt-2 text-fg-muted">{t(PACKS_INTRO)}</p>
          </div>
          <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {CREDIT_PACKS.map((pack) => {
              const total = pack.credits + pack.bonusCredits;
              return (
                <li
                  key={pack.id}
                  className="flex flex-col rounded-2xl border border-line bg-surface p-5 shadow-card"
                >
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <p className="text-2xl font-semibold tracking-tight text-fg tabular-nums">
                      <T
                        id="pricing.pack.credits"
                        values={{
                          count: pack.credits,
                          unit: (chunks) => (
                            <span className="ml-1.5 text-sm font-medium text-fg-muted">{chunks}</span>
                          ),
                        }}
                      />
                    </p>
                    {pack.bonusCredits > 0 ? (
                      <Badge tone="success">
                        <Plus aria-hidden className="size-3" />
                        {t('pricing.pack.bonus', { count: pack.bonusCredits })}
                      </Badge>
                    ) : null}
                  </div>
                  <p className="mt-1 text-sm text-fg-muted">
                    {t('pricing.pack.total', { total, perCredit: formatUsd(pack.priceUsd / total) })}
                  </p>
                  <p className="mt-5 text-3xl font-semibold tracking-tight text-fg tabular-nums">
                    {formatUsd(pack.priceUsd)}
                  </p>
                  {user ? (
                    <button
                      type="button"
                      aria-label={t('pricing.pack.buyLabel', {
                        count: pack.credits,
                        price: formatUsd(pack.priceUsd),
                      })}
                      className={buttonClass({ variant: 'secondary', className: 'mt-5 w-full' })}
                      onClick={() => setCheckout({ kind: 'pack', pack })}
                    >
                      {t('pricing.pack.buy')}
                    </button>
                  ) : (
                    <Link
                      to={APP_ROUTES.auth}
                      aria-label={t('pricing.pack.buyLabel', {
                        count: pack.credits,
                        price: formatUsd(pack.priceUsd),
                      })}
                      className={buttonClass({ variant: 'secondary', className: 'mt-5 w-full' })}
                    >
                      {t('pricing.pack.buy')}
                    </Link>
                  )}
                </li>
              );
            })}
          </ul>
        </section>

        <section aria-labelledby="faq-heading" className="mx-auto mt-20 max-w-3xl">
          <h2 id="faq-heading" className="text-2xl font-semibold tracking-tight text-fg sm:text-3xl">
            {t('pricing.faq.heading')}
          </h2>
          <div className="mt-6 divide-y divide-line rounded-2xl border border-line bg-surface shadow-card">
            {pricingFaq(t).map((entry) => (
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
