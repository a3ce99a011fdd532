import { APP_ROUTES } from '@kaleido/common/browser';
import { LogIn } from 'lucide-react';
import { NavLink } from 'react-router';
import { useUser } from '../features/auth/auth-provider';
import { useT } from '../i18n/use-t';
import { cn } from '../lib/cn';
import { BOTTOM_NAV, type NavItem } from './nav-items';

const SIGN_IN: NavItem = { to: APP_ROUTES.auth, label: 'app.nav.signIn', icon: LogIn };

/** The phone navigation: fixed to the bottom edge, hidden from the md breakpoint up. */
export function BottomBar() {
  const t = useT();
  const { isSignedIn } = useUser();
  const items = isSignedIn ? BOTTOM_NAV : [...BOTTOM_NAV.filter((item) => !item.signedInOnly), SIGN_IN];
  return (
    <nav
      aria-label={t('app.nav.mobile')}
      className="pb-safe fixed inset-x-0 bottom-0 z-40 border-t border-line bg-[var(--nav-bg)] backdrop-blur-xl backdrop-saturate-150 md:hidden"
    >
      <ul className="mx-auto flex h-16 max-w-lg items-stretch justify-around px-2">
        {items.map(({ to, label, icon: Icon }) => (
          <li key={to} className="flex min-w-0 flex-1">
            <NavLink
              to={to}
              end={to === APP_ROUTES.home}
              className={({ isActive }) =>
                cn(
                  'group flex min-w-0 flex-1 flex-col items-center justify-center gap-1 rounded-xl text-[11px] font-medium transition-colors',
                  isActive ? 'text-fg' : 'text-fg-subtle hover:text-fg',
                )
              }
            >
              {({ isActive }) => (
                <>
                  <span
                    className={cn(
                      'inline-flex h-7 w-12 items-center justify-center rounded-full transition-colors',
                      isActive && 'bg-fg/[0.08]',
                    )}
                  >
                    <Icon aria-hidden className="size-[19px]" strokeWidth={isActive ? 2.25 : 2} />
                  </span>
                  <span className="max-w-full truncate px-0.5">{t(label)}</span>
                </>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
