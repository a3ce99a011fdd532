import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertOldAccount, migrateToJustBefore, openBareDatabase } from '../../../test/harness.js';
import { type Database, migrateToLatest } from '../db/database.js';

const AT = '2026-03-01T10:00:00.000Z';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('migration 0011-idempotency on existing records', () => {
  let bare: Awaited<ReturnType<typeof openBareDatabase>>;
  let database: Database;

  beforeEach(async () => {
    bare = await openBareDatabase();
    database = bare.database;
  });
  afterEach(async () => {
    await bare.close();
  });

  /** A job as the 0010 schema stores it (with its `idempotency_key` column). */
  const insertOldJob = (id: string, userId: string, apiKeyId: string | null, key: string | null) =>
    sql`insert into generations (id, user_id, kind, status, prompt, options, provider, model, seed, cost,
        reserved_monthly, reserved_purchased, credit_state, api_key_id, idempotency_key, created_at, updated_at)
      values (${id}, ${userId}, 'image', 'succeeded', 'a fox', '{}', 'fake', 'fake-1', 7, 1, 1, 0, 'charged',
        ${apiKeyId}, ${key}, ${AT}, ${AT})`.execute(database.kysely);

  /** A purchase as the 0010 schema stores it (with its idempotency key and request hash). */
  const insertOldPurchase = (id: string, kind: 'pack' | 'renewal', key: string, hash: string) =>
    sql`insert into purchases (id, user_id, kind, item, description, amount_cents, currency, credits, bonus_credits,
        status, provider, idempotency_key, request_hash, created_at, completed_at)
      values (${id}, 'u1', ${kind}, 'pack-100', 'A pack', 1500, 'usd', 100, 10, 'succeeded', 'test', ${key}, ${hash},
        ${AT}, ${AT})`.execute(database.kysely);

  /** The records of each earlier store, on the schema just before 0011. */
  async function seedOldRecords() {
    await migrateToJustBefore(database, '0011-idempotency');
    await insertOldAccount(database, { id: 'u1', createdAt: AT });
    await sql`insert into api_keys (id, user_id, kind, name, description, plan, permissions, key_hash, key_encrypted,
        key_preview, is_active, credits_remaining, credits_period, created_at, updated_at)
      values ('k1', 'u1', 'developer', 'shop', '', 'free', '[]', 'hash', 'enc', 'kal_live', 1, 10, '2026-03', ${AT}, ${AT})`.execute(
      database.kysely,
    );
    await insertOldJob('g-session', 'u1', null, 'offline-1');
    await insertOldJob('g-api', 'u1', 'k1', 'order-42');
    await insertOldJob('g-plain', 'u1', null, null);
    await sql`insert into idempotency_keys (api_key_id, key, request_hash, generation_id, created_at)
      values ('k1', 'order-42', 'public-hash', 'g-api', ${AT})`.execute(database.kysely);
    await insertOldPurchase('p-pack', 'pack', 'buy-pack-1', 'pack-hash');
    await insertOldPurchase('p-renewal', 'renewal', 'renewal-1772359200000', 'renewal-1772359200000');
    await sql`insert into invoices (id, user_id, purchase_id, number, description, amount_cents, currency, created_at)
      values ('i1', 'u1', 'p-pack', 'KAL-1', 'A pack', 1500, 'usd', ${AT})`.execute(database.kysely);
  }

  it('moves the three stores into idempotency_keys, keeps purchases and invoices, and drops the old columns', async () => {
    await seedOldRecords();
    await migrateToLatest(database);

    const records = await database.kysely
      .selectFrom('idempotency_keys')
      .selectAll()
      .orderBy('resource_id')
      .execute();
    expect(records).toEqual([
      {
        operation: 'generation',
        user_id: 'u1',
        api_key_id: 'k1',
        key: 'order-42',
        request_hash: 'public-hash',
        resource_id: 'g-api',
        created_at: AT,
      },
      // A browser session's key kept no request hash: it stays taken (a replay is refused, never charged).
      {
        operation: 'generation',
        user_id: 'u1',
        api_key_id: null,
        key: 'offline-1',
        request_hash: '',
        resource_id: 'g-session',
        created_at: AT,
      },
      {
        operation: 'purchase',
        user_id: 'u1',
        api_key_id: null,
        key: 'buy-pack-1',
        request_hash: 'pack-hash',
        resource_id: 'p-pack',
        created_at: AT,
      },
      {
        operation: 'renewal',
        user_id: 'u1',
        api_key_id: null,
        key: 'renewal-1772359200000',
        request_hash: sha256('renewal-1772359200000'),
        resource_id: 'p-renewal',
        created_at: AT,
      },
    ]);

    // Purchases (rebuilt on SQLite) keep their rows and their invoice; the old columns are gone.
    const purchases = await database.kysely.selectFrom('purchases').selectAll().orderBy('id').execute();
    expect(purchases.map((row) => [row.id, row.kind, row.amount_cents])).toEqual([
      ['p-pack', 'pack', 1500],
      ['p-renewal', 'renewal', 1500],
    ]);
    expect(Object.keys(purchases[0] ?? {})).not.toContain('idempotency_key');
    expect(Object.keys(purchases[0] ?? {})).not.toContain('request_hash');
    expect(await database.kysely.selectFrom('invoices').select(['id', 'purchase_id']).execute()).toEqual([
      { id: 'i1', purchase_id: 'p-pack' },
    ]);
    const jobs = await database.kysely.selectFrom('generations').selectAll().orderBy('id').execute();
    expect(jobs.map((row) => row.id)).toEqual(['g-api', 'g-plain', 'g-session']);
    expect(Object.keys(jobs[0] ?? {})).not.toContain('idempotency_key');

    // Foreign keys still hold: removing the person removes their records, purchases and invoices.
    await database.kysely.deleteFrom('users').where('id', '=', 'u1').execute();
    expect(await database.kysely.selectFrom('idempotency_keys').select('key').execute()).toEqual([]);
    expect(await database.kysely.selectFrom('purchases').select('id').execute()).toEqual([]);
    expect(await database.kysely.selectFrom('invoices').select('id').execute()).toEqual([]);
  });

  it('can be undone: the keys go back where they were', async () => {
    await seedOldRecords();
    await migrateToLatest(database);
    await migrateToJustBefore(database, '0011-idempotency');
    const purchases = await sql<{ id: string; idempotency_key: string; request_hash: string }>`
      select id, idempotency_key, request_hash from purchases order by id`.execute(database.kysely);
    expect(purchases.rows).toEqual([
      { id: 'p-pack', idempotency_key: 'buy-pack-1', request_hash: 'pack-hash' },
      { id: 'p-renewal', idempotency_key: 'renewal-1772359200000', request_hash: 'renewal-1772359200000' },
    ]);
    const jobs = await sql<{ id: string; idempotency_key: string | null }>`
      select id, idempotency_key from generations order by id`.execute(database.kysely);
    expect(jobs.rows).toEqual([
      { id: 'g-api', idempotency_key: 'order-42' },
      { id: 'g-plain', idempotency_key: null },
      { id: 'g-session', idempotency_key: 'offline-1' },
    ]);
    const keys = await sql`select api_key_id, key, request_hash, generation_id from idempotency_keys`.execute(
      database.kysely,
    );
    expect(keys.rows).toEqual([
      { api_key_id: 'k1', key: 'order-42', request_hash: 'public-hash', generation_id: 'g-api' },
    ]);
    expect(await database.kysely.selectFrom('invoices').select('id').execute()).toEqual([{ id: 'i1' }]);
  });

  it('keeps one key per caller and operation: a second claim fails on the unique index', async () => {
    await migrateToLatest(database);
    await insertOldAccount(database, { id: 'u1', createdAt: AT });
    const record = {
      operation: 'purchase' as const,
      user_id: 'u1',
      api_key_id: null,
      key: 'twice',
      request_hash: 'h',
      resource_id: 'p1',
      created_at: AT,
    };
    await database.kysely.insertInto('idempotency_keys').values(record).execute();
    await expect(
      database.kysely
        .insertInto('idempotency_keys')
        .values({ ...record, resource_id: 'p2' })
        .execute(),
    ).rejects.toThrow(/unique|duplicate/i);
    // The same key for another operation is another key.
    await database.kysely
      .insertInto('idempotency_keys')
      .values({ ...record, operation: 'generation', resource_id: 'g1' })
      .execute();
  });
});
