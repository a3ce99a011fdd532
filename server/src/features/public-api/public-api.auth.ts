import {
  API_KEY_MESSAGES,
  SCOPE_OF_PERMISSION,
  type TApiKeyPermission,
  type TApiKeyScope,
  type TApiMessageId,
  type TGenerationType,
} from '@kaleido/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../platform/clock.js';
import { fromDbBoolean } from '../../platform/db/dialect.js';
import type { Executor } from '../../platform/db/executor.js';
import type { ApiRequestsTable } from '../../platform/db/schema.js';
import { AppError } from '../../platform/http/app-error.js';
import type { RequestLimiter } from '../../platform/http/request-limiter.js';
import type { ApiKeyRow, ApiKeysRepository } from '../api-keys/api-keys.repository.js';
import { keyPlan, scopesOf } from '../api-keys/api-keys.service.js';
import { hashApiKey, isWellFormedApiKey } from '../api-keys/key-format.js';

/**
 * One call of the public API made with a known key, as its usage record will say: what it was for,
 * how it ended and what it cost. The service fills it in; `record` writes it once the answer is sent.
 */
export interface PublicCall {
  key: ApiKeyRow;
  kind: TGenerationType | null;
  outcome: ApiRequestsTable['outcome'];
  credits: number;
  generationId: string | null;
  /** When the call began (`metadata.responseTime` counts from here). */
  startedAt: number;
  /** False for a replayed Idempotency-Key: a replay is not a new request for usage purposes. */
  recorded: boolean;
  /** `METHOD /route` as the usage record names the endpoint. */
  endpoint: string;
  /** Set once `recordAccepted` wrote the usage record with the job (`record` then only corrects it). */
  acceptedRecordId: string | null;
  /** The key's scopes (API_KEY_SCOPES). */
  scopes: TApiKeyScope[];
  /**
   * True when the key was let in for its own jobs only (`ownJobs`: it has `generate` but not the
   * route's scope): the route must refuse a resource the key did not make (`assertOwnJob`).
   */
  ownJobsOnly: boolean;
}

/**
 * What a route of the public API needs from its key: a scope (403 `INSUFFICIENT_SCOPE` without it)
 * and, for a call that generates, a plan that includes that kind (403 `FORBIDDEN` otherwise).
 */
export interface PublicAccess {
  /** The generation a call makes (null: it makes none, e.g. a status read). */
  kind: TGenerationType | null;
  /** The scope the call needs. */
  scope?: TApiKeyScope;
  /**
   * A key with `generate` but without `scope` may still reach the jobs it made itself (following an
   * async job needs no library access); the route then calls `assertOwnJob`.
   */
  ownJobs?: boolean;
  /**
   * The first API's form, still accepted: `images:create`/`videos:create` need `generate`,
   * `generations:read` needs `library:read` or, for the key's own jobs, `generate`.
   */
  permission?: TApiKeyPermission;
  /** The 403's message when the key's plan does not include `kind` (defaults per kind). */
  refusal?: TApiMessageId;
}

/** The scope a route needs, and whether the key's own jobs are enough (see `PublicAccess`). */
function requirementOf(access: PublicAccess): { scope: TApiKeyScope; ownJobs: boolean } {
  if (access.scope) return { scope: access.scope, ownJobs: access.ownJobs ?? false };
  if (access.permission) {
    return {
      scope: SCOPE_OF_PERMISSION[access.permission],
      ownJobs: access.ownJobs ?? access.permission === 'generations:read',
    };
  }
  return { scope: access.kind ? 'generate' : 'library:read', ownJobs: access.ownJobs ?? false };
}

const PLAN_REFUSAL: Record<TGenerationType, TApiMessageId> = {
  image: API_KEY_MESSAGES.imageNotAllowed,
  video: API_KEY_MESSAGES.videoNotAllowed,
};

/**
 * For a route guarded with `ownJobs`: refuses (403 `INSUFFICIENT_SCOPE`) a generation made otherwise
 * than with this key when the key was let in for its own jobs only (it lacks `scope`).
 */
export function assertOwnJob(
  call: PublicCall,
  madeWithKeyId: string | null,
  scope: TApiKeyScope = 'library:read',
): void {
  if (call.ownJobsOnly && madeWithKeyId !== call.key.id) {
    call.outcome = 'forbidden';
    throw new AppError('INSUFFICIENT_SCOPE', { id: API_KEY_MESSAGES.insufficientScope, values: { scope } });
  }
}

/**
 * The public API's key checks as route hooks, in this order: key well-formed and known (its current
 * secret, or the previous one within a rotation's grace period) → not expired (401) → active (a
 * personal key: and the owner's integrations on) → scope → plan includes the kind → per-key rate
 * limit. `guard` runs them as a `preValidation` hook, before the input is checked; `record` (`onResponse`) writes the
 * usage record of every call made with a known key (never for malformed or unknown keys).
 */
export function createPublicApiAuth(deps: {
  keysRepository: ApiKeysRepository;
  limiter: RequestLimiter;
  /** The key owner's integrations switch (it governs the personal key only; developer keys are their own). */
  integrationsEnabled: (userId: string) => Promise<boolean>;
  /** A known key's owner speaks for the request: its errors come in the owner's language. */
  speaksFor: (request: FastifyRequest, userId: string) => void;
  clock: Clock;
}) {
  const calls = new WeakMap<FastifyRequest, PublicCall>();

  async function knownKey(request: FastifyRequest): Promise<ApiKeyRow> {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer '))
      throw new AppError('AUTHENTICATION_REQUIRED', API_KEY_MESSAGES.keyRequired);
    const secret = header.slice('Bearer '.length).trim();
    // Malformed keys are refused before any database lookup.
    if (!isWellFormedApiKey(secret)) throw new AppError('AUTHENTICATION_FAILED', API_KEY_MESSAGES.keyInvalid);
    const key = await deps.keysRepository.findByHash(hashApiKey(secret), deps.clock.now().toISOString());
    if (!key) throw new AppError('AUTHENTICATION_FAILED', API_KEY_MESSAGES.keyInvalid);
    return key;
  }

  function checkExpiry(call: PublicCall): void {
    const expiresAt = call.key.expires_at && new Date(call.key.expires_at);
    if (expiresAt && expiresAt <= deps.clock.now()) {
      call.outcome = 'forbidden';
      throw new AppError('AUTHENTICATION_FAILED', {
        id: API_KEY_MESSAGES.keyExpired,
        values: { expiresAt: expiresAt.toISOString() },
      });
    }
  }

  async function checkActive(call: PublicCall): Promise<void> {
    if (!fromDbBoolean(call.key.is_active)) {
      call.outcome = 'forbidden';
      throw new AppError('FORBIDDEN', API_KEY_MESSAGES.keyInactive);
    }
    if (call.key.kind === 'personal' && !(await deps.integrationsEnabled(call.key.user_id))) {
      call.outcome = 'forbidden';
      throw new AppError('INTEGRATIONS_DISABLED');
    }
  }

  function checkScope(call: PublicCall, access: PublicAccess): void {
    const { scope, ownJobs } = requirementOf(access);
    if (!call.scopes.includes(scope)) {
      if (ownJobs && call.scopes.includes('generate')) {
        call.ownJobsOnly = true;
      } else {
        call.outcome = 'forbidden';
        throw new AppError('INSUFFICIENT_SCOPE', {
          id: API_KEY_MESSAGES.insufficientScope,
          values: { scope },
        });
      }
    }
    if (access.kind && !keyPlan(call.key.plan).generationTypes.includes(access.kind)) {
      call.outcome = 'forbidden';
      throw new AppError('FORBIDDEN', access.refusal ?? PLAN_REFUSAL[access.kind]);
    }
  }

  async function checkRateLimit(call: PublicCall, reply: FastifyReply): Promise<void> {
    const decision = await deps.limiter.consume(call.key.id, keyPlan(call.key.plan).requestsPerMinute);
    reply
      .header('RateLimit-Policy', `"minute";q=${decision.limit};w=60`)
      .header('RateLimit', `"minute";r=${decision.remaining};t=${decision.resetSeconds}`)
      .header('X-RateLimit-Limit', String(decision.limit))
      .header('X-RateLimit-Remaining', String(decision.remaining))
      .header(
        'X-RateLimit-Reset',
        String(Math.ceil(deps.clock.now().getTime() / 1000) + decision.resetSeconds),
      );
    if (!decision.allowed) {
      call.outcome = 'rate_limited';
      throw new AppError('RATE_LIMITED', API_KEY_MESSAGES.rateLimited, {
        headers: { 'Retry-After': String(decision.resetSeconds) },
      });
    }
  }

  return {
    /** The `preValidation` hook of a public route: the call's key, checked for `access`. */
    guard(access: PublicAccess) {
      return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
        const startedAt = performance.now();
        const key = await knownKey(request);
        const call: PublicCall = {
          key,
          kind: access.kind,
          outcome: 'invalid',
          credits: 0,
          generationId: null,
          startedAt,
          recorded: true,
          endpoint: `${request.method} ${request.routeOptions.url ?? request.url}`,
          acceptedRecordId: null,
          scopes: scopesOf(key),
          ownJobsOnly: false,
        };
        calls.set(request, call);
        deps.speaksFor(request, key.user_id);
        checkExpiry(call);
        await checkActive(call);
        checkScope(call, access);
        await checkRateLimit(call, reply);
      };
    },

    /** The call `guard` let through. */
    callOf(request: FastifyRequest): PublicCall {
      const call = calls.get(request);
      if (!call) throw new Error('a public API route runs without its guard');
      return call;
    },

    /**
     * Writes the usage record of a call answered 202 at once inside its job's transaction (the accept
     * path): the record exists whenever the job does, so its end always settles it, and the accept path
     * makes one commit instead of two. `record` then has nothing to write unless the answer changed.
     */
    async recordAccepted(call: PublicCall, generationId: string, trx: Executor): Promise<void> {
      call.outcome = 'accepted';
      call.generationId = generationId;
      const id = await deps.keysRepository.recordRequest(
        {
          api_key_id: call.key.id,
          user_id: call.key.user_id,
          endpoint: call.endpoint,
          kind: call.kind,
          outcome: 'accepted',
          status_code: 202,
          credits: call.credits,
          latency_ms: Math.round(performance.now() - call.startedAt),
          generation_id: generationId,
          created_at: deps.clock.now().toISOString(),
        },
        trx,
      );
      // A rollback takes the record with it: the caller then clears this (PublicApiService.generate).
      call.acceptedRecordId = id;
    },

    /** The `onResponse` hook: records the call once the answer is sent. */
    async record(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      const call = calls.get(request);
      if (!call?.recorded) return;
      if (call.acceptedRecordId) {
        // Written with the job; only an answer other than the 202 it assumed needs a correction.
        if (reply.statusCode === 202) return;
        await deps.keysRepository
          .correctRequest(call.acceptedRecordId, { status_code: reply.statusCode, outcome: call.outcome })
          .catch((error) => request.log.warn({ err: error }, 'could not correct an API request record'));
        return;
      }
      const record = {
        api_key_id: call.key.id,
        user_id: call.key.user_id,
        endpoint: call.endpoint,
        kind: call.kind,
        outcome: call.outcome,
        status_code: reply.statusCode,
        credits: call.credits,
        latency_ms: Math.round(reply.elapsedTime),
        generation_id: call.generationId,
        created_at: deps.clock.now().toISOString(),
      };
      // A call that made and charged nothing (a read, a listing, the account) is written with the others
      // of the next 50 ms, not in a write transaction of its own; counted meanwhile (withDeferredRequests).
      if (call.kind === null && call.generationId === null && call.credits === 0) {
        deps.keysRepository.deferRequest(record);
        return;
      }
      await deps.keysRepository
        .recordRequest(record)
        .catch((error) => request.log.warn({ err: error }, 'could not record an API request'));
    },
  };
}

export type PublicApiAuth = ReturnType<typeof createPublicApiAuth>;
