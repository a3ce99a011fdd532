import { randomUUID } from 'node:crypto';
import {
  API_KEY_MESSAGES,
  KEY_PLANS,
  KEY_PLANS_BY_ACCOUNT_PLAN,
  type TApiKey,
  type TApiKeyPermission,
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
import type { UserRow } from '../accounts/users.repository.js';
import type { ApiKeyRow, ApiKeysRepository } from './api-keys.repository.js';
import { type KeyKind, newApiKey } from './key-format.js';

const DAY = 86_400_000;

export function keyPlan(id: TKeyPlanId) {
  const plan = KEY_PLANS.find((p) => p.id === id);
  if (!plan) throw new Error(`unknown key plan ${id}`);
  return plan;
}

function permissionsFor(plan: TKeyPlanId): TApiKeyPermission[] {
  return keyPlan(plan).generationTypes.includes('video')
    ? ['images:create', 'videos:create', 'generations:read']
    : ['images:create', 'generations:read'];
}

/** The personal key of Settings has the account's own tier. */
const PERSONAL_PLAN: Record<TPlanId, TKeyPlanId> = { free: 'free', pro: 'pro', enterprise: 'enterprise' };

/** `YYYY-MM` (UTC): a key's allowance belongs to one calendar month. */
const periodOf = (date: Date) => date.toISOString().slice(0, 7);

export function createApiKeysService(deps: {
  database: Database;
  keys: ApiKeysRepository;
  encryptionKey: Buffer;
  clock: Clock;
}) {
  const now = () => deps.clock.now();

  function present(row: ApiKeyRow): TApiKey {
    const plan = keyPlan(row.plan);
    const stale = row.credits_period < periodOf(now());
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
    };
  }

  async function owned(userId: string, id: string): Promise<ApiKeyRow> {
    const row = await deps.keys.findOwned(id, userId);
    if (!row) throw new AppError('NOT_FOUND', 'api.apiKeys.notFound');
    return row;
  }

  async function issue(
    user: UserRow,
    input: { name: string; description: string; plan: TKeyPlanId; kind: KeyKind },
    trx: Executor = deps.database.kysely,
  ) {
    const key = newApiKey(input.kind);
    const at = now();
    const row = {
      id: randomUUID(),
      user_id: user.id,
      kind: input.kind,
      name: input.name,
      description: input.description,
      plan: input.plan,
      permissions: JSON.stringify(permissionsFor(input.plan)),
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
    } satisfies ApiKeyRow;
    await deps.keys.insert(row, trx);
    return { apiKey: present(row), secret: key.secret };
  }

  return {
    present,

    async list(userId: string): Promise<TApiKey[]> {
      return (await deps.keys.listOwned(userId, 'developer')).map(present);
    },

    /** A key's plan may not exceed the account's tier (DECISIONS). The secret is returned once here. */
    async create(user: UserRow, input: { name: string; description: string; plan: TKeyPlanId }) {
      if (!KEY_PLANS_BY_ACCOUNT_PLAN[user.plan].includes(input.plan)) {
        throw new AppError('FORBIDDEN', API_KEY_MESSAGES.planNotAllowed, {
          details: { allowedPlans: KEY_PLANS_BY_ACCOUNT_PLAN[user.plan] },
        });
      }
      return issue(user, { ...input, kind: 'developer' });
    },

    async update(
      userId: string,
      id: string,
      patch: { name?: string; description?: string; isActive?: boolean },
    ) {
      await owned(userId, id);
      await deps.keys.update(
        id,
        {
          ...(patch.name !== undefined ? { name: patch.name } : {}),
          ...(patch.description !== undefined ? { description: patch.description } : {}),
          ...(patch.isActive !== undefined ? { is_active: toDbBoolean(patch.isActive) } : {}),
        },
        now().toISOString(),
      );
      return present(await owned(userId, id));
    },

    async remove(userId: string, id: string): Promise<void> {
      await owned(userId, id);
      await deps.keys.delete(id);
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
        await deps.keys.deletePersonal(user.id, trx);
        return issue(
          user,
          {
            name: 'Personal API key',
            description: 'Created in Settings',
            plan: PERSONAL_PLAN[user.plan],
            kind: 'personal',
          },
          trx,
        );
      });
    },

    revokePersonal: (userId: string) => deps.keys.deletePersonal(userId),

    /** Inside the job's transaction: this month's allowance pays too, or the request is refused. */
    async takeAllowance(row: ApiKeyRow, cost: number, trx: Executor): Promise<void> {
      const at = now();
      await deps.keys.refillIfNewPeriod(row.id, periodOf(at), keyPlan(row.plan).monthlyCredits, trx);
      if (!(await deps.keys.takeAllowance(row.id, cost, at.toISOString(), trx))) {
        throw new AppError('INSUFFICIENT_CREDITS', API_KEY_MESSAGES.allowanceExhausted);
      }
    },
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;
