/**
 * Business constants of Kaleido, kept once. Every price, option, limit and timing shown by the web
 * app, enforced by the server or printed in the API docs is read from here
 * (spec section 9, settled by DECISIONS.md).
 */

export const PRODUCT_NAME = 'Kaleido';

export const GENERATION_TYPES = ['image', 'video'] as const;
export type TGenerationType = (typeof GENERATION_TYPES)[number];

/** What a job of the generations engine makes: the generators' types, and `model` (3D objects, issue 21). */
export const JOB_KINDS = [...GENERATION_TYPES, 'model'] as const;
export type TJobKind = (typeof JOB_KINDS)[number];
/** The side of the square still rendered of a 3D object (its thumbnail's source). */
export const MODEL_STILL_SIZE = 512;

/** Credits charged per successful generation (DECISIONS: image 1, video 3). Operators may override by configuration. */
export const CREDIT_PRICES = { image: 1, video: 3 } as const satisfies Record<TGenerationType, number>;
export type TCreditPrices = Record<TGenerationType, number>;

/**
 * Credits of the creative tools (issue 16). Enhance costs by output size: images per started output
 * megapixel block (`enhanceImageMegapixelsPerCredit` megapixels a credit), videos per started output
 * second; an edit costs a flat price per image. Never below `minimum`. Uploads cost nothing.
 */
export const TOOL_PRICES = {
  enhanceImageMegapixelsPerCredit: 4,
  enhanceVideoSecondsPerCredit: 2,
  edit: 1,
  minimum: 1,
} as const;
export type TToolPrices = { [K in keyof typeof TOOL_PRICES]: number };

/**
 * Credits of one personal model training (issue 21: Train), reserved when it starts and refunded when
 * it fails or is cancelled. A hosted FLUX LoRA training costs about as much as 60–80 hosted images.
 */
export const TRAINING_PRICE = 60;

/** Credits of an enhance whose output is `width`×`height` (and `durationSeconds` long, for a video). */
export function enhancePrice(
  output: { width: number; height: number; durationSeconds?: number | null },
  prices: TToolPrices = TOOL_PRICES,
): number {
  const units = output.durationSeconds
    ? output.durationSeconds / prices.enhanceVideoSecondsPerCredit
    : (output.width * output.height) / 1_000_000 / prices.enhanceImageMegapixelsPerCredit;
  return Math.max(prices.minimum, Math.ceil(units - 1e-9));
}

export const ACCOUNT_DEFAULTS = {
  startingCredits: 10,
  startingPlan: 'free',
  defaultVideoLengthSeconds: 30,
} as const;

export const PLAN_IDS = ['free', 'pro', 'enterprise'] as const;
export type TPlanId = (typeof PLAN_IDS)[number];

export interface TPlan {
  id: TPlanId;
  name: string;
  priceUsd: number;
  monthlyCredits: number;
  /** Marketing text of the plan (spec section 6 and 9). */
  features: readonly string[];
}

export const PLANS: readonly TPlan[] = [
  {
    id: 'free',
    name: 'Free',
    priceUsd: 0,
    monthlyCredits: 10,
    features: ['10 images and 2 videos monthly', 'Watermarked results', 'Limited resolution'],
  },
  {
    id: 'pro',
    name: 'Pro',
    priceUsd: 19,
    monthlyCredits: 500,
    features: ['500 images and 100 videos monthly', 'Commercial rights', 'Full resolution'],
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    priceUsd: 99,
    monthlyCredits: 2500,
    features: ['2500 images and 500 videos monthly', 'API access', 'Team tools'],
  },
];

export interface TCreditPack {
  id: string;
  credits: number;
  priceUsd: number;
  bonusCredits: number;
}

export const CREDIT_PACKS: readonly TCreditPack[] = [
  { id: 'pack-50', credits: 50, priceUsd: 9, bonusCredits: 0 },
  { id: 'pack-100', credits: 100, priceUsd: 15, bonusCredits: 10 },
  { id: 'pack-250', credits: 250, priceUsd: 35, bonusCredits: 25 },
  { id: 'pack-500', credits: 500, priceUsd: 65, bonusCredits: 75 },
];

export const BILLING_POLICY = {
  purchasedCreditsExpire: false,
  purchasedSpentFirst: true,
  moneyBackDays: 30,
  downgradeAppliesNextBillingMonth: true,
} as const;

/** Developer API key plans (DECISIONS: credits per month and requests per minute). */
export const KEY_PLAN_IDS = ['free', 'basic', 'pro', 'enterprise'] as const;
export type TKeyPlanId = (typeof KEY_PLAN_IDS)[number];

export interface TKeyPlan {
  id: TKeyPlanId;
  name: string;
  monthlyCredits: number;
  requestsPerMinute: number;
  generationTypes: readonly TGenerationType[];
  label?: string;
  description: string;
}

export const KEY_PLANS: readonly TKeyPlan[] = [
  {
    id: 'free',
    name: 'Free',
    monthlyCredits: 10,
    requestsPerMinute: 5,
    generationTypes: ['image'],
    description: 'Images only',
  },
  {
    id: 'basic',
    name: 'Basic',
    monthlyCredits: 500,
    requestsPerMinute: 20,
    generationTypes: ['image', 'video'],
    label: 'Popular',
    description: 'Images and videos',
  },
  {
    id: 'pro',
    name: 'Pro',
    monthlyCredits: 2000,
    requestsPerMinute: 60,
    generationTypes: ['image', 'video'],
    description: 'Images and videos, priority support',
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    monthlyCredits: 10000,
    requestsPerMinute: 200,
    generationTypes: ['image', 'video'],
    description: 'Custom limits',
  },
];

/** Which key plans an account tier may create (DECISIONS: a key's plan may not exceed the account's tier). */
export const KEY_PLANS_BY_ACCOUNT_PLAN: Record<TPlanId, readonly TKeyPlanId[]> = {
  free: ['free'],
  pro: ['free', 'basic', 'pro'],
  enterprise: ['free', 'basic', 'pro', 'enterprise'],
};

/** Image generator options (spec section 9). */
export const IMAGE_OPTIONS = {
  styles: [
    'realistic',
    'artistic',
    'cartoon',
    'abstract',
    'photographic',
    'digital-art',
    'oil-painting',
    'watercolor',
  ],
  aspectRatios: ['1:1', '16:9', '9:16', '4:3', '3:4', '2:3', '3:2'],
  resolutions: ['512x512', '1024x1024', '2048x2048'],
  imageStyles: ['default', 'anime', 'pixel-art', 'fantasy', 'sci-fi', 'vintage', 'minimalist', 'surreal'],
  qualities: ['standard', 'high', 'ultra'],
} as const;

export const IMAGE_DEFAULTS = {
  style: 'realistic',
  aspectRatio: '1:1',
  resolution: '1024x1024',
  imageStyle: 'default',
  quality: 'standard',
} as const;

/** Video generator options (spec section 9). */
export const VIDEO_OPTIONS = {
  styles: ['cinematic', 'realistic', 'artistic', 'animation'],
  aspectRatios: ['16:9', '9:16', '1:1', '4:3'],
  durations: [3, 5, 8],
  frameRates: [24],
  resolutions: ['854x480', '1280x720', '1920x1080'],
} as const;

export const VIDEO_DEFAULTS = {
  style: 'cinematic',
  aspectRatio: '16:9',
  duration: 5,
  frameRate: 24,
  resolution: '1280x720',
} as const;

/** Public developer API option values (spec section 7); DECISIONS: accepted where the provider can honour them. */
export const PUBLIC_API_OPTIONS = {
  image: {
    styles: ['cartoon', 'realistic', 'artistic'],
    aspectRatios: ['1:1', '16:9', '9:16', '4:3'],
    resolutions: ['512x512', '1024x1024', '2048x2048'],
  },
  video: {
    styles: ['realistic', 'cinematic', 'animated'],
    durations: [3, 5, 10],
    frameRates: [24, 30, 60],
    resolutions: ['720p', '1080p', '4K'],
  },
} as const;

/** Settings option lists (spec section 9). */
export const SETTINGS_OPTIONS = {
  themes: ['light', 'dark', 'system'],
  languages: ['en', 'es', 'fr', 'de', 'zh'],
  profileVisibilities: ['private', 'public', 'friends'],
} as const;

export const BILLING_COUNTRIES = ['US', 'CA', 'GB', 'AU', 'DE', 'FR', 'JP', 'IN'] as const;
export const DEFAULT_BILLING_COUNTRY = 'US';

export const LIMITS = {
  apiKeyNameMax: 50,
  apiKeyDescriptionMax: 100,
  maskedKeyVisibleChars: 8,
  lowCreditWarningBelow: 10,
  successRateGoodAtLeast: 95,
  successRateFairAtLeast: 90,
  defaultVideoLengthMin: 5,
  defaultVideoLengthMax: 120,
  galleryItems: 26,
  galleryEagerItems: 16,
  galleryItemMinHeightPx: 150,
  galleryItemMaxHeightPx: 450,
  enhancerMaxResolutionLabel: '22K',
  accountDeletionConfirmWord: 'DELETE',
} as const;

/** Timings in milliseconds (spec section 9). */
export const TIMINGS = {
  carouselIntervalMs: 8000,
  carouselTransitionMs: 500,
  bannerDismissMs: 5000,
  toastDurationMs: 5000,
  apiKeysRefreshMs: 30_000,
  copiedIndicatorMs: 2000,
  offlineQueuePollMs: 5000,
  updateReloadDelayMs: 1000,
  pageTransitionMs: 400,
} as const;
