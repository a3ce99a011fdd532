import type { TPlanId } from '@kaleido/common/browser';
import type { MessageId } from '../../i18n/catalogs/en';
import type { MessageValues, Translate } from '../../i18n/use-t';

/**
 * The marketing lines of each plan (PLANS[].features, spec sections 6 and 9) as catalog messages, so
 * they read in the interface's language. pricing-page.test.tsx checks that the English lines say what
 * PLANS says.
 */
const PLAN_FEATURES: Record<TPlanId, readonly { id: MessageId; values?: MessageValues }[]> = {
  free: [
    { id: 'pricing.plan.feature.allowance', values: { images: 10, videos: 2 } },
    { id: 'pricing.plan.feature.watermarked' },
    { id: 'pricing.plan.feature.limitedResolution' },
  ],
  pro: [
    { id: 'pricing.plan.feature.allowance', values: { images: 500, videos: 100 } },
    { id: 'pricing.plan.feature.commercialRights' },
    { id: 'pricing.plan.feature.fullResolution' },
  ],
  enterprise: [
    { id: 'pricing.plan.feature.allowance', values: { images: 2500, videos: 500 } },
    { id: 'pricing.plan.feature.apiAccess' },
    { id: 'pricing.plan.feature.teamTools' },
  ],
};

/** The feature lines of a plan in the language shown. */
export function planFeatures(t: Translate, plan: TPlanId): string[] {
  return PLAN_FEATURES[plan].map(({ id, values }) => t(id, values));
}
