import { createHash } from 'node:crypto';
import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * One idempotency mechanism (platform/idempotency): every Idempotency-Key in use is a row of
 * `idempotency_keys`, unique per caller (the API key for the public API, else the person) and
 * operation (`generation`, `purchase`, `renewal`), with the hash of its request and what it made.
 * The three earlier stores move in and are dropped:
 * - the public API's `idempotency_keys` (per API key, with the request's hash);
 * - `generations.idempotency_key` of browser sessions (its unique index compared only kind and prompt,
 *   so no request hash was kept: those keys stay taken, and a replay made across the upgrade is
 *   refused with 409 rather than charged again);
 * - `purchases.idempotency_key` and `request_hash` (a renewal's hash becomes the hash of its key, as
 *   the code now computes it). SQLite cannot drop a column of a UNIQUE constraint, so `purchases` is
 *   rebuilt there with the same rows and index, foreign keys off while `invoices` points at it.
 */
export function idempotency(dialect: Dialect): Migration {
  const t = dialect.types;
  const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
  const PURCHASE_COLUMNS = [
    'id',
    'user_id',
    'kind',
    'item',
    'description',
    'amount_cents',
    'currency',
    'credits',
    'bonus_credits',
    'status',
    'failure_code',
    'failure_message',
    'payment_method_id',
    'card_brand',
    'card_last4',
    'provider',
    'provider_charge_id',
    'created_at',
    'completed_at',
  ];

  async function createTable(db: Kysely<unknown>) {
    await db.schema
      .createTable('idempotency_keys')
      .addColumn('operation', 'text', (col) =>
        col.notNull().check(sql`operation in ('generation', 'purchase', 'renewal')`),
      )
      .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('api_key_id', 'text', (col) => col.references('api_keys.id').onDelete('cascade'))
      .addColumn('key', 'text', (col) => col.notNull())
      .addColumn('request_hash', 'text', (col) => col.notNull())
      .addColumn('resource_id', 'text', (col) => col.notNull())
      .addColumn('created_at', t.timestamp, (col) => col.notNull())
      // A generation or a purchase is made under one key at most.
      .addPrimaryKeyConstraint('idempotency_keys_resource_pk', ['operation', 'resource_id'])
      .execute();
    // The two key spaces: a person's own keys, and each API key's.
    await db.schema
      .createIndex('idempotency_keys_user_key_idx')
      .on('idempotency_keys')
      .columns(['user_id', 'operation', 'key'])
      .unique()
      .where(sql.ref('api_key_id'), 'is', null)
      .execute();
    await db.schema
      .createIndex('idempotency_keys_api_key_key_idx')
      .on('idempotency_keys')
      .columns(['api_key_id', 'operation', 'key'])
      .unique()
      .where(sql.ref('api_key_id'), 'is not', null)
      .execute();
  }

  /** Rebuilds `purchases` (SQLite) with `extra` columns after `completed_at`, copying `select`. */
  async function rebuildPurchasesOnSqlite(
    db: Kysely<unknown>,
    extra: { columns: string; select: string; unique: boolean },
  ) {
    await sql`pragma foreign_keys = off`.execute(db);
    try {
      await sql
        .raw(`create table purchases_next (
        id text primary key,
        user_id text not null references users(id) on delete cascade,
        kind text not null,
        item text not null,
        description text not null,
        amount_cents integer not null,
        currency text not null,
        credits integer not null,
        bonus_credits integer not null,
        status text not null,
        failure_code text,
        failure_message text,
        payment_method_id text,
        card_brand text,
        card_last4 text,
        provider text not null,
        provider_charge_id text,
        created_at text not null,
        completed_at text${extra.columns}
        ${extra.unique ? ', constraint purchases_user_idempotency_key unique (user_id, idempotency_key)' : ''}
      )`)
        .execute(db);
      const columns = PURCHASE_COLUMNS.map((column) => `purchases.${column}`).join(', ');
      const join = extra.unique
        ? ` left join idempotency_keys on idempotency_keys.resource_id = purchases.id and idempotency_keys.operation in ('purchase', 'renewal')`
        : '';
      await sql
        .raw(`insert into purchases_next select ${columns}${extra.select} from purchases${join}`)
        .execute(db);
      await db.schema.dropTable('purchases').execute();
      await sql`alter table purchases_next rename to purchases`.execute(db);
      await db.schema
        .createIndex('purchases_user_created_idx')
        .on('purchases')
        .columns(['user_id', 'created_at'])
        .execute();
      for (const table of ['purchases', 'invoices']) {
        const broken = await sql`select * from pragma_foreign_key_check(${table})`.execute(db);
        if (broken.rows.length) throw new Error(`rebuilding purchases left broken foreign keys in ${table}`);
      }
    } finally {
      await sql`pragma foreign_keys = on`.execute(db);
    }
  }

  return {
    async up(db: Kysely<unknown>) {
      await sql`alter table idempotency_keys rename to idempotency_keys_old`.execute(db);
      await createTable(db);

      await sql`insert into idempotency_keys (operation, user_id, api_key_id, key, request_hash, resource_id, created_at)
        select 'generation', api_keys.user_id, previous.api_key_id, previous.key, previous.request_hash,
          previous.generation_id, previous.created_at
        from idempotency_keys_old previous join api_keys on api_keys.id = previous.api_key_id`.execute(db);
      await sql`insert into idempotency_keys (operation, user_id, api_key_id, key, request_hash, resource_id, created_at)
        select 'generation', user_id, null, idempotency_key, '', id, created_at
        from generations where idempotency_key is not null and api_key_id is null`.execute(db);
      await sql`insert into idempotency_keys (operation, user_id, api_key_id, key, request_hash, resource_id, created_at)
        select 'purchase', user_id, null, idempotency_key, request_hash, id, created_at
        from purchases where kind <> 'renewal'`.execute(db);
      const renewals = await sql<{
        id: string;
        user_id: string;
        idempotency_key: string;
        created_at: string;
      }>`select id, user_id, idempotency_key, created_at from purchases where kind = 'renewal'`.execute(db);
      for (const renewal of renewals.rows) {
        await sql`insert into idempotency_keys (operation, user_id, api_key_id, key, request_hash, resource_id, created_at)
          values ('renewal', ${renewal.user_id}, null, ${renewal.idempotency_key}, ${sha256(renewal.idempotency_key)}, ${renewal.id}, ${renewal.created_at})`.execute(
          db,
        );
      }

      await db.schema.dropTable('idempotency_keys_old').execute();
      await db.schema.dropIndex('generations_session_idempotency_idx').execute();
      await db.schema.alterTable('generations').dropColumn('idempotency_key').execute();
      if (dialect.name === 'postgres') {
        // Dropping the column drops its unique constraint with it.
        await db.schema.alterTable('purchases').dropColumn('idempotency_key').execute();
        await db.schema.alterTable('purchases').dropColumn('request_hash').execute();
      } else {
        await rebuildPurchasesOnSqlite(db, { columns: '', select: '', unique: false });
      }
    },

    async down(db: Kysely<unknown>) {
      // Purchases get their key back (a renewal's hash is its key again; a purchase without a record, its id).
      if (dialect.name === 'postgres') {
        await sql`alter table purchases add column idempotency_key text, add column request_hash text`.execute(
          db,
        );
        await sql`update purchases set idempotency_key = k.key,
          request_hash = case when k.operation = 'renewal' then k.key else k.request_hash end
          from idempotency_keys k where k.resource_id = purchases.id and k.operation in ('purchase', 'renewal')`.execute(
          db,
        );
        await sql`update purchases set idempotency_key = id, request_hash = id where idempotency_key is null`.execute(
          db,
        );
        await sql`alter table purchases alter column idempotency_key set not null, alter column request_hash set not null,
          add constraint purchases_user_idempotency_key unique (user_id, idempotency_key)`.execute(db);
      } else {
        await rebuildPurchasesOnSqlite(db, {
          columns: ', idempotency_key text not null, request_hash text not null',
          select: `, coalesce(idempotency_keys.key, purchases.id),
            coalesce(case when idempotency_keys.operation = 'renewal' then idempotency_keys.key else idempotency_keys.request_hash end, purchases.id)`,
          unique: true,
        });
      }

      await db.schema.alterTable('generations').addColumn('idempotency_key', 'text').execute();
      await sql`update generations set idempotency_key = (select k.key from idempotency_keys k
          where k.operation = 'generation' and k.resource_id = generations.id)
        where exists (select 1 from idempotency_keys k where k.operation = 'generation' and k.resource_id = generations.id)`.execute(
        db,
      );
      await db.schema
        .createIndex('generations_session_idempotency_idx')
        .on('generations')
        .columns(['user_id', 'idempotency_key'])
        .unique()
        .where(sql.ref('idempotency_key'), 'is not', null)
        .where(sql.ref('api_key_id'), 'is', null)
        .execute();

      await sql`alter table idempotency_keys rename to idempotency_keys_next`.execute(db);
      await db.schema
        .createTable('idempotency_keys')
        .addColumn('api_key_id', 'text', (col) => col.notNull().references('api_keys.id').onDelete('cascade'))
        .addColumn('key', 'text', (col) => col.notNull())
        .addColumn('request_hash', 'text', (col) => col.notNull())
        .addColumn('generation_id', 'text', (col) => col.notNull())
        .addColumn('created_at', t.timestamp, (col) => col.notNull())
        .addPrimaryKeyConstraint('idempotency_keys_pk', ['api_key_id', 'key'])
        .execute();
      await sql`insert into idempotency_keys (api_key_id, key, request_hash, generation_id, created_at)
        select api_key_id, key, request_hash, resource_id, created_at from idempotency_keys_next
        where operation = 'generation' and api_key_id is not null`.execute(db);
      await db.schema.dropTable('idempotency_keys_next').execute();
    },
  };
}
