import path from 'node:path';
import { ZDisplayName, ZSignupRequest } from '@kaleido/common';
import type { z } from 'zod';
import { createUsersRepository, type UsersRepository } from '../features/accounts/users.repository.js';
import { hashPassword } from '../features/auth/password.js';
import {
  BackupError,
  createBackup,
  type DataLocations,
  dataLocations,
  restoreBackup,
} from '../platform/backup/backup.js';
import { migrateToLatest } from '../platform/db/database.js';
import { checkInput } from '../platform/http/validation.js';
import { VERSION } from '../version.js';
import { accountServices, readConfig, withApp, withDatabase } from './context.js';
import { doctor } from './doctor.js';
import { CliError, type CliIo, readSecret } from './io.js';

export type OptionValues = Record<string, string | boolean | undefined>;

export interface Command {
  name: string;
  summary: string;
  /** The --help text after the usage line. */
  help: string;
  options: Record<string, { type: 'string' | 'boolean'; description: string; required?: boolean }>;
  run(values: OptionValues, io: CliIo): Promise<void>;
}

const text = (values: OptionValues, name: string): string => {
  const value = values[name];
  if (typeof value !== 'string') throw new CliError(`--${name} is required`, 2);
  return value;
};

/** A value checked with the sign-up's own contract, its message in English. */
function valid<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const result = checkInput(schema, value);
  if (result.ok) return result.value;
  throw new CliError(`${what}: ${result.error.message}`);
}

async function findPerson(users: Pick<UsersRepository, 'findByEmail'>, email: string) {
  const user = await users.findByEmail(email.trim().toLowerCase());
  if (!user) throw new CliError(`no account has the e-mail ${email}`);
  return user;
}

/** The audit log names the CLI as the actor of what it does. */
const CLI_ACTOR = { id: null, email: 'cli', ip: null };

const createAdmin: Command = {
  name: 'create-admin',
  summary: 'Create an administrator account',
  help: 'The password is asked for at the terminal, or read from the first line of stdin when it is a pipe\n(echo "$PASSWORD" | kaleido create-admin …). The e-mail address counts as verified.',
  options: {
    email: { type: 'string', description: 'the administrator’s e-mail address', required: true },
    name: { type: 'string', description: 'the display name', required: true },
  },
  async run(values, io) {
    const email = valid(ZSignupRequest.shape.email, text(values, 'email'), 'e-mail');
    const name = valid(ZDisplayName, text(values, 'name'), 'name');
    const config = readConfig(io);
    await withApp(config, async (app, database) => {
      const services = accountServices(config, database, io);
      if (await services.users.findByEmail(email))
        throw new CliError(`an account with the e-mail ${email} exists already`);
      const password = await readSecret(io, 'Password: ');
      if (io.stdin.isTTY && (await readSecret(io, 'Password again: ')) !== password) {
        throw new CliError('the two passwords differ');
      }
      valid(ZSignupRequest.shape.password, password, 'password');
      // Made as a sign-up makes accounts (welcome credits, handle, settings), then promoted by the
      // administration service, which records it in the audit log.
      const created = await services.accounts.create({
        email,
        displayName: name,
        passwordHash: await hashPassword(password),
        emailVerified: true,
      });
      if (created.role !== 'admin') await app.operations.admin.createAdmin(CLI_ACTOR, created.email);
      io.out(`Administrator ${created.email} created (id ${created.id}).`);
    });
  },
};

const resetPassword: Command = {
  name: 'reset-password',
  summary: 'E-mail a person a password reset link',
  help: 'Sends the same e-mail as "Forgot password" (at most 3 per 15 minutes per address), in the person’s language.\nWithout SMTP_URL it is written to DATA_DIR/outbox.',
  options: { email: { type: 'string', description: 'the account’s e-mail address', required: true } },
  async run(values, io) {
    const config = readConfig(io);
    await withDatabase(config, async (database) => {
      const services = accountServices(config, database, io);
      const user = await findPerson(services.users, text(values, 'email'));
      try {
        await services.auth.forgotPassword(user.email, await services.flags.value(user.id, 'language'));
      } finally {
        await services.mailer.close?.();
      }
      io.out(`Password reset e-mail sent to ${user.email}.`);
    });
  },
};

const grantCredits: Command = {
  name: 'grant-credits',
  summary: 'Give a person credits (or take some back), recorded in the audit log',
  help: 'A positive amount is granted to the purchased bucket; a negative one is deducted (never below zero):\nwrite it --amount=-5.',
  options: {
    email: { type: 'string', description: 'the account’s e-mail address', required: true },
    amount: { type: 'string', description: 'credits to give (negative: to take back)', required: true },
    reason: { type: 'string', description: 'why, for the audit log', required: true },
  },
  async run(values, io) {
    const amount = Number(text(values, 'amount'));
    if (!Number.isInteger(amount) || amount === 0 || Math.abs(amount) > 1_000_000) {
      throw new CliError('--amount must be a whole number other than 0 (at most 1000000 either way)', 2);
    }
    const reason = text(values, 'reason').trim();
    if (!reason) throw new CliError('--reason must say why', 2);
    const config = readConfig(io);
    await withApp(config, async (app, database) => {
      const user = await findPerson(createUsersRepository(database.kysely), text(values, 'email'));
      const result = await app.operations.admin.grantCredits(CLI_ACTOR, user.id, { amount, reason });
      io.out(
        `${amount > 0 ? 'Granted' : 'Deducted'} ${Math.abs(amount)} credit(s) ${amount > 0 ? 'to' : 'from'} ${user.email}: balance ${result.user.credits}.`,
      );
    });
  },
};

const disable: Command = {
  name: 'disable',
  summary: 'Disable an account: its sessions end and its API keys stop (audited)',
  help: 'The person can no longer sign in; an administrator can enable the account again from the admin area.',
  options: {
    email: { type: 'string', description: 'the account’s e-mail address', required: true },
    reason: { type: 'string', description: 'why, for the audit log' },
  },
  async run(values, io) {
    const config = readConfig(io);
    await withApp(config, async (app, database) => {
      const user = await findPerson(createUsersRepository(database.kysely), text(values, 'email'));
      const reason = typeof values.reason === 'string' ? values.reason : undefined;
      const result = await app.operations.admin.disableUser(CLI_ACTOR, user.id, reason);
      io.out(`Disabled ${result.email} (${result.disabledAt}).`);
    });
  },
};

const migrate: Command = {
  name: 'migrate',
  summary: 'Apply pending database migrations',
  help: 'The server also migrates when it starts; this runs them alone (before a rolling deploy, say).',
  options: {},
  async run(_values, io) {
    const config = readConfig(io);
    await withDatabase(config, async (database) => {
      const results = (await migrateToLatest(database)) ?? [];
      const applied = results.filter((result) => result.status === 'Success');
      if (!applied.length) io.out('The database is up to date.');
      for (const result of applied) io.out(`Applied ${result.migrationName}`);
    });
  },
};

const backup: Command = {
  name: 'backup',
  summary: 'Write one archive of the database, files and secrets',
  help: 'Safe while the server runs (SQLite online backup). On PostgreSQL use pg_dump for the database and on S3\nbucket versioning for the files: the archive then holds the secrets (and any disk files).',
  options: {
    out: { type: 'string', description: 'the archive to write (.zip)', required: true },
    force: { type: 'boolean', description: 'replace an existing archive' },
  },
  async run(values, io) {
    const out = path.resolve(io.cwd, text(values, 'out'));
    const config = readConfig(io);
    const manifest = await withDatabase(config, (database) =>
      createBackup({
        locations: dataLocations(config),
        database,
        version: VERSION,
        out,
        overwrite: values.force === true,
      }),
    ).catch(rethrowBackupError);
    const files = manifest.entries.filter((entry) => entry.path.startsWith('files/')).length;
    io.out(`Backup written to ${out}: ${manifest.entries.length} entries, ${files} file(s).`);
    if (!manifest.database.included) {
      io.out(
        'Database: PostgreSQL is not in the archive. Back it up with: pg_dump --format=custom "$DATABASE_URL" > kaleido.dump',
      );
    }
    if (!manifest.storage.included) {
      io.out(
        'Files: the S3 bucket is not in the archive. Turn on bucket versioning, or copy it with your provider’s tools (aws s3 sync, rclone).',
      );
    }
  },
};

/** Where restore writes, read from the environment as config.ts reads it, without creating anything there. */
function targetLocations(io: CliIo, dataDirOption: string | undefined): DataLocations {
  const dataDir = path.resolve(io.cwd, dataDirOption ?? io.env.DATA_DIR ?? './data');
  const databaseUrl = io.env.DATABASE_URL;
  return dataLocations({
    dataDir,
    database:
      databaseUrl && /^postgres/.test(databaseUrl)
        ? { kind: 'postgres', url: databaseUrl }
        : {
            kind: 'sqlite',
            file:
              databaseUrl && !dataDirOption
                ? path.resolve(io.cwd, databaseUrl.replace(/^sqlite:(\/\/)?/, ''))
                : path.join(dataDir, 'kaleido.db'),
          },
    storageUrl: dataDirOption ? null : (io.env.STORAGE_URL ?? null),
  });
}

const restore: Command = {
  name: 'restore',
  summary: 'Restore an archive written by backup (stop the server first)',
  help: 'Every entry is checked against the manifest’s SHA-256 before anything is replaced. The data folder\n(DATA_DIR, or --data-dir) must be empty unless --force.',
  options: {
    from: { type: 'string', description: 'the archive to restore', required: true },
    'data-dir': { type: 'string', description: 'restore into this folder instead of DATA_DIR' },
    force: { type: 'boolean', description: 'replace the database, files and secrets already there' },
  },
  async run(values, io) {
    const from = path.resolve(io.cwd, text(values, 'from'));
    const dataDir = typeof values['data-dir'] === 'string' ? values['data-dir'] : undefined;
    const locations = targetLocations(io, dataDir);
    const manifest = await restoreBackup({ from, locations, force: values.force === true }).catch(
      rethrowBackupError,
    );
    io.out(
      `Restored ${manifest.entries.length} entries (backup of ${manifest.createdAt}, Kaleido ${manifest.kaleidoVersion}) into ${locations.dataDir}.`,
    );
    if (!manifest.database.included)
      io.out(
        'Restore the PostgreSQL database with: pg_restore --clean --dbname "$DATABASE_URL" kaleido.dump',
      );
  },
};

function rethrowBackupError(error: unknown): never {
  if (error instanceof BackupError) throw new CliError(error.message);
  throw error;
}

const doctorCommand: Command = {
  name: 'doctor',
  summary: 'Check configuration, database, storage, mail, providers, ffmpeg and disk space',
  help: 'Prints each check, what is wrong and how to fix it; exits 1 when something fails.',
  options: {},
  async run(_values, io) {
    if (!(await doctor(io))) throw new CliError('some checks failed (see above)');
  },
};

export const COMMANDS: readonly Command[] = [
  createAdmin,
  grantCredits,
  resetPassword,
  disable,
  backup,
  restore,
  migrate,
  doctorCommand,
];
