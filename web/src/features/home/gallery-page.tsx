import { MESSAGES } from '@kaleido/common/browser';
import { useInfiniteQuery } from '@tanstack/react-query';
import { PageMeta } from '../../app/page-meta';
import { Button } from '../../ui/button';
import { PageContainer, PageHeader } from '../../ui/page';
import { Spinner } from '../../ui/spinner';
import { galleryPagesQueryOptions } from './api';
import { GalleryGrid } from './gallery-grid';

/** The full public gallery ('View all' on the home page), page by page. */
export function GalleryPage() {
  const gallery = useInfiniteQuery(galleryPagesQueryOptions());
  const items = gallery.data?.pages.flat() ?? [];
  return (
    <PageContainer className="py-10 sm:py-14">
      <PageMeta title="Gallery" description="Images and videos made with Kaleido and shared in public." />
      <PageHeader
        title="Gallery"
        description="Creations people chose to share, and samples of the built-in renderer."
      />
      <div className="mt-8">
        {gallery.isPending ? (
          <p className="flex items-center justify-center gap-2 py-16 text-fg-muted">
            <Spinner /> {MESSAGES.loading}
          </p>
        ) : gallery.isError ? (
          <p className="py-16 text-center text-fg-muted">
            The gallery could not be loaded. Please try again later.
          </p>
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
                  Load more
                </Button>
              </div>
            ) : null}
          </>
        )}
      </div>
    </PageContainer>
  );
}
