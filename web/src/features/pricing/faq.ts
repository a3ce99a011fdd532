import { BILLING_POLICY, CREDIT_PRICES, PLANS, PRODUCT_NAME } from '@kaleido/common/browser';
import { formatCredits } from '../../lib/format';

export interface FaqEntry {
  question: string;
  answer: string;
}

const freePlan = PLANS.find((plan) => plan.id === 'free');

/** The pricing FAQ. Every figure comes from the shared constants (an image and a video cost what CREDIT_PRICES says). */
export const PRICING_FAQ: readonly FaqEntry[] = [
  {
    question: 'How many credits does a generation use?',
    answer: `An image uses ${formatCredits(CREDIT_PRICES.image)} and a video uses ${formatCredits(CREDIT_PRICES.video)}. Credits are only charged when a generation succeeds: failed requests never consume credits.`,
  },
  {
    question: 'Do purchased credits expire?',
    answer: BILLING_POLICY.purchasedCreditsExpire
      ? 'Purchased credits expire at the end of their term.'
      : `No. Purchased credits never expire${BILLING_POLICY.purchasedSpentFirst ? ', and they are used before your monthly credits' : ''}.`,
  },
  {
    question: 'What happens to my monthly credits?',
    answer: `Each plan comes with monthly credits${freePlan ? ` (${formatCredits(freePlan.monthlyCredits)} on ${freePlan.name})` : ''}. They reset to your plan's allowance at the start of every billing month.`,
  },
  {
    question: 'Can I change or cancel my plan?',
    answer: BILLING_POLICY.downgradeAppliesNextBillingMonth
      ? 'Upgrades take effect right away. Downgrades apply from your next billing month, so you keep what you paid for.'
      : 'Plan changes take effect right away.',
  },
  {
    question: 'Is there a money-back guarantee?',
    answer: `Yes. If ${PRODUCT_NAME} is not for you, ask for a refund within ${BILLING_POLICY.moneyBackDays} days of a purchase.`,
  },
];
