import type { TGeneration } from '@kaleido/common';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { authKeys } from '../auth/api';

/**
 * The part of the generation API that follows jobs from the app shell (kept apart from the
 * generator pages' hooks so the first load carries only this).
 */
export const GENERATION_PATHS = {
  list: '/api/generations',
  detail: (id: string) => `/api/generations/${encodeURIComponent(id)}`,
  cancel: (id: string) => `/api/generations/${encodeURIComponent(id)}/cancel`,
} as const;

export const TERMINAL_STATUSES = ['succeeded', 'failed', 'cancelled'] as const;

export function isFinished(generation: Pick<TGeneration, 'status'>): boolean {
  return (TERMINAL_STATUSES as readonly string[]).includes(generation.status);
}

/** Query keys of generation. Jobs are the account's (under authKeys.all); models are the server's. */
export const generateKeys = {
  all: [...authKeys.all, 'generations'] as const,
  active: () => [...generateKeys.all, 'active'] as const,
  detail: (id: string) => [...generateKeys.all, 'detail', id] as const,
  models: () => ['models'] as const,
};

export function fetchGeneration(id: string, signal?: AbortSignal): Promise<TGeneration> {
  return api.get<TGeneration>(GENERATION_PATHS.detail(id), { signal });
}

/** The account's jobs still queued or running (to resume them after a reload). */
export function activeJobsQueryOptions() {
  return queryOptions({
    queryKey: generateKeys.active(),
    queryFn: async ({ signal }) => {
      const [running, queued] = await Promise.all(
        (['running', 'queued'] as const).map((status) =>
          api.get<TGeneration[]>(`${GENERATION_PATHS.list}?status=${status}&limit=10`, { signal }),
        ),
      );
      return [...(running ?? []), ...(queued ?? [])];
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
}
