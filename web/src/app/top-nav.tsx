import { APP_ROUTES } from '@kaleido/common/browser';
import { Coins } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, NavLink } from 'react-router';
import type { CurrentUser } from '../features/auth/api';
import { useUser } from '../features/auth/auth-provider';
import { loadAreas, pageAreas } from '../i18n/load-messages';
import { useT } from '../i18n/use-t';
import { cn } from '../lib/cn';
import { formatNumber } from '../lib/format';
import { buttonClass } from '../ui/button';
import { Logo } from './logo';
import { TOP_NAV } from './nav-items';
import { ThemeToggle } from './theme-toggle';
import { MENU_BUTTON, UserMenuFace } from './user-menu-face';

// The menu (Radix's dropdown, ~30 KB gzip with its texts, the console link's) loads when the person
// reaches for it (hover, focus, press), not with the page: until then a plain button of the same look
// stands in for its trigger, and a press on it opens the menu as soon as it has loaded.
const loadUserMenu = async () => {
  const [module] = await Promise.all([import('./user-menu'), loadAreas(pageAreas('app/user-menu'))]);
  return { default: module.UserMenu };
};
const UserMenu = lazy(loadUserMenu);

/** The signed-in person's menu: a stand-in button until it is pressed, then the menu, open. */
function AccountMenu({ user }: { user: CurrentUser }) {
  const t = useT();
  const [pressed, setPressed] = useState(false);
  const name = user.displayName || user.email;
  const standIn = (onPress?: () => void) => (
    <button
      type="button"
      aria-label={t('app.userMenu.open')}
      aria-haspopup="menu"
      aria-expanded={false}
      className={MENU_BUTTON}
      onPointerEnter={() => void loadUserMenu().catch(() => undefined)}
      onFocus={() => void loadUserMenu().catch(() => undefined)}
      onClick={onPress}
    >
      <UserMenuFace name={name} />
    </button>
  );
  if (!pressed) return standIn(() => setPressed(true));
  return (
    <Suspense fallback={standIn()}>
      <UserMenu user={user} defaultOpen />
    </Suspense>
  );
}

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
              <AccountMenu user={user} />
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
