import { APP_ROUTES, CREDIT_PRICES } from '@kaleido/common/browser';
import type { PageMetaProps } from './page-meta';

type MetaContent = Required<Pick<PageMetaProps, 'titleId' | 'descriptionId' | 'keywordsId' | 'path'>> &
  Pick<PageMetaProps, 'descriptionValues'>;

/**
 * Metadata of the pages the spec names (home, image, video, pricing, library, api-docs, auth), as catalog
 * ids: <PageMeta {...PAGE_METADATA.home} /> shows title, description and keywords in the person's language.
 */
export const PAGE_METADATA = {
  home: {
    titleId: 'app.meta.home.title',
    descriptionId: 'app.meta.home.description',
    keywordsId: 'app.meta.home.keywords',
    path: APP_ROUTES.home,
  },
  image: {
    titleId: 'app.meta.image.title',
    descriptionId: 'app.meta.image.description',
    descriptionValues: { credits: CREDIT_PRICES.image },
    keywordsId: 'app.meta.image.keywords',
    path: APP_ROUTES.generateImage,
  },
  video: {
    titleId: 'app.meta.video.title',
    descriptionId: 'app.meta.video.description',
    descriptionValues: { credits: CREDIT_PRICES.video },
    keywordsId: 'app.meta.video.keywords',
    path: APP_ROUTES.generateVideo,
  },
  pricing: {
    titleId: 'app.meta.pricing.title',
    descriptionId: 'app.meta.pricing.description',
    descriptionValues: { imageCredits: CREDIT_PRICES.image, videoCredits: CREDIT_PRICES.video },
    keywordsId: 'app.meta.pricing.keywords',
    path: APP_ROUTES.pricing,
  },
  library: {
    titleId: 'app.meta.library.title',
    descriptionId: 'app.meta.library.description',
    keywordsId: 'app.meta.library.keywords',
    path: APP_ROUTES.library,
  },
  apiDocs: {
    titleId: 'app.meta.apiDocs.title',
    descriptionId: 'app.meta.apiDocs.description',
    keywordsId: 'app.meta.apiDocs.keywords',
    path: APP_ROUTES.apiDocs,
  },
  auth: {
    titleId: 'app.meta.auth.title',
    descriptionId: 'app.meta.auth.description',
    keywordsId: 'app.meta.auth.keywords',
    path: APP_ROUTES.auth,
  },
} as const satisfies Record<string, MetaContent>;
