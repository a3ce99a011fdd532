import type { TWebhookDelivery, TWebhookEvent } from '@kaleido/common';
import type { WebhookDeliveryRow } from './webhooks.repository.js';

/** A delivery as the log shows it: the next attempt only while one is coming. */
export function presentDelivery(row: WebhookDeliveryRow): TWebhookDelivery {
  return {
    id: row.id,
    eventId: row.event_id,
    event: row.event as TWebhookEvent,
    target: row.target,
    state: row.state,
    attempts: row.attempts,
    lastStatus: row.last_status,
    lastLatencyMs: row.last_latency_ms,
    lastError: row.last_error,
    nextAttemptAt: row.state === 'pending' ? row.next_attempt_at : null,
    createdAt: row.created_at,
    generationId: row.generation_id,
  };
}
