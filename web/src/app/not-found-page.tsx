import { APP_ROUTES } from '@kaleido/common/browser';
import { ArrowLeft, Compass } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../ui/button';
import { EmptyState } from '../ui/empty-state';
import { PageContainer } from '../ui/page';
import { PageMeta } from './page-meta';

export function NotFoundPage() {
  return (
    <PageContainer className="flex flex-1 items-center justify-center py-16">
      <PageMeta title="Page not found" description="This page does not exist." noIndex />
      <EmptyState
        icon={Compass}
        headingLevel={1}
        title="Page not found"
        description="The page you are looking for does not exist or has moved."
        actions={
          <Link to={APP_ROUTES.home} className={buttonClass({ variant: 'primary', size: 'lg' })}>
            <ArrowLeft aria-hidden />
            Back to home
          </Link>
        }
      >
        <p className="relative mt-4 font-mono text-sm text-fg-subtle">404</p>
      </EmptyState>
    </PageContainer>
  );
}
