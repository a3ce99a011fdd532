import type { Insertable } from 'kysely';
import { type Dialect, utcDay } from '../../platform/db/dialect.js';
import type { Executor } from '../../platform/db/executor.js';
import type { AnalyticsEventsTable } from '../../platform/db/schema.js';

/** First-party analytics events: written in batches, counted by day (the admin dashboard's figures). */
export function createAnalyticsRepository(db: Executor, dialect: Dialect) {
  return {
    /** One insert for the whole batch. */
    async insertMany(rows: Insertable<AnalyticsEventsTable>[]): Promise<void> {
      if (rows.length === 0) return;
      await db.insertInto('analytics_events').values(rows).execute();
    },

    /** A person's events (their data export), oldest first. */
    listForUser(userId: string) {
      return db
        .selectFrom('analytics_events')
        .select(['name', 'path', 'properties', 'device', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute();
    },

    /** Events per UTC day and name in [from, to), oldest day first. */
    async countByDay(range: {
      from: string;
      to: string;
    }): Promise<{ day: string; name: string; count: number }[]> {
      const day = utcDay(dialect, 'analytics_events.created_at');
      const rows = await db
        .selectFrom('analytics_events')
        .select((eb) => [day.as('day'), 'analytics_events.name', eb.fn.countAll<number>().as('count')])
        .where('analytics_events.created_at', '>=', range.from)
        .where('analytics_events.created_at', '<', range.to)
        .groupBy([day, 'analytics_events.name'])
        .orderBy('day')
        .orderBy('analytics_events.name')
        .execute();
      return rows.map((row) => ({ day: row.day, name: row.name, count: Number(row.count) }));
    },
  };
}

export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
