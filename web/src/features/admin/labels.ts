import type {
  TAnnouncementLevel,
  TAuditAction,
  TBlockedTermKind,
  TCreditLedgerKind,
  TGenerationStatus,
  TInviteStatus,
  TJobKind,
  TPlanId,
  TReportReason,
  TReviewStatus,
  TRole,
  TSignupMode,
} from '@kaleido/common';
import type { MessageId } from '../../i18n/catalogs/en';

/**
 * The words for the contracts' values. Records over each union, so a value added to a contract fails to
 * compile here until it has its words (and the lists below give the order the console shows them in).
 */
export const PLAN_LABELS: Record<TPlanId, MessageId> = {
  free: 'admin.plan.free',
  pro: 'admin.plan.pro',
  enterprise: 'admin.plan.enterprise',
};

export const ROLE_LABELS: Record<TRole, MessageId> = {
  user: 'admin.role.user',
  admin: 'admin.role.admin',
};

export const JOB_STATUS_LABELS: Record<TGenerationStatus, MessageId> = {
  queued: 'admin.jobStatus.queued',
  running: 'admin.jobStatus.running',
  succeeded: 'admin.jobStatus.succeeded',
  failed: 'admin.jobStatus.failed',
  cancelled: 'admin.jobStatus.cancelled',
};

export const JOB_TYPE_LABELS: Record<TJobKind, MessageId> = {
  image: 'admin.jobType.image',
  video: 'admin.jobType.video',
  model: 'admin.jobType.model',
};

export const LEDGER_KIND_LABELS: Record<TCreditLedgerKind, MessageId> = {
  grant: 'admin.ledger.kind.grant',
  purchase: 'admin.ledger.kind.purchase',
  reserve: 'admin.ledger.kind.reserve',
  charge: 'admin.ledger.kind.charge',
  refund: 'admin.ledger.kind.refund',
  monthly_reset: 'admin.ledger.kind.monthlyReset',
  adjustment: 'admin.ledger.kind.adjustment',
};

export const SIGNUP_MODE_LABELS: Record<TSignupMode, MessageId> = {
  open: 'admin.settings.signup.open',
  'invite-only': 'admin.settings.signup.inviteOnly',
  closed: 'admin.settings.signup.closed',
};

export const ANNOUNCEMENT_LEVEL_LABELS: Record<TAnnouncementLevel, MessageId> = {
  info: 'admin.settings.announcement.level.info',
  warning: 'admin.settings.announcement.level.warning',
  critical: 'admin.settings.announcement.level.critical',
};

export const INVITE_STATUS_LABELS: Record<TInviteStatus, MessageId> = {
  active: 'admin.invites.status.active',
  expired: 'admin.invites.status.expired',
  'used-up': 'admin.invites.status.usedUp',
  revoked: 'admin.invites.status.revoked',
};

export const TERM_KIND_LABELS: Record<TBlockedTermKind, MessageId> = {
  word: 'admin.moderation.terms.kind.word',
  regex: 'admin.moderation.terms.kind.regex',
};

export const REVIEW_STATUS_LABELS: Record<TReviewStatus, MessageId> = {
  open: 'admin.moderation.queue.status.open',
  hidden: 'admin.moderation.queue.status.hidden',
  kept: 'admin.moderation.queue.status.kept',
};

export const REPORT_REASON_LABELS: Record<TReportReason, MessageId> = {
  sexual: 'admin.report.reason.sexual',
  violence: 'admin.report.reason.violence',
  hate: 'admin.report.reason.hate',
  harassment: 'admin.report.reason.harassment',
  illegal: 'admin.report.reason.illegal',
  copyright: 'admin.report.reason.copyright',
  spam: 'admin.report.reason.spam',
  other: 'admin.report.reason.other',
};

export const AUDIT_ACTION_LABELS: Record<TAuditAction, MessageId> = {
  'user.credits.grant': 'admin.audit.action.creditsGrant',
  'user.credits.deduct': 'admin.audit.action.creditsDeduct',
  'user.credits.set': 'admin.audit.action.creditsSet',
  'user.plan.change': 'admin.audit.action.planChange',
  'user.role.change': 'admin.audit.action.roleChange',
  'user.disable': 'admin.audit.action.disable',
  'user.enable': 'admin.audit.action.enable',
  'user.two-factor.reset': 'admin.audit.action.twoFactorReset',
  'user.password-reset.send': 'admin.audit.action.passwordResetSend',
  'user.sessions.end': 'admin.audit.action.sessionsEnd',
  'job.cancel': 'admin.audit.action.jobCancel',
  'job.retry': 'admin.audit.action.jobRetry',
  'site-settings.update': 'admin.audit.action.siteSettingsUpdate',
  'blocked-terms.update': 'admin.audit.action.blockedTermsUpdate',
  'report.resolve': 'admin.audit.action.reportResolve',
  'invite.create': 'admin.audit.action.inviteCreate',
  'invite.revoke': 'admin.audit.action.inviteRevoke',
  'announcement.send': 'admin.audit.action.announcementSend',
  'auth.sign-in.failed': 'admin.audit.action.signInFailed',
  'auth.sign-in.refused-disabled': 'admin.audit.action.signInRefusedDisabled',
  'auth.lockout': 'admin.audit.action.lockout',
  'auth.two-factor.enable': 'admin.audit.action.twoFactorEnable',
  'auth.two-factor.disable': 'admin.audit.action.twoFactorDisable',
  'auth.recovery-codes.regenerate': 'admin.audit.action.recoveryCodesRegenerate',
  'auth.passkey.add': 'admin.audit.action.passkeyAdd',
  'auth.passkey.remove': 'admin.audit.action.passkeyRemove',
  'api-key.create': 'admin.audit.action.apiKeyCreate',
  'api-key.revoke': 'admin.audit.action.apiKeyRevoke',
};

/** A union's values in a Record's order (for selects). */
export function keysOf<K extends string>(record: Record<K, unknown>): K[] {
  return Object.keys(record) as K[];
}
