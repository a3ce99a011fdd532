import type {
  TAuthResult,
  TLoginRequest,
  TMe,
  TSignupRequest,
  TSocialProvider,
  TTwoFactorChallenge,
} from '@kaleido/common';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { currentLocale } from '../../i18n/locale-state';
import { api, isApiError } from '../../lib/api-client';
import { forgetOfflineData } from '../pwa/forget';

/** The signed-in account as GET /api/auth/me answers it (the shared contract). */
export type CurrentUser = TMe;

type SignInRequest = Required<TLoginRequest>;
/** The invite link's token is sent only when the page was opened from one. */
type SignUpRequest = Required<Omit<TSignupRequest, 'inviteToken'>> & Pick<TSignupRequest, 'inviteToken'>;

/** `{ message }`: what forgot-password, reset-password and change-password answer. */
interface MessageResult {
  message: string;
}

const AUTH_PATHS = {
  me: '/api/auth/me',
  login: '/api/auth/login',
  signup: '/api/auth/signup',
  logout: '/api/auth/logout',
  forgotPassword: '/api/auth/forgot-password',
  resetPassword: '/api/auth/reset-password',
  changePassword: '/api/auth/change-password',
  socialProviders: '/api/auth/social-providers',
} as const;

/**
 * Where a social sign-in starts: in a popup (it reports back by message) or as a full-page redirect.
 * `lang` is the interface's language: the sign-in pages speak it and a new account starts with it.
 */
export function socialStartUrl(providerId: string, options: { popup: boolean; returnTo?: string }): string {
  const query = new URLSearchParams({
    ...(options.popup ? { popup: '1' } : {}),
    returnTo: options.returnTo ?? '/',
    lang: currentLocale(),
  });
  return `/api/auth/oidc/${encodeURIComponent(providerId)}/start?${query.toString()}`;
}

/** Query keys of the auth feature. Everything about the signed-in account hangs under `authKeys.all`. */
export const authKeys = {
  all: ['auth'] as const,
  me: () => [...authKeys.all, 'me'] as const,
  socialProviders: () => [...authKeys.all, 'social-providers'] as const,
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

/** The social sign-in providers this server has set up (an empty list when none). */
export function socialProvidersQueryOptions() {
  return queryOptions({
    queryKey: authKeys.socialProviders(),
    queryFn: ({ signal }) => api.get<TSocialProvider[]>(AUTH_PATHS.socialProviders, { signal }),
    staleTime: 5 * 60_000,
  });
}

type AuthMode = 'signin' | 'signup';

/**
 * Signs in or signs up; the answer's account goes straight into the me-query so the whole app sees it.
 * On an account with a second factor the sign-in answers the challenge instead (no session yet).
 */
export function useAuthMutation(mode: AuthMode) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SignUpRequest | SignInRequest) =>
      api.post<TAuthResult | TTwoFactorChallenge | null>(
        mode === 'signup' ? AUTH_PATHS.signup : AUTH_PATHS.login,
        request,
      ),
    onSuccess: async (result) => {
      if (result && 'user' in result) queryClient.setQueryData(authKeys.me(), result.user);
      else if (!result) await queryClient.invalidateQueries({ queryKey: authKeys.me() });
    },
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string) => api.post<MessageResult>(AUTH_PATHS.forgotPassword, { email }),
  });
}

/** Resets the password with the e-mailed token. The server ends every session, so the me-query is re-read. */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: { token: string; newPassword: string }) =>
      api.post<MessageResult>(AUTH_PATHS.resetPassword, request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.me() }),
  });
}

/** Changes the password after checking the current one; the server keeps this session and ends the others. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (request: { currentPassword: string; newPassword: string }) =>
      api.post<MessageResult>(AUTH_PATHS.changePassword, request),
  });
}

/** Forgets everything cached about the account (after sign-out or account deletion). */
export async function forgetAccount(queryClient: QueryClient): Promise<void> {
  await queryClient.cancelQueries();
  queryClient.setQueryData(authKeys.me(), null);
  const keep = [JSON.stringify(authKeys.me()), JSON.stringify(authKeys.socialProviders())];
  queryClient.removeQueries({ predicate: (query) => !keep.includes(JSON.stringify(query.queryKey)) });
  // The service worker's copies and the offline queue go too (logged, never thrown, if that fails).
  void forgetOfflineData();
}

/**
 * Signs out: POST /api/auth/logout, then forgets everything cached about the account. A failed call is
 * re-thrown to the caller (spec section 8) and leaves the cache alone, since the session still exists.
 */
export async function signOut(queryClient: QueryClient): Promise<void> {
  await api.post<unknown>(AUTH_PATHS.logout);
  await forgetAccount(queryClient);
}
