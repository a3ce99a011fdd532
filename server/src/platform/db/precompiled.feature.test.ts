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
