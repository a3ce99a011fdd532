import type { TAuditAction } from '@kaleido/common';
import type { Insertable, Selectable } from 'kysely';
import type { Executor } from '../../platform/db/executor.js';
import type { AuditEventsTable } from '../../platform/db/schema.js';

export type AuditEventRow = Selectable<AuditEventsTable>;

export interface AuditFilter {
  action?: TAuditAction;
  /** An actor's id, or their e-mail at the time (lower-cased). */
  actor?: string;
  target?: string;
  from?: string;
  to?: string;
  /** Rows strictly older than this keyset position. */
  before?: { createdAt: string; id: string };
}

/**
 * The audit log's table: insert and read only. There is deliberately no update or delete here (and
 * the database's triggers refuse them).
 */
export function createAuditRepository(db: Executor) {
  return {
    async insert(row: Insertable<AuditEventsTable>, trx: Executor = db): Promise<void> {
      await trx.insertInto('audit_events').values(row).execute();
    },

    /** Newest first, `limit` rows matching every filter given. */
    list(filter: AuditFilter, limit: number, trx: Executor = db): Promise<AuditEventRow[]> {
      let query = trx.selectFrom('audit_events').selectAll();
      if (filter.action) query = query.where('action', '=', filter.action);
      if (filter.actor) {
        const actor = filter.actor;
        query = query.where((eb) =>
          eb.or([eb('actor_id', '=', actor), eb('actor_email', '=', actor.toLowerCase())]),
        );
      }
      if (filter.target) query = query.where('target_id', '=', filter.target);
      if (filter.from) query = query.where('created_at', '>=', filter.from);
      if (filter.to) query = query.where('created_at', '<', filter.to);
      const before = filter.before;
      if (before) {
        query = query.where((eb) =>
          eb.or([
            eb('created_at', '<', before.createdAt),
            eb.and([eb('created_at', '=', before.createdAt), eb('id', '<', before.id)]),
          ]),
        );
      }
      return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
