import { randomUUID } from 'node:crypto';
import type { TAnalyticsBatch, ZAnalyticsBatch } from '@kaleido/common';
import type { z } from 'zod';
import type { Clock } from '../../platform/clock.js';
import type { AnalyticsRepository } from './analytics.repository.js';

/** An event may say when it happened in the browser, but not earlier than this nor in the future. */
const MAX_EVENT_AGE_MS = 60 * 60_000;

/**
 * First-party product analytics (DECISIONS, analyticsEnabled): page views and feature use of signed-in
 * people who have analytics on. Nothing is recorded for anonymous visitors, for a person with
 * analytics off, or when the browser sends Global Privacy Control. No IP address and no user agent
 * string are stored; the device is a coarse class the page reports.
 */
export function createAnalyticsService(deps: {
  analytics: AnalyticsRepository;
  analyticsEnabled: (userId: string) => Promise<boolean>;
  clock: Clock;
}) {
  return {
    async record(
      userId: string | null,
      batch: z.output<typeof ZAnalyticsBatch> | TAnalyticsBatch,
      context: { globalPrivacyControl: boolean },
    ): Promise<{ recorded: number }> {
      if (!userId || context.globalPrivacyControl) return { recorded: 0 };
      if (!(await deps.analyticsEnabled(userId))) return { recorded: 0 };
      const now = deps.clock.now();
      const rows = batch.events.map((event) => {
        const at = event.at ? Date.parse(event.at) : Number.NaN;
        const fresh = at <= now.getTime() && at >= now.getTime() - MAX_EVENT_AGE_MS;
        return {
          id: randomUUID(),
          user_id: userId,
          name: event.name,
          path: event.path,
          properties: JSON.stringify(event.properties ?? {}),
          device: event.device ?? null,
          created_at: fresh ? new Date(at).toISOString() : now.toISOString(),
        };
      });
      await deps.analytics.insertMany(rows);
      return { recorded: rows.length };
    },

    countByDay: (range: { from: string; to: string }) => deps.analytics.countByDay(range),
    listForUser: (userId: string) => deps.analytics.listForUser(userId),
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
