import type {
  TAdminApiKeySummary,
  TAdminJob,
  TAdminLedgerEntry,
  TAdminSession,
  TAdminUser,
} from '@kaleido/common';
import type { Selectable } from 'kysely';
import { fromDbBoolean } from '../../platform/db/dialect.js';
import type { CreditLedgerTable, GenerationsTable, SessionsTable } from '../../platform/db/schema.js';
import type { AdminUserRow } from './admin.repository.js';

/** A person as the console shows them (never the password hash or any secret). */
export function presentAdminUser(row: AdminUserRow): TAdminUser {
  return {
    id: row.id,
    email: row.email,
    displayName: row.display_name,
    handle: row.handle,
    role: row.role,
    plan: row.plan,
    credits: row.credits_monthly + row.credits_purchased,
    creditsMonthly: row.credits_monthly,
    creditsPurchased: row.credits_purchased,
    disabledAt: row.disabled_at,
    emailVerified: row.email_verified_at !== null,
    twoFactorEnabled: row.two_factor === 1,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
  };
}

export function presentLedgerEntry(row: Selectable<CreditLedgerTable>): TAdminLedgerEntry {
  return {
    id: row.id,
    kind: row.kind,
    delta: row.delta_monthly + row.delta_purchased,
    balance: row.balance_monthly + row.balance_purchased,
    reference: row.reference,
    note: row.note,
    createdAt: row.created_at,
  };
}

export function presentAdminSession(row: Selectable<SessionsTable>): TAdminSession {
  return {
    id: row.id,
    method: row.auth_method,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    expiresAt: row.expires_at,
    ip: row.ip,
    userAgent: row.user_agent,
  };
}

export function presentAdminKey(row: {
  id: string;
  kind: 'developer' | 'personal';
  name: string;
  key_preview: string;
  is_active: number;
  created_at: string;
  last_used_at: string | null;
  expires_at: string | null;
}): TAdminApiKeySummary {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    keyPreview: row.key_preview,
    isActive: fromDbBoolean(row.is_active),
    createdAt: row.created_at,
    lastUsed: row.last_used_at,
    expiresAt: row.expires_at,
  };
}

/** A job of anyone, with its owner's e-mail (null when the account is gone). */
export function presentAdminJob(
  row: Omit<Selectable<GenerationsTable>, 'options'> & { user_email?: string | null },
): TAdminJob {
  return {
    id: row.id,
    userId: row.user_id,
    userEmail: row.user_email ?? null,
    type: row.kind,
    tool: row.tool,
    status: row.status,
    prompt: row.prompt,
    provider: row.provider,
    model: row.model,
    cost: row.cost,
    creditState: row.credit_state,
    viaApiKey: row.api_key_id !== null,
    error: row.error,
    errorCode: row.error_code,
    attempts: row.attempts,
    createdAt: row.created_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
  };
}
