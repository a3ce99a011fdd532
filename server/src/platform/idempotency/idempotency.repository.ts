import type { Selectable } from 'kysely';
import type { Executor } from '../db/executor.js';
import type { IdempotencyKeysTable } from '../db/schema.js';

export type IdempotencyRecord = Selectable<IdempotencyKeysTable>;

/** What an Idempotency-Key protects: a generation job, a purchase, or a plan's monthly renewal. */
export type IdempotencyOperation = IdempotencyKeysTable['operation'];

/**
 * Whose key space a key lives in: an API key's (the public API: each key has its own), or else the
 * person's own (browser sessions and purchases). `userId` is the owner either way.
 */
export interface IdempotencyCaller {
  userId: string;
  apiKeyId?: string | null;
}

/** The `idempotency_keys` table: one record per key, caller and operation, naming what it made. */
export function createIdempotencyRepository(db: Executor) {
  return {
    find(
      caller: IdempotencyCaller,
      operation: IdempotencyOperation,
      key: string,
      trx: Executor = db,
    ): Promise<IdempotencyRecord | undefined> {
      const query = trx
        .selectFrom('idempotency_keys')
        .selectAll()
        .where('operation', '=', operation)
        .where('key', '=', key);
      return (
        caller.apiKeyId
          ? query.where('api_key_id', '=', caller.apiKeyId)
          : query.where('user_id', '=', caller.userId).where('api_key_id', 'is', null)
      ).executeTakeFirst();
    },

    /** Claims the key; a concurrent claim of the same key fails on a unique index (`isUniqueViolation`). */
    async insert(record: IdempotencyRecord, trx: Executor = db): Promise<void> {
      await trx.insertInto('idempotency_keys').values(record).execute();
    },
  };
}

export type IdempotencyRepository = ReturnType<typeof createIdempotencyRepository>;
