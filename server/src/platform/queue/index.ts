import type { AppConfig } from '../../config.js';
import { createEmbeddedQueue } from './embedded-queue.js';
import type { JobQueue } from './job-queue.js';
import { createPostgresQueue } from './postgres-queue.js';

export type { JobHandler, JobQueue } from './job-queue.js';

/** The queue follows the database: embedded for SQLite, pg-boss on PostgreSQL. */
export function createJobQueue(
  config: Pick<AppConfig, 'database'>,
  onError?: (error: unknown) => void,
): JobQueue {
  return config.database.kind === 'postgres'
    ? createPostgresQueue({ connectionString: config.database.url, onError })
    : createEmbeddedQueue({ onError: (_jobId, error) => onError?.(error) });
}
