import { SYNC_WAIT_MS } from '../generations/generations.service.js';

/** The longest synchronous wait a caller may ask for with `Prefer: wait=N` (seconds), as Replicate allows. */
export const MAX_PREFERRED_WAIT_S = 60;

/** What a generate call asked for: how long to wait, and which preference the answer says it applied. */
export interface WaitChoice {
  waitMs: number;
  /** The `Preference-Applied` header's value (RFC 7240), when a preference was honoured. */
  applied: string | null;
}

/**
 * Reads the RFC 7240 `Prefer` header (`respond-async`, `wait=N`) and the body's `wait: false`: an
 * asynchronous call waits 0 ms (202 at once); `wait=N` waits N seconds (1 to 60, clamped); otherwise
 * the default synchronous wait. Unknown preferences are ignored, as the RFC says.
 */
export function waitChoice(prefer: string | string[] | undefined, bodyWait: boolean | undefined): WaitChoice {
  const tokens = (Array.isArray(prefer) ? prefer.join(',') : (prefer ?? ''))
    .split(/[,;]/)
    .map((token) => token.trim().toLowerCase())
    .filter(Boolean);
  if (bodyWait === false || tokens.includes('respond-async')) {
    return { waitMs: 0, applied: tokens.includes('respond-async') ? 'respond-async' : null };
  }
  for (const token of tokens) {
    const match = /^wait\s*=\s*"?(\d+)"?$/.exec(token);
    if (!match) continue;
    const seconds = Math.min(MAX_PREFERRED_WAIT_S, Math.max(1, Number(match[1])));
    return { waitMs: seconds * 1000, applied: `wait=${seconds}` };
  }
  return { waitMs: SYNC_WAIT_MS, applied: null };
}

/** Seconds a client should wait before polling a job again (the 202's `Retry-After`). */
export const retryAfterSeconds = (kind: 'image' | 'video'): number => (kind === 'image' ? 2 : 5);
