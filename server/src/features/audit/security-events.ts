import type { TAuditAction } from '@kaleido/common';
import type { Executor } from '../../platform/db/executor.js';
import type { UsersRepository } from '../accounts/users.repository.js';
import type { KeyEvent } from '../api-keys/api-keys.service.js';
import type { SecurityEvent } from '../notifications/notifications.service.js';
import type { AuditService } from './audit.service.js';

/** The security e-mails' events that the audit log keeps too (the person acting on their own account). */
const AUDITED: Partial<Record<SecurityEvent, TAuditAction>> = {
  'two-factor-enabled': 'auth.two-factor.enable',
  'two-factor-disabled': 'auth.two-factor.disable',
  'recovery-codes-regenerated': 'auth.recovery-codes.regenerate',
  'passkey-added': 'auth.passkey.add',
  'passkey-removed': 'auth.passkey.remove',
};

/**
 * The audit side of the security events and sign-in failures (never throws: an audit write that
 * fails is logged, the sign-in or the change it describes already happened or was refused).
 */
export function createSecurityAudit(deps: { audit: AuditService; users: UsersRepository }) {
  const self = async (userId: string) => {
    const user = await deps.users.findById(userId);
    return { id: userId, email: user?.email ?? null };
  };
  return {
    /** Two-factor changes, recorded after they committed, with the person as actor and target. */
    async securityEvent(userId: string, event: SecurityEvent, meta: { ip: string | null }): Promise<void> {
      const action = AUDITED[event];
      if (!action) return;
      const actor = await self(userId).catch(() => ({ id: userId, email: null }));
      await deps.audit.recordQuietly({
        action,
        actor,
        target: { type: 'user', id: userId, label: actor.email },
        ip: meta.ip,
      });
    },

    /** A wrong password (the e-mail as typed, lower-cased; the account's id when it exists). */
    signInFailed(email: string, userId: string | null, ip: string | null): Promise<void> {
      return deps.audit.recordQuietly({
        action: 'auth.sign-in.failed',
        actor: null,
        target: userId ? { type: 'user', id: userId, label: email } : null,
        after: { email },
        ip,
      });
    },

    lockout(email: string, ip: string | null): Promise<void> {
      return deps.audit.recordQuietly({ action: 'auth.lockout', actor: null, after: { email }, ip });
    },

    /** A key made (inside its transaction: both commit or neither) or revoked, by its owner. */
    async keyEvent(event: KeyEvent, trx?: Executor): Promise<void> {
      const owner = await deps.users.findById(event.userId, trx);
      await deps.audit.record(
        {
          action: event.action,
          actor: { id: event.userId, email: owner?.email ?? null },
          target: { type: 'api-key', id: event.key.id, label: event.key.name },
          after: { kind: event.key.kind, preview: event.key.key_preview },
        },
        trx,
      );
    },

    signInRefused(user: { id: string; email: string }, ip: string | null): Promise<void> {
      return deps.audit.recordQuietly({
        action: 'auth.sign-in.refused-disabled',
        actor: null,
        target: { type: 'user', id: user.id, label: user.email },
        ip,
      });
    },
  };
}

export type SecurityAudit = ReturnType<typeof createSecurityAudit>;
