import { ProviderError } from './provider.js';

/**
 * HTTP plumbing shared by the hosted-provider adapters: per-request timeouts tied to the job's
 * AbortSignal, retries that honour `Retry-After` on 429 (and back off on 502/503/504 where a retry is
 * safe), downloads of outputs into memory, and a small passive health record.
 */

export type FetchLike = typeof fetch;

export interface RetryPolicy {
  /** Retries after the first attempt (default 3). */
  retries: number;
  /** Backoff of the first retry when the server gives no Retry-After (doubles each time, with jitter). */
  baseDelayMs: number;
  /** A Retry-After longer than this is not waited for: the call fails as rate limited. */
  maxDelayMs: number;
}

const DEFAULT_RETRY: RetryPolicy = { retries: 3, baseDelayMs: 500, maxDelayMs: 30_000 };

export interface SendOptions {
  method?: string;
  headers?: Record<string, string>;
  /** JSON text, or a multipart form (file uploads: OpenAI image edits, ComfyUI and Replicate uploads). */
  body?: string | FormData;
  /** The job's signal: aborting it aborts the request at once (no retry). */
  signal?: AbortSignal;
  /** One attempt's time limit (default 60 s). */
  timeoutMs?: number;
  /**
   * 'rate-limit': retry only 429 (safe for creates: a throttled create was not accepted).
   * 'idempotent': also retry 502/503/504 and connection failures (reads, cancels).
   * 'none': never retry.
   */
  retry?: 'rate-limit' | 'idempotent' | 'none';
  policy?: RetryPolicy;
  fetch?: FetchLike;
  /** The provider's name for messages, e.g. "Replicate". */
  provider: string;
}

/** Waits `ms`, or rejects with the signal's reason when it aborts first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** `Retry-After` as milliseconds: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

function backoff(attempt: number, policy: RetryPolicy): number {
  const exponential = policy.baseDelayMs * 2 ** attempt;
  return Math.min(policy.maxDelayMs, exponential / 2 + Math.random() * (exponential / 2));
}

const RETRYABLE_STATUS = new Set([502, 503, 504]);

/**
 * Sends one HTTP request with the retry rules above and returns the response, whatever its status,
 * except that exhausted 429s throw `rate_limited` and unreachable servers (or exhausted 5xx on
 * idempotent calls) throw `unavailable`. Callers map the remaining statuses themselves.
 */
export async function send(url: string, options: SendOptions): Promise<Response> {
  const policy = options.policy ?? DEFAULT_RETRY;
  const retry = options.retry ?? 'rate-limit';
  const doFetch = options.fetch ?? fetch;
  for (let attempt = 0; ; attempt += 1) {
    options.signal?.throwIfAborted();
    const attemptSignal = AbortSignal.timeout(options.timeoutMs ?? 60_000);
    const signal = options.signal ? AbortSignal.any([options.signal, attemptSignal]) : attemptSignal;
    let response: Response;
    try {
      response = await doFetch(url, {
        method: options.method ?? 'GET',
        headers: options.headers,
        body: options.body,
        signal,
      });
    } catch (error) {
      if (options.signal?.aborted) throw options.signal.reason;
      if (retry === 'idempotent' && attempt < policy.retries) {
        await sleep(backoff(attempt, policy), options.signal);
        continue;
      }
      const timedOut = attemptSignal.aborted;
      throw new ProviderError(
        'unavailable',
        `${options.provider} ${timedOut ? 'did not answer in time' : 'is unreachable'} (${new URL(url).host})`,
        { cause: error },
      );
    }
    if (response.status === 429) {
      const waitMs = parseRetryAfter(response.headers.get('retry-after')) ?? backoff(attempt, policy);
      if (retry !== 'none' && attempt < policy.retries && waitMs <= policy.maxDelayMs) {
        await response.body?.cancel().catch(() => undefined);
        await sleep(waitMs, options.signal);
        continue;
      }
      const text = await safeText(response);
      throw new ProviderError('rate_limited', `${options.provider} rate limit: ${text.slice(0, 300)}`, {
        retryAfterSeconds: Math.ceil(waitMs / 1000),
        userMessage: `${options.provider} is busy right now. Please try again in a moment; your credits were refunded.`,
      });
    }
    if (RETRYABLE_STATUS.has(response.status)) {
      if (retry === 'idempotent' && attempt < policy.retries) {
        await response.body?.cancel().catch(() => undefined);
        const waitMs = parseRetryAfter(response.headers.get('retry-after')) ?? backoff(attempt, policy);
        await sleep(Math.min(waitMs, policy.maxDelayMs), options.signal);
        continue;
      }
      const text = await safeText(response);
      throw new ProviderError(
        'unavailable',
        `${options.provider} answered ${response.status}: ${text.slice(0, 300)}`,
      );
    }
    return response;
  }
}

/** The response body as text (at most 64 KiB), or "" when it cannot be read. */
export async function safeText(response: Response): Promise<string> {
  try {
    return (await response.text()).slice(0, 65_536);
  } catch {
    return '';
  }
}

/** The response body as JSON, or a ProviderError saying the provider answered garbage. */
export async function readJson<T = unknown>(response: Response, provider: string): Promise<T> {
  const text = await safeText(response);
  try {
    return JSON.parse(text) as T;
  } catch (error) {
    throw new ProviderError(
      'unavailable',
      `${provider} answered ${response.status} with a body that is not JSON: ${text.slice(0, 200)}`,
      { cause: error },
    );
  }
}

export interface Downloaded {
  data: Buffer;
  contentType: string;
}

const MAX_DOWNLOAD_BYTES = 1024 * 1024 * 1024;

/**
 * Downloads an output (an https URL or a `data:` URI) into memory. Hosted providers' URLs expire:
 * 403, 404 and 410 become `output_expired`, so the adapter can fetch fresh URLs or say so.
 */
export async function download(
  url: string,
  options: Omit<SendOptions, 'method' | 'body' | 'retry'>,
): Promise<Downloaded> {
  const dataUri = /^data:([^;,]+)?(;base64)?,(.*)$/s.exec(url);
  if (dataUri) {
    const [, type, base64, payload = ''] = dataUri;
    return {
      data: base64 ? Buffer.from(payload, 'base64') : Buffer.from(decodeURIComponent(payload)),
      contentType: type ?? 'application/octet-stream',
    };
  }
  const response = await send(url, {
    ...options,
    retry: 'idempotent',
    timeoutMs: options.timeoutMs ?? 300_000,
  });
  if (response.status === 403 || response.status === 404 || response.status === 410) {
    await response.body?.cancel().catch(() => undefined);
    throw new ProviderError(
      'output_expired',
      `${options.provider} output ${new URL(url).pathname} answered ${response.status}`,
      {
        userMessage: `${options.provider} finished, but its result expired before Kaleido could save it. Your credits were refunded.`,
      },
    );
  }
  if (!response.ok) {
    throw new ProviderError(
      'unavailable',
      `${options.provider} output download answered ${response.status}: ${(await safeText(response)).slice(0, 200)}`,
    );
  }
  const length = Number(response.headers.get('content-length') ?? 0);
  if (length > MAX_DOWNLOAD_BYTES) {
    throw new ProviderError('internal', `${options.provider} output is too large (${length} bytes)`);
  }
  const data = Buffer.from(await response.arrayBuffer());
  return {
    data,
    contentType:
      (response.headers.get('content-type') ?? 'application/octet-stream').split(';')[0]?.trim() ?? '',
  };
}

/**
 * A passive health record for hosted providers (no paid or rate-limited probe calls): a provider is
 * down after a call failed as `unavailable`, and up again after the next success.
 */
export function createHealthRecord() {
  let down: { detail: string; at: number } | null = null;
  return {
    succeeded() {
      down = null;
    },
    observe(error: unknown) {
      if (error instanceof ProviderError && error.kind === 'unavailable') {
        down = { detail: error.message.slice(0, 200), at: Date.now() };
      }
    },
    state(): { ok: boolean; detail?: string } {
      return down ? { ok: false, detail: down.detail } : { ok: true };
    },
    /** Runs one call of the provider and records how it went. */
    async track<T>(work: () => Promise<T>): Promise<T> {
      try {
        const result = await work();
        this.succeeded();
        return result;
      } catch (error) {
        this.observe(error);
        throw error;
      }
    },
  };
}

/** Does the URL belong to this origin? Credentials are only ever sent to the configured API's origin. */
export function sameOrigin(url: string, base: string): boolean {
  try {
    return new URL(url).origin === new URL(base).origin;
  } catch {
    return false;
  }
}
