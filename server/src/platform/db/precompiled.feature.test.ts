import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/harness.js';
import { type Database, migrateToLatest, openDatabase } from './database.js';
import { precompiled, precompiledInsert } from './precompiled.js';

describe('precompiled queries', () => {
  let dataDir: string;
  let testDatabase: TestDatabase;
  let database: Database;

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'kaleido-precompiled-'));
    testDatabase = await createTestDatabase(dataDir);
    database = openDatabase(testDatabase.config, { poolSize: 2 });
    await migrateToLatest(database);
  });
  afterEach(async () => {
    await database.close();
    await testDatabase.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const addUser = async (email: string, plan: 'free' | 'pro') => {
    const id = randomUUID();
    const now = new Date().toISOString();
    await database.kysely
      .insertInto('users')
      .values({
        id,
        email,
        display_name: email.split('@')[0] ?? email,
        password_hash: null,
        role: 'user',
        plan,
        email_verified_at: null,
        created_at: now,
        updated_at: now,
        handle: `h${id.slice(0, 8)}`,
      })
      .execute();
    return id;
  };

  it('binds each call its own values, repeats a value used twice, and keeps constants of the build', async () => {
    const ada = await addUser('ada@example.com', 'pro');
    const bob = await addUser('bob@example.com', 'free');
    const byEmailOrId = precompiled(1, (db, value: string) =>
      db
        .selectFrom('users')
        .select(['id', 'email'])
        .where((eb) => eb.or([eb('email', '=', value), eb('id', '=', value)]))
        // A constant written into the build stays in the query for every call.
        .where('plan', '=', 'pro'),
    );
    expect(await byEmailOrId.rows(database.kysely, 'ada@example.com')).toEqual([
      { id: ada, email: 'ada@example.com' },
    ]);
    expect(await byEmailOrId.rows(database.kysely, ada)).toEqual([{ id: ada, email: 'ada@example.com' }]);
    expect(await byEmailOrId.first(database.kysely, 'bob@example.com')).toBeUndefined();
    expect(await byEmailOrId.first(database.kysely, bob)).toBeUndefined();
  });

  it('runs inside a transaction and sees its uncommitted writes, with the answer of the built query', async () => {
    const ada = await addUser('ada@example.com', 'free');
    const planOf = precompiled(1, (db, id: string) =>
      db.selectFrom('users').select('plan').where('id', '=', id),
    );
    const rename = precompiled(2, (db, id: string, name: string) =>
      db.updateTable('users').set({ display_name: name }).where('id', '=', id).returning('display_name'),
    );
    await database.kysely
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('users').set({ plan: 'pro' }).where('id', '=', ada).execute();
        expect(await planOf.first(trx, ada)).toEqual({ plan: 'pro' });
        expect(await rename.rows(trx, ada, 'Ada L.')).toEqual([{ display_name: 'Ada L.' }]);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await planOf.first(database.kysely, ada)).toEqual({ plan: 'free' });
    const built = await database.kysely.selectFrom('users').select('plan').where('id', '=', ada).execute();
    expect(await planOf.rows(database.kysely, ada)).toEqual(built);
  });

  // On SQLite precompiled queries run on the connection directly (runPrecompiledDirectly): never inside
  // another request's transaction, which holds the one connection between two of its awaits.
  it('keeps a query on the database out of a transaction open meanwhile: it waits for its end', async () => {
    const ada = await addUser('ada@example.com', 'free');
    const planOf = precompiled(1, (db, id: string) =>
      db.selectFrom('users').select('plan').where('id', '=', id),
    );
    const rename = precompiled(2, (db, id: string, name: string) =>
      db.updateTable('users').set({ display_name: name }).where('id', '=', id),
    );
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let written!: () => void;
    const hasWritten = new Promise<void>((resolve) => {
      written = resolve;
    });
    const rolledBack = database.kysely
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('users').set({ plan: 'pro' }).where('id', '=', ada).execute();
        written();
        await held;
        throw new Error('roll back');
      })
      .catch(() => 'rolled back');
    await hasWritten;
    // A read and a write on the database itself while the transaction is open.
    const read = planOf.first(database.kysely, ada);
    const write = rename.execute(database.kysely, ada, 'Ada L.');
    const settled: string[] = [];
    void read.then(() => settled.push('read'));
    await new Promise((resolve) => setTimeout(resolve, 30));
    if (database.dialect.name === 'sqlite') {
      // The one connection is the transaction's: both wait for it (PostgreSQL reads from another).
      expect(settled).toEqual([]);
    }
    release();
    expect(await rolledBack).toBe('rolled back');
    // Neither saw the uncommitted plan, and the write was not rolled back with the transaction.
    expect(await read).toEqual({ plan: 'free' });
    await write;
    expect(
      await database.kysely
        .selectFrom('users')
        .select(['plan', 'display_name'])
        .where('id', '=', ada)
        .execute(),
    ).toEqual([{ plan: 'free', display_name: 'Ada L.' }]);
  });

  it('answers writes as the driver does: affected rows and, for an insert, the row id', async () => {
    const ada = await addUser('ada@example.com', 'free');
    const rename = precompiled(2, (db, id: string, name: string) =>
      db.updateTable('users').set({ display_name: name }).where('id', '=', id),
    );
    const viaDriver = await database.kysely
      .updateTable('users')
      .set({ display_name: 'Ada' })
      .where('id', '=', ada)
      .executeTakeFirst();
    const result = await rename.execute(database.kysely, ada, 'Ada L.');
    expect(result.numAffectedRows).toBe(viaDriver.numUpdatedRows);
    expect(result.rows).toEqual([]);
    expect((await rename.execute(database.kysely, randomUUID(), 'Nobody')).numAffectedRows).toBe(0n);
  });

  it('refuses a build that drops one of its values', async () => {
    const careless = precompiled(2, (db, id: string, _unused: string) =>
      db.selectFrom('users').select('id').where('id', '=', id),
    );
    await expect(careless.rows(database.kysely, 'a', 'b')).rejects.toThrow(/placed 1 of its 2 values/);
  });

  it('inserts rows of each shape it is given, leaving out undefined columns as Kysely does', async () => {
    const insertUser = precompiledInsert('users');
    const now = new Date().toISOString();
    const base = {
      display_name: 'Ada',
      password_hash: null,
      role: 'user' as const,
      plan: 'free' as const,
      email_verified_at: null,
      created_at: now,
      updated_at: now,
    };
    const first = randomUUID();
    const second = randomUUID();
    await insertUser.execute(database.kysely, { ...base, id: first, email: 'a@example.com', handle: 'ada' });
    // Another shape: no handle at all, and an undefined value (left out, so the column default applies).
    await insertUser.execute(database.kysely, {
      ...base,
      id: second,
      email: 'b@example.com',
      marketing_consent_at: undefined,
    });
    const rows = await database.kysely
      .selectFrom('users')
      .select(['id', 'email', 'handle', 'credits_monthly'])
      .orderBy('email')
      .execute();
    expect(rows).toEqual([
      { id: first, email: 'a@example.com', handle: 'ada', credits_monthly: 0 },
      { id: second, email: 'b@example.com', handle: null, credits_monthly: 0 },
    ]);
  });
});
