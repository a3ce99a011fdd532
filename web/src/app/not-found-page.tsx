import { APP_ROUTES } from '@kaleido/common/browser';
import { ArrowLeft, Compass } from 'lucide-react';
import { Link } from 'react-router';
import { useT } from '../i18n/use-t';
import { buttonClass } from '../ui/button';
import { EmptyState } from '../ui/empty-state';
import { PageContainer } from '../ui/page';
import { PageMeta } from './page-meta';

export function NotFoundPage() {
  const t = useT();
  return (
    <PageContainer className="flex flex-1 items-center justify-center py-16">
      <PageMeta title={t('app.notFound.title')} description={t('app.notFound.metaDescription')} noIndex />
      <EmptyState
        icon={Compass}
        headingLevel={1}
        title={t('app.notFound.title')}
        description={t('app.notFound.description')}
        actions={
          <Link to={APP_ROUTES.home} className={buttonClass({ variant: 'primary', size: 'lg' })}>
            <ArrowLeft aria-hidden />
            {t('app.backHome')}
          </Link>
        }
      >
        <p className="relative mt-4 font-mono text-sm text-fg-subtle">404</p>
      </EmptyState>
    </PageContainer>
  );
}
