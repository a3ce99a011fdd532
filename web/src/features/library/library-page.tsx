import { APP_ROUTES, MESSAGES } from '@kaleido/common/browser';
import { Clapperboard, ImageIcon, Images, Library } from 'lucide-react';
import { Link } from 'react-router';
import { PageMeta } from '../../app/page-meta';
import { PAGE_METADATA } from '../../app/page-metadata';
import { buttonClass } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { PageContainer, PageHeader } from '../../ui/page';
import { useUser } from '../auth/auth-provider';
import { SignInRequired } from '../auth/sign-in-required';

export function LibraryPage() {
  const { user } = useUser();
  return (
    <PageContainer className="py-10 sm:py-14">
      <PageMeta {...PAGE_METADATA.library} />
      {user ? (
        <>
          <PageHeader
            title="Library"
            description="Every image and video you generate is saved here automatically."
          />
          <EmptyState
            className="mt-10"
            icon={Images}
            title="No creations yet"
            description="Your first image or video will appear here as soon as it is ready."
            actions={
              <>
                <Link to={APP_ROUTES.generateImage} className={buttonClass({ variant: 'primary' })}>
                  <ImageIcon aria-hidden />
                  Generate Images
                </Link>
                <Link to={APP_ROUTES.generateVideo} className={buttonClass({ variant: 'secondary' })}>
                  <Clapperboard aria-hidden />
                  Generate Video
                </Link>
              </>
            }
          />
        </>
      ) : (
        <SignInRequired
          className="my-6"
          headingLevel={1}
          icon={Library}
          title={MESSAGES.signInToViewAssets}
          message="Your library keeps every image and video you generate, ready to search, open and download."
        />
      )}
    </PageContainer>
  );
}
