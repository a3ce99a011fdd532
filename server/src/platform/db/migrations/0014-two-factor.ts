import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * Two-factor sign-in and passkeys (issue 19), every row removed with its account (cascade):
 * - `user_totp`: the authenticator app's secret, sealed with a key derived from the server secret;
 *   `enabled_at` null while the setup waits for its first code; `last_step` is the last accepted time
 *   step, so a code is never accepted twice;
 * - `recovery_codes`: SHA-256 of each single-use code (the codes are shown once);
 * - `passkeys`: WebAuthn credentials (public key, signature counter, transports, name, dates);
 * - `trusted_devices`: SHA-256 of the "trust this device" cookie's secret, so it can be revoked;
 * - `auth_challenges`: short-lived, single-use steps of a sign-in or registration (the second step
 *   after a password, WebAuthn challenges), found by the id the signed cookie carries.
 */
export function twoFactor(dialect: Dialect): Migration {
  const t = dialect.types;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('user_totp')
        .addColumn('user_id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('secret_sealed', 'text', (col) => col.notNull())
        .addColumn('enabled_at', t.timestamp)
        .addColumn('last_step', t.bigint)
        .addColumn('created_at', t.timestamp, (col) => col.notNull())
        .execute();

      await db.schema
        .createTable('recovery_codes')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('code_hash', 'text', (col) => col.notNull())
        .addColumn('used_at', t.timestamp)
        .addColumn('created_at', t.timestamp, (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('recovery_codes_user_id_idx')
        .on('recovery_codes')
        .column('user_id')
        .execute();

      await db.schema
        .createTable('passkeys')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('credential_id', 'text', (col) => col.notNull().unique())
        .addColumn('public_key', 'text', (col) => col.notNull())
        .addColumn('counter', t.bigint, (col) => col.notNull().defaultTo(0))
        .addColumn('transports', t.json, (col) => col.notNull().defaultTo('[]'))
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('created_at', t.timestamp, (col) => col.notNull())
        .addColumn('last_used_at', t.timestamp)
        .execute();
      await db.schema.createIndex('passkeys_user_id_idx').on('passkeys').column('user_id').execute();

      await db.schema
        .createTable('trusted_devices')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('token_hash', 'text', (col) => col.notNull())
        .addColumn('created_at', t.timestamp, (col) => col.notNull())
        .addColumn('expires_at', t.timestamp, (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('trusted_devices_user_id_idx')
        .on('trusted_devices')
        .column('user_id')
        .execute();

      await db.schema
        .createTable('auth_challenges')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('user_id', 'text', (col) => col.references('users.id').onDelete('cascade'))
        .addColumn('webauthn_challenge', 'text')
        .addColumn('data', t.json, (col) => col.notNull().defaultTo('{}'))
        .addColumn('created_at', t.timestamp, (col) => col.notNull())
        .addColumn('expires_at', t.timestamp, (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('auth_challenges_expires_at_idx')
        .on('auth_challenges')
        .column('expires_at')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['auth_challenges', 'trusted_devices', 'passkeys', 'recovery_codes', 'user_totp']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
