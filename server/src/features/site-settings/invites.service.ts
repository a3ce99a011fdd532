import { randomBytes, randomUUID } from 'node:crypto';
import {
  APP_ROUTES,
  type TInvite,
  type TInviteCreated,
  type TInviteCreateInput,
  type TInviteStatus,
} from '@kaleido/common';
import type { Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/database.js';
import type { Executor } from '../../platform/db/executor.js';
import { AppError } from '../../platform/http/app-error.js';
import { sha256 } from '../auth/tokens.js';
import { type Actor, adminChange, type RecordAudit } from './audit.js';
import type { InviteRow, SiteSettingsRepository } from './site-settings.repository.js';
import type { SiteSettingsService } from './site-settings.service.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The invites the console lists (newest first). */
const LIST_LIMIT = 200;
/** 256 random bits, URL-safe. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * Sign-up rules of the site settings (open, invite-only, closed; starting credits) and the invite
 * links. Only an invite's SHA-256 is stored, so its link is shown once, when it is made. A sign-up
 * takes one use of its invite with one guarded update in the account's own transaction: concurrent
 * sign-ups never exceed the use count, and a sign-up that fails gives its use back.
 */
export function createInvitesService(deps: {
  database: Database;
  repository: SiteSettingsRepository;
  siteSettings: Pick<SiteSettingsService, 'signupTerms'>;
  clock: Clock;
  publicUrl: string;
  audit: RecordAudit;
}) {
  const now = () => deps.clock.now();

  function statusOf(row: InviteRow, at: Date): TInviteStatus {
    if (row.revoked_at) return 'revoked';
    if (Date.parse(row.expires_at) <= at.getTime()) return 'expired';
    if (row.uses >= row.max_uses) return 'used-up';
    return 'active';
  }

  function present(row: InviteRow & { creator_name: string | null }): TInvite {
    return {
      id: row.id,
      note: row.note,
      expiresAt: row.expires_at,
      maxUses: row.max_uses,
      uses: Number(row.uses),
      status: statusOf(row, now()),
      revokedAt: row.revoked_at,
      createdAt: row.created_at,
      createdBy:
        row.created_by && row.creator_name ? { id: row.created_by, displayName: row.creator_name } : null,
    };
  }

  const linkOf = (token: string) =>
    new URL(`${APP_ROUTES.auth}?invite=${encodeURIComponent(token)}`, deps.publicUrl).toString();

  return {
    async list(): Promise<TInvite[]> {
      return (await deps.repository.listInvites(LIST_LIMIT)).map(present);
    },

    async create(actor: Actor, input: TInviteCreateInput): Promise<TInviteCreated> {
      const token = randomBytes(32).toString('base64url');
      const at = now();
      const row: InviteRow = {
        id: randomUUID(),
        token_hash: sha256(token),
        note: input.note || null,
        expires_at: new Date(at.getTime() + input.expiresInDays * DAY_MS).toISOString(),
        max_uses: input.maxUses,
        uses: 0,
        revoked_at: null,
        created_by: actor.id,
        created_at: at.toISOString(),
      };
      await deps.database.kysely.transaction().execute(async (trx) => {
        await deps.repository.insertInvite(row, trx);
        await deps.audit(
          adminChange(actor, {
            action: 'invite.create',
            target: { type: 'invite', id: row.id, label: row.note },
            after: { expiresAt: row.expires_at, maxUses: row.max_uses, note: row.note },
          }),
          trx,
        );
      });
      const created = await deps.repository.findInvite(row.id);
      if (!created) throw new Error('created invite vanished');
      return { invite: present(created), token, url: linkOf(token) };
    },

    async revoke(actor: Actor, id: string): Promise<TInvite> {
      await deps.database.kysely.transaction().execute(async (trx) => {
        const row = await deps.repository.findInvite(id, trx);
        if (!row) throw new AppError('NOT_FOUND', 'api.siteSettings.inviteNotFound');
        if (await deps.repository.revokeInvite(id, now().toISOString(), trx)) {
          await deps.audit(
            adminChange(actor, {
              action: 'invite.revoke',
              target: { type: 'invite', id, label: row.note },
              before: { status: statusOf(row, now()), uses: Number(row.uses) },
              after: { status: 'revoked' },
            }),
            trx,
          );
        }
      });
      const row = await deps.repository.findInvite(id);
      if (!row) throw new AppError('NOT_FOUND', 'api.siteSettings.inviteNotFound');
      return present(row);
    },

    /** Whether a link can still sign someone up (the sign-up page asks before showing its form). */
    async check(token: string): Promise<boolean> {
      if (!TOKEN_SHAPE.test(token)) return false;
      const row = await deps.repository.findInviteByHash(sha256(token));
      return !!row && statusOf(row, now()) === 'active';
    },

    /**
     * In the new account's transaction: refuses a closed site (403 `SIGNUPS_CLOSED`) or an invite-only
     * one without a live invite (`INVITE_REQUIRED`, `INVITE_INVALID`), takes the invite's use, and says
     * how many credits the account starts with. The installation's first account is always let in.
     */
    async admitSignup(
      input: { inviteToken?: string; first: boolean },
      trx: Executor,
    ): Promise<{ startingCredits: number }> {
      const terms = await deps.siteSettings.signupTerms(trx);
      if (!input.first && terms.mode === 'closed') throw new AppError('SIGNUPS_CLOSED');
      if (!input.first && terms.mode === 'invite-only') {
        if (!input.inviteToken) throw new AppError('INVITE_REQUIRED');
        const usable =
          TOKEN_SHAPE.test(input.inviteToken) &&
          (await deps.repository.useInvite(sha256(input.inviteToken), now().toISOString(), trx));
        if (!usable) throw new AppError('INVITE_INVALID');
      }
      return { startingCredits: terms.startingCredits };
    },
  };
}

export type InvitesService = ReturnType<typeof createInvitesService>;
