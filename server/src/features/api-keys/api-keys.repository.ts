import { randomUUID } from 'node:crypto';
import { type ExpressionBuilder, type Insertable, type Selectable, sql } from 'kysely';
import { isForeignKeyViolation } from '../../platform/db/dialect.js';
import type { Executor } from '../../platform/db/executor.js';
import { precompiled, precompiledInsert } from '../../platform/db/precompiled.js';
import type { ApiKeysTable, ApiRequestsTable, DB } from '../../platform/db/schema.js';

export type ApiKeyRow = Selectable<ApiKeysTable>;

/** A disabled account's keys are not found: they stop the moment an administrator disables it (issue 20). */
const ownerNotDisabled = (eb: ExpressionBuilder<DB, 'api_keys'>) =>
  eb.not(
    eb.exists(
      eb
        .selectFrom('users')
        .select('users.id')
        .whereRef('users.id', '=', 'api_keys.user_id')
        .where('users.disabled_at', 'is not', null),
    ),
  );

/**
 * Every public API call starts here (precompiled): the key whose current secret this is, one lookup in
 * the unique index (an `or` with the previous secret made SQLite merge two index searches every time).
 */
const findByHashQuery = precompiled(1, (db, hash: string) =>
  db.selectFrom('api_keys').selectAll().where('key_hash', '=', hash).where(ownerNotDisabled),
);

/** Asked only when no key has this current secret: a rotated key's previous one, within its grace period. */
const findByPreviousHashQuery = precompiled(2, (db, hash: string, now: string) =>
  db
    .selectFrom('api_keys')
    .selectAll()
    .where('previous_key_hash', '=', hash)
    .where('previous_key_expires_at', '>', now)
    .where(ownerNotDisabled),
);

/** Starts a new month's allowance (the public API's accept path: precompiled, like the two below). */
const refillQuery = precompiled(3, (db, id: string, period: string, allowance: number) =>
  db
    .updateTable('api_keys')
    .set({ credits_remaining: allowance, credits_spent: 0, credits_period: period })
    .where('id', '=', id)
    .where('credits_period', '<', period),
);

const takeAllowanceQuery = precompiled(3, (db, id: string, amount: number, now: string) =>
  db
    .updateTable('api_keys')
    .set({
      credits_remaining: sql`credits_remaining - ${amount}`,
      credits_spent: sql`credits_spent + ${amount}`,
      usage_count: sql`usage_count + 1`,
      last_used_at: now,
    })
    .where('id', '=', id)
    .where('credits_remaining', '>=', amount)
    .where((eb) =>
      eb.or([
        eb('monthly_spend_cap', 'is', null),
        eb(sql<number>`credits_spent + ${amount}`, '<=', eb.ref('monthly_spend_cap')),
      ]),
    ),
);

const insertRequestQuery = precompiledInsert('api_requests');

type RequestRecord = Insertable<ApiRequestsTable> & { id: string };

/** Deferred usage records are written together at most this long after the first of them… */
const DEFERRED_RECORDS_MS = 50;
/** …or at once when this many wait. */
const DEFERRED_RECORDS_MAX = 500;

export function createApiKeysRepository(db: Executor) {
  /**
   * Usage records of calls that made nothing (status reads, listings, the account), written together
   * (`deferRequest`): one statement for every call of the last 50 ms, instead of a write transaction
   * per read. Until then they are counted from here (`withDeferredRequests`): while a read counts them,
   * none is written (so none is counted twice or missed); a write waits for the reads under way, and
   * reads that come meanwhile wait for the write (so a steady stream of reads cannot hold it back).
   */
  let deferred: RequestRecord[] = [];
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> | null = null;
  let counting = 0;

  /** Writes `rows`; returns those to try again (the database failed otherwise than on a deleted key). */
  async function insertDeferred(rows: RequestRecord[]): Promise<RequestRecord[]> {
    try {
      await db.insertInto('api_requests').values(rows).execute();
      return [];
    } catch {
      // One row whose key or account was deleted meanwhile (its records went with it) fails the
      // statement: the others are written one by one, and such a row is dropped as the delete would have.
      const again: RequestRecord[] = [];
      for (const row of rows) {
        await insertRequestQuery.execute(db, row).catch((error: unknown) => {
          if (!isForeignKeyViolation(error)) again.push(row);
        });
      }
      return again;
    }
  }

  /** Called when the last read counting the waiting records is done, while a write waits for it. */
  let drained: (() => void) | null = null;

  function scheduleWrite(): void {
    if (timer) return;
    timer = setTimeout(() => void writeDeferred(), DEFERRED_RECORDS_MS);
    // Closing the app writes what waits (`flushDeferredRequests`); the timer alone keeps nothing open.
    timer.unref();
  }

  function writeDeferred(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    if (writing) return writing;
    if (deferred.length === 0) return Promise.resolve();
    writing = (async () => {
      // The reads counting the waiting records finish first; reads that come meanwhile wait for this write.
      if (counting > 0) await new Promise<void>((resolve) => (drained = resolve));
      const rows = deferred;
      deferred = [];
      const again = await insertDeferred(rows);
      if (again.length > 0) {
        // The database failed (busy, unreachable): the records wait for the next write, in order.
        deferred = [...again, ...deferred];
        scheduleWrite();
      }
    })().finally(() => {
      writing = null;
      // Records that came during the write (their timer may have fired into it) get their own.
      if (deferred.length > 0) scheduleWrite();
    });
    return writing;
  }

  /** Writes what waits now (a database that keeps failing gets three tries; the rest waits for the timer). */
  async function flushDeferred(): Promise<void> {
    for (let round = 0; round < 3 && (writing || deferred.length > 0); round++) await writeDeferred();
  }

  return {
    async insert(row: Insertable<ApiKeysTable>, trx: Executor = db): Promise<void> {
      await trx.insertInto('api_keys').values(row).execute();
    },
    listOwned(userId: string, kind: ApiKeyRow['kind'], trx: Executor = db) {
      return trx
        .selectFrom('api_keys')
        .selectAll()
        .where('user_id', '=', userId)
        .where('kind', '=', kind)
        .orderBy('created_at', 'desc')
        .execute();
    },
    findOwned(id: string, userId: string, trx: Executor = db) {
      return trx
        .selectFrom('api_keys')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },
    findById(id: string, trx: Executor = db) {
      return trx.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirst();
    },
    /** The key a secret belongs to: its current secret, or the previous one within a rotation's grace period. */
    async findByHash(hash: string, now: string, trx: Executor = db): Promise<ApiKeyRow | undefined> {
      return (await findByHashQuery.first(trx, hash)) ?? findByPreviousHashQuery.first(trx, hash, now);
    },
    async update(
      id: string,
      changes: Partial<
        Pick<
          ApiKeyRow,
          | 'name'
          | 'description'
          | 'is_active'
          | 'scopes'
          | 'permissions'
          | 'expires_at'
          | 'monthly_spend_cap'
          | 'webhook_url'
        >
      >,
      now: string,
      trx: Executor = db,
    ): Promise<void> {
      await trx
        .updateTable('api_keys')
        .set({ ...changes, updated_at: now })
        .where('id', '=', id)
        .execute();
    },
    /**
     * A new secret; the current one becomes the previous one until `previousUntil` (null: refused at
     * once). One update, so a concurrent rotation cannot leave two previous secrets.
     */
    async rotate(
      id: string,
      next: { hash: string; encrypted: string; preview: string },
      previousUntil: string | null,
      now: string,
      trx: Executor = db,
    ): Promise<void> {
      await trx
        .updateTable('api_keys')
        .set((eb) => ({
          previous_key_hash: previousUntil ? eb.ref('key_hash') : null,
          previous_key_expires_at: previousUntil,
          key_hash: next.hash,
          key_encrypted: next.encrypted,
          key_preview: next.preview,
          updated_at: now,
        }))
        .where('id', '=', id)
        .execute();
    },
    async delete(id: string, trx: Executor = db): Promise<void> {
      await trx.deleteFrom('api_keys').where('id', '=', id).execute();
    },
    async deletePersonal(userId: string, trx: Executor = db): Promise<void> {
      await trx.deleteFrom('api_keys').where('user_id', '=', userId).where('kind', '=', 'personal').execute();
    },

    /** Starts a new month's allowance when the stored one belongs to an earlier month. */
    async refillIfNewPeriod(
      id: string,
      period: string,
      allowance: number,
      trx: Executor = db,
    ): Promise<void> {
      await refillQuery.execute(trx, id, period, allowance);
    },

    /**
     * Takes `amount` from the allowance unless it would go below zero or the month's spend would pass
     * the owner's cap: one guarded update, so concurrent calls can never overspend either.
     */
    async takeAllowance(id: string, amount: number, now: string, trx: Executor = db): Promise<boolean> {
      const result = await takeAllowanceQuery.execute(trx, id, amount, now);
      return Number(result.numAffectedRows) === 1;
    },

    async returnAllowance(id: string, amount: number, trx: Executor = db): Promise<void> {
      await trx
        .updateTable('api_keys')
        .set({
          credits_remaining: sql`credits_remaining + ${amount}`,
          credits_spent: sql`case when credits_spent >= ${amount} then credits_spent - ${amount} else 0 end`,
        })
        .where('id', '=', id)
        .execute();
    },

    /** Writes one usage record; returns its id. */
    async recordRequest(row: Omit<Insertable<ApiRequestsTable>, 'id'>, trx: Executor = db): Promise<string> {
      const id = randomUUID();
      await insertRequestQuery.execute(trx, { id, ...row });
      return id;
    },

    /**
     * Writes the usage record of a call that made nothing within the next 50 ms, together with the
     * others of that time (`flushDeferredRequests` writes them at once); returns its id.
     */
    deferRequest(row: Omit<Insertable<ApiRequestsTable>, 'id'>): string {
      const id = randomUUID();
      deferred.push({ id, ...row });
      if (deferred.length >= DEFERRED_RECORDS_MAX && !writing) void writeDeferred();
      else scheduleWrite();
      return id;
    },

    /** Writes the deferred usage records now (before reading records with SQL, and when closing). */
    flushDeferredRequests: flushDeferred,

    /**
     * Runs `read` with the deferred records of `keyId` since `since` (ISO 8601) that are not written
     * yet: none is written while it runs, so the database and this list never both hold one.
     */
    async withDeferredRequests<T>(
      keyId: string,
      since: string,
      read: (waiting: readonly RequestRecord[]) => Promise<T>,
    ): Promise<T> {
      while (writing) await writing;
      counting++;
      try {
        return await read(deferred.filter((row) => row.api_key_id === keyId && row.created_at >= since));
      } finally {
        counting--;
        if (counting === 0 && drained) {
          const resume = drained;
          drained = null;
          resume();
        }
      }
    },

    /** A record written before the answer was sent, corrected to the answer actually given. */
    async correctRequest(
      id: string,
      answer: Pick<ApiRequestsTable, 'status_code' | 'outcome'>,
      trx: Executor = db,
    ): Promise<void> {
      await trx.updateTable('api_requests').set(answer).where('id', '=', id).execute();
    },

    async settleRequests(generationId: string, outcome: ApiRequestsTable['outcome'], trx: Executor = db) {
      await trx
        .updateTable('api_requests')
        .set({ outcome })
        .where('generation_id', '=', generationId)
        .where('outcome', '=', 'accepted')
        .execute();
    },

    /** Usage figures of one key, counted from its recorded requests. */
    async usage(id: string, since24h: string, since7d: string, trx: Executor = db) {
      await flushDeferred();
      const totals = await trx
        .selectFrom('api_requests')
        .select((eb) => [
          eb.fn.countAll<number>().as('total'),
          eb.fn.sum<number>(eb.case().when('created_at', '>=', since24h).then(1).else(0).end()).as('last24'),
          // Success rate: generations that succeeded among those that finished (status reads excluded).
          eb.fn
            .sum<number>(
              eb
                .case()
                .when(eb.and([eb('outcome', '=', 'success'), eb('kind', 'is not', null)]))
                .then(1)
                .else(0)
                .end(),
            )
            .as('succeeded'),
          eb.fn
            .sum<number>(
              eb
                .case()
                .when(eb.and([eb('outcome', 'in', ['success', 'failed']), eb('kind', 'is not', null)]))
                .then(1)
                .else(0)
                .end(),
            )
            .as('finished'),
          eb.fn.sum<number>(eb.case().when('kind', '=', 'image').then(1).else(0).end()).as('images'),
          eb.fn.sum<number>(eb.case().when('kind', '=', 'video').then(1).else(0).end()).as('videos'),
          eb.fn
            .sum<number>(eb.case().when('outcome', '=', 'success').then(sql`credits`).else(0).end())
            .as('credits'),
        ])
        .where('api_key_id', '=', id)
        .executeTakeFirst();
      const recent = await trx
        .selectFrom('api_requests')
        .select('created_at')
        .where('api_key_id', '=', id)
        .where('created_at', '>=', since7d)
        .execute();
      return { totals, recent };
    },
  };
}

export type ApiKeysRepository = ReturnType<typeof createApiKeysRepository>;
