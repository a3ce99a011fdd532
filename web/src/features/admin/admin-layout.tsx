import { APP_ROUTES } from '@kaleido/common/browser';
import {
  ChartColumn,
  Flag,
  ListChecks,
  type LucideIcon,
  ScrollText,
  Settings2,
  ShieldAlert,
  ShieldCheck,
  Users,
} from 'lucide-react';
import { NavLink, Outlet } from 'react-router';
import { PageMeta } from '../../app/page-meta';
import type { MessageId } from '../../i18n/catalogs/en';
import { useT } from '../../i18n/use-t';
import { cn } from '../../lib/cn';
import { EmptyState } from '../../ui/empty-state';
import { PageContainer } from '../../ui/page';
import { useUser } from '../auth/auth-provider';
import { SignInRequired } from '../auth/sign-in-required';

interface Section {
  to: string;
  label: MessageId;
  icon: LucideIcon;
  /** Only the dashboard matches its path exactly (the others have pages under them). */
  end?: boolean;
}

const SECTIONS: readonly Section[] = [
  { to: APP_ROUTES.admin, label: 'admin.nav.dashboard', icon: ChartColumn, end: true },
  { to: APP_ROUTES.adminPeople, label: 'admin.nav.people', icon: Users },
  { to: APP_ROUTES.adminJobs, label: 'admin.nav.jobs', icon: ListChecks },
  { to: APP_ROUTES.adminModeration, label: 'admin.nav.moderation', icon: Flag },
  { to: APP_ROUTES.adminSettings, label: 'admin.nav.settings', icon: Settings2 },
  { to: APP_ROUTES.adminAudit, label: 'admin.nav.audit', icon: ScrollText },
];

/**
 * The administrators' console: the sections as a navigation row (it scrolls sideways on phones) and the
 * open section below. Signed-out visitors are asked to sign in; other accounts are told the console is
 * for administrators (the server refuses them every /api/admin call anyway).
 */
export function AdminLayout() {
  const t = useT();
  const { user } = useUser();
  if (!user) {
    return (
      <PageContainer className="py-10 sm:py-14">
        <PageMeta title={t('admin.page.title')} noIndex />
        <SignInRequired
          className="my-6"
          headingLevel={1}
          icon={ShieldCheck}
          title={t('admin.page.title')}
          message={t('admin.signIn.message')}
        />
      </PageContainer>
    );
  }
  if (user.role !== 'admin') {
    return (
      <PageContainer className="py-10 sm:py-14">
        <PageMeta title={t('admin.page.title')} noIndex />
        <EmptyState
          className="my-6"
          headingLevel={1}
          icon={ShieldAlert}
          title={t('admin.forbidden.title')}
          description={t('admin.forbidden.message')}
        />
      </PageContainer>
    );
  }
  return (
    <PageContainer className="py-6 sm:py-10">
      <PageMeta title={t('admin.page.title')} noIndex />
      <p className="mb-3 text-[13px] font-semibold uppercase tracking-[0.12em] text-accent-fg">
        {t('admin.page.title')}
      </p>
      <nav aria-label={t('admin.nav.label')} className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
        <ul className="flex w-max gap-1 rounded-xl border border-line bg-surface-2 p-1 sm:w-auto sm:flex-wrap">
          {SECTIONS.map(({ to, label, icon: Icon, end }) => (
            <li key={to}>
              <NavLink
                to={to}
                end={end}
                className={({ isActive }) =>
                  cn(
                    'inline-flex min-h-9 items-center gap-2 rounded-[10px] px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-colors',
                    isActive
                      ? 'bg-surface text-fg shadow-sm ring-1 ring-line dark:bg-surface-3'
                      : 'text-fg-muted hover:text-fg',
                  )
                }
              >
                <Icon aria-hidden className="size-4" />
                {t(label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-6 sm:mt-8">
        <Outlet />
      </div>
    </PageContainer>
  );
}
