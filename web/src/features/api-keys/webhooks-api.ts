import type { TWebhookDelivery, TWebhookDeliveryPage, TWebhookSecret } from '@kaleido/common';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { authKeys } from '../auth/api';

const WEBHOOKS_PATHS = {
  secret: '/api/webhooks/secret',
  rotate: '/api/webhooks/secret/rotate',
  deliveries: '/api/webhooks/deliveries',
  redeliver: (id: string) => `/api/webhooks/deliveries/${encodeURIComponent(id)}/redeliver`,
  test: '/api/webhooks/test',
} as const;

/** How many deliveries one page of the log shows. */
export const DELIVERIES_PAGE_SIZE = 20;

/** While a delivery is pending the log is read again this often (ms), so retries show up by themselves. */
export const DELIVERIES_POLL_MS = 10_000;

/** Query keys of the webhooks view (under the account, so signing out forgets them). */
export const webhooksKeys = {
  all: [...authKeys.all, 'webhooks'] as const,
  secret: () => [...webhooksKeys.all, 'secret'] as const,
  deliveries: () => [...webhooksKeys.all, 'deliveries'] as const,
  deliveriesPage: (cursor: string | null) => [...webhooksKeys.deliveries(), cursor] as const,
};

/** GET /api/webhooks/secret (created by the server on the first read). */
export function webhookSecretQueryOptions() {
  return queryOptions({
    queryKey: webhooksKeys.secret(),
    queryFn: ({ signal }) => api.get<TWebhookSecret>(WEBHOOKS_PATHS.secret, { signal }),
    staleTime: 0,
  });
}

/** True while some delivery of the page still waits for an attempt. */
export function hasPending(page: TWebhookDeliveryPage | undefined): boolean {
  return page?.items.some((delivery) => delivery.state === 'pending') ?? false;
}

/**
 * GET /api/webhooks/deliveries, one page (newest first). Read again every 10 s while something on it is
 * pending, so a retry's outcome appears without a reload.
 */
export function webhookDeliveriesQueryOptions(cursor: string | null = null) {
  return queryOptions({
    queryKey: webhooksKeys.deliveriesPage(cursor),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ limit: String(DELIVERIES_PAGE_SIZE) });
      if (cursor) query.set('cursor', cursor);
      return api.get<TWebhookDeliveryPage>(`${WEBHOOKS_PATHS.deliveries}?${query}`, { signal });
    },
    refetchInterval: (query) => (hasPending(query.state.data) ? DELIVERIES_POLL_MS : false),
    staleTime: 0,
  });
}

/** POST /api/webhooks/secret/rotate: a new secret; the old one keeps signing for 24 h. */
export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<TWebhookSecret>(WEBHOOKS_PATHS.rotate),
    onSuccess: (secret) => queryClient.setQueryData(webhooksKeys.secret(), secret),
  });
}

/** POST /api/webhooks/deliveries/{id}/redeliver, or POST /api/webhooks/test; the log is read again. */
export function useSendWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string | null) =>
      api.post<TWebhookDelivery>(deliveryId ? WEBHOOKS_PATHS.redeliver(deliveryId) : WEBHOOKS_PATHS.test),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksKeys.deliveries() }),
  });
}
