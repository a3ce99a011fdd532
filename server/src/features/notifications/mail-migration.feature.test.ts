import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/harness.js';
import { type Database, migrateToLatest, openDatabase } from '../../platform/db/database.js';
import { allMigrations } from '../../platform/db/migrations/index.js';

describe('migration 0008-mail on existing accounts', () => {
  let dataDir: string;
  let testDatabase: TestDatabase;
  let database: Database;

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'kaleido-db-'));
    testDatabase = await createTestDatabase(dataDir);
    database = openDatabase(testDatabase.config, { poolSize: 2 });
  });
  afterEach(async () => {
    await database.close();
    await testDatabase.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('records a consent time for accounts that already had marketing e-mails on, and only for them', async () => {
    const all = allMigrations(database.dialect);
    const before = Object.keys(all)
      .sort()
      .filter((name) => name < '0008-mail');
    const migrator = new Migrator({ db: database.kysely, provider: { getMigrations: async () => all } });
    expect((await migrator.migrateTo(before.at(-1) as string)).error).toBeUndefined();

    const people = [
      { id: 'u1', settings: { marketingEmails: true } },
      { id: 'u2', settings: { marketingEmails: false } },
      { id: 'u3', settings: null },
    ];
    for (const [index, person] of people.entries()) {
      const at = new Date(Date.UTC(2026, 0, 1 + index)).toISOString();
      // The current Kysely types know columns this old schema does not have yet.
      await database.kysely
        .insertInto('users')
        .values({
          id: person.id,
          email: `${person.id}@example.com`,
          display_name: person.id,
          password_hash: null,
          role: 'user',
          plan: 'free',
          email_verified_at: null,
          created_at: at,
          updated_at: at,
        } as never)
        .execute();
      if (person.settings)
        await database.kysely
          .insertInto('user_settings')
          .values({
            user_id: person.id,
            data: JSON.stringify(person.settings),
            created_at: at,
            updated_at: new Date(Date.UTC(2026, 1, 1 + index)).toISOString(),
          })
          .execute();
    }
    await migrateToLatest(database);
    const rows = await database.kysely
      .selectFrom('users')
      .select(['id', 'marketing_consent_at', 'detected_time_zone', 'low_credits_mailed_at'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      {
        id: 'u1',
        marketing_consent_at: '2026-02-01T00:00:00.000Z',
        detected_time_zone: null,
        low_credits_mailed_at: null,
      },
      { id: 'u2', marketing_consent_at: null, detected_time_zone: null, low_credits_mailed_at: null },
      { id: 'u3', marketing_consent_at: null, detected_time_zone: null, low_credits_mailed_at: null },
    ]);
  });
});
