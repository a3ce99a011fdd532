import type {
  TModel,
  TPublicAccount,
  TPublicAsset,
  TPublicGeneration,
  ZPublicAssetsQuery,
  ZPublicGenerationsQuery,
} from '@kaleido/common';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Clock } from '../../platform/clock.js';
import { AppError } from '../../platform/http/app-error.js';
import { decodeCursor, encodeCursor } from '../../platform/http/keyset-cursor.js';
import type { UrlSigner } from '../../platform/storage/signed-urls.js';
import type { UsersRepository } from '../accounts/users.repository.js';
import type { ApiKeysService } from '../api-keys/api-keys.service.js';
import { keyPlan } from '../api-keys/api-keys.service.js';
import { totalCredits } from '../credits/balance.js';
import type { GenerationRow, GenerationsRepository } from '../generations/generations.repository.js';
import type { GenerationsService, Prices } from '../generations/generations.service.js';
import { presentModels } from '../generations/models.js';
import type { ProviderRegistry, ResolvedModel } from '../generations/provider-registry.js';
import { presentAsset } from '../library/library.presenter.js';
import type { LibraryService } from '../library/library.service.js';
import type { PublicAccountRepository } from './public-account.repository.js';
import { assertOwnJob, type PublicCall } from './public-api.auth.js';
import type { PublicApiPresenter } from './public-api.presenter.js';

/** A page of items and the cursor of the next one (null on the last). */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/**
 * The public API's reads and changes besides generating: the key owner's jobs (listed, cancelled,
 * followed), library, the models and the account. Every read is scoped to the key's owner, so
 * another account's ids are simply not found.
 */
export function createPublicResourcesService(deps: {
  generations: GenerationsService;
  generationsRepository: GenerationsRepository;
  library: LibraryService;
  users: UsersRepository;
  keys: ApiKeysService;
  accounts: PublicAccountRepository;
  registry: ProviderRegistry;
  prices: Prices;
  signer: UrlSigner;
  presenter: PublicApiPresenter;
  clock: Clock;
  /** The models the key owner's plan may use (null: all), site settings. */
  allowedModels?: (userId: string) => Promise<string[] | null>;
  /** The key owner's trained models (Train, issue 21). */
  personalModels?: (userId: string) => Promise<ResolvedModel[]>;
}) {
  const presentJob = async (row: GenerationRow) =>
    deps.presenter.generation(await deps.generations.present(row));
  const presentLibraryAsset = (row: Parameters<typeof presentAsset>[0]): TPublicAsset =>
    deps.presenter.asset(presentAsset(row, deps.signer));
  /** Reads are recorded as such: they are not generations. */
  const read = (call: PublicCall) => {
    call.outcome = 'success';
  };
  const isoOf = (value: string | undefined) => (value ? new Date(value).toISOString() : undefined);

  return {
    async generations(
      call: PublicCall,
      query: z.output<typeof ZPublicGenerationsQuery>,
    ): Promise<Page<TPublicGeneration>> {
      const rows = await deps.generationsRepository.pageOwned(call.key.user_id, {
        status: query.status,
        kind: query.type,
        since: isoOf(query.created_after),
        until: isoOf(query.created_before),
        after: decodeCursor(query.cursor),
        limit: query.limit + 1,
      });
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      read(call);
      return {
        items: await Promise.all(page.map(presentJob)),
        nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null,
      };
    },

    /** A queued job ends at once with a refund; a running one is told to stop (the runner refunds). */
    async cancel(call: PublicCall, id: string): Promise<TPublicGeneration> {
      // A key with only `generate` cancels the jobs it made; `library:write` any of the account's.
      assertOwnJob(call, (await deps.generations.get(id, call.key.user_id)).api_key_id, 'library:write');
      const row = await deps.generations.cancel(id, call.key.user_id);
      call.outcome = 'success';
      call.generationId = row.id;
      return presentJob(row);
    },

    /** The job to follow (the owner's only). */
    async followed(call: PublicCall, id: string): Promise<GenerationRow> {
      const row = await deps.generations.get(id, call.key.user_id);
      assertOwnJob(call, row.api_key_id);
      read(call);
      return row;
    },

    /** Follows the job for its event stream (see generation-stream); returns `stop`. */
    follow: (row: GenerationRow, listener: Parameters<GenerationsService['follow']>[1]) =>
      deps.generations.follow(row, listener),

    async assets(call: PublicCall, query: z.output<typeof ZPublicAssetsQuery>): Promise<Page<TPublicAsset>> {
      const page = await deps.library.page(call.key.user_id, {
        ...query,
        sort: 'newest',
        include: 'saved',
      });
      read(call);
      return { items: page.items.map(presentLibraryAsset), nextCursor: page.nextCursor };
    },

    async asset(call: PublicCall, id: string): Promise<TPublicAsset> {
      const row = await deps.library.get(call.key.user_id, id);
      read(call);
      return presentLibraryAsset(row);
    },

    async deleteAsset(call: PublicCall, id: string, log: FastifyBaseLogger): Promise<{ id: string }> {
      const row = await deps.library.delete(call.key.user_id, id, log);
      call.outcome = 'success';
      return { id: row.id };
    },

    async models(call: PublicCall): Promise<TModel[]> {
      read(call);
      const allowed = (await deps.allowedModels?.(call.key.user_id)) ?? null;
      const personal = (await deps.personalModels?.(call.key.user_id)) ?? [];
      return presentModels(deps.registry, deps.prices, allowed, personal);
    },

    /** Balance and plan from the account; the key's allowance, limit and this month's usage (UTC month). */
    async account(call: PublicCall): Promise<TPublicAccount> {
      const at = deps.clock.now();
      const since = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1)).toISOString();
      // The owner's balance and the key's figures in one read.
      const user = await deps.accounts.accountOf(call.key.user_id, call.key.id, since);
      if (!user) throw new AppError('AUTHENTICATION_FAILED');
      const { usage } = user;
      const key = deps.keys.present(call.key);
      const plan = keyPlan(call.key.plan);
      read(call);
      return {
        plan: user.plan,
        balance: {
          total: totalCredits(user),
          monthly: user.credits_monthly,
          purchased: user.credits_purchased,
        },
        key: {
          id: key.id,
          name: key.name,
          plan: key.plan,
          allowance: { monthly: plan.monthlyCredits, remaining: key.credits },
          rateLimit: { requestsPerMinute: plan.requestsPerMinute },
          usageThisMonth: {
            since,
            requests: usage.requests,
            generations: usage.generations,
            creditsUsed: usage.credits,
          },
        },
      };
    },
  };
}

export type PublicResourcesService = ReturnType<typeof createPublicResourcesService>;
