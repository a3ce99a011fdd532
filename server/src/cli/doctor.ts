import { randomBytes } from 'node:crypto';
import { statfs } from 'node:fs/promises';
import net from 'node:net';
import { Migrator } from 'kysely';
import type { AppConfig } from '../config.js';
import { createProviderRegistry } from '../features/generations/provider-registry.js';
import { openDatabase } from '../platform/db/database.js';
import { allMigrations } from '../platform/db/migrations/index.js';
import { createFileStore } from '../platform/storage/index.js';
import { createConfiguredProviders } from '../providers/index.js';
import { ffmpegCandidate, probeFfmpeg } from '../providers/sketch/video-encode.js';
import { readConfig } from './context.js';
import { CliError, type CliIo } from './io.js';

/** One finding: ok, a warning (works, but worth a look) or a failure, with how to fix it. */
interface Finding {
  level: 'ok' | 'warn' | 'fail';
  check: string;
  message: string;
  fix?: string;
}

const MARK = { ok: '✓', warn: '!', fail: '✗' } as const;
/** Below this much free space in DATA_DIR, generated files and the database will soon have nowhere to go. */
const LOW_DISK_BYTES = 1024 ** 3;

function print(io: CliIo, finding: Finding): void {
  io.out(`${MARK[finding.level]} ${finding.check}: ${finding.message}`);
  if (finding.fix) io.out(`    fix: ${finding.fix}`);
}

async function timed<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms / 1000} s`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** The SMTP server's greeting (220), read without signing in or sending anything. */
function smtpGreeting(url: string): Promise<string> {
  const parsed = new URL(url);
  const port = parsed.port ? Number(parsed.port) : parsed.protocol === 'smtps:' ? 465 : 587;
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: parsed.hostname, port });
    socket.setTimeout(5000, () => socket.destroy(new Error(`no answer from ${parsed.hostname}:${port}`)));
    socket.once('error', reject);
    socket.once('connect', () => {
      if (parsed.protocol === 'smtps:') {
        socket.end();
        resolve(`${parsed.hostname}:${port} accepts connections (TLS)`);
      }
    });
    socket.once('data', (chunk: Buffer) => {
      socket.end();
      const line = chunk.toString('utf8').split('\r\n')[0] ?? '';
      if (line.startsWith('220')) resolve(`${parsed.hostname}:${port} answers`);
      else reject(new Error(`${parsed.hostname}:${port} answered "${line.slice(0, 80)}"`));
    });
  });
}

function configFindings(config: AppConfig): Finding[] {
  const findings: Finding[] = [{ level: 'ok', check: 'configuration', message: 'every variable is valid' }];
  if (config.env === 'production' && /^http:\/\/localhost(:\d+)?$/.test(config.publicUrl)) {
    findings.push({
      level: 'warn',
      check: 'configuration',
      message: `PUBLIC_URL is ${config.publicUrl}: links in e-mails and sign-in checks will point there`,
      fix: 'set PUBLIC_URL to the address people reach this server at, e.g. https://kaleido.example.com',
    });
  }
  if (!config.metricsToken) {
    findings.push({
      level: 'warn',
      check: 'configuration',
      message: 'GET /metrics is open to anyone who can reach the server',
      fix: 'set METRICS_TOKEN (16+ characters) and give it to Prometheus as a Bearer token',
    });
  }
  return findings;
}

/** Every check, printed as it completes; answers whether none failed. */
export async function doctor(io: CliIo): Promise<boolean> {
  const findings: Finding[] = [];
  const report = (finding: Finding) => {
    findings.push(finding);
    print(io, finding);
  };
  let config: AppConfig;
  try {
    config = readConfig(io);
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    report({
      level: 'fail',
      check: 'configuration',
      message: error.message,
      fix: 'correct the variables named above (see the README’s configuration table)',
    });
    return false;
  }
  for (const finding of configFindings(config)) report(finding);

  // Database: answers, and every migration ran.
  const database = openDatabase(config.database, { poolSize: 1 });
  try {
    await timed(database.ping(5000), 5000, 'the database');
    const migrator = new Migrator({
      db: database.kysely,
      provider: { getMigrations: async () => allMigrations(database.dialect) },
    });
    const pending = (await migrator.getMigrations()).filter((migration) => !migration.executedAt);
    report(
      pending.length
        ? {
            level: 'fail',
            check: 'database',
            message: `${pending.length} migration(s) not applied (${pending.map((m) => m.name).join(', ')})`,
            fix: 'run "kaleido migrate" (or start the server, which migrates)',
          }
        : { level: 'ok', check: 'database', message: `${database.dialect.name} answers, schema up to date` },
    );
  } catch (error) {
    report({
      level: 'fail',
      check: 'database',
      message: (error as Error).message,
      fix:
        config.database.kind === 'postgres'
          ? 'check DATABASE_URL (host, port, user, password, database name) and that PostgreSQL runs'
          : `check that ${config.database.file} is readable and writable by this user`,
    });
  } finally {
    await database.close().catch(() => undefined);
  }

  // Storage: a probe object written and deleted.
  const store = createFileStore(config);
  try {
    const key = `health/doctor-${randomBytes(6).toString('hex')}.probe`;
    await timed(store.put(key, Buffer.from('ok'), 'application/octet-stream'), 10_000, 'the file store');
    await store.delete(key);
    report({ level: 'ok', check: 'storage', message: `${store.kind} store is writable` });
  } catch (error) {
    report({
      level: 'fail',
      check: 'storage',
      message: (error as Error).message,
      fix:
        store.kind === 's3'
          ? 'check STORAGE_URL (bucket, endpoint, region) and that its credentials may write'
          : 'make the folder writable by the user the server runs as (or set STORAGE_URL)',
    });
  } finally {
    await store.close?.().catch(() => undefined);
  }

  // Mail.
  if (config.mail.smtpUrl) {
    try {
      report({
        level: 'ok',
        check: 'mail',
        message: `SMTP server ${await smtpGreeting(config.mail.smtpUrl)}`,
      });
    } catch (error) {
      report({
        level: 'fail',
        check: 'mail',
        message: (error as Error).message,
        fix: 'check SMTP_URL (host and port) and that this machine may reach the mail server',
      });
    }
  } else {
    report({
      level: 'warn',
      check: 'mail',
      message: 'no SMTP_URL: e-mails (password resets, receipts) are written to DATA_DIR/outbox, not sent',
      fix: 'set SMTP_URL=smtp://user:password@host:587 and MAIL_FROM',
    });
  }

  // Providers.
  const providers = await createConfiguredProviders(config);
  try {
    for (const state of await createProviderRegistry(providers).health(15_000)) {
      report(
        state.ok
          ? { level: 'ok', check: `provider ${state.id}`, message: state.detail ?? `${state.name} is usable` }
          : {
              level: 'fail',
              check: `provider ${state.id}`,
              message: state.detail ?? `${state.name} does not answer`,
              fix: 'check its URL and key in PROVIDERS_FILE (or the shortcut variables) and that it runs',
            },
      );
    }
  } finally {
    await Promise.allSettled(providers.map((provider) => provider.close?.()));
  }

  // ffmpeg: videos are encoded (and Free videos watermarked) with it.
  const ffmpeg = ffmpegCandidate();
  if (ffmpeg && (await probeFfmpeg(ffmpeg))) {
    report({ level: 'ok', check: 'ffmpeg', message: `${ffmpeg} (with libx264)` });
  } else {
    report({
      level: 'warn',
      check: 'ffmpeg',
      message: ffmpeg
        ? `${ffmpeg} does not run or lacks libx264`
        : 'not found: the Sketch renderer falls back to its slower WASM encoder, and videos from AI providers cannot be watermarked',
      fix: 'install ffmpeg with libx264 and set FFMPEG_PATH to it',
    });
  }

  // Disk space where the data lives.
  try {
    const stats = await statfs(config.dataDir);
    const free = stats.bavail * stats.bsize;
    const gib = (free / 1024 ** 3).toFixed(1);
    report(
      free < LOW_DISK_BYTES
        ? {
            level: 'fail',
            check: 'disk space',
            message: `${gib} GiB free in ${config.dataDir}`,
            fix: 'free space or move DATA_DIR to a larger volume (results, uploads and the database grow)',
          }
        : { level: 'ok', check: 'disk space', message: `${gib} GiB free in ${config.dataDir}` },
    );
  } catch (error) {
    report({ level: 'fail', check: 'disk space', message: (error as Error).message });
  }

  const failed = findings.filter((finding) => finding.level === 'fail').length;
  const warned = findings.filter((finding) => finding.level === 'warn').length;
  io.out(`\n${failed} problem(s), ${warned} warning(s).`);
  return failed === 0;
}
