import type {
  TAnnouncementLevel,
  TInviteCreated,
  TPlanModels,
  TSignupMode,
  TSiteSettings,
  TSiteSettingsInput,
} from '@kaleido/common';
import { PLAN_IDS } from '@kaleido/common/browser';
import { useQuery } from '@tanstack/react-query';
import { Check, Copy, Link2, Mail, Save, Send, XCircle } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useToast } from '../../app/toast-provider';
import { useT } from '../../i18n/use-t';
import { errorMessage, serverText } from '../../lib/api-client';
import { formatDate, formatDateTime } from '../../lib/format';
import { Alert } from '../../ui/alert';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { FieldHint, Input, Label, Select } from '../../ui/field';
import { useCopied } from '../api-keys/use-copied';
import { AdminHeader, ConfirmDialog, EmptyRow, ListState, Panel } from './admin-ui';
import {
  announcementEmailsQueryOptions,
  invitesQueryOptions,
  siteSettingsQueryOptions,
  useCreateInvite,
  useRevokeInvite,
  useSaveSiteSettings,
  useSendAnnouncementEmail,
} from './api';
import {
  ANNOUNCEMENT_LEVEL_LABELS,
  INVITE_STATUS_LABELS,
  keysOf,
  PLAN_LABELS,
  SIGNUP_MODE_LABELS,
} from './labels';
import { LIMITS } from './limits';

export function SiteSettingsPage() {
  const t = useT();
  const settings = useQuery(siteSettingsQueryOptions());
  return (
    <div className="space-y-6">
      <AdminHeader title={t('admin.settings.title')} description={t('admin.settings.intro')} />
      {/* Keyed by version: a save (here or by another administrator, on refetch) starts the form afresh. */}
      <ListState query={settings}>{(data) => <SettingsForm key={data.version} settings={data} />}</ListState>
      <InvitesPanel />
      <AnnouncementEmailPanel />
    </div>
  );
}

/** `2026-11-24T18:00` of a datetime-local input from an ISO instant, in this browser's zone. */
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

function SettingsForm({ settings }: { settings: TSiteSettings }) {
  const t = useT();
  const ids = useId();
  const toast = useToast();
  const save = useSaveSiteSettings();
  const [signupMode, setSignupMode] = useState<TSignupMode>(settings.signupMode);
  const [startingCredits, setStartingCredits] = useState(String(settings.startingCredits));
  const [planModels, setPlanModels] = useState<TPlanModels>(settings.planModels);
  const [text, setText] = useState(settings.announcement?.text ?? '');
  const [level, setLevel] = useState<TAnnouncementLevel>(settings.announcement?.level ?? 'info');
  const [until, setUntil] = useState(toLocalInput(settings.announcement?.until ?? null));
  const [failure, setFailure] = useState<string | null>(null);

  // Every configured model, plus any id a plan lists that the server no longer offers.
  const modelIds = [
    ...new Set([
      ...settings.models.map((model) => model.id),
      ...PLAN_IDS.flatMap((plan) => planModels[plan] ?? []),
    ]),
  ];
  const modelOf = (id: string) => settings.models.find((candidate) => candidate.id === id);
  const credits = Number(startingCredits);
  const creditsValid = Number.isInteger(credits) && credits >= 0 && credits <= LIMITS.startingCreditsMax;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!creditsValid) return;
    setFailure(null);
    const input: TSiteSettingsInput = {
      signupMode,
      startingCredits: credits,
      planModels,
      announcement: text.trim() ? { text: text.trim(), level, until: fromLocalInput(until) } : null,
    };
    try {
      await save.mutateAsync(input);
      toast.success(t('admin.settings.saved'));
    } catch (error) {
      setFailure(serverText(error) ?? errorMessage(error));
    }
  };

  const toggleModel = (plan: (typeof PLAN_IDS)[number], id: string, on: boolean) => {
    const current = planModels[plan] ?? modelIds;
    const next = on ? [...new Set([...current, id])] : current.filter((candidate) => candidate !== id);
    setPlanModels({ ...planModels, [plan]: next });
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-6">
      <Panel title={t('admin.settings.signup.title')}>
        <fieldset>
          <legend className="sr-only">{t('admin.settings.signup.title')}</legend>
          <div className="grid gap-2 sm:grid-cols-3">
            {keysOf(SIGNUP_MODE_LABELS).map((mode) => (
              <label
                key={mode}
                className="flex cursor-pointer items-start gap-2.5 rounded-xl border border-line p-3 text-sm has-[:checked]:border-accent has-[:checked]:bg-accent-soft"
              >
                <input
                  type="radio"
                  name={`${ids}-signup`}
                  value={mode}
                  className="mt-0.5 accent-[var(--accent)]"
                  checked={signupMode === mode}
                  onChange={() => setSignupMode(mode)}
                />
                <span>
                  <span className="block font-medium text-fg">{t(SIGNUP_MODE_LABELS[mode])}</span>
                  <span className="block text-xs text-fg-muted">
                    {t(
                      mode === 'open'
                        ? 'admin.settings.signup.openHint'
                        : mode === 'invite-only'
                          ? 'admin.settings.signup.inviteOnlyHint'
                          : 'admin.settings.signup.closedHint',
                    )}
                  </span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="mt-4 max-w-xs">
          <Label htmlFor={`${ids}-credits`}>{t('admin.settings.startingCredits')}</Label>
          <Input
            id={`${ids}-credits`}
            size="md"
            type="number"
            inputMode="numeric"
            min={0}
            max={LIMITS.startingCreditsMax}
            value={startingCredits}
            aria-invalid={!creditsValid || undefined}
            onChange={(event) => setStartingCredits(event.target.value)}
          />
          <FieldHint>{t('admin.settings.startingCreditsHint', { max: LIMITS.startingCreditsMax })}</FieldHint>
        </div>
      </Panel>

      <Panel title={t('admin.settings.models.title')}>
        <p className="mb-4 text-sm text-fg-muted">{t('admin.settings.models.intro')}</p>
        {modelIds.length === 0 ? (
          <EmptyRow>{t('admin.settings.models.none')}</EmptyRow>
        ) : (
          <div className="grid gap-4 md:grid-cols-3">
            {PLAN_IDS.map((plan) => {
              const list = planModels[plan];
              return (
                <fieldset key={plan} className="rounded-xl border border-line p-3">
                  <legend className="px-1 text-sm font-semibold text-fg">{t(PLAN_LABELS[plan])}</legend>
                  <label className="flex items-center gap-2 py-1 text-sm font-medium text-fg">
                    <input
                      type="checkbox"
                      className="accent-[var(--accent)]"
                      checked={list === null}
                      onChange={(event) =>
                        setPlanModels({ ...planModels, [plan]: event.target.checked ? null : modelIds })
                      }
                    />
                    {t('admin.settings.models.all')}
                  </label>
                  <ul className="mt-1 space-y-0.5 border-t border-line pt-1">
                    {modelIds.map((id) => (
                      <li key={id}>
                        <label className="flex items-center gap-2 py-0.5 text-sm text-fg">
                          <input
                            type="checkbox"
                            className="accent-[var(--accent)]"
                            disabled={list === null}
                            checked={list === null || list.includes(id)}
                            onChange={(event) => toggleModel(plan, id, event.target.checked)}
                          />
                          <span className="min-w-0 truncate">
                            {modelOf(id)?.name ?? id}{' '}
                            <span className="text-xs text-fg-subtle">{modelOf(id)?.provider ?? ''}</span>
                          </span>
                        </label>
                      </li>
                    ))}
                  </ul>
                </fieldset>
              );
            })}
          </div>
        )}
      </Panel>

      <Panel title={t('admin.settings.announcement.title')}>
        <p className="mb-4 text-sm text-fg-muted">{t('admin.settings.announcement.intro')}</p>
        <div className="grid gap-3 md:grid-cols-[minmax(0,1fr)_12rem_14rem]">
          <div>
            <Label htmlFor={`${ids}-text`}>{t('admin.settings.announcement.text')}</Label>
            <Input
              id={`${ids}-text`}
              size="md"
              maxLength={LIMITS.announcementMaxLength}
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
          </div>
          <div>
            <Label htmlFor={`${ids}-level`}>{t('admin.settings.announcement.level')}</Label>
            <Select
              id={`${ids}-level`}
              value={level}
              onChange={(event) => {
                const next = keysOf(ANNOUNCEMENT_LEVEL_LABELS).find((value) => value === event.target.value);
                if (next) setLevel(next);
              }}
            >
              {keysOf(ANNOUNCEMENT_LEVEL_LABELS).map((value) => (
                <option key={value} value={value}>
                  {t(ANNOUNCEMENT_LEVEL_LABELS[value])}
                </option>
              ))}
            </Select>
          </div>
          <div>
            <Label htmlFor={`${ids}-until`}>{t('admin.settings.announcement.until')}</Label>
            <Input
              id={`${ids}-until`}
              size="md"
              type="datetime-local"
              value={until}
              onChange={(event) => setUntil(event.target.value)}
            />
          </div>
        </div>
        <FieldHint>{t('admin.settings.announcement.hint')}</FieldHint>
      </Panel>

      {failure ? <Alert>{failure}</Alert> : null}
      <div className="flex flex-wrap items-center justify-end gap-3">
        {settings.updatedAt ? (
          <span className="text-xs text-fg-muted">
            {t('admin.settings.updated', { when: formatDateTime(settings.updatedAt) })}
          </span>
        ) : null}
        <Button type="submit" disabled={save.isPending || !creditsValid}>
          <Save aria-hidden />
          {t('admin.settings.save')}
        </Button>
      </div>
    </form>
  );
}

function InvitesPanel() {
  const t = useT();
  const ids = useId();
  const toast = useToast();
  const invites = useQuery(invitesQueryOptions());
  const create = useCreateInvite();
  const revoke = useRevokeInvite();
  const { copied, copy } = useCopied();
  const [days, setDays] = useState('7');
  const [uses, setUses] = useState('1');
  const [note, setNote] = useState('');
  const [created, setCreated] = useState<TInviteCreated | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    try {
      setCreated(
        await create.mutateAsync({
          expiresInDays: Number(days),
          maxUses: Number(uses),
          ...(note.trim() ? { note: note.trim() } : {}),
        }),
      );
      setNote('');
    } catch (error) {
      setFailure(serverText(error) ?? errorMessage(error));
    }
  };

  return (
    <Panel title={t('admin.invites.title')}>
      <p className="mb-4 text-sm text-fg-muted">{t('admin.invites.intro')}</p>
      <form
        onSubmit={(event) => void submit(event)}
        noValidate
        className="grid gap-3 sm:grid-cols-[8rem_8rem_minmax(0,1fr)_auto] sm:items-end"
      >
        <div>
          <Label htmlFor={`${ids}-days`}>{t('admin.invites.days')}</Label>
          <Input
            id={`${ids}-days`}
            size="md"
            type="number"
            min={1}
            max={LIMITS.inviteMaxDays}
            value={days}
            onChange={(event) => setDays(event.target.value)}
          />
        </div>
        <div>
          <Label htmlFor={`${ids}-uses`}>{t('admin.invites.uses')}</Label>
          <Input
            id={`${ids}-uses`}
            size="md"
            type="number"
            min={1}
            max={LIMITS.inviteMaxUses}
            value={uses}
            onChange={(event) => setUses(event.target.value)}
          />
        </div>
        <div>
          <Label htmlFor={`${ids}-note`}>{t('admin.invites.note')}</Label>
          <Input
            id={`${ids}-note`}
            size="md"
            maxLength={200}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        </div>
        <Button type="submit" disabled={create.isPending}>
          <Link2 aria-hidden />
          {t('admin.invites.create')}
        </Button>
      </form>
      {failure ? <Alert className="mt-3">{failure}</Alert> : null}
      {created ? (
        <Alert tone="success" className="mt-4" onDismiss={() => setCreated(null)}>
          <p className="font-medium">{t('admin.invites.created')}</p>
          <code data-testid="invite-url" className="mt-1 block font-mono text-xs break-all select-all">
            {created.url}
          </code>
          <Button
            variant="secondary"
            size="sm"
            className="mt-2"
            onClick={() =>
              void copy(created.url).then(
                () => toast.success(t('admin.invites.copied')),
                () => toast.error(t('admin.invites.copyFailed')),
              )
            }
          >
            {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
            {t('admin.invites.copy')}
          </Button>
        </Alert>
      ) : null}
      <div className="mt-5">
        <ListState query={invites} isEmpty={(data) => data.length === 0} empty={t('admin.invites.empty')}>
          {(data) => (
            <ul className="divide-y divide-line text-sm">
              {data.map((invite) => (
                <li key={invite.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2.5">
                  <Badge tone={invite.status === 'active' ? 'success' : 'neutral'}>
                    {t(INVITE_STATUS_LABELS[invite.status])}
                  </Badge>
                  <span className="min-w-0 flex-1 text-fg">{invite.note ?? t('admin.invites.noNote')}</span>
                  <span className="text-xs text-fg-muted">
                    {t('admin.invites.usage', {
                      uses: invite.uses,
                      max: invite.maxUses,
                      date: formatDate(invite.expiresAt),
                    })}
                  </span>
                  {invite.status === 'active' ? (
                    <Button variant="ghost" size="sm" onClick={() => setRevoking(invite.id)}>
                      <XCircle aria-hidden />
                      {t('admin.invites.revoke')}
                    </Button>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </ListState>
      </div>
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open) setRevoking(null);
        }}
        variant="danger"
        title={t('admin.invites.revokeTitle')}
        description={t('admin.invites.revokeText')}
        confirmLabel={t('admin.invites.revoke')}
        onConfirm={async () => {
          if (revoking) await revoke.mutateAsync(revoking);
          toast.success(t('admin.invites.revoked'));
        }}
      />
    </Panel>
  );
}

function AnnouncementEmailPanel() {
  const t = useT();
  const ids = useId();
  const toast = useToast();
  const sendings = useQuery(announcementEmailsQueryOptions());
  const send = useSendAnnouncementEmail();
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [confirming, setConfirming] = useState(false);
  const ready = subject.trim().length > 0 && body.trim().length > 0;

  return (
    <Panel title={t('admin.email.title')}>
      <p className="mb-4 text-sm text-fg-muted">{t('admin.email.intro')}</p>
      <div className="space-y-3">
        <div>
          <Label htmlFor={`${ids}-subject`}>{t('admin.email.subject')}</Label>
          <Input
            id={`${ids}-subject`}
            size="md"
            maxLength={LIMITS.emailSubjectMaxLength}
            value={subject}
            onChange={(event) => setSubject(event.target.value)}
          />
        </div>
        <div>
          <Label htmlFor={`${ids}-body`}>{t('admin.email.body')}</Label>
          <textarea
            id={`${ids}-body`}
            rows={6}
            maxLength={LIMITS.emailBodyMaxLength}
            value={body}
            onChange={(event) => setBody(event.target.value)}
            className="block w-full rounded-xl border border-line-strong bg-surface px-3 py-2 text-sm text-fg shadow-sm outline-none focus:border-accent focus:ring-4 focus:ring-accent-soft"
          />
        </div>
        <div className="flex justify-end">
          <Button disabled={!ready} onClick={() => setConfirming(true)}>
            <Send aria-hidden />
            {t('admin.email.send')}
          </Button>
        </div>
      </div>
      <div className="mt-5">
        <ListState query={sendings} isEmpty={(data) => data.length === 0} empty={t('admin.email.none')}>
          {(data) => (
            <ul className="space-y-3">
              {data.map((sending) => {
                const done = sending.sent + sending.failed;
                return (
                  <li key={sending.id} className="rounded-xl border border-line p-3 text-sm">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <span className="flex min-w-0 items-center gap-2 font-medium text-fg">
                        <Mail aria-hidden className="size-4 shrink-0 text-fg-muted" />
                        <span className="truncate">{sending.subject}</span>
                      </span>
                      <Badge tone={sending.status === 'done' ? 'success' : 'accent'}>
                        {sending.status === 'done' ? t('admin.email.done') : t('admin.email.sending')}
                      </Badge>
                    </div>
                    <progress
                      className="mt-2 h-2 w-full accent-[var(--accent)]"
                      max={Math.max(1, sending.total)}
                      value={done}
                      aria-label={t('admin.email.progressLabel', { subject: sending.subject })}
                    />
                    <p className="mt-1 text-xs text-fg-muted">
                      {t('admin.email.progress', {
                        sent: sending.sent,
                        failed: sending.failed,
                        total: sending.total,
                      })}
                      {' · '}
                      {formatDateTime(sending.createdAt)}
                    </p>
                  </li>
                );
              })}
            </ul>
          )}
        </ListState>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('admin.email.confirmTitle')}
        description={t('admin.email.confirmText', { subject: subject.trim() })}
        confirmLabel={t('admin.email.send')}
        onConfirm={async () => {
          const started = await send.mutateAsync({ subject: subject.trim(), body: body.trim() });
          toast.success(t('admin.email.started', { count: started.total }));
          setSubject('');
          setBody('');
        }}
      />
    </Panel>
  );
}
