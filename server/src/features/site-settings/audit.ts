import type { Executor } from '../../platform/db/executor.js';
import type { AuditEntry } from '../audit/audit.service.js';

/** Who made an administrative change, and from where (the audit row's actor and IP). */
export interface Actor {
  id: string;
  email: string;
  ip: string | null;
}

/** The audit log's `record` (features/audit), written in the transaction of the change it records. */
export type RecordAudit = (entry: AuditEntry, trx: Executor) => Promise<void>;

/** An audit entry of moderation and site settings: an administrator's change to one target. */
export function adminChange(actor: Actor, change: Omit<AuditEntry, 'actor' | 'ip'>): AuditEntry {
  return { ...change, actor: { id: actor.id, email: actor.email }, ip: actor.ip };
}
