import type { FastifyInstance } from 'fastify';

/**
 * Runs `run` once when the app is ready and then every `everyMs`, never two runs of it at once in this
 * process; a failure is logged and the next run comes as planned. Closing the app stops the timer and
 * waits for a run under way.
 */
export function scheduleRecurring(
  app: FastifyInstance,
  job: { enabled: boolean; everyMs: number; run: () => Promise<unknown>; failure: string },
): void {
  if (!job.enabled) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = running.then(job.run).catch((error) => app.log.warn({ err: error }, job.failure));
  };
  app.addHook('onReady', async () => {
    tick();
    timer = setInterval(tick, job.everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
