import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * People and the audit log (issue 20):
 * - `users.disabled_at`: an administrator disabled the account (null: it may sign in). Sessions end
 *   when it is set, sign-in refuses it and its API keys stop;
 * - `audit_events`: every administrative action and security event, append-only. No foreign keys:
 *   a row outlives its actor and its target (the e-mail and label at the time are kept in it), and
 *   triggers refuse UPDATE and DELETE in both databases, so not even a bug in the app can rewrite it.
 */
export function peopleAudit(dialect: Dialect): Migration {
  const t = dialect.types;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('users').addColumn('disabled_at', t.timestamp).execute();

      await db.schema
        .createTable('audit_events')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('created_at', t.timestamp, (col) => col.notNull())
        .addColumn('action', 'text', (col) => col.notNull())
        .addColumn('actor_id', 'text')
        .addColumn('actor_email', 'text')
        .addColumn('target_type', 'text')
        .addColumn('target_id', 'text')
        .addColumn('target_label', 'text')
        .addColumn('before', t.json)
        .addColumn('after', t.json)
        .addColumn('reason', 'text')
        .addColumn('ip', 'text')
        .execute();
      await db.schema
        .createIndex('audit_events_created_idx')
        .on('audit_events')
        .columns(['created_at', 'id'])
        .execute();
      await db.schema
        .createIndex('audit_events_action_idx')
        .on('audit_events')
        .columns(['action', 'created_at'])
        .execute();
      await db.schema
        .createIndex('audit_events_actor_idx')
        .on('audit_events')
        .columns(['actor_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('audit_events_target_idx')
        .on('audit_events')
        .columns(['target_id', 'created_at'])
        .execute();

      if (dialect.name === 'postgres') {
        await sql`
          create function audit_events_append_only() returns trigger language plpgsql as $$
          begin
            raise exception 'audit_events is append-only';
          end
          $$`.execute(db);
        await sql`
          create trigger audit_events_no_change before update or delete on audit_events
          for each row execute function audit_events_append_only()`.execute(db);
      } else {
        await sql`
          create trigger audit_events_no_update before update on audit_events
          begin select raise(abort, 'audit_events is append-only'); end`.execute(db);
        await sql`
          create trigger audit_events_no_delete before delete on audit_events
          begin select raise(abort, 'audit_events is append-only'); end`.execute(db);
      }
    },
  };
}
