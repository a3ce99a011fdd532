import path from 'node:path';
import { fileURLToPath } from 'node:url';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { ConfigError, describeConfig, loadConfig } from './config.js';
import { migrateToLatest, openDatabase } from './platform/db/database.js';
import { tracing } from './platform/observability/tracing.js';

/**
 * Loaded by main.ts (after the tracing bootstrap, when configured). Reads the configuration,
 * migrates the database, builds the app, listens, then starts the periodic tasks (unless
 * SCHEDULER=false leaves them to another process) until SIGTERM/SIGINT.
 */
async function main(): Promise<void> {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const config = loadConfig(process.env, { defaultWebDistDir: path.resolve(here, '../../web/dist') });

  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  const database = openDatabase(config.database, {
    onPoolError: (error) => app?.log.warn({ err: error }, 'idle database connection lost'),
  });
  await migrateToLatest(database);
  app = await buildApp({ config, database });
  const running = app;

  closeWithGrace({ delay: config.shutdownTimeoutMs }, async ({ signal, err }) => {
    if (err) running.log.error({ err }, 'shutting down after an uncaught error');
    else running.log.info({ signal }, 'shutting down');
    await running.close();
    await database.close();
    // Spans still buffered are exported before the process ends (a no-op without tracing).
    await tracing().shutdown();
  });

  running.log.info({ config: describeConfig(config) }, 'configuration');
  if (!config.webDistDir) running.log.warn('web/dist not found: serving the API only (run `npm run build`)');
  await running.listen({ host: config.host, port: config.port });
  // Closing the app stops them (see app.ts).
  if (config.scheduler) running.scheduler.start();
  else running.log.info('periodic tasks off in this process (SCHEDULER=false)');
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Kaleido failed to start:', error);
  }
  process.exit(1);
});
