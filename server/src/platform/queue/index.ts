import type { AppConfig } from '../../config.js';
import { createEmbeddedQueue } from './embedded-queue.js';
import type { JobQueue } from './job-queue.js';
import { createPostgresQueue } from './postgres-queue.js';

export type { EnqueueOptions, JobHandler, JobQueue } from './job-queue.js';

/**
 * The queue follows the database: embedded for SQLite, pg-boss on PostgreSQL. `name` separates the
 * kinds of jobs (generations by default, webhook deliveries).
 */
export function createJobQueue(
  config: Pick<AppConfig, 'database'>,
  onError?: (error: unknown) => void,
  name = 'generation',
): JobQueue {
  return config.database.kind === 'postgres'
    ? createPostgresQueue({ connectionString: config.database.url, onError, name })
    : createEmbeddedQueue({ onError: (_jobId, error) => onError?.(error) });
}
