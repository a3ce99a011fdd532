import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { AppConfig } from '../../config.js';
import type { Database } from '../db/database.js';
import { openZip, sha256File, writeZip } from './archive.js';

/**
 * One-archive backups of an installation (docs/operations.md): a consistent copy of the SQLite
 * database (SQLite's online backup, safe while the server runs), the disk file store and the secrets,
 * with a manifest listing every entry's size and SHA-256. PostgreSQL and S3 keep their own backups
 * (pg_dump, bucket versioning): the archive then holds what remains (the secrets, disk files).
 */
export const BACKUP_FORMAT = 'kaleido-backup';

const ZManifest = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(1),
  createdAt: z.string(),
  kaleidoVersion: z.string(),
  database: z.object({ kind: z.enum(['sqlite', 'postgres']), included: z.boolean() }),
  storage: z.object({ kind: z.enum(['disk', 's3']), included: z.boolean() }),
  /** Every entry but the manifest: archive path, size in bytes, SHA-256 (hex). */
  entries: z.array(z.object({ path: z.string(), size: z.number().int().nonnegative(), sha256: z.string() })),
});
export type BackupManifest = z.infer<typeof ZManifest>;

const MANIFEST = 'manifest.json';
const DATABASE_ENTRY = 'database/kaleido.db';
/** Entry names restore accepts: plain relative paths under the three folders. */
const ENTRY_NAME =
  /^(database\/kaleido\.db|files\/[A-Za-z0-9][A-Za-z0-9_./-]*|secrets\/[A-Za-z0-9][A-Za-z0-9_.-]*)$/;

export class BackupError extends Error {
  override name = 'BackupError';
}

/** Where an installation keeps what a backup holds, from its configuration. */
export interface DataLocations {
  dataDir: string;
  /** The SQLite file, or null on PostgreSQL. */
  databaseFile: string | null;
  /** The disk store's folder, or null on S3. */
  filesDir: string | null;
}

export function dataLocations(config: Pick<AppConfig, 'dataDir' | 'database' | 'storageUrl'>): DataLocations {
  return {
    dataDir: config.dataDir,
    databaseFile: config.database.kind === 'sqlite' ? config.database.file : null,
    filesDir: config.storageUrl?.startsWith('s3://')
      ? null
      : config.storageUrl?.startsWith('file://')
        ? new URL(config.storageUrl).pathname
        : path.join(config.dataDir, 'files'),
  };
}

/** Every regular file under `root`, as paths relative to it ('/'-separated); temporary files left out. */
async function listFiles(root: string, prefix = ''): Promise<string[]> {
  const found: string[] = [];
  const entries = await readdir(path.join(root, prefix), { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) found.push(...(await listFiles(root, relative)));
    else if (entry.isFile() && !entry.name.endsWith('.tmp')) found.push(relative);
  }
  return found;
}

/**
 * Writes the archive to `out` (refused when it exists, unless `overwrite`). The database is copied
 * first, then the files: a result made meanwhile may leave files no row points at, never a row
 * without its files (files are written before the row).
 */
export async function createBackup(input: {
  locations: DataLocations;
  database: Database;
  version: string;
  out: string;
  overwrite?: boolean;
  now?: Date;
}): Promise<BackupManifest> {
  const { locations, database } = input;
  if (existsSync(input.out) && !input.overwrite) {
    throw new BackupError(`${input.out} exists already (add --force to replace it)`);
  }
  const staging = await mkdtemp(path.join(path.dirname(path.resolve(input.out)), '.kaleido-backup-'));
  try {
    const sources: { name: string; file: string }[] = [];
    if (database.native.kind === 'sqlite') {
      const copy = path.join(staging, 'kaleido.db');
      await database.native.db.backup(copy);
      sources.push({ name: DATABASE_ENTRY, file: copy });
    }
    if (locations.filesDir) {
      for (const key of await listFiles(locations.filesDir)) {
        sources.push({ name: `files/${key}`, file: path.join(locations.filesDir, key) });
      }
    }
    for (const name of await listFiles(path.join(locations.dataDir, 'secrets'))) {
      if (name.includes('/') || name.includes('.tmp') || /\.\d+\.[0-9a-f]{8}$/.test(name)) continue;
      sources.push({ name: `secrets/${name}`, file: path.join(locations.dataDir, 'secrets', name) });
    }
    const entries: BackupManifest['entries'] = [];
    for (const source of sources) {
      entries.push({
        path: source.name,
        size: (await stat(source.file)).size,
        sha256: await sha256File(source.file),
      });
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: 1,
      createdAt: (input.now ?? new Date()).toISOString(),
      kaleidoVersion: input.version,
      database: { kind: database.native.kind, included: database.native.kind === 'sqlite' },
      storage: { kind: locations.filesDir ? 'disk' : 's3', included: Boolean(locations.filesDir) },
      entries,
    };
    const temporary = path.join(staging, 'archive.zip');
    await writeZip(temporary, [
      { name: MANIFEST, data: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`) },
      ...sources,
    ]);
    await rename(temporary, input.out);
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** Reads and checks an archive's manifest without extracting anything. */
export async function readManifest(from: string): Promise<BackupManifest> {
  const zip = await openZip(from).catch((error: unknown) => {
    throw new BackupError(`${from} is not a Kaleido backup archive (${(error as Error).message})`);
  });
  try {
    return parseManifest(zip.names.includes(MANIFEST) ? await zip.read(MANIFEST) : null, from);
  } finally {
    zip.close();
  }
}

function parseManifest(bytes: Buffer | null, from: string): BackupManifest {
  if (!bytes) throw new BackupError(`${from} has no manifest: not a Kaleido backup archive`);
  const parsed = ZManifest.safeParse(JSON.parse(bytes.toString('utf8')));
  if (!parsed.success) throw new BackupError(`${from} has a manifest this version cannot read`);
  return parsed.data;
}

/** True when `dir` is missing or empty. */
async function isEmptyFolder(dir: string): Promise<boolean> {
  const entries = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  return entries.length === 0;
}

/**
 * Restores an archive into `locations`: every entry is extracted to a staging folder and checked
 * against the manifest's SHA-256 before anything in place is touched. A data folder that is not
 * empty is refused unless `force`, which replaces the database, files and secrets found there.
 */
export async function restoreBackup(input: {
  from: string;
  locations: DataLocations;
  force?: boolean;
}): Promise<BackupManifest> {
  const { locations } = input;
  const targets = [locations.dataDir, locations.filesDir].filter((dir): dir is string => Boolean(dir));
  if (!input.force) {
    for (const dir of targets) {
      if (!(await isEmptyFolder(dir))) {
        throw new BackupError(
          `${dir} is not empty: restore into an empty folder, or add --force to replace it`,
        );
      }
    }
    if (locations.databaseFile && existsSync(locations.databaseFile)) {
      throw new BackupError(`${locations.databaseFile} exists: add --force to replace it`);
    }
  }
  const zip = await openZip(input.from).catch((error: unknown) => {
    throw new BackupError(`${input.from} is not a Kaleido backup archive (${(error as Error).message})`);
  });
  await mkdir(locations.dataDir, { recursive: true });
  const staging = await mkdtemp(path.join(locations.dataDir, `.restore-${randomBytes(3).toString('hex')}-`));
  try {
    const manifest = parseManifest(
      zip.names.includes(MANIFEST) ? await zip.read(MANIFEST) : null,
      input.from,
    );
    const listed = new Set(manifest.entries.map((entry) => entry.path));
    const unlisted = zip.names.filter(
      (name) => name !== MANIFEST && !name.endsWith('/') && !listed.has(name),
    );
    if (unlisted.length)
      throw new BackupError(`the archive holds entries its manifest does not list: ${unlisted[0]}`);
    for (const entry of manifest.entries) {
      if (
        !ENTRY_NAME.test(entry.path) ||
        entry.path.split('/').some((part) => part === '..' || part === '.')
      ) {
        throw new BackupError(`the archive holds an unexpected entry: ${entry.path}`);
      }
      if (!zip.names.includes(entry.path)) throw new BackupError(`the archive lacks ${entry.path}`);
      const target = path.join(staging, entry.path);
      await mkdir(path.dirname(target), { recursive: true });
      const digest = await zip.extract(entry.path, target);
      if (digest !== entry.sha256) {
        throw new BackupError(
          `checksum mismatch for ${entry.path}: the archive is damaged, nothing was restored`,
        );
      }
    }
    // Verified: move into place.
    if (manifest.database.included) {
      if (!locations.databaseFile) {
        throw new BackupError('the archive holds a SQLite database but this installation uses PostgreSQL');
      }
      await mkdir(path.dirname(locations.databaseFile), { recursive: true });
      for (const suffix of ['', '-wal', '-shm'])
        await rm(`${locations.databaseFile}${suffix}`, { force: true });
      await rename(path.join(staging, DATABASE_ENTRY), locations.databaseFile);
    }
    if (manifest.storage.included && locations.filesDir) {
      await rm(locations.filesDir, { recursive: true, force: true });
      await mkdir(path.dirname(locations.filesDir), { recursive: true });
      const staged = path.join(staging, 'files');
      if (existsSync(staged)) await rename(staged, locations.filesDir);
      else await mkdir(locations.filesDir, { recursive: true });
    }
    const secrets = path.join(staging, 'secrets');
    if (existsSync(secrets)) {
      const target = path.join(locations.dataDir, 'secrets');
      await rm(target, { recursive: true, force: true });
      await rename(secrets, target);
      await chmod(target, 0o700);
    }
    return manifest;
  } finally {
    zip.close();
    await rm(staging, { recursive: true, force: true });
  }
}
