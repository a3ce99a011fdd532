import type { TInviteCheck, TPublicSiteSettings } from '@kaleido/common';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/**
 * What every visitor reads of the site settings (the banner, the sign-up mode, the plan's models), kept
 * apart from the console's api.ts so the shell and the sign-up page import none of the console.
 */
const SITE_PATHS = {
  site: '/api/site',
  invite: (token: string) => `/api/invites/${encodeURIComponent(token)}`,
} as const;

export const siteKeys = {
  all: ['site'] as const,
  /** Per account: `allowedModels` is the signed-in person's plan's. */
  public: (userId: string | null) => [...siteKeys.all, 'public', userId] as const,
  invite: (token: string) => [...siteKeys.all, 'invite', token] as const,
};

/** GET /api/site, read again every 5 minutes so a new announcement reaches open tabs. */
export function publicSiteQueryOptions(userId: string | null) {
  return queryOptions({
    queryKey: siteKeys.public(userId),
    queryFn: ({ signal }) => api.get<TPublicSiteSettings>(SITE_PATHS.site, { signal }),
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
    retry: 1,
  });
}

/** GET /api/invites/:token: whether an invite link still opens the sign-up form. */
export function inviteCheckQueryOptions(token: string) {
  return queryOptions({
    queryKey: siteKeys.invite(token),
    queryFn: ({ signal }) => api.get<TInviteCheck>(SITE_PATHS.invite(token), { signal }),
    staleTime: 60_000,
    retry: false,
  });
}
