import { randomUUID } from 'node:crypto';
import {
  API_KEY_MESSAGES,
  API_KEY_SCOPES,
  KEY_PLANS,
  KEY_PLANS_BY_ACCOUNT_PLAN,
  type TApiKey,
  type TApiKeyPermission,
  type TApiKeyScope,
  type TApiKeyUsage,
  type TKeyPlanId,
  type TPlanId,
} from '@kaleido/common';
import type { Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/database.js';
import { fromDbBoolean, toDbBoolean } from '../../platform/db/dialect.js';
import type { Executor } from '../../platform/db/executor.js';
import { AppError } from '../../platform/http/app-error.js';
import { decryptSecret, encryptSecret } from '../../platform/keys.js';
import { resolveTarget, SafeFetchError, type SafeFetchPolicy } from '../../platform/net/safe-fetch.js';
import type { UserRow } from '../accounts/users.repository.js';
import type { ApiKeyRow, ApiKeysRepository } from './api-keys.repository.js';
import { type KeyKind, newApiKey } from './key-format.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;

export function keyPlan(id: TKeyPlanId) {
  const plan = KEY_PLANS.find((p) => p.id === id);
  if (!plan) throw new Error(`unknown key plan ${id}`);
  return plan;
}

/** The first API's permission slugs a key's scopes and plan amount to (the stored `permissions`). */
function permissionsFor(plan: TKeyPlanId, scopes: readonly TApiKeyScope[]): TApiKeyPermission[] {
  const permissions: TApiKeyPermission[] = [];
  if (scopes.includes('generate')) {
    permissions.push('images:create');
    if (keyPlan(plan).generationTypes.includes('video')) permissions.push('videos:create');
  }
  if (scopes.includes('library:read')) permissions.push('generations:read');
  return permissions;
}

/** The scopes in their canonical order, each once. */
const canonicalScopes = (scopes: readonly TApiKeyScope[]): TApiKeyScope[] =>
  API_KEY_SCOPES.filter((scope) => scopes.includes(scope));

export function scopesOf(row: ApiKeyRow): TApiKeyScope[] {
  return canonicalScopes(JSON.parse(row.scopes) as TApiKeyScope[]);
}

/** The personal key of Settings has the account's own tier. */
const PERSONAL_PLAN: Record<TPlanId, TKeyPlanId> = { free: 'free', pro: 'pro', enterprise: 'enterprise' };

/** `YYYY-MM` (UTC): a key's allowance belongs to one calendar month. */
const periodOf = (date: Date) => date.toISOString().slice(0, 7);

/** What the owner chooses for a key (besides its kind). */
interface KeyInput {
  name: string;
  description: string;
  plan: TKeyPlanId;
  scopes: readonly TApiKeyScope[];
  expiresAt: string | null;
  monthlySpendCap: number | null;
  webhookUrl: string | null;
}

type KeyPatch = Partial<Omit<KeyInput, 'plan'> & { isActive: boolean }>;

/** What the audit log records of a key: who made or revoked which (never its secret). */
export interface KeyEvent {
  action: 'api-key.create' | 'api-key.revoke';
  userId: string;
  key: Pick<ApiKeyRow, 'id' | 'name' | 'kind' | 'key_preview'>;
}

export function createApiKeysService(deps: {
  database: Database;
  keys: ApiKeysRepository;
  encryptionKey: Buffer;
  clock: Clock;
  /** The webhooks' address rule: a key's webhook URL is refused at save time as the Settings one is. */
  webhookPolicy?: SafeFetchPolicy;
  /** The audit log: a key made (in its transaction) or revoked. */
  onKeyEvent?: (event: KeyEvent, trx?: Executor) => Promise<void>;
}) {
  const now = () => deps.clock.now();

  /** A URL resolving to a private address is refused when saved (unless allowed), like Settings. */
  async function checkWebhookUrl(url: string | null | undefined): Promise<void> {
    if (!url || !deps.webhookPolicy) return;
    await resolveTarget(url, deps.webhookPolicy).catch((error: unknown) => {
      if (error instanceof SafeFetchError && error.code === 'BLOCKED_ADDRESS') {
        const message = 'api.settings.webhookUrlPrivate' as const;
        throw new AppError('VALIDATION_FAILED', message, { problems: [{ path: 'webhookUrl', message }] });
      }
      // A name that does not resolve yet is the receiver's business: its deliveries will say so.
    });
  }

  function present(row: ApiKeyRow): TApiKey {
    const plan = keyPlan(row.plan);
    const at = now();
    const stale = row.credits_period < periodOf(at);
    const previousUntil = row.previous_key_expires_at && new Date(row.previous_key_expires_at);
    return {
      id: row.id,
      kind: row.kind,
      name: row.name,
      description: row.description,
      plan: row.plan,
      keyPreview: row.key_preview,
      credits: stale ? plan.monthlyCredits : row.credits_remaining,
      usageCount: row.usage_count,
      rateLimit: { requestsPerMinute: plan.requestsPerMinute },
      permissions: JSON.parse(row.permissions) as string[],
      createdAt: row.created_at,
      lastUsed: row.last_used_at,
      isActive: fromDbBoolean(row.is_active),
      scopes: scopesOf(row),
      expiresAt: row.expires_at === null ? null : new Date(row.expires_at).toISOString(),
      monthlySpendCap: row.monthly_spend_cap,
      spentThisMonth: stale ? 0 : row.credits_spent,
      webhookUrl: row.webhook_url ?? null,
      previousKeyValidUntil: previousUntil && previousUntil > at ? previousUntil.toISOString() : null,
    };
  }

  /** An expiry must lie ahead when it is set (null clears it). */
  function checkExpiry(expiresAt: string | null | undefined): void {
    if (expiresAt && new Date(expiresAt) <= now()) {
      throw new AppError('VALIDATION_FAILED', API_KEY_MESSAGES.expiryInPast, {
        problems: [{ path: 'expiresAt', message: API_KEY_MESSAGES.expiryInPast }],
      });
    }
  }

  async function owned(userId: string, id: string): Promise<ApiKeyRow> {
    const row = await deps.keys.findOwned(id, userId);
    if (!row) throw new AppError('NOT_FOUND', 'api.apiKeys.notFound');
    return row;
  }

  async function issue(
    user: UserRow,
    input: KeyInput & { kind: KeyKind },
    trx: Executor = deps.database.kysely,
  ) {
    const key = newApiKey(input.kind);
    const at = now();
    const scopes = canonicalScopes(input.scopes);
    const row = {
      id: randomUUID(),
      user_id: user.id,
      kind: input.kind,
      name: input.name,
      description: input.description,
      plan: input.plan,
      permissions: JSON.stringify(permissionsFor(input.plan, scopes)),
      key_hash: key.hash,
      key_encrypted: encryptSecret(deps.encryptionKey, key.secret),
      key_preview: key.preview,
      is_active: toDbBoolean(true),
      credits_remaining: keyPlan(input.plan).monthlyCredits,
      credits_period: periodOf(at),
      usage_count: 0,
      last_used_at: null,
      created_at: at.toISOString(),
      updated_at: at.toISOString(),
      webhook_url: input.webhookUrl || null,
      scopes: JSON.stringify(scopes),
      expires_at: input.expiresAt ? new Date(input.expiresAt).toISOString() : null,
      monthly_spend_cap: input.monthlySpendCap,
      credits_spent: 0,
      previous_key_hash: null,
      previous_key_expires_at: null,
    } satisfies ApiKeyRow;
    await deps.keys.insert(row, trx);
    await deps.onKeyEvent?.({ action: 'api-key.create', userId: user.id, key: row }, trx);
    return { apiKey: present(row), secret: key.secret };
  }

  return {
    present,

    async list(userId: string): Promise<TApiKey[]> {
      return (await deps.keys.listOwned(userId, 'developer')).map(present);
    },

    /** A key's plan may not exceed the account's tier (DECISIONS). The secret is returned once here. */
    async create(user: UserRow, input: KeyInput) {
      if (!KEY_PLANS_BY_ACCOUNT_PLAN[user.plan].includes(input.plan)) {
        throw new AppError('FORBIDDEN', API_KEY_MESSAGES.planNotAllowed, {
          details: { allowedPlans: KEY_PLANS_BY_ACCOUNT_PLAN[user.plan] },
        });
      }
      checkExpiry(input.expiresAt);
      await checkWebhookUrl(input.webhookUrl);
      return issue(user, { ...input, kind: 'developer' });
    },

    async update(userId: string, id: string, patch: KeyPatch) {
      const row = await owned(userId, id);
      checkExpiry(patch.expiresAt);
      await checkWebhookUrl(patch.webhookUrl);
      const scopes = patch.scopes && canonicalScopes(patch.scopes);
      await deps.keys.update(
        id,
        {
          ...(patch.name !== undefined ? { name: patch.name } : {}),
          ...(patch.description !== undefined ? { description: patch.description } : {}),
          ...(patch.isActive !== undefined ? { is_active: toDbBoolean(patch.isActive) } : {}),
          ...(scopes
            ? {
                scopes: JSON.stringify(scopes),
                permissions: JSON.stringify(permissionsFor(row.plan, scopes)),
              }
            : {}),
          ...(patch.expiresAt !== undefined
            ? { expires_at: patch.expiresAt && new Date(patch.expiresAt).toISOString() }
            : {}),
          ...(patch.monthlySpendCap !== undefined ? { monthly_spend_cap: patch.monthlySpendCap } : {}),
          ...(patch.webhookUrl !== undefined ? { webhook_url: patch.webhookUrl || null } : {}),
        },
        now().toISOString(),
      );
      return present(await owned(userId, id));
    },

    /**
     * A new secret, returned once; the old one is still accepted for `graceHours` (0: refused at once),
     * so clients can switch without downtime. The key card shows until when.
     */
    async rotate(userId: string, id: string, graceHours: number) {
      const row = await owned(userId, id);
      const key = newApiKey(row.kind);
      const at = now();
      const previousUntil = graceHours > 0 ? new Date(at.getTime() + graceHours * HOUR).toISOString() : null;
      await deps.keys.rotate(
        id,
        { hash: key.hash, encrypted: encryptSecret(deps.encryptionKey, key.secret), preview: key.preview },
        previousUntil,
        at.toISOString(),
      );
      return { apiKey: present(await owned(userId, id)), secret: key.secret };
    },

    async remove(userId: string, id: string): Promise<void> {
      const row = await owned(userId, id);
      await deps.keys.delete(id);
      await deps.onKeyEvent?.({ action: 'api-key.revoke', userId, key: row });
    },

    async reveal(userId: string, id: string): Promise<string> {
      return decryptSecret(deps.encryptionKey, (await owned(userId, id)).key_encrypted);
    },

    /** Real figures from the recorded requests (totals, last 24 h, success rate, split, 7 days). */
    async usage(userId: string, id: string): Promise<TApiKeyUsage> {
      await owned(userId, id);
      const at = now();
      const today = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
      const since7d = new Date(today.getTime() - 6 * DAY);
      const { totals, recent } = await deps.keys.usage(
        id,
        new Date(at.getTime() - DAY).toISOString(),
        since7d.toISOString(),
      );
      const finished = Number(totals?.finished ?? 0);
      const days = Array.from({ length: 7 }, (_, i) =>
        new Date(since7d.getTime() + i * DAY).toISOString().slice(0, 10),
      );
      const counts = new Map(days.map((day) => [day, 0]));
      for (const row of recent) {
        const day = row.created_at.slice(0, 10);
        counts.set(day, (counts.get(day) ?? 0) + 1);
      }
      return {
        totalRequests: Number(totals?.total ?? 0),
        last24Hours: Number(totals?.last24 ?? 0),
        successRate: finished ? Math.round((Number(totals?.succeeded ?? 0) / finished) * 1000) / 10 : 100,
        imageRequests: Number(totals?.images ?? 0),
        videoRequests: Number(totals?.videos ?? 0),
        creditsUsed: Number(totals?.credits ?? 0),
        finishedGenerations: finished,
        succeededGenerations: Number(totals?.succeeded ?? 0),
        requestsByDay: days.map((date) => ({ date, count: counts.get(date) ?? 0 })),
      };
    },

    async personal(userId: string): Promise<TApiKey | null> {
      const [row] = await deps.keys.listOwned(userId, 'personal');
      return row ? present(row) : null;
    },

    /**
     * A new personal key replaces the old one (which stops working at once). It can be made while the
     * account's integrations are off (Settings says so beside it); `/api/v1` refuses it until they are on.
     */
    async generatePersonal(user: UserRow) {
      return deps.database.kysely.transaction().execute(async (trx) => {
        for (const old of await deps.keys.listOwned(user.id, 'personal', trx)) {
          await deps.onKeyEvent?.({ action: 'api-key.revoke', userId: user.id, key: old }, trx);
        }
        await deps.keys.deletePersonal(user.id, trx);
        return issue(
          user,
          {
            name: 'Personal API key',
            description: 'Created in Settings',
            plan: PERSONAL_PLAN[user.plan],
            kind: 'personal',
            // The personal key does everything the account can do through the API.
            scopes: API_KEY_SCOPES,
            expiresAt: null,
            monthlySpendCap: null,
            webhookUrl: null,
          },
          trx,
        );
      });
    },

    async revokePersonal(userId: string) {
      const revoked = await deps.keys.listOwned(userId, 'personal');
      const result = await deps.keys.deletePersonal(userId);
      for (const key of revoked) await deps.onKeyEvent?.({ action: 'api-key.revoke', userId, key });
      return result;
    },

    /**
     * Inside the job's transaction: this month's allowance pays too, within the owner's spend cap, or
     * the request is refused (402, saying which of the two stopped it).
     */
    async takeAllowance(row: ApiKeyRow, cost: number, trx: Executor): Promise<void> {
      const at = now();
      await deps.keys.refillIfNewPeriod(row.id, periodOf(at), keyPlan(row.plan).monthlyCredits, trx);
      if (await deps.keys.takeAllowance(row.id, cost, at.toISOString(), trx)) return;
      const current = (await deps.keys.findById(row.id, trx)) ?? row;
      if (current.monthly_spend_cap !== null && current.credits_spent + cost > current.monthly_spend_cap) {
        throw new AppError('INSUFFICIENT_CREDITS', {
          id: API_KEY_MESSAGES.spendCapReached,
          values: { cap: current.monthly_spend_cap, spent: current.credits_spent },
        });
      }
      throw new AppError('INSUFFICIENT_CREDITS', API_KEY_MESSAGES.allowanceExhausted);
    },

    /** What the key may still spend this month: its allowance, within its spend cap (a new month starts full). */
    spendable(row: ApiKeyRow): number {
      const stale = row.credits_period < periodOf(now());
      const allowance = stale ? keyPlan(row.plan).monthlyCredits : row.credits_remaining;
      if (row.monthly_spend_cap === null) return allowance;
      return Math.max(0, Math.min(allowance, row.monthly_spend_cap - (stale ? 0 : row.credits_spent)));
    },
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;
