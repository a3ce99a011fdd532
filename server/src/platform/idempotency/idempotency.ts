import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Clock } from '../clock.js';
import { isUniqueViolation } from '../db/dialect.js';
import type { Executor } from '../db/executor.js';
import { AppError } from '../http/app-error.js';
import type { TLocalizedText } from '../i18n/api-messages.js';
import type {
  IdempotencyCaller,
  IdempotencyOperation,
  IdempotencyRepository,
} from './idempotency.repository.js';

export type { IdempotencyCaller, IdempotencyOperation } from './idempotency.repository.js';

const IDEMPOTENCY_KEY_MAX = 255;

/**
 * The optional `Idempotency-Key` header (1 to 255 characters) of the generate calls, as a route's
 * `headers` schema. Checked on the whole object so the refusal is the catalog message alone, without
 * a field prefix (the message names the header).
 */
export const ZIdempotencyKeyHeaders = z
  .object({
    'idempotency-key': z.string().optional().meta({
      description: 'Retrying with the same key returns the same generation and never charges twice.',
      maxLength: IDEMPOTENCY_KEY_MAX,
    }),
  })
  .superRefine((headers, context) => {
    const key = headers['idempotency-key'];
    if (key !== undefined && (key.length < 1 || key.length > IDEMPOTENCY_KEY_MAX)) {
      context.addIssue({ code: 'custom', message: 'api.request.idempotencyKeyInvalid', input: key });
    }
  });

/**
 * The stored fingerprint of a request (SHA-256, hex) from its canonical text. Each path keeps the
 * text it has always hashed, so records written before the mechanism was shared still match:
 * generations `<kind>\n<JSON of the submitted input>`, purchases the JSON of kind, item, amount and
 * card, renewals their key (the key names the billing month: it is the whole request).
 */
export function requestHash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** One use of an Idempotency-Key: whose, for what, and the request it came with. */
export interface IdempotentRequest {
  caller: IdempotencyCaller;
  operation: IdempotencyOperation;
  key: string;
  /** `requestHash` of the request: the same key with another request is refused. */
  hash: string;
  /** The 409's message on this path. */
  conflict: TLocalizedText;
}

/**
 * The one idempotency mechanism (public API, browser sessions, purchases): the same key and request
 * give the first answer's resource again and never make (or charge) a second one; the same key with
 * another request is 409 CONFLICT; concurrent duplicates meet at the table's unique index and the
 * loser answers the winner's resource.
 */
export function createIdempotency(deps: { repository: IdempotencyRepository; clock: Clock }) {
  async function earlier(request: IdempotentRequest): Promise<string | null> {
    const found = await deps.repository.find(request.caller, request.operation, request.key);
    if (!found) return null;
    if (found.request_hash !== request.hash) throw new AppError('CONFLICT', request.conflict);
    return found.resource_id;
  }

  return {
    /**
     * `create` runs only if the key is new; it must call `claim(trx, id)` in the transaction that
     * makes resource `id`, so the key and the resource exist together or not at all. A key already
     * used (before, or by a concurrent request that won) answers `replay(id)` instead.
     */
    async once<T>(
      request: IdempotentRequest,
      run: {
        replay: (resourceId: string) => Promise<T>;
        create: (claim: (trx: Executor, resourceId: string) => Promise<void>) => Promise<T>;
      },
    ): Promise<{ value: T; replayed: boolean }> {
      const found = await earlier(request);
      if (found) return { value: await run.replay(found), replayed: true };
      const claim = (trx: Executor, resourceId: string) =>
        deps.repository.insert(
          {
            operation: request.operation,
            user_id: request.caller.userId,
            api_key_id: request.caller.apiKeyId ?? null,
            key: request.key,
            request_hash: request.hash,
            resource_id: resourceId,
            created_at: deps.clock.now().toISOString(),
          },
          trx,
        );
      try {
        return { value: await run.create(claim), replayed: false };
      } catch (error) {
        if (isUniqueViolation(error)) {
          const winner = await earlier(request);
          if (winner) return { value: await run.replay(winner), replayed: true };
        }
        throw error;
      }
    },
  };
}

export type Idempotency = ReturnType<typeof createIdempotency>;
