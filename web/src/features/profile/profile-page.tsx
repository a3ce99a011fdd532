import { PLANS } from '@kaleido/common/browser';
import { ShieldCheck, UserRound } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { PageMeta } from '../../app/page-meta';
import { UserAvatar } from '../../app/user-avatar';
import type { MessageId } from '../../i18n/catalogs/en';
import { useT } from '../../i18n/use-t';
import { formatDate } from '../../lib/format';
import { Badge } from '../../ui/badge';
import { PageContainer } from '../../ui/page';
import { Tabs } from '../../ui/tabs';
import { useUser } from '../auth/auth-provider';
import { SignInRequired } from '../auth/sign-in-required';
import { SettingsPanel } from '../settings/settings-panel';
import { BillingTab } from './billing-tab';
import { OverviewTab } from './overview-tab';
import { UsageTab } from './usage-tab';

const PROFILE_TABS = ['overview', 'usage', 'billing', 'settings'] as const;
type ProfileTab = (typeof PROFILE_TABS)[number];

const TAB_LABELS: Record<ProfileTab, MessageId> = {
  overview: 'profile.tabs.overview',
  usage: 'profile.tabs.usage',
  billing: 'profile.tabs.billing',
  settings: 'profile.tabs.settings',
};

function tabFrom(value: string | null): ProfileTab {
  return (PROFILE_TABS as readonly string[]).includes(value ?? '') ? (value as ProfileTab) : 'overview';
}

/** /profile: Overview, Usage, Billing and Settings tabs; the open tab is in the address (?tab=settings). */
export function ProfilePage() {
  const { user } = useUser();
  const t = useT();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = tabFrom(searchParams.get('tab'));

  if (!user) {
    return (
      <PageContainer className="py-10 sm:py-14">
        <PageMeta titleId="profile.pageTitle" noIndex />
        <SignInRequired
          className="my-6"
          headingLevel={1}
          icon={UserRound}
          title={t('profile.signedOut.title')}
          message={t('profile.signedOut.message')}
        />
      </PageContainer>
    );
  }

  const name = user.displayName || user.email;
  const plan = PLANS.find((candidate) => candidate.id === user.plan);

  return (
    <PageContainer className="py-8 sm:py-12">
      <PageMeta
        title={
          tab === 'overview' ? t('profile.pageTitle') : t('profile.pageTitleTab', { tab: t(TAB_LABELS[tab]) })
        }
        noIndex
      />
      <header className="flex items-center gap-4">
        <UserAvatar name={name} className="size-14 shrink-0 text-lg sm:size-16 sm:text-xl" />
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="truncate text-2xl font-semibold tracking-tight text-fg sm:text-3xl">{name}</h1>
            {plan ? <Badge tone="accent">{plan.name}</Badge> : null}
            {user.role === 'admin' ? (
              <Badge tone="warning">
                <ShieldCheck aria-hidden className="size-3" />
                {t('profile.badge.admin')}
              </Badge>
            ) : null}
          </div>
          <p className="mt-0.5 text-sm text-fg-muted sm:truncate">
            <span className="block truncate sm:inline">{user.email}</span>
            <span aria-hidden className="hidden sm:inline">
              {' · '}
            </span>
            <span className="block sm:inline">
              {t('profile.memberSince', { date: formatDate(user.createdAt) })}
            </span>
          </p>
        </div>
      </header>

      <Tabs
        label={t('profile.tabs.label')}
        variant="segmented"
        className="mt-8"
        // On a phone the four tabs share one row; where their names run long (German, French) the row
        // scrolls sideways instead of cutting the last tab off.
        listClassName="w-full overflow-x-auto overscroll-x-contain sm:w-fit"
        panelClassName="mt-8 focus-visible:outline-none"
        selectedId={tab}
        onSelectedChange={(next) =>
          setSearchParams(
            (current) => {
              const params = new URLSearchParams(current);
              if (next === 'overview') params.delete('tab');
              else params.set('tab', next);
              return params;
            },
            { replace: true, preventScrollReset: true },
          )
        }
        items={[
          { id: 'overview', label: t(TAB_LABELS.overview), content: <OverviewTab user={user} /> },
          { id: 'usage', label: t(TAB_LABELS.usage), content: <UsageTab /> },
          { id: 'billing', label: t(TAB_LABELS.billing), content: <BillingTab user={user} /> },
          { id: 'settings', label: t(TAB_LABELS.settings), content: <SettingsPanel user={user} /> },
        ]}
      />
    </PageContainer>
  );
}
