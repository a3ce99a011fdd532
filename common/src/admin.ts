import { z } from 'zod';
import { ROLES } from './auth-constants.js';
import { GENERATION_TYPES, JOB_KINDS, PLAN_IDS } from './constants.js';
import { CREDIT_LEDGER_KINDS } from './credits.js';
import { ZGenerationDiagnostics } from './diagnostics.js';
import { GENERATION_STATUSES } from './generation-constants.js';
import type { TApiMessageId } from './i18n/messages/en.js';
import { ASSET_TOOLS } from './tools-constants.js';

/**
 * The administrators' console (issue 20): people, credits, jobs, dashboard and the audit log.
 * Every route is under `/api/admin/*` and answers only an administrator's session (401 anonymous,
 * 403 for everyone else, 403 `API_KEY_NOT_ALLOWED` for an API key, 403 `ADMIN_SECOND_FACTOR_REQUIRED`
 * when the operator set `ADMIN_REQUIRE_2FA=true` and the administrator has no second factor).
 * Writes are cookie writes: CSRF applies as everywhere else.
 *
 * Routes (the answers are `{ success: true, data }` of the schema named):
 * - `GET  /api/admin/dashboard`                     → ZAdminDashboard
 * - `GET  /api/admin/users?q&role&status&sort&order&page&pageSize` → ZAdminUserPage
 * - `GET  /api/admin/users/:id`                     → ZAdminUserDetail
 * - `POST /api/admin/users/:id/credits {amount, reason}` → ZAdminCreditResult (negative deducts;
 *   never below zero: 409 `CONFLICT` with `api.admin.belowZero`)
 * - `POST /api/admin/users/:id/plan {plan}`         → ZAdminUser
 * - `POST /api/admin/users/:id/role {role}`         → ZAdminUser (the last administrator cannot
 *   demote themselves: 409 `LAST_ADMINISTRATOR`)
 * - `POST /api/admin/users/:id/disable {reason?}`   → ZAdminUser (sessions end, keys stop at once;
 *   an administrator cannot disable themselves: 400 `api.admin.selfDisable`; sign-in then answers
 *   403 `ACCOUNT_DISABLED`, the public API 401)
 * - `POST /api/admin/users/:id/enable`              → ZAdminUser
 * - `POST /api/admin/users/:id/reset-2fa`           → ZTwoFactorReset (two-factor.ts)
 * - `POST /api/admin/users/:id/password-reset`      → ZAdminDone (a reset e-mail in the person's language)
 * - `POST /api/admin/users/:id/sessions/end`        → ZAdminSessionsEnded (signs the person out everywhere)
 * - `GET  /api/admin/jobs?status&type&provider&model&userId&from&to&cursor&limit` → ZAdminJobPage
 * - `GET  /api/admin/jobs/:id`                      → ZAdminJobDetail (with diagnostics when recorded)
 * - `POST /api/admin/jobs/:id/cancel`               → ZAdminJob (queued or running; refunded)
 * - `POST /api/admin/jobs/:id/retry {onTheHouse}`   → ZAdminJob (the new job; failed or cancelled
 *   jobs only; `onTheHouse: true` charges nothing and says so in the ledger and the audit log)
 * - `GET  /api/admin/audit?action&actor&target&from&to&cursor&limit` → ZAdminAuditPage
 * - `GET  /api/admin/audit?format=csv&…`            → text/csv (every matching row, newest first;
 *   cells starting with = + - @ are prefixed with ' so spreadsheets do not run them)
 * There is no route that changes or deletes audit events.
 */

/** Everything the audit log records. Administrative actions, then security events. */
export const AUDIT_ACTIONS = [
  'user.credits.grant',
  'user.credits.deduct',
  'user.credits.set',
  'user.plan.change',
  'user.role.change',
  'user.disable',
  'user.enable',
  'user.two-factor.reset',
  'user.password-reset.send',
  'user.sessions.end',
  'job.cancel',
  'job.retry',
  'site-settings.update',
  'blocked-terms.update',
  'report.resolve',
  'invite.create',
  'invite.revoke',
  'announcement.send',
  'auth.sign-in.failed',
  'auth.sign-in.refused-disabled',
  'auth.lockout',
  'auth.two-factor.enable',
  'auth.two-factor.disable',
  'auth.recovery-codes.regenerate',
  'auth.passkey.add',
  'auth.passkey.remove',
  'api-key.create',
  'api-key.revoke',
] as const;
export type TAuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an audit event is about. */
export const AUDIT_TARGET_TYPES = [
  'user',
  'job',
  'api-key',
  'site',
  'report',
  'invite',
  'announcement',
] as const;
export type TAuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** Message ids of the console's refusals (values: the shared catalogs). */
export const ADMIN_MESSAGES = {
  amountZero: 'api.admin.amountZero',
  belowZero: 'api.admin.belowZero',
  selfDisable: 'api.admin.selfDisable',
  jobNotCancellable: 'api.admin.jobNotCancellable',
  jobNotRetryable: 'api.admin.jobNotRetryable',
  jobNotFound: 'api.admin.jobNotFound',
  jobMaskGone: 'api.admin.jobMaskGone',
  accountDisabledNoMail: 'api.admin.accountDisabledNoMail',
} as const satisfies Record<string, TApiMessageId>;

export const ADMIN_LIMITS = {
  reasonMaxLength: 500,
  /** A grant or deduction at once, either way. */
  maxCreditChange: 1_000_000,
  pageSizeDefault: 25,
  pageSizeMax: 100,
  /** Rows of the CSV export at most (newest first). */
  csvMaxRows: 50_000,
} as const;

const pageSize = z.coerce
  .number()
  .int()
  .min(1)
  .max(ADMIN_LIMITS.pageSizeMax)
  .default(ADMIN_LIMITS.pageSizeDefault);
const isoDate = z.iso.datetime({ offset: true });

// ── People ────────────────────────────────────────────────────────────────────────────────────────

export const ADMIN_USER_SORTS = ['createdAt', 'name', 'email', 'credits', 'lastSeenAt'] as const;
export type TAdminUserSort = (typeof ADMIN_USER_SORTS)[number];

/** `GET /api/admin/users`: `q` matches the display name, e-mail or handle (case-insensitive, contains). */
export const ZAdminUserQuery = z.object({
  q: z.string().trim().max(200).optional(),
  role: z.enum(ROLES).optional(),
  status: z.enum(['active', 'disabled']).optional(),
  sort: z.enum(ADMIN_USER_SORTS).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  /** 1-based. */
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize,
});
export type TAdminUserQuery = z.input<typeof ZAdminUserQuery>;

/** One person in the list and at the top of their page. */
export const ZAdminUser = z
  .object({
    id: z.string(),
    email: z.string(),
    displayName: z.string(),
    handle: z.string().nullable(),
    role: z.enum(ROLES),
    plan: z.enum(PLAN_IDS),
    credits: z.number().int(),
    creditsMonthly: z.number().int(),
    creditsPurchased: z.number().int(),
    /** Null: the account may sign in. */
    disabledAt: z.string().nullable(),
    emailVerified: z.boolean(),
    twoFactorEnabled: z.boolean(),
    createdAt: z.string(),
    /** The latest activity of any of their sessions; null when they have none. */
    lastSeenAt: z.string().nullable(),
  })
  .meta({ id: 'AdminUser' });
export type TAdminUser = z.infer<typeof ZAdminUser>;

export const ZAdminUserPage = z
  .object({
    items: z.array(ZAdminUser),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  })
  .meta({ id: 'AdminUserPage' });
export type TAdminUserPage = z.infer<typeof ZAdminUserPage>;

export const ZAdminLedgerEntry = z.object({
  id: z.string(),
  kind: z.enum(CREDIT_LEDGER_KINDS),
  delta: z.number().int(),
  balance: z.number().int(),
  reference: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type TAdminLedgerEntry = z.infer<typeof ZAdminLedgerEntry>;

export const ZAdminSession = z.object({
  id: z.string(),
  method: z.enum(['password', 'social', 'passkey']),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type TAdminSession = z.infer<typeof ZAdminSession>;

export const ZAdminApiKeySummary = z.object({
  id: z.string(),
  kind: z.enum(['developer', 'personal']),
  name: z.string(),
  keyPreview: z.string(),
  isActive: z.boolean(),
  createdAt: z.string(),
  lastUsed: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type TAdminApiKeySummary = z.infer<typeof ZAdminApiKeySummary>;

/** A job as the console lists it (every person's). */
export const ZAdminJob = z
  .object({
    id: z.string(),
    userId: z.string(),
    userEmail: z.string().nullable(),
    type: z.enum(JOB_KINDS),
    tool: z.enum(ASSET_TOOLS),
    status: z.enum(GENERATION_STATUSES),
    prompt: z.string(),
    provider: z.string(),
    model: z.string(),
    cost: z.number().int(),
    creditState: z.enum(['reserved', 'charged', 'refunded']),
    /** Made through an API key. */
    viaApiKey: z.boolean(),
    error: z.string().nullable(),
    errorCode: z.string().nullable(),
    attempts: z.number().int(),
    createdAt: z.string(),
    startedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: 'AdminJob' });
export type TAdminJob = z.infer<typeof ZAdminJob>;

/** `GET /api/admin/users/:id`: the person, their ledger, recent jobs, keys, sessions and second factors. */
export const ZAdminUserDetail = z
  .object({
    user: ZAdminUser,
    /** The latest 50 ledger entries, newest first. */
    ledger: z.array(ZAdminLedgerEntry),
    /** The latest 20 jobs. */
    jobs: z.array(ZAdminJob),
    keys: z.array(ZAdminApiKeySummary),
    sessions: z.array(ZAdminSession),
    twoFactor: z.object({
      totp: z.boolean(),
      passkeys: z.number().int(),
      recoveryCodesLeft: z.number().int(),
    }),
    /** Whether this account is the only administrator (it cannot demote or disable itself). */
    lastAdministrator: z.boolean(),
  })
  .meta({ id: 'AdminUserDetail' });
export type TAdminUserDetail = z.infer<typeof ZAdminUserDetail>;

const reason = z.string().trim().min(1).max(ADMIN_LIMITS.reasonMaxLength);

/** `POST /api/admin/users/:id/credits`: a grant (positive) or a deduction (negative), with a reason. */
export const ZAdminCreditInput = z.strictObject({
  amount: z
    .number()
    .int()
    .min(-ADMIN_LIMITS.maxCreditChange)
    .max(ADMIN_LIMITS.maxCreditChange)
    .refine((value) => value !== 0, ADMIN_MESSAGES.amountZero),
  reason,
});
export type TAdminCreditInput = z.input<typeof ZAdminCreditInput>;

export const ZAdminCreditResult = z
  .object({
    user: ZAdminUser,
    /** The ledger entry written (kind `grant` for a positive amount, `adjustment` for a deduction). */
    entry: ZAdminLedgerEntry,
  })
  .meta({ id: 'AdminCreditResult' });
export type TAdminCreditResult = z.infer<typeof ZAdminCreditResult>;

export const ZAdminPlanInput = z.strictObject({ plan: z.enum(PLAN_IDS) });
export type TAdminPlanInput = z.input<typeof ZAdminPlanInput>;

export const ZAdminRoleInput = z.strictObject({ role: z.enum(ROLES) });
export type TAdminRoleInput = z.input<typeof ZAdminRoleInput>;

export const ZAdminDisableInput = z.strictObject({ reason: reason.optional() });
export type TAdminDisableInput = z.input<typeof ZAdminDisableInput>;

export const ZAdminDone = z.object({ done: z.literal(true) }).meta({ id: 'AdminDone' });
export type TAdminDone = z.infer<typeof ZAdminDone>;

export const ZAdminSessionsEnded = z.object({ ended: z.number().int() }).meta({ id: 'AdminSessionsEnded' });
export type TAdminSessionsEnded = z.infer<typeof ZAdminSessionsEnded>;

// ── Jobs ──────────────────────────────────────────────────────────────────────────────────────────

/** `GET /api/admin/jobs`: every person's jobs, newest first (keyset cursor). */
export const ZAdminJobQuery = z.object({
  status: z.enum(GENERATION_STATUSES).optional(),
  type: z.enum(JOB_KINDS).optional(),
  provider: z.string().max(100).optional(),
  model: z.string().max(200).optional(),
  userId: z.string().max(100).optional(),
  /** Created at or after / before (ISO 8601). */
  from: isoDate.optional(),
  to: isoDate.optional(),
  cursor: z.string().max(200).optional(),
  limit: pageSize,
});
export type TAdminJobQuery = z.input<typeof ZAdminJobQuery>;

export const ZAdminJobPage = z
  .object({ items: z.array(ZAdminJob), nextCursor: z.string().nullable() })
  .meta({ id: 'AdminJobPage' });
export type TAdminJobPage = z.infer<typeof ZAdminJobPage>;

/** `GET /api/admin/jobs/:id`. `diagnostics` is what the runner recorded (debug mode on); null otherwise. */
export const ZAdminJobDetail = z
  .object({
    job: ZAdminJob,
    diagnostics: ZGenerationDiagnostics.nullable(),
    /** The job's options as stored (style, size, seed, …). */
    options: z.record(z.string(), z.unknown()),
    assetId: z.string().nullable(),
    /** Retries an administrator made of this job (newest first). */
    retries: z.array(z.object({ jobId: z.string(), onTheHouse: z.boolean(), createdAt: z.string() })),
  })
  .meta({ id: 'AdminJobDetail' });
export type TAdminJobDetail = z.infer<typeof ZAdminJobDetail>;

export const ZAdminRetryInput = z.strictObject({
  /** True: the new job costs the person nothing (ledger `grant` of the price, noted "on the house"). */
  onTheHouse: z.boolean().default(false),
});
export type TAdminRetryInput = z.input<typeof ZAdminRetryInput>;

// ── Dashboard ─────────────────────────────────────────────────────────────────────────────────────

/** `GET /api/admin/dashboard`: figures counted from the database when asked (UTC days). */
export const ZAdminDashboard = z
  .object({
    generatedAt: z.string(),
    people: z.object({
      total: z.number().int(),
      /** Accounts created in the last 24 h / 30 days. */
      new24h: z.number().int(),
      new30d: z.number().int(),
      /** Accounts with a session seen or a job made in the last 24 h / 30 days. */
      active24h: z.number().int(),
      active30d: z.number().int(),
      disabled: z.number().int(),
      administrators: z.number().int(),
    }),
    /** The last 30 UTC days, oldest first, every day present (zeros included). */
    generationsByDay: z.array(
      z.object({
        day: z.string(),
        byStatus: z.record(z.enum(GENERATION_STATUSES), z.number().int()),
        byType: z.record(z.enum(GENERATION_TYPES), z.number().int()),
      }),
    ),
    /** Credits over the last 30 days: spent (charged jobs), granted (grants, resets, adjustments up), bought. */
    credits: z.object({
      spent30d: z.number().int(),
      granted30d: z.number().int(),
      bought30d: z.number().int(),
      /** What everyone holds now. */
      outstanding: z.number().int(),
    }),
    /** Succeeded purchases, in cents (USD). */
    revenue: z.object({
      currency: z.literal('usd'),
      last30dCents: z.number().int(),
      allTimeCents: z.number().int(),
      purchases30d: z.number().int(),
    }),
    queue: z.object({
      queued: z.number().int(),
      running: z.number().int(),
      /** When the oldest queued job was submitted; null when nothing waits. */
      oldestQueuedAt: z.string().nullable(),
    }),
    /** Per provider: whether it answers now, and its jobs' outcomes over the last 24 h. */
    providers: z.array(
      z.object({
        id: z.string(),
        healthy: z.boolean(),
        detail: z.string().nullable(),
        jobs24h: z.number().int(),
        failed24h: z.number().int(),
        /** failed / finished (0–1); null with no finished job. */
        errorRate24h: z.number().nullable(),
      }),
    ),
    storage: z.object({
      /** Sum of every asset's size. */
      usedBytes: z.number().int(),
      assets: z.number().int(),
    }),
  })
  .meta({ id: 'AdminDashboard' });
export type TAdminDashboard = z.infer<typeof ZAdminDashboard>;

// ── Audit log ─────────────────────────────────────────────────────────────────────────────────────

/** `GET /api/admin/audit`: newest first. `actor` matches the actor's id or e-mail (exact, case-insensitive). */
export const ZAdminAuditQuery = z.object({
  action: z.enum(AUDIT_ACTIONS).optional(),
  actor: z.string().trim().max(320).optional(),
  /** The target's id (a person, a job, a key…). */
  target: z.string().trim().max(200).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  cursor: z.string().max(200).optional(),
  limit: pageSize,
  format: z.enum(['json', 'csv']).default('json'),
});
export type TAdminAuditQuery = z.input<typeof ZAdminAuditQuery>;

export const ZAuditEvent = z
  .object({
    id: z.string(),
    createdAt: z.string(),
    action: z.enum(AUDIT_ACTIONS),
    /** Null for events without a signed-in actor (a failed sign-in). */
    actorId: z.string().nullable(),
    /** The actor's e-mail at the time (kept when the account goes). */
    actorEmail: z.string().nullable(),
    targetType: z.enum(AUDIT_TARGET_TYPES).nullable(),
    targetId: z.string().nullable(),
    /** A readable name of the target at the time (an e-mail, a key's name). */
    targetLabel: z.string().nullable(),
    before: z.unknown().nullable(),
    after: z.unknown().nullable(),
    /** The administrator's reason, when the action takes one. */
    reason: z.string().nullable(),
    ip: z.string().nullable(),
  })
  .meta({ id: 'AuditEvent' });
export type TAuditEvent = z.infer<typeof ZAuditEvent>;

export const ZAdminAuditPage = z
  .object({ items: z.array(ZAuditEvent), nextCursor: z.string().nullable() })
  .meta({ id: 'AdminAuditPage' });
export type TAdminAuditPage = z.infer<typeof ZAdminAuditPage>;
