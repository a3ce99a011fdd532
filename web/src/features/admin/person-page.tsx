import type { TAdminUser, TAdminUserDetail, TPlanId } from '@kaleido/common';
import { APP_ROUTES, PLAN_IDS } from '@kaleido/common/browser';
import { useQuery } from '@tanstack/react-query';
import {
  ArrowLeft,
  Ban,
  CircleMinus,
  CirclePlus,
  KeyRound,
  LogOut,
  Mail,
  ShieldCheck,
  ShieldOff,
  UserCheck,
  UserCog,
} from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useToast } from '../../app/toast-provider';
import { useT } from '../../i18n/use-t';
import { formatDate, formatDateTime, formatNumber, formatRelative } from '../../lib/format';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Input, Label, Select } from '../../ui/field';
import { useUser } from '../auth/auth-provider';
import { AdminHeader, ConfirmDialog, EmptyRow, ListState, Panel, TableFrame, TD } from './admin-ui';
import {
  useAdjustCredits,
  useChangePlan,
  useChangeRole,
  useEndSessions,
  useResetTwoFactor,
  userQueryOptions,
  useSendPasswordReset,
  useSetDisabled,
} from './api';
import { JobStatusBadge, jobPath } from './job-bits';
import { JOB_TYPE_LABELS, LEDGER_KIND_LABELS, PLAN_LABELS, ROLE_LABELS } from './labels';
import { LIMITS } from './limits';

export function PersonPage() {
  const t = useT();
  const { id = '' } = useParams();
  const detail = useQuery(userQueryOptions(id));
  return (
    <div className="space-y-6">
      <Link
        to={APP_ROUTES.adminPeople}
        className="inline-flex items-center gap-1.5 text-sm font-medium text-fg-muted hover:text-fg"
      >
        <ArrowLeft aria-hidden className="size-4" />
        {t('admin.person.back')}
      </Link>
      <ListState query={detail}>{(data) => <PersonView detail={data} />}</ListState>
    </div>
  );
}

function PersonView({ detail }: { detail: TAdminUserDetail }) {
  const t = useT();
  const { user: person } = detail;
  const twoFactorOn = detail.twoFactor.totp || detail.twoFactor.passkeys > 0;
  return (
    <>
      <AdminHeader
        title={person.displayName || person.email}
        description={person.email}
        actions={
          <div className="flex flex-wrap gap-1.5">
            <Badge>{t(PLAN_LABELS[person.plan])}</Badge>
            <Badge tone={person.role === 'admin' ? 'accent' : 'neutral'}>{t(ROLE_LABELS[person.role])}</Badge>
            {person.disabledAt ? (
              <Badge tone="warning">{t('admin.people.disabled')}</Badge>
            ) : (
              <Badge tone="success">{t('admin.people.active')}</Badge>
            )}
          </div>
        }
      />
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Fact label={t('admin.person.balance')}>
          <span className="text-2xl font-semibold tabular-nums">{formatNumber(person.credits)}</span>
          <span className="block text-xs text-fg-muted">
            {t('admin.person.buckets', {
              monthly: person.creditsMonthly,
              purchased: person.creditsPurchased,
            })}
          </span>
        </Fact>
        <Fact label={t('admin.person.twoFactor')}>
          {twoFactorOn ? t('admin.person.twoFactorOn') : t('admin.person.twoFactorOff')}
          <span className="block text-xs text-fg-muted">
            {t('admin.person.twoFactorDetail', {
              totp: detail.twoFactor.totp ? 'yes' : 'no',
              passkeys: detail.twoFactor.passkeys,
              codes: detail.twoFactor.recoveryCodesLeft,
            })}
          </span>
        </Fact>
        <Fact label={t('admin.person.joined')}>{formatDate(person.createdAt)}</Fact>
        <Fact label={t('admin.person.lastSeen')}>
          {person.lastSeenAt ? formatRelative(person.lastSeenAt) : t('admin.common.never')}
        </Fact>
      </dl>
      {person.disabledAt ? (
        <p className="rounded-xl border border-warning/25 bg-warning-soft px-3.5 py-3 text-sm text-warning">
          {t('admin.person.disabledSince', { date: formatDateTime(person.disabledAt) })}
        </p>
      ) : null}
      <PersonActions detail={detail} />
      <div className="grid gap-6 xl:grid-cols-2">
        <LedgerPanel detail={detail} />
        <JobsPanel detail={detail} />
        <KeysPanel detail={detail} />
        <SessionsPanel detail={detail} />
      </div>
    </>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Card className="p-4">
      <dt className="text-xs font-semibold uppercase tracking-wide text-fg-subtle">{label}</dt>
      <dd className="mt-1 text-sm font-medium text-fg">{children}</dd>
    </Card>
  );
}

type DialogId =
  | 'grant'
  | 'deduct'
  | 'plan'
  | 'role'
  | 'disable'
  | 'enable'
  | 'reset2fa'
  | 'passwordReset'
  | 'sessions';

/** Every action asks first; the ones the audit log should explain ask for a reason. */
function PersonActions({ detail }: { detail: TAdminUserDetail }) {
  const t = useT();
  const toast = useToast();
  const { user: me } = useUser();
  const person = detail.user;
  const [open, setOpen] = useState<DialogId | null>(null);
  const adjust = useAdjustCredits(person.id);
  const setDisabled = useSetDisabled(person.id);
  const changeRole = useChangeRole(person.id);
  const resetTwoFactor = useResetTwoFactor(person.id);
  const passwordReset = useSendPasswordReset(person.id);
  const endSessions = useEndSessions(person.id);
  const isSelf = me?.id === person.id;
  const twoFactorOn = detail.twoFactor.totp || detail.twoFactor.passkeys > 0;
  const dialog = (id: DialogId) => ({
    open: open === id,
    onOpenChange: (next: boolean) => setOpen(next ? id : null),
  });
  const name = person.displayName || person.email;

  return (
    <Panel title={t('admin.person.actions')}>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={() => setOpen('grant')}>
          <CirclePlus aria-hidden />
          {t('admin.person.grant')}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => setOpen('deduct')}
          disabled={person.credits === 0}
        >
          <CircleMinus aria-hidden />
          {t('admin.person.deduct')}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => setOpen('plan')}>
          <UserCog aria-hidden />
          {t('admin.person.changePlan')}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => setOpen('role')}
          disabled={person.role === 'admin' && detail.lastAdministrator}
          title={
            person.role === 'admin' && detail.lastAdministrator
              ? t('admin.person.lastAdministrator')
              : undefined
          }
        >
          {person.role === 'admin' ? <ShieldOff aria-hidden /> : <ShieldCheck aria-hidden />}
          {person.role === 'admin' ? t('admin.person.demote') : t('admin.person.promote')}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => setOpen('passwordReset')}>
          <Mail aria-hidden />
          {t('admin.person.passwordReset')}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => setOpen('reset2fa')} disabled={!twoFactorOn}>
          <KeyRound aria-hidden />
          {t('admin.person.resetTwoFactor')}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => setOpen('sessions')}
          disabled={detail.sessions.length === 0}
        >
          <LogOut aria-hidden />
          {t('admin.person.endSessions')}
        </Button>
        {person.disabledAt ? (
          <Button variant="primary" size="sm" onClick={() => setOpen('enable')}>
            <UserCheck aria-hidden />
            {t('admin.person.enable')}
          </Button>
        ) : (
          <Button variant="danger" size="sm" onClick={() => setOpen('disable')} disabled={isSelf}>
            <Ban aria-hidden />
            {t('admin.person.disable')}
          </Button>
        )}
      </div>
      {isSelf ? <p className="mt-3 text-xs text-fg-muted">{t('admin.person.selfNote')}</p> : null}

      <CreditsDialog
        {...dialog('grant')}
        direction="grant"
        person={person}
        onConfirm={async (amount, reason) => {
          await adjust.mutateAsync({ amount, reason });
          toast.success(t('admin.person.granted', { count: amount, name }));
        }}
      />
      <CreditsDialog
        {...dialog('deduct')}
        direction="deduct"
        person={person}
        onConfirm={async (amount, reason) => {
          await adjust.mutateAsync({ amount: -amount, reason });
          toast.success(t('admin.person.deducted', { count: amount, name }));
        }}
      />
      <PlanDialog {...dialog('plan')} person={person} />
      <ConfirmDialog
        {...dialog('role')}
        title={
          person.role === 'admin'
            ? t('admin.person.demoteTitle', { name })
            : t('admin.person.promoteTitle', { name })
        }
        description={person.role === 'admin' ? t('admin.person.demoteText') : t('admin.person.promoteText')}
        confirmLabel={person.role === 'admin' ? t('admin.person.demote') : t('admin.person.promote')}
        onConfirm={async () => {
          await changeRole.mutateAsync({ role: person.role === 'admin' ? 'user' : 'admin' });
          toast.success(t('admin.person.roleChanged'));
        }}
      />
      <ConfirmDialog
        {...dialog('disable')}
        variant="danger"
        reason
        title={t('admin.person.disableTitle', { name })}
        description={t('admin.person.disableText')}
        confirmLabel={t('admin.person.disable')}
        onConfirm={async (reason) => {
          await setDisabled.mutateAsync({ disabled: true, reason });
          toast.success(t('admin.person.disabledDone', { name }));
        }}
      />
      <ConfirmDialog
        {...dialog('enable')}
        title={t('admin.person.enableTitle', { name })}
        description={t('admin.person.enableText')}
        confirmLabel={t('admin.person.enable')}
        onConfirm={async () => {
          await setDisabled.mutateAsync({ disabled: false });
          toast.success(t('admin.person.enabledDone', { name }));
        }}
      />
      <ConfirmDialog
        {...dialog('reset2fa')}
        variant="danger"
        title={t('admin.person.resetTwoFactorTitle', { name })}
        description={t('admin.person.resetTwoFactorText')}
        confirmLabel={t('admin.person.resetTwoFactor')}
        onConfirm={async () => {
          await resetTwoFactor.mutateAsync(undefined);
          toast.success(t('admin.person.twoFactorResetDone'));
        }}
      />
      <ConfirmDialog
        {...dialog('passwordReset')}
        title={t('admin.person.passwordResetTitle')}
        description={t('admin.person.passwordResetText', { email: person.email })}
        confirmLabel={t('admin.person.passwordResetSend')}
        onConfirm={async () => {
          await passwordReset.mutateAsync(undefined);
          toast.success(t('admin.person.passwordResetDone'));
        }}
      />
      <ConfirmDialog
        {...dialog('sessions')}
        variant="danger"
        title={t('admin.person.endSessionsTitle', { name })}
        description={t('admin.person.endSessionsText')}
        confirmLabel={t('admin.person.endSessions')}
        onConfirm={async () => {
          const { ended } = await endSessions.mutateAsync(undefined);
          toast.success(t('admin.person.sessionsEnded', { count: ended }));
        }}
      />
    </Panel>
  );
}

/** Grant or deduct: an amount and a reason; a deduction never takes the balance below zero. */
function CreditsDialog({
  open,
  onOpenChange,
  direction,
  person,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  direction: 'grant' | 'deduct';
  person: TAdminUser;
  onConfirm: (amount: number, reason: string) => Promise<void>;
}) {
  const t = useT();
  const ids = useId();
  const [amount, setAmount] = useState('');
  const value = Number(amount);
  const max =
    direction === 'deduct' ? Math.min(person.credits, LIMITS.maxCreditChange) : LIMITS.maxCreditChange;
  const valid = Number.isInteger(value) && value >= 1 && value <= max;
  const after = valid ? person.credits + (direction === 'grant' ? value : -value) : null;
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setAmount('');
        onOpenChange(next);
      }}
      reason
      variant={direction === 'deduct' ? 'danger' : 'primary'}
      title={direction === 'grant' ? t('admin.person.grantTitle') : t('admin.person.deductTitle')}
      description={t('admin.person.creditsText', {
        name: person.displayName || person.email,
        balance: person.credits,
      })}
      confirmLabel={direction === 'grant' ? t('admin.person.grant') : t('admin.person.deduct')}
      onConfirm={async (reason) => {
        if (!valid) throw new Error(t('admin.person.amountInvalid', { max }));
        await onConfirm(value, reason);
        setAmount('');
      }}
    >
      <div>
        <Label htmlFor={`${ids}-amount`}>{t('admin.person.amount')}</Label>
        <Input
          id={`${ids}-amount`}
          size="md"
          type="number"
          inputMode="numeric"
          min={1}
          max={max}
          step={1}
          value={amount}
          aria-describedby={`${ids}-after`}
          onChange={(event) => setAmount(event.target.value)}
        />
        <p id={`${ids}-after`} className="mt-1.5 text-[13px] text-fg-muted" aria-live="polite">
          {after === null
            ? t('admin.person.amountHint', { max })
            : t('admin.person.balanceAfter', { balance: after })}
        </p>
      </div>
    </ConfirmDialog>
  );
}

function PlanDialog({
  open,
  onOpenChange,
  person,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  person: TAdminUser;
}) {
  const t = useT();
  const ids = useId();
  const toast = useToast();
  const changePlan = useChangePlan(person.id);
  const [plan, setPlan] = useState<TPlanId>(person.plan);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (next) setPlan(person.plan);
        onOpenChange(next);
      }}
      title={t('admin.person.planTitle', { name: person.displayName || person.email })}
      description={t('admin.person.planText')}
      confirmLabel={t('admin.person.changePlan')}
      onConfirm={async () => {
        await changePlan.mutateAsync({ plan });
        toast.success(t('admin.person.planChanged', { plan: t(PLAN_LABELS[plan]) }));
      }}
    >
      <div>
        <Label htmlFor={`${ids}-plan`}>{t('admin.people.column.plan')}</Label>
        <Select
          id={`${ids}-plan`}
          value={plan}
          onChange={(event) => {
            const next = PLAN_IDS.find((candidate) => candidate === event.target.value);
            if (next) setPlan(next);
          }}
        >
          {PLAN_IDS.map((id) => (
            <option key={id} value={id}>
              {t(PLAN_LABELS[id])}
            </option>
          ))}
        </Select>
      </div>
    </ConfirmDialog>
  );
}

function LedgerPanel({ detail }: { detail: TAdminUserDetail }) {
  const t = useT();
  return (
    <Panel title={t('admin.person.ledger')}>
      {detail.ledger.length === 0 ? (
        <EmptyRow>{t('admin.person.ledgerEmpty')}</EmptyRow>
      ) : (
        <TableFrame
          label={t('admin.person.ledger')}
          columns={[
            { label: t('admin.common.when') },
            { label: t('admin.person.kind') },
            { label: t('admin.person.change'), end: true },
            { label: t('admin.person.balance'), end: true },
            { label: t('admin.person.note') },
          ]}
        >
          {detail.ledger.map((entry) => (
            <tr key={entry.id}>
              <td className={`${TD} whitespace-nowrap text-fg-muted`}>{formatDateTime(entry.createdAt)}</td>
              <td className={TD}>{t(LEDGER_KIND_LABELS[entry.kind])}</td>
              <td
                className={`${TD} text-right tabular-nums ${entry.delta < 0 ? 'text-danger' : 'text-success'}`}
              >
                {entry.delta > 0 ? '+' : ''}
                {formatNumber(entry.delta)}
              </td>
              <td className={`${TD} text-right tabular-nums`}>{formatNumber(entry.balance)}</td>
              <td className={`${TD} text-fg-muted`}>{entry.note ?? ''}</td>
            </tr>
          ))}
        </TableFrame>
      )}
    </Panel>
  );
}

function JobsPanel({ detail }: { detail: TAdminUserDetail }) {
  const t = useT();
  return (
    <Panel
      title={t('admin.person.jobs')}
      actions={
        <Link
          to={`${APP_ROUTES.adminJobs}?userId=${encodeURIComponent(detail.user.id)}`}
          className="text-sm font-medium text-accent-fg underline-offset-4 hover:underline"
        >
          {t('admin.person.allJobs')}
        </Link>
      }
    >
      {detail.jobs.length === 0 ? (
        <EmptyRow>{t('admin.person.jobsEmpty')}</EmptyRow>
      ) : (
        <ul className="divide-y divide-line">
          {detail.jobs.map((job) => (
            <li key={job.id} className="flex items-center gap-3 py-2.5 text-sm">
              <JobStatusBadge status={job.status} />
              <Link
                to={jobPath(job.id)}
                className="min-w-0 flex-1 truncate text-fg underline-offset-4 hover:underline"
              >
                {job.prompt || t(JOB_TYPE_LABELS[job.type])}
              </Link>
              <span className="shrink-0 text-xs whitespace-nowrap text-fg-muted">
                {formatRelative(job.createdAt)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

function KeysPanel({ detail }: { detail: TAdminUserDetail }) {
  const t = useT();
  return (
    <Panel title={t('admin.person.keys')}>
      {detail.keys.length === 0 ? (
        <EmptyRow>{t('admin.person.keysEmpty')}</EmptyRow>
      ) : (
        <ul className="divide-y divide-line">
          {detail.keys.map((key) => (
            <li key={key.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2.5 text-sm">
              <span className="min-w-0 flex-1 font-medium text-fg">{key.name}</span>
              <code className="font-mono text-xs text-fg-muted">{key.keyPreview}…</code>
              <Badge tone={key.isActive ? 'success' : 'neutral'}>
                {key.isActive ? t('admin.person.keyActive') : t('admin.person.keyInactive')}
              </Badge>
              <span className="w-full text-xs text-fg-muted">
                {key.lastUsed
                  ? t('admin.person.keyUsed', { when: formatRelative(key.lastUsed) })
                  : t('admin.person.keyNeverUsed')}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

function SessionsPanel({ detail }: { detail: TAdminUserDetail }) {
  const t = useT();
  return (
    <Panel title={t('admin.person.sessions')}>
      {detail.sessions.length === 0 ? (
        <EmptyRow>{t('admin.person.sessionsEmpty')}</EmptyRow>
      ) : (
        <ul className="divide-y divide-line">
          {detail.sessions.map((session) => (
            <li key={session.id} className="py-2.5 text-sm">
              <span className="block truncate text-fg">
                {session.userAgent ?? t('admin.person.unknownDevice')}
              </span>
              <span className="block text-xs text-fg-muted">
                {t('admin.person.sessionLine', {
                  ip: session.ip ?? '—',
                  started: formatDateTime(session.createdAt),
                  seen: formatRelative(session.lastSeenAt),
                })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
