import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertOldAccount, migrateToJustBefore, openBareDatabase } from '../../../test/harness.js';
import { type Database, migrateToLatest } from '../../platform/db/database.js';

describe('migration 0009-sharing-analytics on existing accounts', () => {
  let bare: Awaited<ReturnType<typeof openBareDatabase>>;
  let database: Database;

  beforeEach(async () => {
    bare = await openBareDatabase();
    database = bare.database;
  });
  afterEach(async () => {
    await bare.close();
  });

  it('gives every account a unique handle from its name and copies its profile visibility', async () => {
    await migrateToJustBefore(database, '0009-sharing-analytics');

    const people = [
      { id: 'u1', name: 'Grace Hopper', visibility: 'public' },
      { id: 'u2', name: 'grace hopper', visibility: 'friends' },
      { id: 'u3', name: 'Al', visibility: null },
    ];
    for (const [index, person] of people.entries()) {
      await insertOldAccount(database, {
        id: person.id,
        name: person.name,
        createdAt: new Date(Date.UTC(2026, 0, 1 + index)).toISOString(),
        settings: person.visibility ? { profileVisibility: person.visibility, theme: 'dark' } : undefined,
      });
    }
    await migrateToLatest(database);
    const rows = await database.kysely
      .selectFrom('users')
      .select(['id', 'handle', 'profile_visibility'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: 'u1', handle: 'grace-hopper', profile_visibility: 'public' },
      { id: 'u2', handle: 'grace-hopper-2', profile_visibility: 'friends' },
      { id: 'u3', handle: 'al-creator', profile_visibility: 'private' },
    ]);
  });
});
