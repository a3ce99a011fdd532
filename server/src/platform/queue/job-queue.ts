/**
 * Hands job ids to workers: generation jobs, and webhook deliveries on a second queue of the same kind.
 * The database is the source of truth (a worker claims a job with a conditional update, so a job id
 * delivered twice still runs once); the queue only decides who works on what, and when.
 */
export type JobHandler = (jobId: string) => Promise<void>;

export interface EnqueueOptions {
  /** Hand the job out no sooner than this many ms from now (a retry's backoff). */
  delayMs?: number;
}

export interface JobQueue {
  readonly kind: 'embedded' | 'postgres';
  /** Makes a committed job available to workers, at once or after `delayMs`. */
  enqueue(jobId: string, options?: EnqueueOptions): Promise<void>;
  /** Starts consuming, at most `concurrency` jobs at once in this process. */
  start(handler: JobHandler, concurrency: number): Promise<void>;
  /** Stops taking new jobs and waits for running ones. */
  stop(): Promise<void>;
}
