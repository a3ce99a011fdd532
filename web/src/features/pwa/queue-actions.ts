import { translate } from '../../i18n/locale-state';
import { isApiError } from '../../lib/api-client';
import { enqueueAction, type QueuedAction, type QueuedMethod } from './offline-queue';
import { requestBackgroundSync } from './register';

/** True when a failed call never reached the server: the browser is offline or the network failed. */
export function isOfflineFailure(error: unknown): boolean {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return true;
  return isApiError(error) && error.status === 0;
}

function excerpt(text: string, max = 48): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/**
 * Keeps an action for when the connection is back, and asks for a Background Sync where the browser
 * has one (otherwise the page sends it on the `online` event). Throws when the browser cannot store it.
 */
export async function queueAction(
  kind: string,
  request: { method: QueuedMethod; url: string; body?: unknown; userId: string; label: string },
): Promise<QueuedAction> {
  const action = await enqueueAction(kind, request);
  void requestBackgroundSync();
  return action;
}

/** A generation request made offline; replayed with ?wait=false and its Idempotency-Key. */
export function queueGeneration(
  type: 'image' | 'video',
  path: string,
  body: unknown,
  request: { userId: string; prompt: string },
): Promise<QueuedAction> {
  return queueAction(`generate-${type}`, {
    method: 'POST',
    url: `${path}?wait=false`,
    body,
    userId: request.userId,
    label: translate('pwa.queue.generation', { type, prompt: excerpt(request.prompt) }),
  });
}
