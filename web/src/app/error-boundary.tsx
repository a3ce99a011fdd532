import { APP_ROUTES } from '@kaleido/common/browser';
import { RefreshCw, TriangleAlert } from 'lucide-react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { type Translate, useT } from '../i18n/use-t';
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

function describe(error: unknown, t: Translate): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (isChunkLoadError(error)) return t('app.error.newVersion');
  // An error's own message (an ApiError's is the server's text, already in the person's language).
  if (error instanceof Error && error.message) return error.message;
  return t('app.error.unexpected');
}

/** Route error boundary: a calm message with Reload and Home instead of a blank screen. */
export function RouteErrorBoundary() {
  const t = useT();
  const error = useRouteError();
  return (
    <PageContainer className="flex flex-1 items-center justify-center py-16">
      <PageMeta title={t('app.error.title')} noIndex />
      <EmptyState
        icon={TriangleAlert}
        headingLevel={1}
        title={t('app.error.title')}
        description={describe(error, t)}
        actions={
          <>
            <Button variant="primary" size="lg" onClick={() => window.location.reload()}>
              <RefreshCw aria-hidden />
              {t('app.error.reload')}
            </Button>
            <Link
              to={APP_ROUTES.home}
              reloadDocument
              className={buttonClass({ variant: 'secondary', size: 'lg' })}
            >
              {t('app.backHome')}
            </Link>
          </>
        }
      />
    </PageContainer>
  );
}
