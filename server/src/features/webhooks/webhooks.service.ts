import { randomUUID } from 'node:crypto';
import {
  type TAsset,
  type TWebhookDeliveriesQuery,
  type TWebhookDelivery,
  type TWebhookDeliveryPage,
  type TWebhookEvent,
  type TWebhookSecret,
  WEBHOOK_ROTATION_OVERLAP_MS,
} from '@kaleido/common';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/database.js';
import type { Executor } from '../../platform/db/executor.js';
import { AppError } from '../../platform/http/app-error.js';
import { decryptSecret, encryptSecret } from '../../platform/keys.js';
import { SafeFetchError, type SafeFetchPolicy, safeFetch } from '../../platform/net/safe-fetch.js';
import type { JobQueue } from '../../platform/queue/index.js';
import type { GenerationRow } from '../generations/generations.repository.js';
import { newWebhookSecret, webhookHeaders } from './webhook-signing.js';
import { presentDelivery } from './webhooks.presenter.js';
import type {
  DeliveryCursor,
  NewWebhookDelivery,
  WebhookDeliveryRow,
  WebhooksRepository,
} from './webhooks.repository.js';

/** How deliveries are attempted; tests shorten the schedule. */
export interface DeliveryOptions {
  /**
   * The wait (ms) before each retry: attempt n+1 waits `retryDelaysMs[n-1]`, ±20 % jitter. Its length
   * + 1 is the number of attempts: 8 by default, over about a day.
   */
  retryDelaysMs: readonly number[];
  /** The whole exchange of one attempt. */
  timeoutMs: number;
  /** At most this much of a receiver's answer is read. */
  maxResponseBytes: number;
  /** A worker holds an attempt this long; past it another may take the delivery. */
  leaseMs: number;
  /** The account URL is disabled when every delivery to it failed for this long (and it took none since). */
  disableAfterMs: number;
}

export const DEFAULT_DELIVERY_OPTIONS: DeliveryOptions = {
  // 5 s, 1 min, 10 min, 1 h, 3 h, 8 h, 12 h: eight attempts over about 24 h.
  retryDelaysMs: [5_000, 60_000, 600_000, 3_600_000, 10_800_000, 28_800_000, 43_200_000],
  timeoutMs: 10_000,
  maxResponseBytes: 4096,
  leaseMs: 60_000,
  disableAfterMs: 3 * 24 * 3_600_000,
};

type Outcome = 'succeeded' | 'failed' | 'cancelled';

const EVENT_OF: Record<Outcome, TWebhookEvent> = {
  succeeded: 'generation.succeeded',
  failed: 'generation.failed',
  cancelled: 'generation.cancelled',
};

/** The delivery log's cursor: the last row's creation time and id, base64url. */
function encodeCursor(row: WebhookDeliveryRow): string {
  return Buffer.from(`${row.created_at}|${row.id}`).toString('base64url');
}

function decodeCursor(cursor: string | undefined): DeliveryCursor | null {
  if (!cursor) return null;
  const [createdAt, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!createdAt || !id) throw new AppError('VALIDATION_FAILED');
  return { createdAt, id };
}

/**
 * Signed webhooks (Standard Webhooks): the account's signing secret, the deliveries a generation's end
 * makes (one per distinct target: the account URL, the key's URL, the request's own), and the attempts
 * themselves. A delivery is a row first (written in the transaction that ends the job) and a queue job
 * second; an attempt is claimed with a conditional update, so it runs once across processes.
 */
export function createWebhooksService(deps: {
  database: Database;
  webhooks: WebhooksRepository;
  /** The webhook queue (same kind as the generation queue, its own name). */
  queue: JobQueue;
  clock: Clock;
  log: FastifyBaseLogger;
  publicUrl: string;
  /** Seals the secrets at rest; derived from the server secret. */
  encryptionKey: Buffer;
  policy: SafeFetchPolicy;
  /** The account's URL when it has one and its integrations are on; null otherwise. */
  accountUrl: (userId: string, trx?: Executor) => Promise<string | null>;
  /** A key's own URL, if it has one. */
  keyUrl: (apiKeyId: string, trx: Executor) => Promise<string | null>;
  /** The job as committed (its result id), read in the transaction that ends it. */
  generationOf: (id: string, trx: Executor) => Promise<GenerationRow | undefined>;
  /** A result as the owner's API shows it (signed URL, dimensions). */
  assetOf: (id: string, trx: Executor) => Promise<TAsset | null>;
  /** Tells the owner their account URL was disabled (an e-mail). */
  onDisabled: (userId: string, target: string) => void;
  options?: Partial<DeliveryOptions>;
  /** Counts each attempt's outcome (metrics). */
  onAttempt?: (outcome: 'delivered' | 'retrying' | 'failed') => void;
}) {
  const options = { ...DEFAULT_DELIVERY_OPTIONS, ...deps.options };
  const now = () => deps.clock.now();
  const absolute = (path: string) => new URL(path, deps.publicUrl).toString();

  async function secretRow(userId: string) {
    const existing = await deps.webhooks.findSecret(userId);
    if (existing) return existing;
    await deps.webhooks.insertSecret({
      user_id: userId,
      secret_encrypted: encryptSecret(deps.encryptionKey, newWebhookSecret()),
      created_at: now().toISOString(),
      previous_encrypted: null,
      previous_expires_at: null,
      disabled_at: null,
    });
    const created = await deps.webhooks.findSecret(userId);
    if (!created) throw new Error('webhook secret not stored');
    return created;
  }

  function presentSecret(
    row: NonNullable<Awaited<ReturnType<WebhooksRepository['findSecret']>>>,
  ): TWebhookSecret {
    const overlap = row.previous_expires_at && new Date(row.previous_expires_at) > now();
    return {
      secret: decryptSecret(deps.encryptionKey, row.secret_encrypted),
      createdAt: row.created_at,
      previousExpiresAt: overlap ? row.previous_expires_at : null,
      disabledAt: row.disabled_at,
    };
  }

  /** The secrets that sign now: the current one, and the previous one during its 24 h. */
  async function signingSecrets(userId: string): Promise<string[]> {
    const row = await secretRow(userId);
    const secrets = [decryptSecret(deps.encryptionKey, row.secret_encrypted)];
    if (row.previous_encrypted && row.previous_expires_at && new Date(row.previous_expires_at) > now()) {
      secrets.push(decryptSecret(deps.encryptionKey, row.previous_encrypted));
    }
    return secrets;
  }

  /** The `data` of a generation event: what a receiver needs without calling back. */
  async function generationData(row: GenerationRow, outcome: Outcome, trx: Executor) {
    const base = {
      id: row.id,
      type: row.kind,
      status: outcome,
      prompt: row.prompt,
      model: row.model,
      statusUrl: absolute(`/api/v1/generations/${row.id}`),
      createdAt: row.created_at,
    };
    if (outcome === 'succeeded') {
      const committed = await deps.generationOf(row.id, trx);
      const asset = committed?.asset_id ? await deps.assetOf(committed.asset_id, trx) : null;
      return {
        ...base,
        url: asset ? absolute(asset.url) : null,
        width: asset?.metadata.width ?? null,
        height: asset?.metadata.height ?? null,
        durationSeconds: asset?.metadata.durationSeconds ?? null,
        creditsCharged: row.cost,
      };
    }
    const committed = await deps.generationOf(row.id, trx);
    return {
      ...base,
      error: {
        code: committed?.error_code ?? (outcome === 'cancelled' ? 'CANCELLED' : 'GENERATION_FAILED'),
        message: committed?.error ?? null,
      },
      creditsRefunded: row.reserved_monthly + row.reserved_purchased,
    };
  }

  function newDelivery(
    userId: string,
    event: TWebhookEvent,
    source: NewWebhookDelivery['source'],
    target: string,
    payload: string,
    eventId: string,
    generationId: string | null,
  ): NewWebhookDelivery {
    const at = now().toISOString();
    return {
      id: randomUUID(),
      user_id: userId,
      event_id: eventId,
      event,
      source,
      target,
      payload,
      generation_id: generationId,
      state: 'pending',
      attempts: 0,
      last_status: null,
      last_latency_ms: null,
      last_error: null,
      last_attempt_at: null,
      next_attempt_at: at,
      lease_until: null,
      created_at: at,
      updated_at: at,
    };
  }

  function payloadOf(event: TWebhookEvent, data: Record<string, unknown>): string {
    return JSON.stringify({ type: event, timestamp: now().toISOString(), data });
  }

  /** The wait before the next attempt after `attempts` attempts (null: that was the last). */
  function retryDelay(attempts: number): number | null {
    const base = options.retryDelaysMs[attempts - 1];
    if (base === undefined) return null;
    return Math.round(base * (0.8 + Math.random() * 0.4));
  }

  /** After a delivery to the account URL ended badly: disable the URL when it has failed for days. */
  async function considerDisabling(row: WebhookDeliveryRow, gone: boolean): Promise<void> {
    if (row.source !== 'account') return;
    const at = now();
    if (!gone) {
      const history = await deps.webhooks.targetHistory(row.user_id, row.target);
      const since = history.oldestFailureSince;
      if (!since || at.getTime() - new Date(since).getTime() < options.disableAfterMs) return;
    }
    if (await deps.webhooks.disable(row.user_id, at.toISOString())) {
      deps.log.warn({ userId: row.user_id, target: row.target }, 'webhook URL disabled');
      deps.onDisabled(row.user_id, row.target);
    }
  }

  /**
   * A claim that found nothing: a delivery handed out a little before its time (a timer may fire a
   * millisecond early; pg-boss goes by the database's clock) is handed out again when due, instead
   * of waiting for the sweep. Ended or held deliveries need nothing.
   */
  async function notYetDue(deliveryId: string): Promise<void> {
    const current = await deps.webhooks.findDelivery(deliveryId);
    if (current?.state !== 'pending' || !current.next_attempt_at) return;
    const at = now().getTime();
    const wait = new Date(current.next_attempt_at).getTime() - at;
    const held = current.lease_until !== null && new Date(current.lease_until).getTime() >= at;
    // Due by now (the claim and this read straddled its time): again at once; held: its worker has it.
    if (!held) await deps.queue.enqueue(deliveryId, { delayMs: Math.max(wait, 0) + 5 });
  }

  /** One attempt of a delivery, if it is due and no other worker holds it. The queue's handler. */
  async function attempt(deliveryId: string): Promise<void> {
    const started = now();
    const row = await deps.webhooks.claim(
      deliveryId,
      started.toISOString(),
      new Date(started.getTime() + options.leaseMs).toISOString(),
    );
    if (!row) return notYetDue(deliveryId);
    const attempts = row.attempts + 1;
    const timestamp = Math.floor(started.getTime() / 1000);
    let status: number | null = null;
    let latency: number | null = null;
    let error: string | null = null;
    try {
      const response = await safeFetch(
        row.target,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'user-agent': 'Kaleido-Webhooks/1',
            ...webhookHeaders(await signingSecrets(row.user_id), row.event_id, timestamp, row.payload),
          },
          body: row.payload,
          timeoutMs: options.timeoutMs,
          maxBodyBytes: options.maxResponseBytes,
        },
        deps.policy,
      );
      status = response.status;
      latency = response.latencyMs;
      if (status < 200 || status >= 300) {
        error = status >= 300 && status < 400 ? `redirect (${status}) not followed` : `HTTP ${status}`;
      }
    } catch (cause) {
      error = cause instanceof SafeFetchError ? `${cause.code}: ${cause.message}` : String(cause);
    }
    const ended = now();
    const delivered = error === null;
    // 410 Gone: the receiver asks for no more (Standard Webhooks); a refused address never becomes valid by retrying.
    const gone = status === 410;
    const hopeless = gone || error?.startsWith('BLOCKED_ADDRESS') || error?.startsWith('INVALID_URL');
    const delay = delivered || hopeless ? null : retryDelay(attempts);
    const state = delivered ? 'delivered' : delay === null ? 'failed' : 'pending';
    await deps.webhooks.recordAttempt(
      row.id,
      {
        state,
        attempts,
        last_status: status,
        last_latency_ms: latency,
        last_error: error ? error.slice(0, 500) : null,
        last_attempt_at: started.toISOString(),
        next_attempt_at: delay === null ? null : new Date(ended.getTime() + delay).toISOString(),
      },
      ended.toISOString(),
    );
    deps.onAttempt?.(state === 'pending' ? 'retrying' : state);
    if (delay !== null) await deps.queue.enqueue(row.id, { delayMs: delay });
    if (state === 'failed' || gone) await considerDisabling({ ...row, state }, gone);
  }

  async function enqueueAll(ids: readonly string[]): Promise<void> {
    for (const id of ids) {
      await deps.queue.enqueue(id).catch((error: unknown) => {
        // The row stays pending: the start-up sweep (or the next one) hands it out again.
        deps.log.error({ err: error, deliveryId: id }, 'could not enqueue a webhook delivery');
      });
    }
  }

  return {
    attempt,

    /** The account's secret, created on the first read. */
    async secret(userId: string): Promise<TWebhookSecret> {
      return presentSecret(await secretRow(userId));
    },

    /** A new secret; the old one keeps signing alongside it for 24 h. */
    async rotate(userId: string): Promise<TWebhookSecret> {
      const current = await secretRow(userId);
      const at = now();
      await deps.webhooks.replaceSecret(userId, {
        secret_encrypted: encryptSecret(deps.encryptionKey, newWebhookSecret()),
        created_at: at.toISOString(),
        previous_encrypted: current.secret_encrypted,
        previous_expires_at: new Date(at.getTime() + WEBHOOK_ROTATION_OVERLAP_MS).toISOString(),
      });
      return presentSecret(await secretRow(userId));
    },

    async deliveries(userId: string, query: TWebhookDeliveriesQuery): Promise<TWebhookDeliveryPage> {
      const rows = await deps.webhooks.listDeliveries(userId, {
        cursor: decodeCursor(query.cursor),
        limit: query.limit,
      });
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        items: page.map(presentDelivery),
        nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null,
      };
    },

    /** Sends the delivery again now, with the same event id (and body). */
    async redeliver(userId: string, id: string): Promise<TWebhookDelivery> {
      const row = await deps.webhooks.findOwnedDelivery(id, userId);
      if (!row) throw new AppError('NOT_FOUND', 'api.webhooks.deliveryNotFound');
      await deps.webhooks.reschedule(row.id, now().toISOString());
      await enqueueAll([row.id]);
      const updated = await deps.webhooks.findOwnedDelivery(id, userId);
      return presentDelivery(updated ?? row);
    },

    /** A `webhook.test` event to the account URL. */
    async sendTest(userId: string): Promise<TWebhookDelivery> {
      const target = await deps.accountUrl(userId);
      if (!target) throw new AppError('BAD_REQUEST', 'api.webhooks.noUrl');
      const delivery = newDelivery(
        userId,
        'webhook.test',
        'account',
        target,
        payloadOf('webhook.test', { message: 'Kaleido webhook test event' }),
        `msg_${randomUUID()}`,
        null,
      );
      await deps.webhooks.insertDeliveries([delivery]);
      await enqueueAll([delivery.id]);
      const row = await deps.webhooks.findDelivery(delivery.id);
      if (!row) throw new Error('webhook delivery not stored');
      return presentDelivery(row);
    },

    /**
     * In the transaction that ends a job: one delivery per distinct target that wants the event. The
     * returned ids are enqueued once the transaction committed (`enqueue`).
     */
    async generationEnded(row: GenerationRow, outcome: Outcome, trx: Executor): Promise<string[]> {
      const event = EVENT_OF[outcome];
      const targets = new Map<string, NewWebhookDelivery['source']>();
      const committed = await deps.generationOf(row.id, trx);
      const requestUrl = committed?.webhook_url ?? row.webhook_url;
      const filterJson = committed?.webhook_events ?? row.webhook_events;
      const filter = filterJson ? (JSON.parse(filterJson) as string[]) : null;
      if (requestUrl && (!filter || filter.includes(event))) targets.set(requestUrl, 'request');
      if (row.api_key_id) {
        const keyUrl = await deps.keyUrl(row.api_key_id, trx);
        if (keyUrl && !targets.has(keyUrl)) targets.set(keyUrl, 'key');
      }
      const accountUrl = await deps.accountUrl(row.user_id, trx);
      if (accountUrl && !targets.has(accountUrl)) {
        const secret = await deps.webhooks.findSecret(row.user_id, trx);
        if (!secret?.disabled_at) targets.set(accountUrl, 'account');
      }
      if (!targets.size) return [];
      const payload = payloadOf(event, await generationData(row, outcome, trx));
      const eventId = `msg_${randomUUID()}`;
      const rows = [...targets].map(([target, source]) =>
        newDelivery(row.user_id, event, source, target, payload, eventId, row.id),
      );
      await deps.webhooks.insertDeliveries(rows, trx);
      return rows.map((delivery) => delivery.id);
    },

    enqueue: enqueueAll,

    /** The account URL was saved again: deliveries to it resume. */
    async urlSaved(userId: string): Promise<void> {
      await deps.webhooks.enable(userId);
    },

    /**
     * Hands pending deliveries to the queue again, each when it is due: all of them at start (the
     * embedded queue forgets with the process), the due ones periodically (an attempt whose process
     * died holds a lease that lapses). A second send is harmless: the claim decides.
     */
    async recover(options: { dueOnly?: boolean; limit?: number } = {}): Promise<void> {
      const due = await deps.webhooks.pendingDeliveries(
        options.limit ?? 1000,
        options.dueOnly ? now().toISOString() : null,
      );
      const at = now().getTime();
      for (const row of due) {
        const delayMs = row.next_attempt_at ? Math.max(0, new Date(row.next_attempt_at).getTime() - at) : 0;
        await deps.queue.enqueue(row.id, { delayMs });
      }
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
