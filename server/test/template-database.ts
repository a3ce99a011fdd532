import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrateToLatest, openDatabase } from '../src/platform/db/database.js';

/**
 * A database migrated once per test run, that each test context starts from as a copy (a file copy on
 * SQLite, `create database … template` on PostgreSQL) instead of running every migration again: the
 * copy holds exactly what the migrations made, and each context still runs `migrateToLatest` on it.
 * Tests of the migrations themselves start from empty databases (`createTestDatabase`, `openBareDatabase`).
 */
export interface TemplateDatabase {
  /** SQLite: the template file. PostgreSQL: the template database's name. */
  template: string;
  remove(): Promise<void>;
}

/** A migrated SQLite file in its own temporary folder. */
export async function createSqliteTemplate(): Promise<TemplateDatabase> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'kaleido-template-'));
  const file = path.join(dir, 'kaleido.db');
  const database = openDatabase({ kind: 'sqlite', file }, { poolSize: 1 });
  try {
    await migrateToLatest(database);
  } finally {
    await database.close();
  }
  // Closing the last connection checkpoints the write-ahead log into the file and deletes it.
  if (existsSync(`${file}-wal`)) throw new Error('the SQLite template kept its write-ahead log');
  return { template: file, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** A migrated database on the PostgreSQL server at `adminUrl`, with no connection left open to it. */
export async function createPostgresTemplate(adminUrl: string): Promise<TemplateDatabase> {
  const name = `kaleido_template_${process.pid}_${Date.now()}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = openDatabase({ kind: 'postgres', url: url.toString() }, { poolSize: 1 });
  try {
    await migrateToLatest(database);
  } finally {
    await database.close();
  }
  return { template: name, remove: () => admin(`drop database if exists ${name} with (force)`) };
}
