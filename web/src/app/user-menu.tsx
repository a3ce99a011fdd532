import { APP_ROUTES } from '@kaleido/common/browser';
import { ChevronDown, LogOut, ShieldCheck } from 'lucide-react';
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

/** The signed-in user menu (loaded only for signed-in people, so Radix stays out of the initial bundle). */
export function UserMenu({ user }: { user: CurrentUser }) {
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
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label={t('app.userMenu.open')}
        className="group inline-flex items-center gap-1 rounded-full p-0.5 pr-1.5 transition-colors hover:bg-surface-2 data-[state=open]:bg-surface-2"
      >
        <UserAvatar name={name} />
        <ChevronDown
          aria-hidden
          className="size-4 text-fg-muted transition-transform group-data-[state=open]:rotate-180"
        />
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
