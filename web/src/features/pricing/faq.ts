import { BILLING_POLICY, CREDIT_PRICES, PLANS, PRODUCT_NAME } from '@kaleido/common/browser';
import type { Translate } from '../../i18n/use-t';

interface FaqEntry {
  question: string;
  answer: string;
}

const freePlan = PLANS.find((plan) => plan.id === 'free');

/**
 * The pricing FAQ in the language shown. Every figure comes from the shared constants (an image and a
 * video cost what CREDIT_PRICES says) and each answer follows BILLING_POLICY.
 */
export function pricingFaq(t: Translate): FaqEntry[] {
  return [
    {
      question: t('pricing.faq.cost.question'),
      answer: t('pricing.faq.cost.answer', { image: CREDIT_PRICES.image, video: CREDIT_PRICES.video }),
    },
    {
      question: t('pricing.faq.expiry.question'),
      answer: BILLING_POLICY.purchasedCreditsExpire
        ? t('pricing.faq.expiry.answerExpire')
        : BILLING_POLICY.purchasedSpentFirst
          ? t('pricing.faq.expiry.answerNeverSpentFirst')
          : t('pricing.faq.expiry.answerNever'),
    },
    {
      question: t('pricing.faq.monthly.question'),
      answer: freePlan
        ? t('pricing.faq.monthly.answerWithFree', { count: freePlan.monthlyCredits, plan: freePlan.name })
        : t('pricing.faq.monthly.answer'),
    },
    {
      question: t('pricing.faq.change.question'),
      answer: BILLING_POLICY.downgradeAppliesNextBillingMonth
        ? t('pricing.faq.change.answerNextMonth')
        : t('pricing.faq.change.answerImmediate'),
    },
    {
      question: t('pricing.faq.refund.question'),
      answer: t('pricing.faq.refund.answer', { product: PRODUCT_NAME, days: BILLING_POLICY.moneyBackDays }),
    },
  ];
}
