import { APP_ROUTES, CREDIT_PRICES, PRODUCT_NAME } from '@kaleido/common/browser';
import { formatCredits } from '../lib/format';
import type { PageMetaProps } from './page-meta';

type MetaContent = Pick<PageMetaProps, 'title' | 'description' | 'keywords' | 'path'>;

const BASE_KEYWORDS = ['AI image generator', 'AI video generator', 'text to image', 'text to video'];

/** Metadata of the pages the spec names (home, image, video, pricing, library, api-docs, auth). */
export const PAGE_METADATA = {
  home: {
    title: `${PRODUCT_NAME}: AI image and video generation`,
    description: `Turn text prompts into images and short videos with ${PRODUCT_NAME}. Pay with credits, keep every result in your library, and build on the developer API.`,
    keywords: [...BASE_KEYWORDS, 'AI art', 'self-hosted', PRODUCT_NAME],
    path: APP_ROUTES.home,
  },
  image: {
    title: 'AI image generator',
    description: `Describe an image and pick a style, aspect ratio and resolution. Each image costs ${formatCredits(CREDIT_PRICES.image)}.`,
    keywords: ['AI image generator', 'text to image', 'image styles', 'aspect ratio'],
    path: APP_ROUTES.generateImage,
  },
  video: {
    title: 'AI video generator',
    description: `Create short videos from a text prompt with cinematic, realistic, artistic or animated looks. Each video costs ${formatCredits(CREDIT_PRICES.video)}.`,
    keywords: ['AI video generator', 'text to video', 'short video', 'cinematic'],
    path: APP_ROUTES.generateVideo,
  },
  pricing: {
    title: 'Pricing: plans and credit packs',
    description: `Start free, upgrade to Pro or Enterprise, or buy credit packs that never expire. Images cost ${formatCredits(CREDIT_PRICES.image)}, videos ${formatCredits(CREDIT_PRICES.video)}.`,
    keywords: ['pricing', 'credits', 'credit packs', 'AI generation plans'],
    path: APP_ROUTES.pricing,
  },
  library: {
    title: 'Your library',
    description: 'Every image and video you generate, in one place: search, filter, sort, open and download.',
    keywords: ['library', 'generated images', 'generated videos', 'assets'],
    path: APP_ROUTES.library,
  },
  apiDocs: {
    title: 'API documentation',
    description: `Generate images and videos from your own code with the ${PRODUCT_NAME} REST API: authentication, endpoints, code examples, rate limits and pricing.`,
    keywords: ['API', 'REST API', 'developer', 'image generation API', 'video generation API'],
    path: APP_ROUTES.apiDocs,
  },
  auth: {
    title: 'Sign in',
    description: `Sign in to ${PRODUCT_NAME} or create a free account to start generating images and videos.`,
    keywords: ['sign in', 'sign up', 'create account', PRODUCT_NAME],
    path: APP_ROUTES.auth,
  },
} as const satisfies Record<string, MetaContent>;
