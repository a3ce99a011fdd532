import type { ZAdminJobQuery, ZAdminUserQuery } from '@kaleido/common';
import {
  ADMIN_MESSAGES,
  GENERATION_STATUSES,
  GENERATION_TYPES,
  type TAdminCreditResult,
  type TAdminDashboard,
  type TAdminJob,
  type TAdminJobDetail,
  type TAdminJobPage,
  type TAdminUser,
  type TAdminUserDetail,
  type TAdminUserPage,
  type TLocale,
  type TPlanId,
} from '@kaleido/common';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/database.js';
import type { Executor } from '../../platform/db/executor.js';
import { AppError } from '../../platform/http/app-error.js';
import { decodeCursor, encodeCursor } from '../../platform/http/keyset-cursor.js';
import type { UsersRepository } from '../accounts/users.repository.js';
import type { AuditService } from '../audit/audit.service.js';
import type { AuthService } from '../auth/auth.service.js';
import type { SessionsRepository } from '../auth/sessions.repository.js';
import type { TwoFactorService } from '../auth/two-factor.service.js';
import type { CreditsService } from '../credits/credits.service.js';
import { presentDiagnostics } from '../generations/diagnostics.js';
import type { GenerationsRepository } from '../generations/generations.repository.js';
import type { GenerationsService } from '../generations/generations.service.js';
import type { ProviderHealthState } from '../generations/provider-registry.js';
import { readToolOptions } from '../generations/tool-options.js';
import {
  presentAdminJob,
  presentAdminKey,
  presentAdminSession,
  presentAdminUser,
  presentLedgerEntry,
} from './admin.presenter.js';
import type { AdminRepository, AdminUserRow } from './admin.repository.js';

/**
 * Who acts: an administrator's session (id, e-mail, request IP), or the operator's command line
 * (`id` null, `email` naming it, e.g. "cli"). Every action below writes an audit event naming them.
 */
export interface AdminActor {
  id: string | null;
  email: string;
  ip: string | null;
}

const DAY_MS = 24 * 60 * 60_000;
const RECENT_LEDGER = 50;
const RECENT_JOBS = 20;

/**
 * What administrators do to accounts and jobs, and the dashboard's figures. Each change and its audit
 * event commit in one transaction (an action never happens unrecorded). The console's routes, the
 * spec's `update-credits`/`update-plan` and the operator's CLI all call these functions.
 */
export function createAdminService(deps: {
  database: Database;
  admin: AdminRepository;
  users: UsersRepository;
  sessions: SessionsRepository;
  credits: CreditsService;
  twoFactor: TwoFactorService;
  auth: AuthService;
  generations: GenerationsService;
  generationsRepository: GenerationsRepository;
  audit: AuditService;
  /** Providers' health (cached by the registry). */
  providerHealth: () => Promise<ProviderHealthState[]>;
  /** The person's interface language (their password-reset e-mail is in it). */
  languageOf: (userId: string) => Promise<TLocale>;
  clock: Clock;
  log: FastifyBaseLogger;
}) {
  const now = () => deps.clock.now().toISOString();
  const transaction = <T>(work: (trx: Executor) => Promise<T>) =>
    deps.database.kysely.transaction().execute(work);

  async function userOrNotFound(id: string, trx?: Executor): Promise<AdminUserRow> {
    const row = await deps.admin.findUser(id, trx);
    if (!row) throw new AppError('NOT_FOUND', 'api.auth.userNotFound');
    return row;
  }

  const target = (user: { id: string; email: string }) => ({
    type: 'user' as const,
    id: user.id,
    label: user.email,
  });
  const actorOf = (actor: AdminActor) => ({ id: actor.id, email: actor.email });

  /** The balance view an audit event keeps. */
  const balanceOf = (buckets: { monthly: number; purchased: number }) => ({
    credits: buckets.monthly + buckets.purchased,
    monthly: buckets.monthly,
    purchased: buckets.purchased,
  });

  async function grantCredits(
    actor: AdminActor,
    userId: string,
    input: { amount: number; reason: string },
  ): Promise<TAdminCreditResult> {
    const entryId = await transaction(async (trx) => {
      const user = await userOrNotFound(userId, trx);
      const result = await deps.credits.adminChange(userId, input.amount, input.reason, trx);
      if ('refused' in result) {
        throw new AppError('CONFLICT', {
          id: ADMIN_MESSAGES.belowZero,
          values: { balance: result.refused.monthly + result.refused.purchased },
        });
      }
      await deps.audit.record(
        {
          action: input.amount > 0 ? 'user.credits.grant' : 'user.credits.deduct',
          actor: actorOf(actor),
          target: target(user),
          before: balanceOf(result.before),
          after: { ...balanceOf(result.balances), amount: input.amount },
          reason: input.reason,
          ip: actor.ip,
        },
        trx,
      );
      const [entry] = await deps.admin.ledger(userId, 1, trx);
      return entry;
    });
    if (!entryId) throw new AppError('INTERNAL');
    return { user: presentAdminUser(await userOrNotFound(userId)), entry: presentLedgerEntry(entryId) };
  }

  async function setCredits(actor: AdminActor, userId: string, total: number): Promise<void> {
    await transaction(async (trx) => {
      const user = await userOrNotFound(userId, trx);
      const before = { monthly: user.credits_monthly, purchased: user.credits_purchased };
      const after = await deps.credits.setTotal(userId, total, trx);
      await deps.audit.record(
        {
          action: 'user.credits.set',
          actor: actorOf(actor),
          target: target(user),
          before: balanceOf(before),
          after: balanceOf(after),
          ip: actor.ip,
        },
        trx,
      );
    });
  }

  async function changePlan(actor: AdminActor, userId: string, plan: TPlanId): Promise<TAdminUser> {
    await transaction(async (trx) => {
      const user = await userOrNotFound(userId, trx);
      if (user.plan === plan) return;
      await deps.users.update(userId, { plan }, now(), trx);
      await deps.audit.record(
        {
          action: 'user.plan.change',
          actor: actorOf(actor),
          target: target(user),
          before: { plan: user.plan },
          after: { plan },
          ip: actor.ip,
        },
        trx,
      );
    });
    return presentAdminUser(await userOrNotFound(userId));
  }

  async function changeRole(actor: AdminActor, userId: string, role: 'user' | 'admin'): Promise<TAdminUser> {
    await transaction(async (trx) => {
      const admins = await deps.admin.lockActiveAdmins(trx);
      const user = await userOrNotFound(userId, trx);
      if (user.role === role) return;
      // Demoting the last active administrator would leave nobody to run the site.
      if (role === 'user' && admins.includes(userId) && admins.length <= 1) {
        throw new AppError('LAST_ADMINISTRATOR');
      }
      await deps.admin.setRole(userId, role, now(), trx);
      await deps.audit.record(
        {
          action: 'user.role.change',
          actor: actorOf(actor),
          target: target(user),
          before: { role: user.role },
          after: { role },
          ip: actor.ip,
        },
        trx,
      );
    });
    return presentAdminUser(await userOrNotFound(userId));
  }

  /**
   * Disables the account: in one transaction `disabled_at` is set, every session and trusted device
   * ends, and the audit event is written. Its API keys stop at once (the key lookup skips disabled
   * owners); sign-in answers ACCOUNT_DISABLED. Idempotent.
   */
  async function disableUser(actor: AdminActor, userId: string, reason?: string): Promise<TAdminUser> {
    if (actor.id === userId) throw new AppError('BAD_REQUEST', ADMIN_MESSAGES.selfDisable);
    await transaction(async (trx) => {
      const admins = await deps.admin.lockActiveAdmins(trx);
      const user = await userOrNotFound(userId, trx);
      if (user.disabled_at) return;
      if (admins.includes(userId) && admins.length <= 1) throw new AppError('LAST_ADMINISTRATOR');
      const at = now();
      await deps.admin.setDisabled(userId, at, at, trx);
      await deps.sessions.deleteAllForUser(userId, {}, trx);
      await deps.audit.record(
        {
          action: 'user.disable',
          actor: actorOf(actor),
          target: target(user),
          before: { disabledAt: null },
          after: { disabledAt: at },
          reason: reason ?? null,
          ip: actor.ip,
        },
        trx,
      );
    });
    return presentAdminUser(await userOrNotFound(userId));
  }

  async function enableUser(actor: AdminActor, userId: string): Promise<TAdminUser> {
    await transaction(async (trx) => {
      const user = await userOrNotFound(userId, trx);
      if (!user.disabled_at) return;
      await deps.admin.setDisabled(userId, null, now(), trx);
      await deps.audit.record(
        {
          action: 'user.enable',
          actor: actorOf(actor),
          target: target(user),
          before: { disabledAt: user.disabled_at },
          after: { disabledAt: null },
          ip: actor.ip,
        },
        trx,
      );
    });
    return presentAdminUser(await userOrNotFound(userId));
  }

  /**
   * Makes an account an administrator by e-mail (the operator's CLI: `actor` names it). The account
   * must exist (people sign up first); already an administrator is fine.
   */
  async function createAdmin(actor: AdminActor, email: string): Promise<TAdminUser> {
    const user = await deps.users.findByEmail(email.trim().toLowerCase());
    if (!user) throw new AppError('NOT_FOUND', 'api.auth.userNotFound');
    return changeRole(actor, user.id, 'admin');
  }

  return {
    grantCredits,
    setCredits,
    changePlan,
    changeRole,
    disableUser,
    enableUser,
    createAdmin,

    /** Removes the person's TOTP, recovery codes, passkeys and trusted devices (e.g. a lost phone). */
    async resetTwoFactor(actor: AdminActor, userId: string): Promise<void> {
      const user = await userOrNotFound(userId);
      const before = await deps.admin.secondFactors(user.id);
      await deps.twoFactor.reset(user.id);
      await deps.audit.record({
        action: 'user.two-factor.reset',
        actor: actorOf(actor),
        target: target(user),
        before,
        after: { totp: false, passkeys: 0, recoveryCodesLeft: 0 },
        ip: actor.ip,
      });
    },

    /** Sends the person the usual password-reset e-mail (in their language, with its rate limit). */
    async sendPasswordReset(actor: AdminActor, userId: string): Promise<void> {
      const user = await userOrNotFound(userId);
      if (user.disabled_at) throw new AppError('CONFLICT', ADMIN_MESSAGES.accountDisabledNoMail);
      await deps.auth.forgotPassword(user.email, await deps.languageOf(user.id));
      await deps.audit.record({
        action: 'user.password-reset.send',
        actor: actorOf(actor),
        target: target(user),
        ip: actor.ip,
      });
    },

    /** Signs the person out everywhere (sessions and trusted devices). */
    async endSessions(actor: AdminActor, userId: string): Promise<number> {
      return transaction(async (trx) => {
        const user = await userOrNotFound(userId, trx);
        const sessions = await deps.admin.sessions(userId, trx);
        await deps.sessions.deleteAllForUser(userId, {}, trx);
        await deps.audit.record(
          {
            action: 'user.sessions.end',
            actor: actorOf(actor),
            target: target(user),
            before: { sessions: sessions.length },
            after: { sessions: 0 },
            ip: actor.ip,
          },
          trx,
        );
        return sessions.length;
      });
    },

    async listUsers(query: z.output<typeof ZAdminUserQuery>): Promise<TAdminUserPage> {
      const { rows, total } = await deps.admin.listUsers({
        q: query.q || undefined,
        role: query.role,
        status: query.status,
        sort: query.sort,
        order: query.order,
        offset: (query.page - 1) * query.pageSize,
        limit: query.pageSize,
      });
      return { items: rows.map(presentAdminUser), total, page: query.page, pageSize: query.pageSize };
    },

    async userDetail(userId: string): Promise<TAdminUserDetail> {
      const user = await userOrNotFound(userId);
      const [ledger, jobs, keys, sessions, twoFactor, admins] = await Promise.all([
        deps.admin.ledger(userId, RECENT_LEDGER),
        deps.admin.listJobs({ userId }, RECENT_JOBS),
        deps.admin.keys(userId),
        deps.admin.sessions(userId),
        deps.admin.secondFactors(userId),
        deps.admin.lockActiveAdmins(deps.database.kysely),
      ]);
      return {
        user: presentAdminUser(user),
        ledger: ledger.map(presentLedgerEntry),
        jobs: jobs.map(presentAdminJob),
        keys: keys.map(presentAdminKey),
        sessions: sessions.map(presentAdminSession),
        twoFactor,
        lastAdministrator: admins.length === 1 && admins[0] === userId,
      };
    },

    async listJobs(query: z.output<typeof ZAdminJobQuery>): Promise<TAdminJobPage> {
      const { cursor, limit, ...filter } = query;
      const rows = await deps.admin.listJobs({ ...filter, before: decodeCursor(cursor) }, limit + 1);
      const items = rows.slice(0, limit);
      const last = items.at(-1);
      return {
        items: items.map(presentAdminJob),
        nextCursor: rows.length > limit && last ? encodeCursor(last) : null,
      };
    },

    async jobDetail(jobId: string): Promise<TAdminJobDetail> {
      const row = await deps.generationsRepository.find(jobId);
      const listed = await deps.admin.findJob(jobId);
      if (!row || !listed) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.jobNotFound);
      const retries = await deps.audit.page({ action: 'job.retry', target: jobId, limit: 100 });
      return {
        job: presentAdminJob(listed),
        // What the runner recorded when it ended (the owner's debug mode was on); stages alone otherwise.
        diagnostics: row.diagnostics || row.details ? presentDiagnostics(row) : null,
        options: { ...row.options },
        assetId: row.asset_id,
        retries: retries.items.map((event) => {
          const after = (event.after ?? {}) as { jobId?: string; onTheHouse?: boolean };
          return {
            jobId: after.jobId ?? '',
            onTheHouse: after.onTheHouse === true,
            createdAt: event.createdAt,
          };
        }),
      };
    },

    /** Cancels a queued or running job of anyone: a queued one ends and is refunded at once. */
    async cancelJob(actor: AdminActor, jobId: string): Promise<TAdminJob> {
      const row = await deps.admin.findJob(jobId);
      if (!row) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.jobNotFound);
      if (row.status !== 'queued' && row.status !== 'running') {
        throw new AppError('CONFLICT', ADMIN_MESSAGES.jobNotCancellable);
      }
      await deps.generations.cancel(jobId, row.user_id);
      const after = await deps.admin.findJob(jobId);
      await deps.audit.record({
        action: 'job.cancel',
        actor: actorOf(actor),
        target: { type: 'job', id: jobId, label: row.user_email },
        before: { status: row.status },
        after: { status: after?.status ?? row.status, cancelRequested: after?.status === 'running' },
        ip: actor.ip,
      });
      return presentAdminJob(after ?? row);
    },

    /**
     * Retries a failed or cancelled job as a new job of the same person with the same request. It
     * reserves from their balance as usual (402 when too low), or costs nothing when `onTheHouse`:
     * then the ledger says so (a `grant` entry naming the job and the price waived), and the audit
     * event too, in the new job's transaction.
     */
    async retryJob(actor: AdminActor, jobId: string, onTheHouse: boolean): Promise<TAdminJob> {
      const row = await deps.generationsRepository.find(jobId);
      if (!row) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.jobNotFound);
      if (row.status !== 'failed' && row.status !== 'cancelled') {
        throw new AppError('CONFLICT', ADMIN_MESSAGES.jobNotRetryable);
      }
      const toolOptions = readToolOptions(row.tool_options) ?? undefined;
      // An inpaint mask lives only as long as its job: such a job cannot be made again.
      if (toolOptions?.tool === 'edit' && toolOptions.maskKey) {
        throw new AppError('CONFLICT', ADMIN_MESSAGES.jobMaskGone);
      }
      const owner = await userOrNotFound(row.user_id);
      const sourceAssetIds = JSON.parse(row.source_asset_ids) as string[];
      const created = await deps.generations.accept(
        row.user_id,
        {
          kind: row.kind,
          prompt: row.prompt,
          negativePrompt: row.negative_prompt ?? undefined,
          options: row.options,
          provider: row.provider,
          model: row.model,
          seed: row.seed,
          cost: onTheHouse ? 0 : row.cost,
          tool: row.tool,
          sourceAssetIds,
          toolOptions,
        },
        {
          withinTransaction: async (trx, job) => {
            if (onTheHouse) {
              await deps.credits.onTheHouse(
                row.user_id,
                job.id,
                `On the house: retry of ${row.id} (${row.cost} credits waived)`,
                trx,
              );
            }
            await deps.audit.record(
              {
                action: 'job.retry',
                actor: actorOf(actor),
                target: { type: 'job', id: row.id, label: owner.email },
                before: { status: row.status, cost: row.cost },
                after: { jobId: job.id, onTheHouse, cost: job.cost },
                ip: actor.ip,
              },
              trx,
            );
          },
        },
      );
      return presentAdminJob({ ...created, user_email: owner.email });
    },

    /** The dashboard's figures, counted from the database now (UTC). */
    async dashboard(): Promise<TAdminDashboard> {
      const at = deps.clock.now();
      const since24h = new Date(at.getTime() - DAY_MS).toISOString();
      const since30d = new Date(at.getTime() - 30 * DAY_MS).toISOString();
      // The 30 UTC days ending today, oldest first.
      const today = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
      const days = Array.from({ length: 30 }, (_, index) =>
        new Date(today - (29 - index) * DAY_MS).toISOString().slice(0, 10),
      );
      const firstDay = `${days[0]}T00:00:00.000Z`;
      const [people, byDay, ledger, spent, outstanding, revenue, queue, outcomes, storage, health] =
        await Promise.all([
          deps.admin.people(since24h, since30d),
          deps.admin.generationsByDay(firstDay),
          deps.admin.ledgerSince(since30d),
          deps.admin.spentSince(since30d),
          deps.admin.outstanding(),
          deps.admin.revenue(since30d),
          deps.admin.queue(),
          deps.admin.providerOutcomes(since24h),
          deps.admin.storage(),
          deps.providerHealth().catch((): ProviderHealthState[] => []),
        ]);
      const zeros = <K extends string>(keys: readonly K[]) =>
        Object.fromEntries(keys.map((key) => [key, 0])) as Record<K, number>;
      const generationsByDay = days.map((day) => ({
        day,
        byStatus: zeros(GENERATION_STATUSES),
        byType: zeros(GENERATION_TYPES),
      }));
      for (const row of byDay) {
        const entry = generationsByDay.find((item) => item.day === row.day);
        if (!entry) continue;
        entry.byStatus[row.status] += row.count;
        // The type chart shows the generators; 3D objects (issue 21) count in the status chart.
        if (row.kind !== 'model') entry.byType[row.kind] += row.count;
      }
      const added = (kinds: readonly string[]) =>
        ledger.filter((row) => kinds.includes(row.kind)).reduce((sum, row) => sum + row.added, 0);
      const providerIds = [
        ...new Set([...health.map((state) => state.id), ...outcomes.map((row) => row.provider)]),
      ];
      return {
        generatedAt: at.toISOString(),
        people,
        generationsByDay,
        credits: {
          spent30d: spent,
          granted30d: added(['grant', 'monthly_reset', 'adjustment']),
          bought30d: added(['purchase']),
          outstanding,
        },
        revenue: { currency: 'usd', ...revenue },
        queue,
        providers: providerIds.map((id) => {
          const state = health.find((entry) => entry.id === id);
          const outcome = outcomes.find((row) => row.provider === id);
          return {
            id,
            healthy: state?.ok ?? false,
            detail: state ? (state.detail ?? null) : null,
            jobs24h: outcome?.jobs ?? 0,
            failed24h: outcome?.failed ?? 0,
            errorRate24h: outcome?.finished ? outcome.failed / outcome.finished : null,
          };
        }),
        storage,
      };
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
