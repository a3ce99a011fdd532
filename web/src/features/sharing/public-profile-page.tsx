import { APP_ROUTES } from '@kaleido/common/browser';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ArrowLeft, ImageOff, Lock, UserX } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { PageMeta } from '../../app/page-meta';
import { UserAvatar } from '../../app/user-avatar';
import type { MessageId } from '../../i18n/catalogs/en';
import { T } from '../../i18n/t';
import { useT } from '../../i18n/use-t';
import { formatDate } from '../../lib/format';
import { Button, buttonClass } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { PageContainer } from '../../ui/page';
import { Spinner } from '../../ui/spinner';
import { GalleryGrid } from '../home/gallery-grid';
import { profileQueryOptions } from './api';

const VISIBILITY_NOTE = {
  public: 'sharing.profile.visibility.public',
  friends: 'sharing.profile.visibility.friends',
  private: 'sharing.profile.visibility.private',
} as const satisfies Record<string, MessageId>;

/** /u/:handle: a person's public profile with the creations they shared (as their visibility allows). */
export function PublicProfilePage() {
  const t = useT();
  const { handle = '' } = useParams();
  const profile = useInfiniteQuery(profileQueryOptions(handle));
  const first = profile.data?.pages[0];
  const items = profile.data?.pages.flatMap((page) => page.items) ?? [];

  if (profile.isPending)
    return (
      <PageContainer className="flex flex-1 items-center justify-center py-16 text-fg-muted">
        <Spinner className="size-6" />
        <span className="sr-only">{t('sharing.profile.loading')}</span>
      </PageContainer>
    );

  if (profile.isError || !first) {
    const missing = (profile.error as { status?: number } | null)?.status === 404;
    return (
      <PageContainer className="flex flex-1 items-center justify-center py-16">
        <PageMeta title={missing ? t('sharing.profile.notFound') : t('sharing.profile.metaTitle')} noIndex />
        <EmptyState
          icon={UserX}
          headingLevel={1}
          title={missing ? t('sharing.profile.notFound') : t('sharing.profile.loadFailed')}
          description={
            missing ? t('sharing.profile.notFoundDescription') : t('sharing.profile.loadFailedDescription')
          }
          actions={
            missing ? (
              <Link to={APP_ROUTES.gallery} className={buttonClass({ variant: 'primary', size: 'lg' })}>
                <ArrowLeft aria-hidden />
                {t('sharing.profile.browseGallery')}
              </Link>
            ) : (
              <Button variant="primary" size="lg" onClick={() => void profile.refetch()}>
                {t('sharing.profile.retry')}
              </Button>
            )
          }
        />
      </PageContainer>
    );
  }

  return (
    <PageContainer className="py-10 sm:py-14">
      <PageMeta
        title={`${first.displayName} (@${first.handle})`}
        description={t('sharing.profile.metaDescription', { name: first.displayName })}
        noIndex={first.visibility !== null && first.visibility !== 'public'}
      />
      <header className="flex flex-col items-center gap-4 text-center sm:flex-row sm:text-left">
        <UserAvatar name={first.displayName} className="size-16 text-xl sm:size-20 sm:text-2xl" />
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight break-words text-fg sm:text-3xl">
            {first.displayName}
          </h1>
          <p className="mt-1 text-sm text-fg-muted">
            <T
              id="sharing.profile.memberSince"
              values={{
                handle: first.handle,
                date: <time dateTime={first.memberSince}>{formatDate(first.memberSince)}</time>,
              }}
            />
          </p>
        </div>
      </header>
      {first.isOwner && first.visibility ? (
        <p className="mt-6 flex items-start gap-2 rounded-xl border border-line bg-surface-2 px-4 py-3 text-sm text-fg-muted">
          <Lock aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>
            {t(VISIBILITY_NOTE[first.visibility])}{' '}
            <Link
              to={`${APP_ROUTES.profile}?tab=settings`}
              className="font-medium text-accent-fg underline-offset-2 hover:underline"
            >
              {t('sharing.profile.settingsLink')}
            </Link>
          </span>
        </p>
      ) : null}
      <section aria-label={t('sharing.profile.sharedCreations')} className="mt-8">
        {items.length === 0 ? (
          <EmptyState
            icon={ImageOff}
            title={t('sharing.profile.emptyTitle')}
            description={
              first.isOwner
                ? t('sharing.profile.emptyOwner')
                : t('sharing.profile.emptyOther', { name: first.displayName })
            }
            actions={
              first.isOwner ? (
                <Link to={APP_ROUTES.library} className={buttonClass({ variant: 'primary' })}>
                  {t('sharing.profile.openLibrary')}
                </Link>
              ) : null
            }
          />
        ) : (
          <>
            <GalleryGrid items={items} showAuthors={false} />
            {profile.hasNextPage ? (
              <div className="mt-8 flex justify-center">
                <Button
                  variant="secondary"
                  disabled={profile.isFetchingNextPage}
                  onClick={() => void profile.fetchNextPage()}
                >
                  {profile.isFetchingNextPage ? <Spinner /> : null}
                  {t('sharing.profile.loadMore')}
                </Button>
              </div>
            ) : null}
          </>
        )}
      </section>
    </PageContainer>
  );
}
