import { APP_ROUTES, MESSAGES, PLANS } from '@kaleido/common/browser';
import { CreditCard } from 'lucide-react';
import { Link } from 'react-router';
import { PageMeta } from '../../app/page-meta';
import { formatCredits, formatUsd } from '../../lib/format';
import { buttonClass } from '../../ui/button';
import { Card } from '../../ui/card';
import { PageContainer, PageHeader } from '../../ui/page';
import { useUser } from '../auth/auth-provider';
import { SignInRequired } from '../auth/sign-in-required';

export function BillingPage() {
  const { user } = useUser();
  if (!user) {
    return (
      <PageContainer className="py-10 sm:py-14">
        <PageMeta title="Billing" noIndex />
        <SignInRequired
          className="my-6"
          headingLevel={1}
          icon={CreditCard}
          title={MESSAGES.authenticationRequiredTitle}
          message={MESSAGES.signInToManageBilling}
        />
      </PageContainer>
    );
  }
  const plan = PLANS.find((candidate) => candidate.id === user.plan);
  return (
    <PageContainer className="py-10 sm:py-14">
      <PageMeta title="Billing" noIndex />
      <PageHeader title="Billing" description="Your plan, payment methods and billing address." />
      <Card className="mt-8 flex flex-col gap-6 p-6 sm:flex-row sm:items-center sm:justify-between sm:p-8">
        <div>
          <p className="text-xs font-semibold tracking-wide text-fg-subtle uppercase">Current plan</p>
          <p className="mt-1 text-2xl font-semibold text-fg">{plan?.name ?? user.plan}</p>
          {plan ? (
            <p className="mt-1 text-sm text-fg-muted">
              {formatUsd(plan.priceUsd)} per month · {formatCredits(plan.monthlyCredits)} every month
            </p>
          ) : null}
        </div>
        <Link to={APP_ROUTES.pricing} className={buttonClass({ variant: 'secondary' })}>
          Compare plans
        </Link>
      </Card>
      <p className="mt-6 text-sm text-fg-muted">
        Payment methods, the billing address and purchases arrive with the billing update.
      </p>
    </PageContainer>
  );
}
