import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  Kysely,
  type SqliteDatabase as KyselySqliteDatabase,
  type MigrationResultSet,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  sql,
} from 'kysely';
import pg from 'pg';
import type { AppConfig } from '../../config.js';
import { type Dialect, postgresDialect, sqliteDialect } from './dialect.js';
import { allMigrations } from './migrations/index.js';
import { runPrecompiledDirectly } from './precompiled.js';
import type { DB } from './schema.js';
import { SAFETY_NET_PAGES, type SqliteCheckpointer, startSqliteCheckpointer } from './sqlite-checkpointer.js';

/** The database as the rest of the server sees it: a typed Kysely instance plus its dialect. */
export interface Database {
  kysely: Kysely<DB>;
  dialect: Dialect;
  /** Resolves when the database answers a trivial query within `timeoutMs`. */
  ping(timeoutMs?: number): Promise<void>;
  /** The driver handle, for libraries that keep their own tables (the API rate limiter). */
  native:
    | {
        kind: 'sqlite';
        db: SqliteDatabase.Database;
        /** `db.prepare` through the statement cache (statementCache). */
        prepare(text: string): SqliteDatabase.Statement;
      }
    | { kind: 'postgres'; pool: pg.Pool };
  /** Runs `work` while holding a lock that other processes migrating the same database wait for. */
  withMigrationLock<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL pool size (default 10). */
  poolSize?: number;
  onPoolError?: (error: Error) => void;
}

export function openDatabase(config: AppConfig['database'], options: OpenDatabaseOptions = {}): Database {
  return config.kind === 'sqlite' ? openSqlite(config.file) : openPostgres(config.url, options);
}

function openSqlite(file: string): Database {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const native = new SqliteDatabase(file);
  native.pragma('journal_mode = WAL');
  native.pragma('busy_timeout = 5000');
  native.pragma('foreign_keys = ON');
  native.pragma('synchronous = NORMAL');
  let checkpointer: SqliteCheckpointer | null = null;
  if (file !== ':memory:') {
    // Checkpoints off the event loop (sqlite-checkpointer.ts); should the worker fail, commits take
    // them over again at SQLite's default size.
    native.pragma(`wal_autocheckpoint = ${SAFETY_NET_PAGES}`);
    checkpointer = startSqliteCheckpointer(file, {
      onError: () => {
        if (native.open) native.pragma('wal_autocheckpoint = 1000');
      },
    });
  }
  const prepare = statementCache(native);
  const kysely = new Kysely<DB>({ dialect: new SqliteDialect({ database: kyselySqlite(native, prepare) }) });
  runPrecompiledDirectly(kysely, { db: native, prepare });
  return wrap(kysely, sqliteDialect, {
    beforeClose: () => checkpointer?.close(),
    native: { kind: 'sqlite', db: native, prepare },
    withMigrationLock: (work) =>
      withSqliteFileLock(file === ':memory:' ? null : `${file}.migration-lock`, work),
  });
}

/**
 * Prepared statements of the most recently used `max` SQL texts, reused. Kysely's SQLite driver (and
 * the rate limiter) prepare every query they run, and preparing costs more than running the small
 * statements a request makes (18 µs against 2 to 10 µs, measured on the accept path of the public API).
 * SQLite re-prepares a cached statement itself when the schema changes.
 */
export function statementCache(native: SqliteDatabase.Database, max = 500) {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return (text: string): SqliteDatabase.Statement => {
    let statement = statements.get(text);
    if (statement) {
      // Most recently used last: the first entry is the one to evict.
      statements.delete(text);
    } else {
      statement = native.prepare(text);
      if (statements.size >= max) statements.delete(statements.keys().next().value as string);
    }
    statements.set(text, statement);
    return statement;
  };
}

/**
 * The database handle Kysely's driver sees: cached statements, except for `iterate` (Kysely's
 * `stream()`): a statement being iterated is busy until its iterator ends, so a stream prepares its own.
 */
function kyselySqlite(
  native: SqliteDatabase.Database,
  prepare: (text: string) => SqliteDatabase.Statement,
): KyselySqliteDatabase {
  return {
    close: () => native.close(),
    prepare(text: string) {
      const statement = prepare(text);
      return {
        reader: statement.reader,
        all: (parameters) => statement.all(parameters),
        run: (parameters) => statement.run(parameters),
        iterate: (parameters) => native.prepare(text).iterate(parameters),
      };
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Kysely's migration lock is a no-op on SQLite, so two processes starting on one file could both run
 * a migration. This holds a write transaction on a side file for the duration instead; waiting is
 * asynchronous polling (busy_timeout 0) so processes and connections in one process both queue fairly.
 */
async function withSqliteFileLock<T>(
  lockFile: string | null,
  work: () => Promise<T>,
  timeoutMs = 60_000,
): Promise<T> {
  if (!lockFile) return work();
  const lock = new SqliteDatabase(lockFile);
  lock.pragma('busy_timeout = 0');
  const deadline = Date.now() + timeoutMs;
  try {
    for (;;) {
      try {
        lock.exec('BEGIN IMMEDIATE');
        break;
      } catch (error) {
        if ((error as { code?: string }).code !== 'SQLITE_BUSY' || Date.now() > deadline) throw error;
        await sleep(25);
      }
    }
    try {
      return await work();
    } finally {
      lock.exec('ROLLBACK');
    }
  } finally {
    lock.close();
  }
}

/** PostgreSQL values read back in the shapes SQLite gives: ISO timestamps, numbers for bigint counts. */
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    switch (oid) {
      case pg.types.builtins.INT8:
        return (value: string) => Number(value);
      case pg.types.builtins.NUMERIC:
        return (value: string) => Number(value);
      case pg.types.builtins.TIMESTAMPTZ:
      case pg.types.builtins.TIMESTAMP:
        return (value: string) =>
          new Date(oid === pg.types.builtins.TIMESTAMP ? `${value}Z` : value).toISOString();
      default:
        return pg.types.getTypeParser(oid, format);
    }
  },
} as pg.CustomTypesConfig;

function openPostgres(url: string, options: OpenDatabaseOptions): Database {
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10, types: pgTypes });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', (error) => options.onPoolError?.(error));
  const kysely = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  // Kysely's migrator already serialises PostgreSQL migrations with a row lock.
  return wrap(kysely, postgresDialect, {
    native: { kind: 'postgres', pool },
    withMigrationLock: (work) => work(),
  });
}

function wrap(
  kysely: Kysely<DB>,
  dialect: Dialect,
  extra: Pick<Database, 'withMigrationLock' | 'native'> & { beforeClose?: () => Promise<void> | undefined },
): Database {
  const { beforeClose, ...rest } = extra;
  let closed = false;
  return {
    kysely,
    dialect,
    ...rest,
    async ping(timeoutMs = 2000) {
      if (closed) throw new Error('database is closed');
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`database did not answer within ${timeoutMs} ms`)),
          timeoutMs,
        );
      });
      try {
        await Promise.race([sql`select 1`.execute(kysely), timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await beforeClose?.();
      await kysely.destroy();
    },
  };
}

class MigrationError extends Error {
  override name = 'MigrationError';
}

/** Brings the schema up to date; safe when several processes start at once (Kysely's migration lock). */
export async function migrateToLatest(database: Database): Promise<MigrationResultSet['results']> {
  const migrator = new Migrator({
    db: database.kysely,
    provider: { getMigrations: async () => allMigrations(database.dialect) },
  });
  const { error, results } = await database.withMigrationLock(() => migrator.migrateToLatest());
  if (error) {
    const failed = results?.find((result) => result.status === 'Error');
    throw new MigrationError(
      `Migration ${failed?.migrationName ?? '(unknown)'} failed: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  return results;
}
