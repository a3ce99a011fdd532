import type { Database } from '../db/database.js';

/**
 * How many generation jobs wait for a worker and since when, read from the database: the truth for
 * every process of the installation, whichever queue (embedded, pg-boss) hands the jobs out.
 */
export async function queueStats(database: Pick<Database, 'kysely'>): Promise<{
  depth: number;
  oldestQueuedAt: Date | null;
}> {
  const row = await database.kysely
    .selectFrom('generations')
    .select((eb) => [eb.fn.countAll<number | string>().as('depth'), eb.fn.min('created_at').as('oldest')])
    .where('status', '=', 'queued')
    .executeTakeFirst();
  return {
    depth: Number(row?.depth ?? 0),
    oldestQueuedAt: row?.oldest ? new Date(row.oldest) : null,
  };
}
