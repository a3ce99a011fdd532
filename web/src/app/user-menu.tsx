import { APP_ROUTES } from '@kaleido/common/browser';
import { LogOut, ShieldCheck } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import type { CurrentUser } from '../features/auth/api';
import { useUser } from '../features/auth/auth-provider';
import { useT } from '../i18n/use-t';
import { errorMessage } from '../lib/api-client';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../ui/dropdown-menu';
import { USER_MENU } from './nav-items';
import { useToast } from './toast-provider';
import { UserAvatar } from './user-avatar';
import { MENU_BUTTON, UserMenuFace } from './user-menu-face';

/**
 * The signed-in user menu (loaded when the person reaches for it, top-nav.tsx, so Radix stays out of
 * the page's load); `defaultOpen` as a press on its stand-in loaded it.
 */
export function UserMenu({ user, defaultOpen = false }: { user: CurrentUser; defaultOpen?: boolean }) {
  const t = useT();
  const { signOut } = useUser();
  const toast = useToast();
  const navigate = useNavigate();
  const name = user.displayName || user.email;

  const handleSignOut = async () => {
    try {
      await signOut();
      await navigate('/');
    } catch (error) {
      toast.error(t('app.userMenu.signOutFailed'), errorMessage(error));
    }
  };

  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger aria-label={t('app.userMenu.open')} className={MENU_BUTTON}>
        <UserMenuFace name={name} />
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel className="flex items-center gap-3">
          <UserAvatar name={name} className="size-9" />
          <span className="min-w-0">
            <span className="block truncate text-sm font-semibold text-fg">{name}</span>
            <span className="block truncate text-xs text-fg-muted">{user.email}</span>
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuGroup>
          {USER_MENU.map(({ to, label, icon: Icon }) => (
            <DropdownMenuItem key={to} asChild>
              <Link to={to}>
                <Icon aria-hidden />
                {t(label)}
              </Link>
            </DropdownMenuItem>
          ))}
          {user.role === 'admin' ? (
            <DropdownMenuItem asChild>
              <Link to={APP_ROUTES.admin}>
                <ShieldCheck aria-hidden />
                {t('admin.nav.userMenu')}
              </Link>
            </DropdownMenuItem>
          ) : null}
        </DropdownMenuGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void handleSignOut()}>
          <LogOut aria-hidden />
          {t('app.nav.signOut')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
