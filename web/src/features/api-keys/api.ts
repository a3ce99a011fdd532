import type {
  TApiKey,
  TApiKeyUsage,
  TCreateApiKeyRequest,
  TCreatedApiKey,
  TRotateApiKeyRequest,
  TUpdateApiKeyRequest,
} from '@kaleido/common';
import { TIMINGS } from '@kaleido/common/browser';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { authKeys } from '../auth/api';

const API_KEYS_PATHS = {
  list: '/api/api-keys/list',
  create: '/api/api-keys/create',
  key: (id: string) => `/api/api-keys/${encodeURIComponent(id)}`,
  usage: (id: string) => `/api/api-keys/${encodeURIComponent(id)}/usage`,
  reveal: (id: string) => `/api/api-keys/${encodeURIComponent(id)}/reveal`,
  activate: (id: string) => `/api/api-keys/${encodeURIComponent(id)}/activate`,
  deactivate: (id: string) => `/api/api-keys/${encodeURIComponent(id)}/deactivate`,
  rotate: (id: string) => `/api/api-keys/${encodeURIComponent(id)}/rotate`,
} as const;

/** Query keys of the developer keys (under the account, so signing out forgets them). */
export const apiKeysKeys = {
  all: [...authKeys.all, 'api-keys'] as const,
  list: () => [...apiKeysKeys.all, 'list'] as const,
  /** Every usage query of one key (whatever request count it was read at). */
  usageOf: (id: string) => [...apiKeysKeys.all, 'usage', id] as const,
  /**
   * The usage of a key as read when its list entry said `usageCount`: when the list (refreshed every
   * 30 s) shows new requests, the figures are read again by themselves.
   */
  usage: (id: string, usageCount: number) => [...apiKeysKeys.usageOf(id), usageCount] as const,
};

/** GET /api/api-keys/list, read again every 30 s while the page is open (the spec's refresh). */
export function apiKeysQueryOptions() {
  return queryOptions({
    queryKey: apiKeysKeys.list(),
    queryFn: ({ signal }) => api.get<TApiKey[]>(API_KEYS_PATHS.list, { signal }),
    refetchInterval: TIMINGS.apiKeysRefreshMs,
    staleTime: 0,
  });
}

/** GET /api/api-keys/{id}/usage: real figures from the recorded requests. */
export function apiKeyUsageQueryOptions(key: Pick<TApiKey, 'id' | 'usageCount'>) {
  return queryOptions({
    queryKey: apiKeysKeys.usage(key.id, key.usageCount),
    queryFn: ({ signal }) => api.get<TApiKeyUsage>(API_KEYS_PATHS.usage(key.id), { signal }),
    placeholderData: keepPreviousData,
    staleTime: TIMINGS.apiKeysRefreshMs,
    retry: false,
  });
}

/** GET /api/api-keys/{id}/reveal: the whole secret, for the owner only (never cached). */
export async function revealApiKey(id: string): Promise<string> {
  const { key } = await api.get<{ key: string }>(API_KEYS_PATHS.reveal(id));
  return key;
}

function useReplaceInList() {
  const queryClient = useQueryClient();
  return (key: TApiKey) =>
    queryClient.setQueryData<TApiKey[]>(apiKeysKeys.list(), (keys) =>
      keys?.map((candidate) => (candidate.id === key.id ? key : candidate)),
    );
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TCreateApiKeyRequest) => api.post<TCreatedApiKey>(API_KEYS_PATHS.create, input),
    onSuccess: async (created) => {
      // The list never holds the secret.
      const { key: _secret, ...apiKey } = created;
      queryClient.setQueryData<TApiKey[]>(apiKeysKeys.list(), (keys) => [apiKey, ...(keys ?? [])]);
      await queryClient.invalidateQueries({ queryKey: apiKeysKeys.list() });
    },
  });
}

/** PATCH /api/api-keys/{id} (name, description). */
export function useUpdateApiKey(id: string) {
  const replace = useReplaceInList();
  return useMutation({
    mutationFn: (patch: TUpdateApiKeyRequest) => api.patch<TApiKey>(API_KEYS_PATHS.key(id), patch),
    onSuccess: replace,
  });
}

/** POST /api/api-keys/{id}/rotate: a new secret (answered once); the list entry is updated without it. */
export function useRotateApiKey(id: string) {
  const replace = useReplaceInList();
  return useMutation({
    mutationFn: (input: TRotateApiKeyRequest) => api.post<TCreatedApiKey>(API_KEYS_PATHS.rotate(id), input),
    onSuccess: (rotated) => {
      const { key: _secret, ...apiKey } = rotated;
      replace(apiKey);
    },
  });
}

/** POST /api/api-keys/{id}/activate or /deactivate. */
export function useSetApiKeyActive(id: string) {
  const replace = useReplaceInList();
  return useMutation({
    mutationFn: (active: boolean) =>
      api.post<TApiKey>(active ? API_KEYS_PATHS.activate(id) : API_KEYS_PATHS.deactivate(id)),
    onSuccess: replace,
  });
}

/** DELETE /api/api-keys/{id}: the key stops working at once. */
export function useDeleteApiKey(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<{ id: string }>(API_KEYS_PATHS.key(id)),
    onSuccess: () => {
      queryClient.setQueryData<TApiKey[]>(apiKeysKeys.list(), (keys) =>
        keys?.filter((candidate) => candidate.id !== id),
      );
      queryClient.removeQueries({ queryKey: apiKeysKeys.usageOf(id) });
    },
  });
}
