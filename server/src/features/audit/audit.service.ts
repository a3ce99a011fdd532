import { randomUUID } from 'node:crypto';
import {
  ADMIN_LIMITS,
  type TAdminAuditPage,
  type TAuditAction,
  type TAuditEvent,
  type TAuditTargetType,
} from '@kaleido/common';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.js';
import type { Executor } from '../../platform/db/executor.js';
import { decodeCursor, encodeCursor } from '../../platform/http/keyset-cursor.js';
import type { AuditEventRow, AuditFilter, AuditRepository } from './audit.repository.js';

/** One event of the audit log, as the modules that cause it describe it. */
export interface AuditEntry {
  action: TAuditAction;
  /** Who did it; null for events without a signed-in person (a failed sign-in). */
  actor: { id: string | null; email: string | null } | null;
  target?: { type: TAuditTargetType; id: string; label?: string | null } | null;
  /** JSON-able states; never secrets (no passwords, tokens or key material). */
  before?: unknown;
  after?: unknown;
  reason?: string | null;
  ip?: string | null;
}

export interface AuditQuery extends Omit<AuditFilter, 'before'> {
  cursor?: string;
  limit: number;
}

/** The columns of the CSV export, in order. */
const CSV_COLUMNS = [
  'time',
  'action',
  'actor_id',
  'actor_email',
  'target_type',
  'target_id',
  'target_label',
  'reason',
  'ip',
  'before',
  'after',
] as const;

/**
 * A CSV cell that spreadsheets will not run: a value starting with = + - @ (or a tab or carriage
 * return, which some programs strip before looking) gets a leading apostrophe (OWASP "CSV
 * injection"); every cell is quoted, quotes doubled.
 */
export function csvCell(value: string | null): string {
  const text = value ?? '';
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replaceAll('"', '""')}"`;
}

const parseJson = (text: string | null): unknown => (text === null ? null : (JSON.parse(text) as unknown));

export function presentAuditEvent(row: AuditEventRow): TAuditEvent {
  return {
    id: row.id,
    createdAt: row.created_at,
    action: row.action,
    actorId: row.actor_id,
    actorEmail: row.actor_email,
    targetType: row.target_type,
    targetId: row.target_id,
    targetLabel: row.target_label,
    before: parseJson(row.before),
    after: parseJson(row.after),
    reason: row.reason,
    ip: row.ip,
  };
}

/**
 * The audit log: `record` appends one event (inside the caller's transaction when the event must
 * commit with the change it describes), `page` and `csv` read it. Nothing changes or deletes events.
 */
export function createAuditService(deps: { audit: AuditRepository; clock: Clock; log: FastifyBaseLogger }) {
  const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

  async function record(entry: AuditEntry, trx?: Executor): Promise<void> {
    await deps.audit.insert(
      {
        id: randomUUID(),
        created_at: deps.clock.now().toISOString(),
        action: entry.action,
        actor_id: entry.actor?.id ?? null,
        actor_email: entry.actor?.email ?? null,
        target_type: entry.target?.type ?? null,
        target_id: entry.target?.id ?? null,
        target_label: entry.target?.label ?? null,
        before: json(entry.before),
        after: json(entry.after),
        reason: entry.reason ?? null,
        ip: entry.ip ?? null,
      },
      trx,
    );
  }

  return {
    record,

    /**
     * For security events outside any transaction (a failed sign-in): the event is written, and a
     * failure to write it is logged instead of failing the request that caused it.
     */
    recordQuietly(entry: AuditEntry): Promise<void> {
      return record(entry).catch((error: unknown) =>
        deps.log.error({ err: error, action: entry.action }, 'could not write an audit event'),
      );
    },

    async page(query: AuditQuery): Promise<TAdminAuditPage> {
      const { cursor, limit, ...filter } = query;
      const rows = await deps.audit.list({ ...filter, before: decodeCursor(cursor) }, limit + 1);
      const items = rows.slice(0, limit);
      const last = items.at(-1);
      return {
        items: items.map(presentAuditEvent),
        nextCursor: rows.length > limit && last ? encodeCursor(last) : null,
      };
    },

    /** Every matching event (at most `ADMIN_LIMITS.csvMaxRows`), newest first, as CSV with a header. */
    async csv(filter: Omit<AuditFilter, 'before'>): Promise<string> {
      const rows = await deps.audit.list(filter, ADMIN_LIMITS.csvMaxRows);
      const lines = [CSV_COLUMNS.join(',')];
      for (const row of rows) {
        lines.push(
          [
            row.created_at,
            row.action,
            row.actor_id,
            row.actor_email,
            row.target_type,
            row.target_id,
            row.target_label,
            row.reason,
            row.ip,
            row.before,
            row.after,
          ]
            .map(csvCell)
            .join(','),
        );
      }
      return `${lines.join('\r\n')}\r\n`;
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
