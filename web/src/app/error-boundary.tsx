import { APP_ROUTES } from '@kaleido/common/browser';
import { RefreshCw, TriangleAlert } from 'lucide-react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Button, buttonClass } from '../ui/button';
import { EmptyState } from '../ui/empty-state';
import { PageContainer } from '../ui/page';
import { PageMeta } from './page-meta';

function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(
      error.message,
    )
  );
}

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (isChunkLoadError(error)) return 'A new version of Kaleido may have been released. Reload to get it.';
  if (error instanceof Error && error.message) return error.message;
  return 'An unexpected error stopped this page from showing.';
}

/** Route error boundary: a calm message with Reload and Home instead of a blank screen. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  return (
    <PageContainer className="flex flex-1 items-center justify-center py-16">
      <PageMeta title="Something went wrong" noIndex />
      <EmptyState
        icon={TriangleAlert}
        headingLevel={1}
        title="Something went wrong"
        description={describe(error)}
        actions={
          <>
            <Button variant="primary" size="lg" onClick={() => window.location.reload()}>
              <RefreshCw aria-hidden />
              Reload
            </Button>
            <Link
              to={APP_ROUTES.home}
              reloadDocument
              className={buttonClass({ variant: 'secondary', size: 'lg' })}
            >
              Back to home
            </Link>
          </>
        }
      />
    </PageContainer>
  );
}
