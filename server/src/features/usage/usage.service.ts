import {
  DEFAULT_LOCALE,
  type TActivity,
  type TLocale,
  type TUsageFigures,
  type TUsageSummary,
} from '@kaleido/common';
import { renderText } from '../../platform/i18n/api-messages.js';
import { declineText } from '../billing/billing.presenter.js';
import type { BillingService } from '../billing/billing.service.js';
import type { UsageRepository } from './usage.repository.js';

const ACTIVITY_LIMIT = 10;

/** The profile's Overview and Usage figures: this billing month and all time, and recent real events. */
export function createUsageService(deps: {
  usage: UsageRepository;
  billing: Pick<BillingService, 'account'>;
}) {
  async function figures(userId: string, since: string | null): Promise<TUsageFigures> {
    const [generations, purchases] = await Promise.all([
      deps.usage.generations(userId, since),
      deps.usage.purchases(userId, since),
    ]);
    const count = (kind: string) => generations.find((row) => row.kind === kind)?.count ?? 0;
    return {
      generations: count('image') + count('video'),
      images: count('image'),
      videos: count('video'),
      creditsUsed: generations.reduce((sum, row) => sum + row.credits, 0),
      creditsPurchased: purchases.find((row) => row.kind === 'pack')?.credits ?? 0,
      amountSpentCents: purchases.reduce((sum, row) => sum + row.cents, 0),
    };
  }

  async function recentActivity(userId: string, locale: TLocale): Promise<TActivity[]> {
    const [generations, purchases, credits] = await Promise.all([
      deps.usage.recentGenerations(userId, ACTIVITY_LIMIT),
      deps.usage.recentPurchases(userId, ACTIVITY_LIMIT),
      deps.usage.recentCreditEvents(userId, ACTIVITY_LIMIT),
    ]);
    const events: TActivity[] = [
      ...generations.map((row) => ({
        id: `generation:${row.id}`,
        kind: 'generation' as const,
        event: row.kind === 'image' ? ('generatedImage' as const) : ('generatedVideo' as const),
        title: row.kind === 'image' ? 'Generated an image' : 'Generated a video',
        detail: row.prompt,
        // Data collection was off when it was logged: no prompt text was kept.
        promptKept: row.prompt !== null,
        credits: -row.credits,
        createdAt: row.created_at,
      })),
      ...purchases.map((row) => ({
        id: `purchase:${row.id}`,
        kind: row.kind === 'pack' ? ('purchase' as const) : ('plan' as const),
        event:
          row.status === 'declined'
            ? ('paymentDeclined' as const)
            : row.kind === 'pack'
              ? ('boughtPack' as const)
              : ('changedPlan' as const),
        purchase: {
          kind: row.kind,
          item: row.item,
          description: row.description,
          credits: row.credits,
          bonusCredits: row.bonus_credits,
          amountCents: row.amount_cents,
        },
        title:
          row.status === 'declined'
            ? `Payment declined: ${row.description}`
            : row.kind === 'pack'
              ? `Bought ${row.description}`
              : row.description,
        detail:
          row.status === 'declined'
            ? renderText(declineText(row), locale)
            : `$${(row.amount_cents / 100).toFixed(2)}`,
        credits: row.status === 'succeeded' && row.kind === 'pack' ? row.credits + row.bonus_credits : 0,
        createdAt: row.created_at,
      })),
      ...credits.map((row) => ({
        id: `credits:${row.id}`,
        kind: 'credits' as const,
        event:
          row.kind === 'monthly_reset'
            ? ('monthlyReset' as const)
            : row.kind === 'grant'
              ? ('creditsGranted' as const)
              : ('balanceCorrected' as const),
        title:
          row.kind === 'monthly_reset'
            ? 'Monthly credits reset'
            : row.kind === 'grant'
              ? 'Credits granted'
              : 'Balance corrected',
        detail: row.note,
        credits: row.delta_monthly + row.delta_purchased,
        createdAt: row.created_at,
      })),
    ];
    return events.sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, ACTIVITY_LIMIT);
  }

  return {
    /** This month, all time and recent activity; a declined payment says why in `locale`. */
    async summary(userId: string, locale: TLocale = DEFAULT_LOCALE): Promise<TUsageSummary> {
      const account = await deps.billing.account(userId);
      const [thisMonth, allTime, activity] = await Promise.all([
        figures(userId, account.period_start),
        figures(userId, null),
        recentActivity(userId, locale),
      ]);
      return { periodStart: account.period_start, thisMonth, allTime, recentActivity: activity };
    },

    /** Generations and credits used, all time, from the usage logs. */
    stats(userId: string) {
      return deps.usage.usageStats(userId);
    },

    /** The latest usage log entries, newest first. */
    logs(userId: string, limit: number) {
      return deps.usage.usageLogs(userId, limit);
    },
  };
}

export type UsageService = ReturnType<typeof createUsageService>;
