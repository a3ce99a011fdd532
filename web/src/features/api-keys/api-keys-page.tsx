import { APP_ROUTES, MESSAGES } from '@kaleido/common/browser';
import { BookOpen, KeyRound } from 'lucide-react';
import { Link } from 'react-router';
import { PageMeta } from '../../app/page-meta';
import { buttonClass } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { PageContainer, PageHeader } from '../../ui/page';
import { useUser } from '../auth/auth-provider';
import { SignInRequired } from '../auth/sign-in-required';

export function ApiKeysPage() {
  const { user } = useUser();
  return (
    <PageContainer className="py-10 sm:py-14">
      <PageMeta title="API Keys" noIndex />
      {user ? (
        <>
          <PageHeader
            title="API Keys"
            description="Named keys for your projects, each with its own usage figures."
          />
          <EmptyState
            className="mt-10"
            icon={KeyRound}
            title="Key management arrives soon"
            description="Creating, revealing and tracking API keys comes with the developer API update."
            actions={
              <Link to={APP_ROUTES.apiDocs} className={buttonClass({ variant: 'secondary' })}>
                <BookOpen aria-hidden />
                Read the API docs
              </Link>
            }
          />
        </>
      ) : (
        <SignInRequired
          className="my-6"
          headingLevel={1}
          icon={KeyRound}
          title={MESSAGES.authenticationRequired}
          message={MESSAGES.signInToManageKeys}
        />
      )}
    </PageContainer>
  );
}
