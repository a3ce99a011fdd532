import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useT } from '../../i18n/use-t';
import { Alert } from '../../ui/alert';
import { inviteCheckQueryOptions, publicSiteQueryOptions } from './site-api';

export interface SignupGate {
  /** What the sign-up view shows instead of its form (closed, invite-only without a valid link), or null. */
  blocked: ReactNode;
  /** A line above the form (an accepted invite), or null. */
  notice: ReactNode;
}

/**
 * Whether the sign-up form may be offered, from the site settings (GET /api/site) and the invite link
 * (`/auth?invite=<token>`, checked with GET /api/invites/:token). The server refuses a sign-up the
 * settings do not allow anyway; this only spares people a form they cannot use. While the settings
 * load, or when they cannot be read, the form is shown.
 */
export function useSignupGate(active: boolean, inviteToken: string | null): SignupGate {
  const t = useT();
  const site = useQuery({ ...publicSiteQueryOptions(null), enabled: active });
  const mode = site.data?.signupMode;
  const invite = useQuery({
    ...inviteCheckQueryOptions(inviteToken ?? ''),
    enabled: active && inviteToken !== null && mode === 'invite-only',
  });
  if (!active || !mode || mode === 'open') return { blocked: null, notice: null };
  if (mode === 'closed') {
    return {
      blocked: <GateMessage title={t('admin.signup.closedTitle')} text={t('admin.signup.closedText')} />,
      notice: null,
    };
  }
  if (!inviteToken) {
    return {
      blocked: (
        <GateMessage title={t('admin.signup.inviteOnlyTitle')} text={t('admin.signup.inviteOnlyText')} />
      ),
      notice: null,
    };
  }
  if (invite.isPending) {
    return {
      blocked: (
        <p role="status" className="mt-8 text-fg-muted">
          {t('admin.signup.checking')}
        </p>
      ),
      notice: null,
    };
  }
  if (invite.data?.valid) {
    return {
      blocked: null,
      notice: (
        <Alert tone="success" className="mt-6">
          {t('admin.signup.inviteValid')}
        </Alert>
      ),
    };
  }
  return {
    blocked: <GateMessage title={t('admin.signup.inviteOnlyTitle')} text={t('admin.signup.inviteInvalid')} />,
    notice: null,
  };
}

function GateMessage({ title, text }: { title: string; text: string }) {
  return (
    <div className="mt-8 rounded-2xl border border-line bg-surface-2 p-5">
      <h2 className="text-base font-semibold text-fg">{title}</h2>
      <p className="mt-1.5 text-sm text-pretty text-fg-muted">{text}</p>
    </div>
  );
}
