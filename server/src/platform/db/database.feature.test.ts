import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Migrator, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from '../../../test/harness.js';
import { createAssetsRepository } from '../../features/library/assets.repository.js';
import { type Database, migrateToLatest, openDatabase } from './database.js';
import { fromDbBoolean, toDbBoolean } from './dialect.js';
import { allMigrations } from './migrations/index.js';

describe('database and migrations', () => {
  let dataDir: string;
  let testDatabase: TestDatabase;
  let database: Database;

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'kaleido-db-'));
    testDatabase = await createTestDatabase(dataDir);
    database = openDatabase(testDatabase.config, { poolSize: 4 });
  });
  afterEach(async () => {
    await database.close();
    await testDatabase.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const newUser = (overrides: Partial<{ id: string; email: string }> = {}) => {
    const now = new Date().toISOString();
    return {
      id: overrides.id ?? randomUUID(),
      email: overrides.email ?? `${randomUUID()}@example.com`,
      display_name: 'Ada',
      password_hash: null,
      role: 'user' as const,
      plan: 'free' as const,
      email_verified_at: null,
      created_at: now,
      updated_at: now,
    };
  };

  it('opens the configured dialect and migrates a fresh database once', async () => {
    expect(database.dialect.name).toBe(testDatabaseKind());
    const first = await migrateToLatest(database);
    expect(first?.map((result) => [result.migrationName, result.status])).toEqual([
      ['0001-initial', 'Success'],
      ['0002-generations', 'Success'],
      ['0003-api-keys', 'Success'],
      ['0004-billing', 'Success'],
      ['0006-push', 'Success'],
      ['0007-saved-watermark', 'Success'],
      ['0008-mail', 'Success'],
      ['0009-sharing-analytics', 'Success'],
      ['0010-diagnostics', 'Success'],
      ['0011-idempotency', 'Success'],
      ['0012-webhooks', 'Success'],
      ['0013-key-controls', 'Success'],
      ['0014-two-factor', 'Success'],
      ['0015-creative-tools', 'Success'],
      ['0016-people-audit', 'Success'],
      ['0017-moderation-site-settings', 'Success'],
      ['0018-library-search', 'Success'],
      ['0019-creative-tools-2', 'Success'],
      ['0020-trainings', 'Success'],
      ['0021-generations-by-key', 'Success'],
      ['0022-library-search-terms', 'Success'],
      ['0023-library-search-newest-first', 'Success'],
    ]);
    const second = await migrateToLatest(database);
    expect(second).toEqual([]);
  });

  it('lets several processes migrate the same fresh database at once', async () => {
    const others = [openDatabase(testDatabase.config), openDatabase(testDatabase.config)];
    try {
      await Promise.all([database, ...others].map((db) => migrateToLatest(db)));
      const tables = await database.kysely.introspection.getTables();
      expect(tables.map((table) => table.name)).toEqual(
        expect.arrayContaining(['users', 'sessions', 'user_settings']),
      );
    } finally {
      await Promise.all(others.map((db) => db.close()));
    }
  });

  it('round-trips timestamps as ISO strings and defaults balances to zero', async () => {
    await migrateToLatest(database);
    const user = newUser();
    await database.kysely.insertInto('users').values(user).execute();
    const row = await database.kysely
      .selectFrom('users')
      .selectAll()
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.created_at).toBe(user.created_at);
    expect(row.credits_monthly).toBe(0);
    expect(row.credits_purchased).toBe(0);
    const later = await database.kysely
      .selectFrom('users')
      .select('id')
      .where('created_at', '>=', new Date(Date.parse(user.created_at) - 1000).toISOString())
      .execute();
    expect(later.map((r) => r.id)).toContain(user.id);
  });

  it('keeps e-mails unique and balances non-negative', async () => {
    await migrateToLatest(database);
    const user = newUser({ email: 'same@example.com' });
    await database.kysely.insertInto('users').values(user).execute();
    await expect(
      database.kysely
        .insertInto('users')
        .values(newUser({ email: 'same@example.com' }))
        .execute(),
    ).rejects.toThrow(/unique|duplicate/i);
    await expect(
      database.kysely.updateTable('users').set({ credits_monthly: -1 }).where('id', '=', user.id).execute(),
    ).rejects.toThrow(/check/i);
  });

  it('enforces foreign keys and removes sessions and settings with their user', async () => {
    await migrateToLatest(database);
    const user = newUser();
    const now = new Date().toISOString();
    await database.kysely.insertInto('users').values(user).execute();
    await database.kysely
      .insertInto('sessions')
      .values({
        id: randomUUID(),
        user_id: user.id,
        token_hash: randomUUID(),
        remember: toDbBoolean(true),
        created_at: now,
        authenticated_at: now,
        auth_method: 'password',
        last_seen_at: now,
        expires_at: now,
        ip: null,
        user_agent: null,
      })
      .execute();
    await database.kysely
      .insertInto('user_settings')
      .values({ user_id: user.id, data: '{}', created_at: now, updated_at: now })
      .execute();
    const session = await database.kysely.selectFrom('sessions').select('remember').executeTakeFirstOrThrow();
    expect(fromDbBoolean(session.remember)).toBe(true);

    await expect(
      database.kysely
        .insertInto('user_settings')
        .values({ user_id: 'no-such-user', data: '{}', created_at: now, updated_at: now })
        .execute(),
    ).rejects.toThrow(/foreign key/i);

    await database.kysely.deleteFrom('users').where('id', '=', user.id).execute();
    expect(await database.kysely.selectFrom('sessions').selectAll().execute()).toEqual([]);
    expect(await database.kysely.selectFrom('user_settings').selectAll().execute()).toEqual([]);
  });

  it('lets assets be audio from 0015 on, keeping earlier assets, their indexes and their search', async () => {
    const migrator = new Migrator({
      db: database.kysely,
      provider: { getMigrations: async () => allMigrations(database.dialect) },
    });
    const before = await migrator.migrateTo('0014-two-factor');
    expect(before.error).toBeUndefined();
    const user = newUser();
    await database.kysely.insertInto('users').values(user).execute();
    const asset = (id: string, prompt: string, kind: 'image' | 'video' | 'audio' = 'image') => ({
      id,
      user_id: user.id,
      generation_id: null,
      kind,
      prompt,
      settings: '{}',
      file_key: `users/${user.id}/${id}/original.png`,
      thumbnail_key: null,
      content_type: 'image/png',
      size_bytes: 10,
      width: 4,
      height: 4,
      duration_seconds: null,
      fps: null,
      seed: 1,
      provider: 'sketch',
      model: 'sketch',
      created_at: new Date().toISOString(),
    });
    const insert = (row: ReturnType<typeof asset>) =>
      database.kysely.insertInto('assets').values(row).execute();
    await insert(asset('a-lighthouse', 'A lighthouse at dusk'));
    await insert(asset('a-forest', 'A misty forest'));
    await expect(insert(asset('a-voice', 'My voice', 'audio'))).rejects.toThrow(/check/i);

    await migrateToLatest(database);
    await insert(asset('a-voice', 'My voice', 'audio'));
    const assets = createAssetsRepository(database.kysely, database.dialect);
    const search = async (q: string) =>
      (await assets.page({ userId: user.id, q, type: 'all', sort: 'newest', limit: 10 })).map(
        (row) => row.id,
      );
    expect(await search('lighthouse')).toEqual(['a-lighthouse']);
    expect(await search('forest')).toEqual(['a-forest']);
    expect(await search('voice')).toEqual(['a-voice']);
    // The delete trigger still keeps the index right.
    await database.kysely.deleteFrom('assets').where('id', '=', 'a-lighthouse').execute();
    expect(await search('lighthouse')).toEqual([]);
    const old = await assets.find('a-forest');
    expect(old).toMatchObject({ origin: 'generated', tool: 'generate', saved: 1, shared: 0 });
    await expect(
      sql`update assets set kind = 'text' where id = 'a-forest'`.execute(database.kysely),
    ).rejects.toThrow(/check/i);

    if (database.native?.kind === 'sqlite') {
      const indexes = database.native.db
        .prepare(
          "select name from sqlite_master where tbl_name = 'assets' and type in ('index', 'trigger') order by name",
        )
        .all()
        .map((row) => (row as { name: string }).name);
      expect(indexes).toEqual([
        'assets_saved_created_idx',
        'assets_search_delete',
        'assets_search_insert',
        'assets_search_update',
        'assets_shared_created_idx',
        'assets_shared_user_created_idx',
        'assets_user_created_idx',
        'assets_user_kind_created_idx',
        'assets_user_origin_idx',
        'sqlite_autoindex_assets_1',
      ]);
      // 0018 replaced assets_fts with assets_search (library.feature.test.ts tests that migration).
      const integrity = database.native.db.prepare(
        "insert into assets_search(assets_search, rank) values ('integrity-check', 0)",
      );
      expect(() => integrity.run()).not.toThrow();
    }
  });

  it('lets 0019 add 3D objects and the issue 21 tools, keeping rows, rowids, indexes, triggers and links', async () => {
    const migrator = new Migrator({
      db: database.kysely,
      provider: { getMigrations: async () => allMigrations(database.dialect) },
    });
    expect((await migrator.migrateTo('0018-library-search')).error).toBeUndefined();
    const user = newUser();
    await database.kysely.insertInto('users').values(user).execute();
    const asset = (id: string, prompt: string, kind: 'image' | 'model' = 'image') =>
      sql`insert into assets (id, user_id, generation_id, kind, prompt, settings, file_key, content_type,
        size_bytes, width, height, seed, provider, model, created_at)
        values (${id}, ${user.id}, null, ${kind}, ${prompt}, '{}', ${`users/${user.id}/${id}`}, 'image/png',
        10, 4, 4, 1, 'sketch', 'sketch', ${new Date().toISOString()})`.execute(database.kysely);
    const job = (id: string, kind: string, tool: string) =>
      sql`insert into generations (id, user_id, kind, status, prompt, options, provider, model, seed, cost,
        reserved_monthly, reserved_purchased, credit_state, created_at, updated_at, tool)
        values (${id}, ${user.id}, ${kind}, 'queued', 'a chair', '{}', 'sketch', 'sketch', 1, 1, 1, 0,
        'reserved', ${new Date().toISOString()}, ${new Date().toISOString()}, ${tool})`.execute(
        database.kysely,
      );
    await asset('a-lighthouse', 'A lighthouse at dusk');
    await asset('a-forest', 'A misty forest');
    await sql`insert into asset_sources (asset_id, source_asset_id, position) values ('a-forest', 'a-lighthouse', 0)`.execute(
      database.kysely,
    );
    await job('g-old', 'image', 'edit');
    await expect(asset('a-chair', 'A chair', 'model')).rejects.toThrow(/check/i);
    await expect(job('g-3d', 'model', '3d')).rejects.toThrow(/check/i);

    const native = database.native?.kind === 'sqlite' ? database.native.db : null;
    const schema = () =>
      native
        ?.prepare(
          "select type, name, tbl_name, sql from sqlite_schema where name not like 'sqlite_%' order by name",
        )
        .all() as { name: string; sql: string | null }[] | undefined;
    const rowids = (table: string) => native?.prepare(`select rowid, id from ${table} order by rowid`).all();
    const before = schema();
    const rowidsBefore = [rowids('assets'), rowids('generations')];

    expect((await migrator.migrateTo('0019-creative-tools-2')).error).toBeUndefined();
    await asset('a-chair', 'A wooden chair', 'model');
    for (const tool of ['realtime', 'lipsync', '3d'])
      await job(`g-${tool}`, tool === '3d' ? 'model' : 'video', tool);
    await expect(asset('a-text', 'Text', 'text' as 'image')).rejects.toThrow(/check/i);
    await expect(job('g-paint', 'image', 'paint')).rejects.toThrow(/check/i);
    await expect(job('g-sound', 'sound', 'generate')).rejects.toThrow(/check/i);
    // The link survived the rebuild (no cascade), and the search index still answers.
    expect(await database.kysely.selectFrom('asset_sources').select('asset_id').execute()).toEqual([
      { asset_id: 'a-forest' },
    ]);
    // Today's search reads 0022's lexemes (PostgreSQL) and 0023's keys (SQLite); back to 0019 after it.
    expect((await migrator.migrateTo('0023-library-search-newest-first')).error).toBeUndefined();
    const assets = createAssetsRepository(database.kysely, database.dialect);
    const search = async (q: string) =>
      (await assets.page({ userId: user.id, q, type: 'all', sort: 'newest', limit: 10 })).map(
        (row) => row.id,
      );
    expect(await search('lighthouse')).toEqual(['a-lighthouse']);
    expect(await search('chair')).toEqual(['a-chair']);
    expect((await migrator.migrateTo('0019-creative-tools-2')).error).toBeUndefined();

    if (native && before) {
      // Exactly the same schema apart from the two checks; the rows kept their rowids.
      const widened = before.map((row) =>
        row.name === 'assets' || row.name === 'generations'
          ? {
              ...row,
              sql: row.sql
                ?.replace(
                  "kind in ('image', 'video', 'audio')",
                  "kind in ('image', 'video', 'audio', 'model')",
                )
                .replace("kind in ('image', 'video')", "kind in ('image', 'video', 'model')")
                .replace(
                  "tool in ('generate', 'enhance', 'edit')",
                  "tool in ('generate', 'enhance', 'edit', 'realtime', 'lipsync', '3d')",
                ),
            }
          : row,
      );
      expect(schema()).toEqual(widened);
      expect(widened).not.toEqual(before);
      const [assetRows, jobRows] = rowidsBefore;
      expect(rowids('assets')?.slice(0, 2)).toEqual(assetRows);
      expect(rowids('generations')?.slice(0, 1)).toEqual(jobRows);
      expect(native.pragma('foreign_keys', { simple: true })).toBe(1);
      expect(() =>
        native.prepare("insert into assets_search(assets_search, rank) values ('integrity-check', 0)").run(),
      ).not.toThrow();

      // Down removes the new rows and restores the old schema exactly.
      expect((await migrator.migrateTo('0018-library-search')).error).toBeUndefined();
      expect(schema()).toEqual(before);
      expect(rowids('assets')).toEqual(assetRows);
      expect(await database.kysely.selectFrom('asset_sources').select('asset_id').execute()).toHaveLength(1);
    }
  });

  it("serves a key's jobs since a date from an index (the public API's account figures), and 0021 rolls back", async () => {
    await migrateToLatest(database);
    // The statement text differs per call: a cached EXPLAIN statement is not re-planned after a schema change.
    const query = (tag: string) =>
      sql`select count(*) from generations where api_key_id = ${'key'} and created_at >= ${'2026-11-01'} ${sql.raw(`/* ${tag} */`)}`;
    const plan = async (tag: string) => {
      if (database.dialect.name === 'sqlite') {
        const rows = await sql<{ detail: string }>`explain query plan ${query(tag)}`.execute(database.kysely);
        return rows.rows.map((row) => row.detail).join('\n');
      }
      // A tiny table may be scanned anyway; with sequential scans off, an index that serves the query is used.
      return database.kysely.transaction().execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        const rows = await sql<{ 'QUERY PLAN': string }>`explain ${query(tag)}`.execute(trx);
        return rows.rows.map((row) => row['QUERY PLAN']).join('\n');
      });
    };
    expect(await plan('migrated')).toContain('generations_api_key_created_idx');

    const migrator = new Migrator({
      db: database.kysely,
      provider: { getMigrations: async () => allMigrations(database.dialect) },
    });
    const { error } = await migrator.migrateTo('0020-trainings');
    expect(error).toBeUndefined();
    expect(await plan('rolled back')).not.toContain('generations_api_key_created_idx');
  });

  it('answers ping, and fails ping once closed', async () => {
    await expect(database.ping()).resolves.toBeUndefined();
    const other = openDatabase(testDatabase.config);
    await other.close();
    await expect(other.ping()).rejects.toThrow();
  });
});
