import type { TPlanId } from '@kaleido/common';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '../../lib/api-client';

/** The signed-in account as GET /api/auth/me answers it. */
export interface CurrentUser {
  id: string;
  email: string;
  displayName: string;
  credits: number;
  plan: TPlanId;
  role: string;
  createdAt: string;
}

export interface SignInRequest {
  email: string;
  password: string;
  remember: boolean;
}

export interface SignUpRequest extends SignInRequest {
  name: string;
}

export const AUTH_PATHS = {
  me: '/api/auth/me',
  login: '/api/auth/login',
  signup: '/api/auth/signup',
  logout: '/api/auth/logout',
} as const;

/** Query keys of the auth feature. Everything about the signed-in account hangs under `authKeys.all`. */
export const authKeys = {
  all: ['auth'] as const,
  me: () => [...authKeys.all, 'me'] as const,
};

/**
 * The current account, or null when signed out. Per the spec a failed profile load means "signed out":
 * a 4xx answer resolves to null at once (no retry); other failures are retried once, then the query
 * errors and the app treats the visitor as signed out too.
 */
export function meQueryOptions() {
  return queryOptions({
    queryKey: authKeys.me(),
    queryFn: async ({ signal }): Promise<CurrentUser | null> => {
      try {
        return (await api.get<CurrentUser | null>(AUTH_PATHS.me, { signal })) ?? null;
      } catch (error) {
        if (isApiError(error) && error.isClientError) return null;
        throw error;
      }
    },
    retry: 1,
    retryDelay: 400,
    staleTime: 60_000,
  });
}

export type AuthMode = 'signin' | 'signup';

/** Signs in or signs up; on success the me-query is refetched so the whole app sees the account. */
export function useAuthMutation(mode: AuthMode) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SignUpRequest | SignInRequest) =>
      api.post<unknown>(mode === 'signup' ? AUTH_PATHS.signup : AUTH_PATHS.login, request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.me() }),
  });
}

/**
 * Signs out: POST /api/auth/logout, then forgets everything cached about the account. A failed call is
 * re-thrown to the caller (spec section 8) and leaves the cache alone, since the session still exists.
 */
export async function signOut(queryClient: QueryClient): Promise<void> {
  await api.post<unknown>(AUTH_PATHS.logout);
  await queryClient.cancelQueries();
  queryClient.setQueryData(authKeys.me(), null);
  queryClient.removeQueries({
    predicate: (query) => JSON.stringify(query.queryKey) !== JSON.stringify(authKeys.me()),
  });
}
