import PgBoss from 'pg-boss';
import type { JobHandler, JobQueue } from './job-queue.js';

/**
 * A PostgreSQL-backed queue (pg-boss: SKIP LOCKED delivery, persisted jobs), so any number of server
 * and worker processes sharing the database share the work.
 */
export function createPostgresQueue(options: {
  connectionString: string;
  onError?: (error: unknown) => void;
  pollingIntervalSeconds?: number;
  /** The pg-boss queue: 'generation' (default) or 'webhook'. */
  name?: string;
}): JobQueue {
  const QUEUE = options.name ?? 'generation';
  const boss = new PgBoss({ connectionString: options.connectionString, schema: 'pgboss', max: 4 });
  boss.on('error', (error) => options.onError?.(error));
  let started: Promise<void> | null = null;
  // Several processes starting together on a fresh database can deadlock creating the queue's
  // partition; whoever loses retries, and an existing queue is fine.
  const createQueueOnce = async () => {
    for (let attempt = 1; ; attempt++) {
      if (await boss.getQueue(QUEUE)) return;
      try {
        await boss.createQueue(QUEUE);
        return;
      } catch (error) {
        const code = (error as { code?: string }).code;
        const retriable = code === '40P01' || code === '23505' || code === '42P07';
        if (!retriable || attempt >= 8) throw error;
        await new Promise((resolve) => setTimeout(resolve, 25 * attempt + Math.random() * 50));
      }
    }
  };
  const ensureStarted = () => {
    started ??= (async () => {
      await boss.start();
      await createQueueOnce();
    })();
    return started;
  };
  return {
    kind: 'postgres',
    async enqueue(jobId, enqueueOptions) {
      await ensureStarted();
      // The row's conditional claim makes extra deliveries of a job id harmless.
      await boss.send(
        QUEUE,
        { jobId },
        {
          singletonKey: jobId,
          retryLimit: 0,
          expireInSeconds: 60 * 60,
          ...(enqueueOptions?.delayMs ? { startAfter: new Date(Date.now() + enqueueOptions.delayMs) } : {}),
        },
      );
    },
    async start(handler: JobHandler, concurrency) {
      await ensureStarted();
      for (let i = 0; i < concurrency; i++) {
        await boss.work<{ jobId: string }>(
          QUEUE,
          { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 0.5 },
          async ([job]) => {
            if (job) await handler(job.data.jobId);
          },
        );
      }
    },
    async stop() {
      if (!started) return;
      await started.catch(() => undefined);
      await boss.stop({ graceful: true, wait: true, timeout: 30_000 });
    },
  };
}
