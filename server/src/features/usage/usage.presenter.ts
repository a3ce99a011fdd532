import type { TUsageLog } from '@kaleido/common';
import type { Selectable } from 'kysely';
import type { UsageLogsTable } from '../../platform/db/schema.js';

type UsageLogRow = Pick<
  Selectable<UsageLogsTable>,
  'id' | 'kind' | 'prompt' | 'credits' | 'created_at' | 'generation_id'
>;

/** One entry of `GET /api/usage/logs`. */
export function presentUsageLog(row: UsageLogRow): TUsageLog {
  return {
    id: row.id,
    type: row.kind,
    prompt: row.prompt,
    credits: row.credits,
    generationId: row.generation_id,
    timestamp: row.created_at,
  };
}
