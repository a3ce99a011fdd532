// A Kaleido server process for crash tests: the real app on the database given in KALEIDO_CHILD_DB
// (JSON of AppConfig['database']) and DATA_DIR, with a provider that never finishes by itself, so the
// test can kill -9 it in the middle of a job.
import { randomBytes } from 'node:crypto';
import { buildApp } from '../src/app.js';
import type { AppConfig } from '../src/config.js';
import { migrateToLatest, openDatabase } from '../src/platform/db/database.js';
import { createFakeProvider } from './fake-provider.js';

const databaseConfig = JSON.parse(process.env.KALEIDO_CHILD_DB ?? '') as AppConfig['database'];
const config: AppConfig = {
  env: 'test',
  host: '127.0.0.1',
  port: 0,
  dataDir: process.env.DATA_DIR ?? '',
  database: databaseConfig,
  publicUrl: 'http://localhost:3000',
  logLevel: 'silent',
  serverSecret: process.env.SERVER_SECRET ?? randomBytes(32).toString('base64url'),
  webDistDir: null,
  trustProxy: false,
  shutdownTimeoutMs: 1000,
  mail: { smtpUrl: null, from: 'k@localhost' },
  social: [],
  storageUrl: null,
  workerConcurrency: 1,
  scheduler: true,
  prices: { image: 1, video: 3 },
  rateLimits: { signupsPerHour: 10, loginsPerMinute: 10 },
  webhooks: { allowPrivate: true },
};
const database = openDatabase(config.database);
await migrateToLatest(database);
const fake = createFakeProvider({ kind: 'hold' });
const app = await buildApp({ config, database, providers: [fake.provider] });
await app.listen({ host: '127.0.0.1', port: 0 });
app.scheduler.start();
const address = app.server.address();
process.stdout.write(`ready ${typeof address === 'object' && address ? address.port : 0}\n`);
