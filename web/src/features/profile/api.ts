import type { TUsageSummary } from '@kaleido/common';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { authKeys } from '../auth/api';

export const profileKeys = {
  all: [...authKeys.all, 'profile'] as const,
  usage: () => [...profileKeys.all, 'usage-summary'] as const,
};

/** GET /api/usage/summary: this billing month against all time, and recent events (all counted on the server). */
export const usageSummaryQueryOptions = () =>
  queryOptions({
    queryKey: profileKeys.usage(),
    queryFn: ({ signal }) => api.get<TUsageSummary>('/api/usage/summary', { signal }),
    staleTime: 0,
  });
