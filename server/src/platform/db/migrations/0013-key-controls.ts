import { KEY_PLANS, SCOPE_OF_PERMISSION, type TApiKeyPermission } from '@kaleido/common';
import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * Key controls (issue 15) on `api_keys`:
 * - `scopes`: JSON array of scopes; a key made before gets the ones equivalent to its permissions
 *   (`images:create`/`videos:create` → `generate`, `generations:read` → `library:read`), so it keeps
 *   working exactly as it did;
 * - `expires_at`: when the key stops working (null: never);
 * - `monthly_spend_cap` and `credits_spent`: the owner's cap in credits and what the key charged in
 *   its `credits_period`, kept beside the allowance and taken in the same guarded update; a key made
 *   before starts from what its allowance already lost this period;
 * - `previous_key_hash` / `previous_key_expires_at`: after a rotation, the old secret until the grace
 *   period chosen by the owner ends.
 */
export function keyControls(dialect: Dialect): Migration {
  const t = dialect.types;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('api_keys')
        .addColumn('scopes', t.json, (col) => col.notNull().defaultTo('[]'))
        .execute();
      await db.schema.alterTable('api_keys').addColumn('expires_at', t.timestamp).execute();
      await db.schema.alterTable('api_keys').addColumn('monthly_spend_cap', 'integer').execute();
      await db.schema
        .alterTable('api_keys')
        .addColumn('credits_spent', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('api_keys').addColumn('previous_key_hash', 'text').execute();
      await db.schema.alterTable('api_keys').addColumn('previous_key_expires_at', t.timestamp).execute();
      await db.schema
        .createIndex('api_keys_previous_hash_idx')
        .on('api_keys')
        .column('previous_key_hash')
        .unique()
        .where(sql.ref('previous_key_hash'), 'is not', null)
        .execute();

      const keys = await sql<{
        id: string;
        plan: string;
        permissions: string;
        credits_remaining: number;
      }>`select id, plan, permissions, credits_remaining from api_keys`.execute(db);
      for (const key of keys.rows) {
        const permissions = JSON.parse(key.permissions) as TApiKeyPermission[];
        const scopes = [...new Set(permissions.map((permission) => SCOPE_OF_PERMISSION[permission]))];
        const allowance = KEY_PLANS.find((plan) => plan.id === key.plan)?.monthlyCredits ?? 0;
        const spent = Math.max(0, allowance - Number(key.credits_remaining));
        await sql`update api_keys set scopes = ${JSON.stringify(scopes)}, credits_spent = ${spent}
          where id = ${key.id}`.execute(db);
      }
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('api_keys_previous_hash_idx').execute();
      for (const column of [
        'previous_key_expires_at',
        'previous_key_hash',
        'credits_spent',
        'monthly_spend_cap',
        'expires_at',
        'scopes',
      ]) {
        await db.schema.alterTable('api_keys').dropColumn(column).execute();
      }
    },
  };
}
