import { z } from 'zod';
import { PURCHASE_KINDS } from './billing.js';
import { JOB_KINDS } from './constants.js';

/** The profile's usage figures: this billing month against all time, and recent activity (all real events). */
const ZUsageFigures = z.object({
  generations: z.number().int(),
  images: z.number().int(),
  videos: z.number().int(),
  creditsUsed: z.number().int(),
  creditsPurchased: z.number().int(),
  amountSpentCents: z.number().int(),
});
export type TUsageFigures = z.infer<typeof ZUsageFigures>;

export const ACTIVITY_KINDS = ['generation', 'purchase', 'plan', 'credits'] as const;

/** What an activity entry records, for the interface to say in its language (`title` is the English wording). */
export const ACTIVITY_EVENTS = [
  'generatedImage',
  'generatedVideo',
  'boughtPack',
  'changedPlan',
  'paymentDeclined',
  'monthlyReset',
  'creditsGranted',
  'balanceCorrected',
] as const;

export const ZActivity = z.object({
  id: z.string(),
  kind: z.enum(ACTIVITY_KINDS),
  event: z.enum(ACTIVITY_EVENTS),
  /** The English wording of the event (interfaces show `event` in their own language). */
  title: z.string(),
  /** A purchase's kind, item, credits and amount: what was bought, for its description in any language. */
  purchase: z
    .object({
      kind: z.enum(PURCHASE_KINDS),
      item: z.string(),
      description: z.string(),
      credits: z.number().int(),
      bonusCredits: z.number().int(),
      amountCents: z.number().int(),
    })
    .optional(),
  /** The prompt of a generation, the note of a credit event, or why a payment was declined (in the account's language). */
  detail: z.string().nullable(),
  /** False for a generation logged while data collection was off: its prompt was not kept. */
  promptKept: z.boolean().optional(),
  /** Credits the event moved (negative when spent). */
  credits: z.number().int(),
  createdAt: z.string(),
});
export type TActivity = z.infer<typeof ZActivity>;

export const ZUsageSummary = z
  .object({
    /** The current billing month began here ("this month"). */
    periodStart: z.string(),
    thisMonth: ZUsageFigures,
    allTime: ZUsageFigures,
    recentActivity: z.array(ZActivity),
  })
  .meta({ id: 'UsageSummary' });
export type TUsageSummary = z.infer<typeof ZUsageSummary>;

/** An entry of `GET /api/usage/logs`: one generation that used credits. */
export const ZUsageLog = z
  .object({
    id: z.string(),
    type: z.enum(JOB_KINDS),
    /** Null when data collection was off at the time (the prompt was not kept). */
    prompt: z.string().nullable(),
    credits: z.number().int(),
    generationId: z.string(),
    timestamp: z.string(),
  })
  .meta({ id: 'UsageLog' });
export type TUsageLog = z.infer<typeof ZUsageLog>;
