import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

const MAX_RETRIES = 2;

/** Repeats a failed query only when repeating can help: never for a 4xx answer. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.isClientError) return false;
  // Offline, a request the worker's cache could not answer fails at once (the page shows what it has).
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // Offline, a query still makes its first request: the service worker may answer it from its cache
      // (the library and recent results stay viewable); what it cannot answer fails without retries.
      queries: { retry: shouldRetry, staleTime: 30_000, networkMode: 'offlineFirst' },
      mutations: { retry: false },
    },
  });
}
