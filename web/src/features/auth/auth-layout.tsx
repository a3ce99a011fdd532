import { APP_ROUTES, PRODUCT_NAME } from '@kaleido/common/browser';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '../../app/logo';
import { ThemeToggle } from '../../app/theme-toggle';
import { useT } from '../../i18n/use-t';
import { AuthShowcase } from './auth-showcase';

/** The split screen of the auth pages (no site chrome): the form column on the left, the showcase on wide screens. */
export function AuthLayout({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <div className="grid min-h-dvh lg:grid-cols-[minmax(0,1fr)_minmax(0,1.05fr)]">
      <div className="flex flex-col px-5 py-6 sm:px-10">
        <div className="flex items-center justify-between">
          <Link
            to={APP_ROUTES.home}
            className="flex rounded-lg"
            aria-label={t('auth.layout.homeLabel', { product: PRODUCT_NAME })}
          >
            <Logo />
          </Link>
          <div className="flex items-center gap-1">
            <Link
              to={APP_ROUTES.home}
              className="inline-flex h-9 items-center gap-1.5 rounded-full px-3 text-sm font-medium text-fg-muted transition-colors hover:bg-surface-2 hover:text-fg"
            >
              <ArrowLeft aria-hidden className="size-4" />
              {t('auth.layout.back')}
            </Link>
            <ThemeToggle />
          </div>
        </div>
        <div className="mx-auto flex w-full max-w-[400px] flex-1 flex-col justify-center py-10">
          {children}
        </div>
      </div>
      <AuthShowcase className="hidden lg:flex" />
    </div>
  );
}
