import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import sharp from 'sharp';
import { buildApp } from '../server/src/app.js';
import type { AppConfig } from '../server/src/config.js';
import { type Database, migrateToLatest, openDatabase } from '../server/src/platform/db/database.js';
import type { GenerationProvider } from '../server/src/providers/provider.js';

/** The real app in this process (app.inject), on a fresh SQLite file or a fresh database on `pgUrl`. */
export async function startInProcessApp(options: {
  kind: 'sqlite' | 'postgres';
  pgUrl?: string;
  providers?: GenerationProvider[];
  workerConcurrency?: number;
}): Promise<{ app: FastifyInstance; database: Database; close(): Promise<void> }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kaleido-bench-'));
  let databaseConfig: AppConfig['database'] = { kind: 'sqlite', file: path.join(dataDir, 'kaleido.db') };
  let drop = async (): Promise<void> => {};
  if (options.kind === 'postgres') {
    if (!options.pgUrl) throw new Error('pgUrl required');
    const name = `kaleido_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: options.pgUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(options.pgUrl);
    url.pathname = `/${name}`;
    databaseConfig = { kind: 'postgres', url: url.toString() };
    drop = async () => {
      const client = new pg.Client({ connectionString: options.pgUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  }
  const config: AppConfig = {
    env: 'production',
    host: '127.0.0.1',
    port: 0,
    dataDir,
    database: databaseConfig,
    publicUrl: 'http://localhost:3000',
    logLevel: 'warn',
    serverSecret: randomBytes(32).toString('base64url'),
    webDistDir: null,
    trustProxy: false,
    shutdownTimeoutMs: 5000,
    mail: { smtpUrl: null, from: 'bench@localhost' },
    social: [],
    storageUrl: null,
    workerConcurrency: options.workerConcurrency ?? 1,
    scheduler: true,
    prices: { image: 1, video: 3 },
    rateLimits: { signupsPerHour: 10, loginsPerMinute: 10 },
    webhooks: { allowPrivate: false },
  };
  const database = openDatabase(config.database);
  await migrateToLatest(database);
  const app = await buildApp({ config, database, providers: options.providers ?? [] });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs up through the API and returns a cookie header plus the user id. */
export async function benchUser(app: FastifyInstance): Promise<{ cookie: string; userId: string }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    headers: { 'sec-fetch-site': 'same-origin' },
    payload: {
      name: 'Bench',
      email: `bench-${randomBytes(4).toString('hex')}@example.com`,
      password: 'bench password',
    },
  });
  const cookie = response.cookies.find((c) => c.name === 'kaleido_session');
  if (!cookie) throw new Error(`sign-up failed: ${response.body}`);
  return { cookie: `${cookie.name}=${cookie.value}`, userId: response.json().data.user.id };
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

export async function timeIt(fn: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/** A provider that answers at once with a ready-made 64×64 PNG: what a bench measures is our own path. */
export async function noOpProvider(): Promise<GenerationProvider> {
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
  return {
    id: 'noop',
    capabilities: () => ({
      providerId: 'noop',
      providerName: 'No-op',
      models: [
        {
          id: 'noop-1',
          name: 'No-op',
          kinds: ['image', 'video'],
          description: 'bench',
          supportsSeed: true,
          supportsNegativePrompt: false,
          maxWidth: 4096,
          maxHeight: 4096,
        },
      ],
    }),
    async generate(request) {
      return {
        data: png,
        contentType: 'image/png',
        width: 64,
        height: 64,
        seed: request.seed,
        model: 'noop-1',
      };
    },
  };
}
