import { APP_ROUTES } from '@kaleido/common/browser';
import { Coins } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link, NavLink } from 'react-router';
import { useUser } from '../features/auth/auth-provider';
import { loadAreas, pageAreas } from '../i18n/load-messages';
import { useT } from '../i18n/use-t';
import { cn } from '../lib/cn';
import { formatNumber } from '../lib/format';
import { buttonClass } from '../ui/button';
import { Logo } from './logo';
import { TOP_NAV } from './nav-items';
import { ThemeToggle } from './theme-toggle';
import { UserAvatar } from './user-avatar';

// Signed-in only: its chunk and its texts (the console link's) load when it first shows.
const UserMenu = lazy(async () => {
  const [module] = await Promise.all([import('./user-menu'), loadAreas(pageAreas('app/user-menu'))]);
  return { default: module.UserMenu };
});

export function TopNav() {
  const t = useT();
  const { user } = useUser();
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-[var(--nav-bg)] backdrop-blur-xl backdrop-saturate-150">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6 lg:px-8">
        <Link to={APP_ROUTES.home} aria-label={t('app.nav.homeLink')} className="flex rounded-lg">
          <Logo wordmarkClassName="md:max-lg:sr-only" />
        </Link>

        <nav aria-label={t('app.nav.main')} className="hidden flex-1 justify-center md:flex">
          <ul className="flex items-center gap-0.5 lg:gap-1">
            {TOP_NAV.map(({ to, label, icon: Icon }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  end={to === APP_ROUTES.home}
                  className={({ isActive }) =>
                    cn(
                      'inline-flex h-9 items-center gap-1.5 whitespace-nowrap rounded-full px-2.5 text-[13px] font-medium transition-colors lg:px-3.5 lg:text-sm',
                      isActive ? 'bg-fg/[0.07] text-fg' : 'text-fg-muted hover:bg-fg/[0.04] hover:text-fg',
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

        <div className="ml-auto flex items-center gap-1.5 md:ml-0">
          <ThemeToggle />
          {user ? (
            <>
              <Link
                to={APP_ROUTES.pricing}
                title={t('app.nav.creditBalanceHint')}
                aria-label={t('app.nav.creditBalance', { count: user.credits })}
                className="inline-flex h-9 items-center gap-1.5 rounded-full border border-line bg-surface px-3 text-sm font-semibold tabular-nums text-fg shadow-sm transition-colors hover:bg-surface-2"
              >
                <Coins aria-hidden className="size-4 text-warning" />
                {formatNumber(user.credits)}
              </Link>
              <Suspense fallback={<UserAvatar name={user.displayName || user.email} className="m-0.5" />}>
                <UserMenu user={user} />
              </Suspense>
            </>
          ) : (
            <Link
              to={APP_ROUTES.auth}
              className={buttonClass({ variant: 'primary', size: 'sm', className: 'ml-1' })}
            >
              {t('app.nav.signIn')}
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
