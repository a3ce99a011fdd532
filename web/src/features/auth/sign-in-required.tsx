import { APP_ROUTES } from '@kaleido/common/browser';
import { LockKeyhole, LogIn, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useT } from '../../i18n/use-t';
import { buttonClass } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';

interface SignInRequiredProps {
  title: ReactNode;
  message?: ReactNode;
  icon?: LucideIcon;
  headingLevel?: 1 | 2;
  className?: string;
}

/** What a gated page shows to a signed-out visitor: the spec's text and a Sign In button. */
export function SignInRequired({
  title,
  message,
  icon = LockKeyhole,
  headingLevel = 2,
  className,
}: SignInRequiredProps) {
  const t = useT();
  return (
    <EmptyState
      icon={icon}
      title={title}
      description={message}
      headingLevel={headingLevel}
      className={className}
      actions={
        <>
          <Link to={APP_ROUTES.auth} className={buttonClass({ variant: 'primary', size: 'lg' })}>
            <LogIn aria-hidden />
            {t('auth.signInRequired.signIn')}
          </Link>
          <Link
            to={`${APP_ROUTES.auth}?mode=signup`}
            className={buttonClass({ variant: 'secondary', size: 'lg' })}
          >
            {t('auth.signInRequired.signUp')}
          </Link>
        </>
      }
    />
  );
}
