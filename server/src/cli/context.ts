import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { type AppConfig, ConfigError, loadConfig } from '../config.js';
import { createAccountsService } from '../features/accounts/accounts.service.js';
import { createUsersRepository } from '../features/accounts/users.repository.js';
import { createAuthService } from '../features/auth/auth.service.js';
import { createAuthTokensRepository } from '../features/auth/auth-tokens.repository.js';
import { createSessionsRepository } from '../features/auth/sessions.repository.js';
import { createCreditsRepository } from '../features/credits/credits.repository.js';
import { createCreditsService } from '../features/credits/credits.service.js';
import { createSettingFlags } from '../features/settings/setting-flags.js';
import { createSettingsRepository } from '../features/settings/settings.repository.js';
import { systemClock } from '../platform/clock.js';
import { type Database, openDatabase } from '../platform/db/database.js';
import { createMailer } from '../platform/mail/index.js';
import { CliError, type CliIo } from './io.js';

/** The configuration the server would read from this environment (a ConfigError becomes a CliError). */
export function readConfig(io: CliIo): AppConfig {
  try {
    const here = path.dirname(fileURLToPath(import.meta.url));
    return loadConfig(io.env, { cwd: io.cwd, defaultWebDistDir: path.resolve(here, '../../web/dist') });
  } catch (error) {
    if (error instanceof ConfigError) throw new CliError(error.message);
    throw error;
  }
}

/** Runs `work` with the installation's database open, closing it afterwards. */
export async function withDatabase<T>(
  config: AppConfig,
  work: (database: Database) => Promise<T>,
): Promise<T> {
  const database = openDatabase(config.database, { poolSize: 2 });
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

/**
 * The account services the commands share, wired as app.ts wires them (same repositories, same
 * rules: a CLI-made account is made exactly like a sign-up).
 */
export function accountServices(config: AppConfig, database: Database, io: CliIo) {
  const db = database.kysely;
  const clock = systemClock;
  const users = createUsersRepository(db);
  const credits = createCreditsService({ credits: createCreditsRepository(db, database.dialect), clock });
  const settings = createSettingsRepository(db);
  const accounts = createAccountsService({ database, users, credits, settings, clock });
  const mailer = createMailer(config, (file) => io.out(`E-mail written to the outbox: ${file}`));
  const auth = createAuthService({
    config,
    database,
    users,
    sessions: createSessionsRepository(db),
    tokens: createAuthTokensRepository(db),
    accounts,
    mailer,
    clock,
  });
  return { users, credits, accounts, auth, mailer, flags: createSettingFlags({ settings }), clock };
}

/**
 * Runs `work` on the app as the server builds it (same services, same audit trail), without
 * listening, workers or periodic tasks: for commands that call the administration services.
 */
export async function withApp<T>(
  config: AppConfig,
  work: (app: FastifyInstance, database: Database) => Promise<T>,
): Promise<T> {
  return withDatabase(config, async (database) => {
    const app = await buildApp({
      config: { ...config, workerConcurrency: 0, scheduler: false, logLevel: 'warn' },
      database,
    });
    try {
      await app.ready();
      return await work(app, database);
    } finally {
      await app.close();
    }
  });
}
