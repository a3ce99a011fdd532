import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertOldAccount, migrateToJustBefore, openBareDatabase } from '../../../test/harness.js';
import { type Database, migrateToLatest } from '../../platform/db/database.js';

describe('migration 0008-mail on existing accounts', () => {
  let bare: Awaited<ReturnType<typeof openBareDatabase>>;
  let database: Database;

  beforeEach(async () => {
    bare = await openBareDatabase();
    database = bare.database;
  });
  afterEach(async () => {
    await bare.close();
  });

  it('records a consent time for accounts that already had marketing e-mails on, and only for them', async () => {
    await migrateToJustBefore(database, '0008-mail');

    const people = [
      { id: 'u1', settings: { marketingEmails: true } },
      { id: 'u2', settings: { marketingEmails: false } },
      { id: 'u3', settings: null },
    ];
    for (const [index, person] of people.entries()) {
      await insertOldAccount(database, {
        id: person.id,
        createdAt: new Date(Date.UTC(2026, 0, 1 + index)).toISOString(),
        settings: person.settings ?? undefined,
        settingsUpdatedAt: new Date(Date.UTC(2026, 1, 1 + index)).toISOString(),
      });
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
