import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * `GET /api/v1/account` counts a key's jobs this month on every call (`public-account.repository.ts`),
 * and nothing indexed `generations.api_key_id`: each call scanned every person's jobs. The index
 * serves the key and the date range alike on both dialects.
 */
export function generationsByKey(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('generations_api_key_created_idx')
        .on('generations')
        .columns(['api_key_id', 'created_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('generations_api_key_created_idx').execute();
    },
  };
}
