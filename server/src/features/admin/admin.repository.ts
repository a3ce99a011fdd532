import type { TAdminUserSort, TJobKind } from '@kaleido/common';
import { sql } from 'kysely';
import { type Dialect, lockForUpdate, utcDay } from '../../platform/db/dialect.js';
import type { Executor } from '../../platform/db/executor.js';
import type { GenerationStatus } from '../../platform/db/schema.js';
import type { UserRow } from '../accounts/users.repository.js';

export interface AdminUserRow extends UserRow {
  last_seen_at: string | null;
  two_factor: number;
}

export interface UserListFilter {
  q?: string;
  role?: UserRow['role'];
  status?: 'active' | 'disabled';
  sort: TAdminUserSort;
  order: 'asc' | 'desc';
  offset: number;
  limit: number;
}

export interface JobListFilter {
  status?: GenerationStatus;
  type?: TJobKind;
  provider?: string;
  model?: string;
  userId?: string;
  from?: string;
  to?: string;
  before?: { createdAt: string; id: string };
}

/** `%`, `_` and the escape character itself, taken literally by LIKE … ESCAPE '\'. */
const likeContains = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The administrators' reads across every account (the per-person features read their own). */
export function createAdminRepository(db: Executor, dialect: Dialect) {
  const lastSeen = sql<
    string | null
  >`(select max(s.last_seen_at) from sessions s where s.user_id = users.id)`;
  const twoFactor = sql<number>`(case when exists (select 1 from user_totp t where t.user_id = users.id and t.enabled_at is not null) or exists (select 1 from passkeys p where p.user_id = users.id) then 1 else 0 end)`;

  function filteredUsers(filter: Omit<UserListFilter, 'sort' | 'order' | 'offset' | 'limit'>, trx: Executor) {
    let query = trx.selectFrom('users');
    if (filter.q) {
      const pattern = likeContains(filter.q);
      query = query.where((eb) =>
        eb.or([
          eb(sql`lower(users.display_name)`, 'like', sql`${pattern} escape '\\'`),
          eb(sql`lower(users.email)`, 'like', sql`${pattern} escape '\\'`),
          eb(sql`lower(coalesce(users.handle, ''))`, 'like', sql`${pattern} escape '\\'`),
        ]),
      );
    }
    if (filter.role) query = query.where('users.role', '=', filter.role);
    if (filter.status === 'disabled') query = query.where('users.disabled_at', 'is not', null);
    if (filter.status === 'active') query = query.where('users.disabled_at', 'is', null);
    return query;
  }

  const sortExpression = {
    createdAt: sql`users.created_at`,
    name: sql`lower(users.display_name)`,
    email: sql`users.email`,
    credits: sql`(users.credits_monthly + users.credits_purchased)`,
    lastSeenAt: sql`coalesce(${lastSeen}, '')`,
  } as const;

  return {
    async listUsers(
      filter: UserListFilter,
      trx: Executor = db,
    ): Promise<{ rows: AdminUserRow[]; total: number }> {
      const direction = filter.order === 'asc' ? sql`asc` : sql`desc`;
      const rows = await filteredUsers(filter, trx)
        .selectAll('users')
        .select([lastSeen.as('last_seen_at'), twoFactor.as('two_factor')])
        .orderBy(sql`${sortExpression[filter.sort]} ${direction}`)
        .orderBy(sql`users.id ${direction}`)
        .limit(filter.limit)
        .offset(filter.offset)
        .execute();
      const count = await filteredUsers(filter, trx)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return {
        rows: rows.map((row) => ({ ...row, two_factor: Number(row.two_factor) })),
        total: Number(count.n),
      };
    },

    async findUser(id: string, trx: Executor = db): Promise<AdminUserRow | undefined> {
      const row = await trx
        .selectFrom('users')
        .selectAll('users')
        .select([lastSeen.as('last_seen_at'), twoFactor.as('two_factor')])
        .where('users.id', '=', id)
        .executeTakeFirst();
      return row ? { ...row, two_factor: Number(row.two_factor) } : undefined;
    },

    /**
     * The administrators who may still act (not disabled), locked for the rest of the caller's
     * transaction on PostgreSQL, so two administrators demoting or disabling each other at once
     * cannot leave none (SQLite has a single writer).
     */
    async lockActiveAdmins(trx: Executor): Promise<string[]> {
      const rows = await lockForUpdate(
        dialect,
        trx.selectFrom('users').select('id').where('role', '=', 'admin').where('disabled_at', 'is', null),
      ).execute();
      return rows.map((row) => row.id);
    },

    async setRole(id: string, role: UserRow['role'], at: string, trx: Executor): Promise<void> {
      await trx.updateTable('users').set({ role, updated_at: at }).where('id', '=', id).execute();
    },

    /** Sets `disabled_at` only when it changes; true when this call changed it. */
    async setDisabled(id: string, at: string | null, now: string, trx: Executor): Promise<boolean> {
      const result = await trx
        .updateTable('users')
        .set({ disabled_at: at, updated_at: now })
        .where('id', '=', id)
        .where('disabled_at', at === null ? 'is not' : 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    ledger(userId: string, limit: number, trx: Executor = db) {
      return trx
        .selectFrom('credit_ledger')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    sessions(userId: string, trx: Executor = db) {
      return trx
        .selectFrom('sessions')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('last_seen_at', 'desc')
        .execute();
    },

    keys(userId: string, trx: Executor = db) {
      return trx
        .selectFrom('api_keys')
        .select([
          'id',
          'kind',
          'name',
          'key_preview',
          'is_active',
          'created_at',
          'last_used_at',
          'expires_at',
        ])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .execute();
    },

    async secondFactors(userId: string, trx: Executor = db) {
      const totp = await trx
        .selectFrom('user_totp')
        .select('enabled_at')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      const passkeys = await trx
        .selectFrom('passkeys')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      const codes = await trx
        .selectFrom('recovery_codes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .executeTakeFirstOrThrow();
      return {
        totp: Boolean(totp?.enabled_at),
        passkeys: Number(passkeys.n),
        recoveryCodesLeft: Number(codes.n),
      };
    },

    /** Every person's jobs with their owner's e-mail, newest first. */
    listJobs(filter: JobListFilter, limit: number, trx: Executor = db) {
      let query = trx
        .selectFrom('generations')
        .leftJoin('users', 'users.id', 'generations.user_id')
        .selectAll('generations')
        .select('users.email as user_email');
      if (filter.status) query = query.where('generations.status', '=', filter.status);
      if (filter.type) query = query.where('generations.kind', '=', filter.type);
      if (filter.provider) query = query.where('generations.provider', '=', filter.provider);
      if (filter.model) query = query.where('generations.model', '=', filter.model);
      if (filter.userId) query = query.where('generations.user_id', '=', filter.userId);
      if (filter.from) query = query.where('generations.created_at', '>=', filter.from);
      if (filter.to) query = query.where('generations.created_at', '<', filter.to);
      const before = filter.before;
      if (before) {
        query = query.where((eb) =>
          eb.or([
            eb('generations.created_at', '<', before.createdAt),
            eb.and([
              eb('generations.created_at', '=', before.createdAt),
              eb('generations.id', '<', before.id),
            ]),
          ]),
        );
      }
      return query
        .orderBy('generations.created_at', 'desc')
        .orderBy('generations.id', 'desc')
        .limit(limit)
        .execute();
    },

    findJob(id: string, trx: Executor = db) {
      return trx
        .selectFrom('generations')
        .leftJoin('users', 'users.id', 'generations.user_id')
        .selectAll('generations')
        .select('users.email as user_email')
        .where('generations.id', '=', id)
        .executeTakeFirst();
    },

    // ── Dashboard figures (UTC, from the database) ──

    async people(since24h: string, since30d: string, trx: Executor = db) {
      const count = (build: (q: ReturnType<typeof base>) => ReturnType<typeof base>) =>
        build(base())
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
          .then((row) => Number(row.n));
      const base = () => trx.selectFrom('users');
      // Active: a session seen, or a job made, since the moment.
      const activeSince = (since: string) =>
        count((q) =>
          q.where((eb) =>
            eb.or([
              eb.exists(
                eb
                  .selectFrom('sessions')
                  .select(sql`1`.as('one'))
                  .whereRef('sessions.user_id', '=', 'users.id')
                  .where('sessions.last_seen_at', '>=', since),
              ),
              eb.exists(
                eb
                  .selectFrom('generations')
                  .select(sql`1`.as('one'))
                  .whereRef('generations.user_id', '=', 'users.id')
                  .where('generations.created_at', '>=', since),
              ),
            ]),
          ),
        );
      return {
        total: await count((q) => q),
        new24h: await count((q) => q.where('created_at', '>=', since24h)),
        new30d: await count((q) => q.where('created_at', '>=', since30d)),
        active24h: await activeSince(since24h),
        active30d: await activeSince(since30d),
        disabled: await count((q) => q.where('disabled_at', 'is not', null)),
        administrators: await count((q) => q.where('role', '=', 'admin')),
      };
    },

    async generationsByDay(since: string, trx: Executor = db) {
      const day = utcDay(dialect, 'generations.created_at');
      const rows = await trx
        .selectFrom('generations')
        .select((eb) => [
          day.as('day'),
          'generations.status',
          'generations.kind',
          eb.fn.countAll<number>().as('n'),
        ])
        .where('generations.created_at', '>=', since)
        .groupBy([day, 'generations.status', 'generations.kind'])
        .execute();
      return rows.map((row) => ({ day: row.day, status: row.status, kind: row.kind, count: Number(row.n) }));
    },

    /** Ledger movements since the moment, by kind: what went in (positive deltas) and out. */
    async ledgerSince(since: string, trx: Executor = db) {
      const rows = await trx
        .selectFrom('credit_ledger')
        .select((eb) => [
          'kind',
          eb.fn
            .sum<number>(
              sql`case when delta_monthly + delta_purchased > 0 then delta_monthly + delta_purchased else 0 end`,
            )
            .as('added'),
          eb.fn
            .sum<number>(
              sql`case when delta_monthly + delta_purchased < 0 then -(delta_monthly + delta_purchased) else 0 end`,
            )
            .as('removed'),
        ])
        .where('created_at', '>=', since)
        .groupBy('kind')
        .execute();
      return rows.map((row) => ({
        kind: row.kind,
        added: Number(row.added ?? 0),
        removed: Number(row.removed ?? 0),
      }));
    },

    /** Credits charged by finished jobs since the moment. */
    async spentSince(since: string, trx: Executor = db): Promise<number> {
      const row = await trx
        .selectFrom('generations')
        .select((eb) => eb.fn.sum<number>('cost').as('n'))
        .where('credit_state', '=', 'charged')
        .where('finished_at', '>=', since)
        .executeTakeFirstOrThrow();
      return Number(row.n ?? 0);
    },

    async outstanding(trx: Executor = db): Promise<number> {
      const row = await trx
        .selectFrom('users')
        .select((eb) => eb.fn.sum<number>(sql`credits_monthly + credits_purchased`).as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n ?? 0);
    },

    async revenue(since: string, trx: Executor = db) {
      const row = await trx
        .selectFrom('purchases')
        .select((eb) => [
          eb.fn.sum<number>('amount_cents').as('all_time'),
          eb.fn.sum<number>(sql`case when created_at >= ${since} then amount_cents else 0 end`).as('recent'),
          eb.fn.sum<number>(sql`case when created_at >= ${since} then 1 else 0 end`).as('recent_count'),
        ])
        .where('status', '=', 'succeeded')
        .executeTakeFirstOrThrow();
      return {
        allTimeCents: Number(row.all_time ?? 0),
        last30dCents: Number(row.recent ?? 0),
        purchases30d: Number(row.recent_count ?? 0),
      };
    },

    async queue(trx: Executor = db) {
      const rows = await trx
        .selectFrom('generations')
        .select((eb) => ['status', eb.fn.countAll<number>().as('n'), eb.fn.min('created_at').as('oldest')])
        .where('status', 'in', ['queued', 'running'])
        .groupBy('status')
        .execute();
      const queued = rows.find((row) => row.status === 'queued');
      const running = rows.find((row) => row.status === 'running');
      return {
        queued: Number(queued?.n ?? 0),
        running: Number(running?.n ?? 0),
        oldestQueuedAt: queued?.oldest ?? null,
      };
    },

    /** Per provider: jobs made and failed since the moment. */
    async providerOutcomes(since: string, trx: Executor = db) {
      const rows = await trx
        .selectFrom('generations')
        .select((eb) => [
          'provider',
          eb.fn.countAll<number>().as('jobs'),
          eb.fn.sum<number>(sql`case when status = 'failed' then 1 else 0 end`).as('failed'),
          eb.fn
            .sum<number>(sql`case when status in ('succeeded', 'failed') then 1 else 0 end`)
            .as('finished'),
        ])
        .where('created_at', '>=', since)
        .groupBy('provider')
        .execute();
      return rows.map((row) => ({
        provider: row.provider,
        jobs: Number(row.jobs),
        failed: Number(row.failed ?? 0),
        finished: Number(row.finished ?? 0),
      }));
    },

    async storage(trx: Executor = db) {
      const row = await trx
        .selectFrom('assets')
        .select((eb) => [eb.fn.sum<number>('size_bytes').as('bytes'), eb.fn.countAll<number>().as('n')])
        .executeTakeFirstOrThrow();
      return { usedBytes: Number(row.bytes ?? 0), assets: Number(row.n) };
    },
  };
}

export type AdminRepository = ReturnType<typeof createAdminRepository>;
