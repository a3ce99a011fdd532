import { z } from 'zod';

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

export const ZActivity = z.object({
  id: z.string(),
  kind: z.enum(ACTIVITY_KINDS),
  title: z.string(),
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
