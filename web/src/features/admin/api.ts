import type {
  TAdminAuditPage,
  TAdminAuditQuery,
  TAdminCreditInput,
  TAdminCreditResult,
  TAdminDashboard,
  TAdminDone,
  TAdminJob,
  TAdminJobDetail,
  TAdminJobPage,
  TAdminJobQuery,
  TAdminPlanInput,
  TAdminRoleInput,
  TAdminSessionsEnded,
  TAdminUser,
  TAdminUserDetail,
  TAdminUserPage,
  TAdminUserQuery,
  TAnnouncementEmail,
  TAnnouncementEmailInput,
  TBlockedTerms,
  TBlockedTermsInput,
  TInvite,
  TInviteCreated,
  TInviteCreateInput,
  TReviewDecisionInput,
  TReviewDecisionResult,
  TReviewQueue,
  TReviewStatus,
  TSiteSettings,
  TSiteSettingsInput,
} from '@kaleido/common';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { authKeys } from '../auth/api';
import { siteKeys } from './site-api';

const ADMIN_PATHS = {
  dashboard: '/api/admin/dashboard',
  users: '/api/admin/users',
  user: (id: string) => `/api/admin/users/${encodeURIComponent(id)}`,
  userAction: (id: string, action: string) => `/api/admin/users/${encodeURIComponent(id)}/${action}`,
  jobs: '/api/admin/jobs',
  job: (id: string) => `/api/admin/jobs/${encodeURIComponent(id)}`,
  jobAction: (id: string, action: 'cancel' | 'retry') =>
    `/api/admin/jobs/${encodeURIComponent(id)}/${action}`,
  audit: '/api/admin/audit',
  blockedTerms: '/api/admin/blocked-terms',
  reports: '/api/admin/reports',
  decision: (itemId: string) => `/api/admin/reports/${encodeURIComponent(itemId)}/decision`,
  siteSettings: '/api/admin/site-settings',
  invites: '/api/admin/invites',
  revokeInvite: (id: string) => `/api/admin/invites/${encodeURIComponent(id)}/revoke`,
  announcementEmails: '/api/admin/announcement-emails',
  announcementEmail: (id: string) => `/api/admin/announcement-emails/${encodeURIComponent(id)}`,
} as const;

/** The list queries as the console sends them (the contracts' inputs leave coerced numbers `unknown`). */
export type UserListQuery = Omit<TAdminUserQuery, 'page' | 'pageSize'> & { page: number; pageSize: number };
export type JobListQuery = Omit<TAdminJobQuery, 'limit'> & { limit: number };
export type AuditListQuery = Omit<TAdminAuditQuery, 'limit' | 'format'> & { limit?: number };

/** Query keys of the console: under the account, so signing out forgets them. */
export const adminKeys = {
  all: [...authKeys.all, 'admin'] as const,
  dashboard: () => [...adminKeys.all, 'dashboard'] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  userList: (query: UserListQuery) => [...adminKeys.users(), 'list', query] as const,
  user: (id: string) => [...adminKeys.users(), 'detail', id] as const,
  jobs: () => [...adminKeys.all, 'jobs'] as const,
  jobList: (query: JobListQuery) => [...adminKeys.jobs(), 'list', query] as const,
  job: (id: string) => [...adminKeys.jobs(), 'detail', id] as const,
  audit: (query: AuditListQuery) => [...adminKeys.all, 'audit', query] as const,
  blockedTerms: () => [...adminKeys.all, 'blocked-terms'] as const,
  reports: (status: TReviewStatus, cursor: string | undefined) =>
    [...adminKeys.all, 'reports', status, cursor ?? null] as const,
  reportsAll: () => [...adminKeys.all, 'reports'] as const,
  siteSettings: () => [...adminKeys.all, 'site-settings'] as const,
  invites: () => [...adminKeys.all, 'invites'] as const,
  announcementEmails: () => [...adminKeys.all, 'announcement-emails'] as const,
};

type Params = Record<string, unknown>;

/** `?a=1&b=…` from the defined, non-empty values. */
export function queryString(params: Params): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === '') continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      search.set(key, String(value));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

// --- Dashboard ---------------------------------------------------------------------------------------

/** GET /api/admin/dashboard, counted by the server when asked; read again every minute while open. */
export function dashboardQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.dashboard(),
    queryFn: ({ signal }) => api.get<TAdminDashboard>(ADMIN_PATHS.dashboard, { signal }),
    refetchInterval: 60_000,
  });
}

// --- People -----------------------------------------------------------------------------------------

export function usersQueryOptions(query: UserListQuery) {
  return queryOptions({
    queryKey: adminKeys.userList(query),
    queryFn: ({ signal }) => api.get<TAdminUserPage>(`${ADMIN_PATHS.users}${queryString(query)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function userQueryOptions(id: string) {
  return queryOptions({
    queryKey: adminKeys.user(id),
    queryFn: ({ signal }) => api.get<TAdminUserDetail>(ADMIN_PATHS.user(id), { signal }),
  });
}

/**
 * Every action on a person: the answer replaces the person in their page's cache, then the lists and
 * the page are read again (a balance, a role or the ledger may have changed), and the signed-in
 * account too when the administrator acted on themselves.
 */
function useUserAction<TInput, TResult>(
  id: string,
  request: (input: TInput) => Promise<TResult>,
  pick?: (result: TResult) => TAdminUser | undefined,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: async (result) => {
      const user = pick?.(result);
      if (user) {
        queryClient.setQueryData<TAdminUserDetail>(adminKeys.user(id), (detail) =>
          detail ? { ...detail, user } : detail,
        );
      }
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.users() }),
        queryClient.invalidateQueries({ queryKey: authKeys.me() }),
      ]);
    },
  });
}

export function useAdjustCredits(id: string) {
  return useUserAction(
    id,
    (input: TAdminCreditInput) => api.post<TAdminCreditResult>(ADMIN_PATHS.userAction(id, 'credits'), input),
    (result) => result.user,
  );
}

export function useChangePlan(id: string) {
  return useUserAction(
    id,
    (input: TAdminPlanInput) => api.post<TAdminUser>(ADMIN_PATHS.userAction(id, 'plan'), input),
    (user) => user,
  );
}

export function useChangeRole(id: string) {
  return useUserAction(
    id,
    (input: TAdminRoleInput) => api.post<TAdminUser>(ADMIN_PATHS.userAction(id, 'role'), input),
    (user) => user,
  );
}

export function useSetDisabled(id: string) {
  return useUserAction(
    id,
    ({ disabled, reason }: { disabled: boolean; reason?: string }) =>
      disabled
        ? api.post<TAdminUser>(ADMIN_PATHS.userAction(id, 'disable'), reason ? { reason } : {})
        : api.post<TAdminUser>(ADMIN_PATHS.userAction(id, 'enable')),
    (user) => user,
  );
}

export function useResetTwoFactor(id: string) {
  return useUserAction(id, () =>
    api.post<{ userId: string; reset: true }>(ADMIN_PATHS.userAction(id, 'reset-2fa')),
  );
}

export function useSendPasswordReset(id: string) {
  return useUserAction(id, () => api.post<TAdminDone>(ADMIN_PATHS.userAction(id, 'password-reset')));
}

export function useEndSessions(id: string) {
  return useUserAction(id, () => api.post<TAdminSessionsEnded>(ADMIN_PATHS.userAction(id, 'sessions/end')));
}

// --- Jobs -------------------------------------------------------------------------------------------

export function jobsQueryOptions(query: JobListQuery) {
  return queryOptions({
    queryKey: adminKeys.jobList(query),
    queryFn: ({ signal }) => api.get<TAdminJobPage>(`${ADMIN_PATHS.jobs}${queryString(query)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** A job's detail, read again every 3 s while it is queued or running. */
export function jobQueryOptions(id: string) {
  return queryOptions({
    queryKey: adminKeys.job(id),
    queryFn: ({ signal }) => api.get<TAdminJobDetail>(ADMIN_PATHS.job(id), { signal }),
    refetchInterval: (query) => {
      const status = query.state.data?.job.status;
      return status === 'queued' || status === 'running' ? 3000 : false;
    },
  });
}

export function useCancelJob(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<TAdminJob>(ADMIN_PATHS.jobAction(id, 'cancel')),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.jobs() }),
  });
}

export function useRetryJob(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (onTheHouse: boolean) =>
      api.post<TAdminJob>(ADMIN_PATHS.jobAction(id, 'retry'), { onTheHouse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.jobs() }),
  });
}

// --- Audit log --------------------------------------------------------------------------------------

export function auditQueryOptions(query: AuditListQuery) {
  return queryOptions({
    queryKey: adminKeys.audit(query),
    queryFn: ({ signal }) =>
      api.get<TAdminAuditPage>(`${ADMIN_PATHS.audit}${queryString(query)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The CSV export of the same filters (a plain link: the browser downloads it with the session cookie). */
export function auditCsvUrl(query: AuditListQuery): string {
  const { cursor: _cursor, limit: _limit, ...filters } = query;
  return `${ADMIN_PATHS.audit}${queryString({ ...filters, format: 'csv' })}`;
}

// --- Moderation -------------------------------------------------------------------------------------

export function blockedTermsQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.blockedTerms(),
    queryFn: ({ signal }) => api.get<TBlockedTerms>(ADMIN_PATHS.blockedTerms, { signal }),
  });
}

export function useSaveBlockedTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TBlockedTermsInput) => api.put<TBlockedTerms>(ADMIN_PATHS.blockedTerms, input),
    onSuccess: (saved) => queryClient.setQueryData(adminKeys.blockedTerms(), saved),
  });
}

export function reviewQueueQueryOptions(status: TReviewStatus, cursor: string | undefined) {
  return queryOptions({
    queryKey: adminKeys.reports(status, cursor),
    queryFn: ({ signal }) =>
      api.get<TReviewQueue>(`${ADMIN_PATHS.reports}${queryString({ status, cursor, limit: 20 })}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useReviewDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, ...input }: TReviewDecisionInput & { itemId: string }) =>
      api.post<TReviewDecisionResult>(ADMIN_PATHS.decision(itemId), input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.reportsAll() }),
  });
}

// --- Site settings ----------------------------------------------------------------------------------

export function siteSettingsQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.siteSettings(),
    queryFn: ({ signal }) => api.get<TSiteSettings>(ADMIN_PATHS.siteSettings, { signal }),
  });
}

export function useSaveSiteSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TSiteSettingsInput) => api.put<TSiteSettings>(ADMIN_PATHS.siteSettings, input),
    onSuccess: async (saved) => {
      queryClient.setQueryData(adminKeys.siteSettings(), saved);
      // The banner and the sign-up page read the public copy.
      await queryClient.invalidateQueries({ queryKey: siteKeys.all });
    },
  });
}

export function invitesQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.invites(),
    queryFn: ({ signal }) => api.get<TInvite[]>(ADMIN_PATHS.invites, { signal }),
  });
}

export function useCreateInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TInviteCreateInput) => api.post<TInviteCreated>(ADMIN_PATHS.invites, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.invites() }),
  });
}

export function useRevokeInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<TInvite>(ADMIN_PATHS.revokeInvite(id)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.invites() }),
  });
}

/** The sendings, read again every 2 s while one is still sending (its progress). */
export function announcementEmailsQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.announcementEmails(),
    queryFn: ({ signal }) => api.get<TAnnouncementEmail[]>(ADMIN_PATHS.announcementEmails, { signal }),
    refetchInterval: (query) =>
      query.state.data?.some((sending) => sending.status === 'sending') ? 2000 : false,
  });
}

export function useSendAnnouncementEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TAnnouncementEmailInput) =>
      api.post<TAnnouncementEmail>(ADMIN_PATHS.announcementEmails, input),
    onSuccess: (started) => {
      queryClient.setQueryData<TAnnouncementEmail[]>(adminKeys.announcementEmails(), (list) => [
        started,
        ...(list ?? []).filter((sending) => sending.id !== started.id),
      ]);
    },
  });
}
