import { MESSAGES, PLANS } from '@kaleido/common';
import { UserRound } from 'lucide-react';
import { PageMeta } from '../../app/page-meta';
import { UserAvatar } from '../../app/user-avatar';
import { formatDate, formatNumber } from '../../lib/format';
import { Badge } from '../../ui/badge';
import { Card } from '../../ui/card';
import { PageContainer, PageHeader } from '../../ui/page';
import { useUser } from '../auth/auth-provider';
import { SignInRequired } from '../auth/sign-in-required';

export function ProfilePage() {
  const { user } = useUser();
  if (!user) {
    return (
      <PageContainer className="py-10 sm:py-14">
        <PageMeta title="Profile" noIndex />
        <SignInRequired
          className="my-6"
          headingLevel={1}
          icon={UserRound}
          title={MESSAGES.logInToViewProfile}
          message="Your profile shows your credits, usage and settings."
        />
      </PageContainer>
    );
  }
  const name = user.displayName || user.email;
  const plan = PLANS.find((candidate) => candidate.id === user.plan);
  const facts = [
    { label: 'Plan', value: plan?.name ?? user.plan },
    { label: 'Credits', value: formatNumber(user.credits) },
    { label: 'Member since', value: formatDate(user.createdAt) },
  ];
  return (
    <PageContainer className="py-10 sm:py-14">
      <PageMeta title="Profile" noIndex />
      <PageHeader title="Profile" description="Your account at a glance." />
      <Card className="mt-8 p-6 sm:p-8">
        <div className="flex items-center gap-4">
          <UserAvatar name={name} className="size-14 text-lg" />
          <div className="min-w-0">
            <p className="truncate text-lg font-semibold text-fg">{name}</p>
            <p className="truncate text-sm text-fg-muted">{user.email}</p>
          </div>
          {plan ? (
            <Badge tone="accent" className="ml-auto">
              {plan.name}
            </Badge>
          ) : null}
        </div>
        <dl className="mt-8 grid gap-4 sm:grid-cols-3">
          {facts.map((fact) => (
            <div key={fact.label} className="rounded-xl border border-line bg-surface-2 p-4">
              <dt className="text-xs font-semibold tracking-wide text-fg-subtle uppercase">{fact.label}</dt>
              <dd className="mt-1 text-xl font-semibold text-fg tabular-nums">{fact.value}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-6 text-sm text-fg-muted">
          Usage, billing history and settings arrive in the next updates.
        </p>
      </Card>
    </PageContainer>
  );
}
