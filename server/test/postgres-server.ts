import { execFile as execFileCallback } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const execFile = promisify(execFileCallback);

export interface PostgresServer {
  /** Superuser URL of the `postgres` database on the throwaway server. */
  url: string;
  stop(): Promise<void>;
}

/** Finds a PostgreSQL binary on PATH or in Debian's versioned folders. */
function findBinary(name: string): string {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, name);
    if (dir && existsSync(candidate)) return candidate;
  }
  const debianRoot = '/usr/lib/postgresql';
  if (existsSync(debianRoot)) {
    const versions = readdirSync(debianRoot).sort((a, b) => Number(b) - Number(a));
    for (const version of versions) {
      const candidate = path.join(debianRoot, version, 'bin', name);
      if (existsSync(candidate)) return candidate;
    }
  }
  throw new Error(
    `PostgreSQL's ${name} was not found on PATH or under /usr/lib/postgresql. ` +
      'Install PostgreSQL (Debian: apt-get install -y postgresql) or set KALEIDO_TEST_PG_URL.',
  );
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/**
 * Starts a throwaway PostgreSQL server in a temporary folder on a free loopback port, tuned for tests
 * (no fsync). PostgreSQL refuses to run as root, so as root it runs as the `postgres` user on a folder
 * that user owns.
 */
export async function startPostgres(): Promise<PostgresServer> {
  const initdb = findBinary('initdb');
  const pgCtl = findBinary('pg_ctl');
  const root = await mkdtemp(path.join(os.tmpdir(), 'kaleido-pg-'));
  const dataDir = path.join(root, 'data');
  const isRoot = process.getuid?.() === 0;
  const run = async (file: string, args: string[]) => {
    const [command, commandArgs] = isRoot
      ? ['runuser', ['-u', 'postgres', '--', file, ...args]]
      : [file, args];
    return execFile(command, commandArgs, { cwd: root, timeout: 60_000 });
  };
  if (isRoot) {
    const { stdout } = await execFile('id', ['-u', 'postgres']);
    const { stdout: gid } = await execFile('id', ['-g', 'postgres']);
    await chown(root, Number(stdout.trim()), Number(gid.trim()));
  }
  const port = await freePort();
  try {
    await run(initdb, [
      '-D',
      dataDir,
      '-U',
      'kaleido',
      '-A',
      'trust',
      '-E',
      'UTF8',
      '--no-locale',
      '--no-sync',
    ]);
    const serverOptions = [
      `-p ${port}`,
      `-k ${root}`,
      '-c listen_addresses=127.0.0.1',
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      '-c max_connections=300',
    ].join(' ');
    await run(pgCtl, [
      '-D',
      dataDir,
      '-l',
      path.join(root, 'server.log'),
      '-o',
      serverOptions,
      '-w',
      'start',
    ]);
  } catch (error) {
    await rm(root, { recursive: true, force: true });
    throw new Error(`Could not start a test PostgreSQL server: ${(error as Error).message}`, {
      cause: error,
    });
  }
  return {
    url: `postgres://kaleido@127.0.0.1:${port}/postgres`,
    async stop() {
      await run(pgCtl, ['-D', dataDir, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      await rm(root, { recursive: true, force: true });
    },
  };
}
