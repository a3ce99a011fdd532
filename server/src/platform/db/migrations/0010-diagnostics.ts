import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * Diagnostics and data collection (DECISIONS, "Settings: what each one does"):
 * - `generations.diagnostics`: what the runner measured for a job (time per stage, the provider's own
 *   error text, redacted), shown to its owner when debug mode is on.
 * - `usage_logs.prompt` becomes nullable: with data collection off a usage log keeps no prompt text.
 *   PostgreSQL drops the constraint; SQLite cannot, so the table is rebuilt with the same columns,
 *   rows and index (nothing references it).
 */
export function diagnostics(dialect: Dialect): Migration {
  const t = dialect.types;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('generations').addColumn('diagnostics', t.json).execute();

      if (dialect.name === 'postgres') {
        await sql`alter table usage_logs alter column prompt drop not null`.execute(db);
        return;
      }
      await db.schema
        .createTable('usage_logs_next')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('generation_id', 'text', (col) => col.notNull().unique())
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('prompt', 'text')
        .addColumn('credits', 'integer', (col) => col.notNull())
        .addColumn('api_key_id', 'text')
        .addColumn('created_at', t.timestamp, (col) => col.notNull())
        .execute();
      await sql`insert into usage_logs_next (id, user_id, generation_id, kind, prompt, credits, api_key_id, created_at)
        select id, user_id, generation_id, kind, prompt, credits, api_key_id, created_at from usage_logs`.execute(
        db,
      );
      await db.schema.dropTable('usage_logs').execute();
      await sql`alter table usage_logs_next rename to usage_logs`.execute(db);
      await db.schema
        .createIndex('usage_logs_user_created_idx')
        .on('usage_logs')
        .columns(['user_id', 'created_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      // Logs written without a prompt get an empty one back before the constraint returns.
      await sql`update usage_logs set prompt = '' where prompt is null`.execute(db);
      if (dialect.name === 'postgres') {
        await sql`alter table usage_logs alter column prompt set not null`.execute(db);
      }
      await db.schema.alterTable('generations').dropColumn('diagnostics').execute();
    },
  };
}
