import { useInfiniteQuery } from '@tanstack/react-query';
import { PageMeta } from '../../app/page-meta';
import { useT } from '../../i18n/use-t';
import { Button } from '../../ui/button';
import { PageContainer, PageHeader } from '../../ui/page';
import { Spinner } from '../../ui/spinner';
import { galleryPagesQueryOptions } from './api';
import { GalleryGrid } from './gallery-grid';

/** The full public gallery ('View all' on the home page), page by page. */
export function GalleryPage() {
  const t = useT();
  const gallery = useInfiniteQuery(galleryPagesQueryOptions());
  const items = gallery.data?.pages.flat() ?? [];
  return (
    <PageContainer className="py-10 sm:py-14">
      <PageMeta title={t('home.galleryPage.metaTitle')} description={t('home.galleryPage.metaDescription')} />
      <PageHeader title={t('home.galleryPage.title')} description={t('home.galleryPage.description')} />
      <div className="mt-8">
        {gallery.isPending ? (
          <p className="flex items-center justify-center gap-2 py-16 text-fg-muted">
            <Spinner /> {t('home.gallery.loading')}
          </p>
        ) : gallery.isError ? (
          <p className="py-16 text-center text-fg-muted">{t('home.gallery.error')}</p>
        ) : (
          <>
            <GalleryGrid items={items} />
            {gallery.hasNextPage ? (
              <div className="mt-8 flex justify-center">
                <Button
                  variant="secondary"
                  disabled={gallery.isFetchingNextPage}
                  onClick={() => void gallery.fetchNextPage()}
                >
                  {gallery.isFetchingNextPage ? <Spinner /> : null}
                  {t('home.galleryPage.loadMore')}
                </Button>
              </div>
            ) : null}
          </>
        )}
      </div>
    </PageContainer>
  );
}
