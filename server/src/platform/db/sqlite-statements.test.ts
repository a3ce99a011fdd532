import { spawnSync } from 'node:child_process';
import { mkdtemp, open, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, statementCache } from './database.js';
import { startSqliteCheckpointer } from './sqlite-checkpointer.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'kaleido-sqlite-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the statement cache', () => {
  it('reuses a prepared statement per SQL text and evicts the least recently used', () => {
    const native = new SqliteDatabase(':memory:');
    const prepare = statementCache(native, 2);
    const one = prepare('select 1 as n');
    expect(prepare('select 1 as n')).toBe(one);
    const two = prepare('select 2 as n');
    // `select 1` is now the least recently used, so a third text evicts it.
    prepare('select 3 as n');
    expect(prepare('select 2 as n')).toBe(two);
    expect(prepare('select 1 as n')).not.toBe(one);
    native.close();
  });

  it('keeps answering through Kysely after the schema changes, and streams with statements of their own', async () => {
    const database = openDatabase({ kind: 'sqlite', file: path.join(dir, 'cache.db') });
    try {
      await sql`create table t (a integer)`.execute(database.kysely);
      await sql`insert into t (a) values (1), (2), (3)`.execute(database.kysely);
      const read = () => sql<{ a: number; b?: number }>`select * from t order by a`.execute(database.kysely);
      expect((await read()).rows).toEqual([{ a: 1 }, { a: 2 }, { a: 3 }]);
      await sql`alter table t add column b integer default 7`.execute(database.kysely);
      // The cached `select *` is re-prepared by SQLite: the new column appears.
      expect((await read()).rows[0]).toEqual({ a: 1, b: 7 });
      // A stream left early, then the same query run and streamed again: each gets a usable statement.
      const tables = database.kysely.withTables<{ t: { a: number; b: number | null } }>();
      const query = tables.selectFrom('t').select('a').orderBy('a');
      for await (const row of query.stream(1)) {
        expect(row.a).toBe(1);
        break;
      }
      expect((await query.execute()).map((row) => row.a)).toEqual([1, 2, 3]);
      const streamed: number[] = [];
      for await (const row of query.stream(1)) streamed.push(row.a);
      expect(streamed).toEqual([1, 2, 3]);
    } finally {
      await database.close();
    }
  });
});

/** The WAL header's checkpoint sequence number (bytes 12–15): SQLite adds one each time the log restarts. */
async function walSequence(file: string): Promise<number> {
  const handle = await open(`${file}-wal`, 'r');
  try {
    const header = Buffer.alloc(16);
    await handle.read(header, 0, 16, 0);
    return header.readUInt32BE(12);
  } finally {
    await handle.close();
  }
}

describe('the background checkpointer', () => {
  it('checkpoints the log on its own thread, so the next write restarts it', async () => {
    const file = path.join(dir, 'wal.db');
    const native = new SqliteDatabase(file);
    native.pragma('journal_mode = WAL');
    // No automatic checkpoint at all: only the worker can restart the log.
    native.pragma('wal_autocheckpoint = 0');
    native.exec('create table t (a text)');
    const insert = native.prepare('insert into t (a) values (?)');
    for (let i = 0; i < 50; i++) insert.run('x'.repeat(2000));
    const before = await walSequence(file);
    const errors: string[] = [];
    const checkpointer = startSqliteCheckpointer(file, { intervalMs: 20, onError: (m) => errors.push(m) });
    try {
      const deadline = Date.now() + 10_000;
      let after = before;
      while (after === before && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        // A write after a complete checkpoint starts the log over (and bumps the sequence).
        insert.run('y');
        after = await walSequence(file);
      }
      expect(after).toBeGreaterThan(before);
      expect(errors).toEqual([]);
    } finally {
      await checkpointer.close();
      native.close();
    }
  });

  it('keeps a process alive until it has closed, when nothing else does', () => {
    // A script whose only work is opening and closing a database: the unref'd worker must not let
    // the process end halfway through `close` (Node's exit code 13, an unsettled top-level await).
    const module = new URL('./sqlite-checkpointer.ts', import.meta.url).href;
    const file = path.join(dir, 'alone.db');
    new SqliteDatabase(file).pragma('journal_mode = WAL');
    const script = `import { startSqliteCheckpointer } from ${JSON.stringify(module)};
const checkpointer = startSqliteCheckpointer(${JSON.stringify(file)});
await checkpointer.close();
console.log('closed');`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout.trim()).toBe('closed');
  });
});
