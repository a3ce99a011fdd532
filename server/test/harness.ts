import { randomBytes } from 'node:crypto';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Migrator } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import webPush from 'web-push';
import { buildApp } from '../src/app.js';
import type { AppConfig } from '../src/config.js';
import type { RunnerOptions } from '../src/features/generations/generation-runner.js';
import type { TrainingOptions } from '../src/features/trainings/trainings.service.js';
import type { DeliveryOptions } from '../src/features/webhooks/webhooks.service.js';
import type { Clock } from '../src/platform/clock.js';
import { type Database, migrateToLatest, openDatabase } from '../src/platform/db/database.js';
import { allMigrations } from '../src/platform/db/migrations/index.js';
import type { Resolver } from '../src/platform/net/safe-fetch.js';
import type { FileStore } from '../src/platform/storage/file-store.js';
import type { GenerationProvider } from '../src/providers/provider.js';

export type TestDatabaseKind = 'sqlite' | 'postgres';

/** Which database this test project runs on (set per Vitest project). */
export function testDatabaseKind(): TestDatabaseKind {
  return process.env.KALEIDO_TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
}

export interface TestDatabase {
  config: AppConfig['database'];
  /** Drops the database (PostgreSQL); the SQLite file goes with the data folder. */
  drop(): Promise<void>;
}

/**
 * A fresh database of this project's kind: a file in `dataDir`, or a new PostgreSQL database. Empty,
 * or with `migrated`, a copy of the run's migrated template (template-database.ts) when the project
 * made one; `migrateToLatest` still has to run on it either way.
 */
export async function createTestDatabase(
  dataDir: string,
  options: { migrated?: boolean } = {},
): Promise<TestDatabase> {
  if (testDatabaseKind() === 'sqlite') {
    const file = path.join(dataDir, 'kaleido.db');
    const template = options.migrated ? inject('sqliteTemplate') : undefined;
    if (template) await copyFile(template, file);
    return { config: { kind: 'sqlite', file }, drop: async () => undefined };
  }
  const adminUrl = inject('pgUrl');
  const template = options.migrated ? inject('pgTemplate') : undefined;
  const name = `kaleido_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    config: { kind: 'postgres', url: url.toString() },
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  dataDir: string;
  close(): Promise<void>;
}

export interface TestContextOptions {
  webDistDir?: string | null;
  clock?: Clock;
  config?: Partial<AppConfig>;
  /** Extra routes a test registers before the app is ready (e.g. to exercise the error handler). */
  routes?: (app: FastifyInstance) => void;
  /** Generation providers (default: none, so no test renders by accident). */
  providers?: GenerationProvider[];
  store?: FileStore;
  runnerOptions?: Partial<RunnerOptions>;
  /** Use this existing database (and data folder) instead of fresh ones; it is left in place on close. */
  shared?: { database: AppConfig['database']; dataDir: string };
  /**
   * Start the app's periodic tasks once it is ready, as main.ts does after listening (default: off;
   * tests run them through `app.jobs` with their clock).
   */
  startScheduler?: boolean;
  /** How webhook targets' host names resolve (default: the system's DNS). */
  webhookResolver?: Resolver;
  /** Webhook delivery tuning (a short retry schedule). */
  webhookOptions?: Partial<DeliveryOptions>;
  /** Train's polling and lease (issue 21). */
  trainingOptions?: Partial<TrainingOptions>;
}

/** A VAPID key pair for a test app (generating one is cheap). */
function testVapidKeys(): { vapidPublicKey: string; vapidPrivateKey: string } {
  const keys = webPush.generateVAPIDKeys();
  return { vapidPublicKey: keys.publicKey, vapidPrivateKey: keys.privateKey };
}

/** The real app on a fresh, migrated database of this project's kind, ready for `app.inject`. */
export async function createTestContext(options: TestContextOptions = {}): Promise<TestContext> {
  const dataDir = options.shared?.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'kaleido-test-')));
  const testDatabase: TestDatabase = options.shared
    ? { config: options.shared.database, drop: async () => undefined }
    : await createTestDatabase(dataDir, { migrated: true });
  const config: AppConfig = {
    env: 'test',
    host: '127.0.0.1',
    port: 0,
    dataDir,
    database: testDatabase.config,
    publicUrl: 'http://localhost:3000',
    logLevel: 'silent',
    serverSecret: randomBytes(32).toString('base64url'),
    webDistDir: options.webDistDir ?? null,
    trustProxy: false,
    shutdownTimeoutMs: 1000,
    mail: { smtpUrl: null, from: 'Kaleido <no-reply@localhost>' },
    social: [],
    storageUrl: null,
    workerConcurrency: 1,
    scheduler: true,
    prices: { image: 1, video: 3 },
    rateLimits: { signupsPerHour: 10, loginsPerMinute: 10 },
    // Webhook receivers of the tests listen on 127.0.0.1; the SSRF tests turn the rule back on.
    webhooks: { allowPrivate: true },
    push: { ...testVapidKeys(), subject: 'mailto:ops@example.com' },
    ...options.config,
  };
  const database = openDatabase(config.database, { poolSize: 5 });
  await migrateToLatest(database);
  const app = await buildApp({
    config,
    database,
    clock: options.clock,
    providers: options.providers ?? [],
    store: options.store,
    runnerOptions: options.runnerOptions,
    webhookResolver: options.webhookResolver,
    webhookOptions: options.webhookOptions,
    trainingOptions: options.trainingOptions,
  });
  options.routes?.(app);
  await app.ready();
  if (options.startScheduler) app.scheduler.start();
  return {
    app,
    database,
    config,
    dataDir,
    async close() {
      await app.close();
      await database.close().catch(() => undefined);
      await testDatabase.drop();
      if (!options.shared) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** An empty database of the project's kind with no migration run, for tests of the migrations themselves. */
export async function openBareDatabase(
  poolSize = 2,
): Promise<{ database: Database; close(): Promise<void> }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kaleido-db-'));
  const testDatabase = await createTestDatabase(dataDir);
  const database = openDatabase(testDatabase.config, { poolSize });
  return {
    database,
    async close() {
      await database.close();
      await testDatabase.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * An account as an older schema stores it (the users row, and its settings row when `settings` is
 * given), for migration tests: the current Kysely types know columns the old schema lacks, hence `never`.
 */
export async function insertOldAccount(
  database: Database,
  person: { id: string; name?: string; createdAt: string; settings?: unknown; settingsUpdatedAt?: string },
): Promise<void> {
  await database.kysely
    .insertInto('users')
    .values({
      id: person.id,
      email: `${person.id}@example.com`,
      display_name: person.name ?? person.id,
      password_hash: null,
      role: 'user',
      plan: 'free',
      email_verified_at: null,
      created_at: person.createdAt,
      updated_at: person.createdAt,
    } as never)
    .execute();
  if (person.settings === undefined) return;
  await database.kysely
    .insertInto('user_settings')
    .values({
      user_id: person.id,
      data: JSON.stringify(person.settings),
      created_at: person.createdAt,
      updated_at: person.settingsUpdatedAt ?? person.createdAt,
    })
    .execute();
}

/** Migrates a bare database up to the migration just before `name` (the schema an upgrade starts from). */
export async function migrateToJustBefore(database: Database, name: string): Promise<void> {
  const all = allMigrations(database.dialect);
  const before = Object.keys(all)
    .sort()
    .filter((candidate) => candidate < name)
    .at(-1);
  if (!before) throw new Error(`no migration before ${name}`);
  const migrator = new Migrator({ db: database.kysely, provider: { getMigrations: async () => all } });
  const { error } = await migrator.migrateTo(before);
  if (error) throw error;
}
