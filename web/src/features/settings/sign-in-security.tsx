import type { TRecoveryCodes, TTwoFactorStatus } from '@kaleido/common';
import { PRODUCT_NAME, TOTP_DIGITS, TRUSTED_DEVICE_DAYS } from '@kaleido/common/browser';
import { useQuery } from '@tanstack/react-query';
import { Copy, KeyRound, MonitorSmartphone, RotateCw, ShieldCheck } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useToast } from '../../app/toast-provider';
import { useT } from '../../i18n/use-t';
import { serverText } from '../../lib/api-client';
import { Alert } from '../../ui/alert';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Dialog, DialogClose, DialogContent } from '../../ui/dialog';
import { Input, Label } from '../../ui/field';
import { PasswordInput } from '../../ui/password-input';
import { Spinner } from '../../ui/spinner';
import { useCopied } from '../api-keys/use-copied';
import type { CurrentUser } from '../auth/api';
import { OneTimeCodeInput } from '../auth/one-time-code-input';
import {
  twoFactorQueryOptions,
  useRegenerateRecoveryCodes,
  useTotpDisable,
  useTotpEnable,
  useTotpSetup,
} from '../auth/two-factor-api';
import { PasskeysSetting } from './passkeys-setting';
import { QrCode } from './qr-code';
import { RecoveryCodesView } from './recovery-codes-view';
import { SettingRow } from './settings-controls';

function StatusBadge({ on }: { on: boolean }) {
  const t = useT();
  return (
    <Badge tone={on ? 'success' : 'neutral'}>{t(on ? 'security.status.on' : 'security.status.off')}</Badge>
  );
}

/** The setup key in groups of four, as authenticator apps print it, so it can be typed without losing place. */
function groupedSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * Turning the authenticator app on: a new secret from the server (QR code and setup key), a code from
 * the app to prove it works, then the ten recovery codes, shown once. The dialog closes only through
 * "Done" once the codes are on screen.
 */
function TotpSetupDialog({
  open,
  onOpenChange,
  email,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  email: string;
}) {
  const [locked, setLocked] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && locked) return;
        onOpenChange(next);
      }}
    >
      {open ? (
        <TotpSetupContent
          email={email}
          onLock={setLocked}
          onDone={() => {
            setLocked(false);
            onOpenChange(false);
          }}
        />
      ) : null}
    </Dialog>
  );
}

/** The dialog's content, mounted on each opening: it asks the server for a new pending secret at once. */
function TotpSetupContent({
  email,
  onLock,
  onDone,
}: {
  email: string;
  onLock: (locked: boolean) => void;
  onDone: () => void;
}) {
  const t = useT();
  const ids = useId();
  const toast = useToast();
  const setup = useTotpSetup();
  const enable = useTotpEnable();
  const { copied, copy } = useCopied();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [codes, setCodes] = useState<TRecoveryCodes['recoveryCodes'] | null>(null);
  const { mutate: startSetup } = setup;
  const secret = setup.data ?? null;

  useEffect(() => startSetup(), [startSetup]);

  const confirm = async (digits: string) => {
    if (enable.isPending) return;
    if (digits.length !== TOTP_DIGITS) {
      setProblem(t('api.twoFactor.codeRequired'));
      return;
    }
    setProblem(null);
    onLock(true);
    try {
      const result = await enable.mutateAsync(digits);
      setCodes(result.recoveryCodes);
      toast.success(t('security.toast.enabled'));
    } catch (error) {
      onLock(false);
      setProblem(serverText(error) ?? t('api.twoFactor.codeInvalid'));
      setCode('');
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void confirm(code);
  };

  const shownProblem =
    problem ?? (setup.isError ? (serverText(setup.error) ?? t('security.setup.failed')) : null);

  return (
    <DialogContent
      title={codes ? t('security.codes.title') : t('security.setup.title')}
      description={codes ? t('security.codes.intro') : t('security.setup.scan')}
    >
      {codes ? (
        <RecoveryCodesView
          codes={codes}
          email={email}
          onDone={onDone}
          onSavedChange={(saved) => onLock(!saved)}
        />
      ) : (
        <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
          <div className="flex flex-col items-center gap-3">
            {secret ? (
              <QrCode
                value={secret.otpauthUrl}
                label={t('security.setup.qrLabel', { product: PRODUCT_NAME })}
              />
            ) : (
              <div className="inline-flex size-44 items-center justify-center rounded-xl bg-surface-2">
                {setup.isError ? null : <Spinner className="text-fg-subtle" />}
              </div>
            )}
            {secret ? (
              <div className="w-full text-center">
                <p className="text-[13px] text-fg-muted">{t('security.setup.manual')}</p>
                <div className="mt-1.5 flex flex-wrap items-center justify-center gap-2">
                  <code
                    data-testid="totp-secret"
                    className="rounded-lg border border-line bg-surface-2 px-2.5 py-1.5 font-mono text-[13px] break-all text-fg select-all"
                  >
                    {groupedSecret(secret.secret)}
                  </code>
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => void copy(secret.secret).catch(() => undefined)}
                  >
                    <Copy aria-hidden />
                    <span aria-live="polite">
                      {copied ? t('security.setup.copied') : t('security.setup.copyKey')}
                    </span>
                  </Button>
                </div>
              </div>
            ) : null}
          </div>
          {secret ? (
            <div>
              <Label htmlFor={`${ids}-code`}>{t('security.setup.code')}</Label>
              <OneTimeCodeInput
                id={`${ids}-code`}
                value={code}
                onValueChange={(digits) => {
                  setCode(digits);
                  setProblem(null);
                }}
                onComplete={(digits) => void confirm(digits)}
                disabled={enable.isPending}
                aria-invalid={shownProblem ? true : undefined}
                aria-describedby={shownProblem ? `${ids}-problem` : undefined}
                autoFocus
              />
            </div>
          ) : null}
          {shownProblem ? (
            <Alert id={`${ids}-problem`}>
              {shownProblem}
              {setup.isError ? (
                <button
                  type="button"
                  onClick={() => startSetup()}
                  className="mt-1 block rounded font-semibold underline-offset-2 hover:underline"
                >
                  {t('security.retry')}
                </button>
              ) : null}
            </Alert>
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary" disabled={enable.isPending}>
                {t('security.cancel')}
              </Button>
            </DialogClose>
            <Button
              type="submit"
              variant="primary"
              disabled={!secret || enable.isPending}
              aria-busy={enable.isPending || undefined}
            >
              {enable.isPending ? <Spinner /> : <ShieldCheck aria-hidden />}
              {t(enable.isPending ? 'security.setup.confirming' : 'security.setup.confirm')}
            </Button>
          </div>
        </form>
      )}
    </DialogContent>
  );
}

type ReauthPurpose = 'disable' | 'regenerate';

/**
 * Turning the authenticator app off, or creating new recovery codes: both need the password and a code
 * (the app's, or a recovery code). New codes are then shown once, like after the setup.
 */
function ReauthDialog({
  purpose,
  onClose,
  user,
}: {
  purpose: ReauthPurpose | null;
  onClose: () => void;
  user: CurrentUser;
}) {
  const t = useT();
  const ids = useId();
  const toast = useToast();
  const disable = useTotpDisable();
  const regenerate = useRegenerateRecoveryCodes();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [codes, setCodes] = useState<TRecoveryCodes['recoveryCodes'] | null>(null);
  const [saved, setSaved] = useState(false);
  const pending = disable.isPending || regenerate.isPending;

  const close = () => {
    onClose();
    setPassword('');
    setCode('');
    setProblem(null);
    setCodes(null);
    setSaved(false);
    disable.reset();
    regenerate.reset();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if ((user.hasPassword && !password) || !code.trim()) {
      setProblem(t('security.reauth.required'));
      return;
    }
    setProblem(null);
    const request = { password, code: code.trim() };
    try {
      if (purpose === 'disable') {
        await disable.mutateAsync(request);
        toast.success(t('security.toast.disabled'));
        close();
      } else {
        setCodes((await regenerate.mutateAsync(request)).recoveryCodes);
      }
    } catch (error) {
      setProblem(serverText(error) ?? t('api.twoFactor.codeInvalid'));
    }
  };

  const title =
    codes !== null
      ? t('security.codes.title')
      : purpose === 'disable'
        ? t('security.disable.title')
        : t('security.regenerate.title');
  const description =
    codes !== null
      ? t('security.codes.intro')
      : purpose === 'disable'
        ? t('security.disable.description')
        : t('security.regenerate.description');

  return (
    <Dialog
      open={purpose !== null}
      onOpenChange={(open) => {
        // New codes are shown once: closing waits for "I have saved these codes".
        if (!open && !pending && (codes === null || saved)) close();
      }}
    >
      <DialogContent title={title} description={description}>
        {codes ? (
          <RecoveryCodesView codes={codes} email={user.email} onDone={close} onSavedChange={setSaved} />
        ) : (
          <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
            {user.hasPassword ? (
              <div>
                <Label htmlFor={`${ids}-password`}>{t('security.reauth.password')}</Label>
                <PasswordInput
                  id={`${ids}-password`}
                  size="md"
                  autoComplete="current-password"
                  autoFocus
                  value={password}
                  onChange={(event) => {
                    setPassword(event.target.value);
                    setProblem(null);
                  }}
                  disabled={pending}
                />
              </div>
            ) : null}
            <div>
              <Label htmlFor={`${ids}-code`}>{t('security.reauth.code')}</Label>
              <Input
                id={`${ids}-code`}
                size="md"
                autoComplete="one-time-code"
                autoCapitalize="none"
                spellCheck={false}
                maxLength={64}
                autoFocus={!user.hasPassword}
                value={code}
                onChange={(event) => {
                  setCode(event.target.value);
                  setProblem(null);
                }}
                disabled={pending}
                className="font-mono"
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? `${ids}-problem` : undefined}
              />
            </div>
            {problem ? <Alert id={`${ids}-problem`}>{problem}</Alert> : null}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <DialogClose asChild>
                <Button variant="secondary" disabled={pending}>
                  {t('security.cancel')}
                </Button>
              </DialogClose>
              <Button
                type="submit"
                variant={purpose === 'disable' ? 'danger' : 'primary'}
                disabled={pending}
                aria-busy={pending || undefined}
              >
                {pending ? <Spinner /> : null}
                {t(purpose === 'disable' ? 'security.disable.submit' : 'security.regenerate.submit')}
              </Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

function TotpRows({ status, user }: { status: TTwoFactorStatus; user: CurrentUser }) {
  const t = useT();
  const ids = useId();
  const [setupOpen, setSetupOpen] = useState(false);
  const [reauth, setReauth] = useState<ReauthPurpose | null>(null);
  const enabled = status.totp.enabled;
  return (
    <>
      <SettingRow
        labelId={`${ids}-label`}
        descriptionId={`${ids}-description`}
        label={
          <span className="inline-flex items-center gap-2">
            {t('security.totp.label')}
            <StatusBadge on={enabled} />
          </span>
        }
        description={t(enabled ? 'security.totp.hintOn' : 'security.totp.hintOff')}
        stack
        control={
          enabled ? (
            <Button
              variant="secondary"
              onClick={() => setReauth('disable')}
              aria-describedby={`${ids}-label`}
            >
              {t('security.totp.turnOff')}
            </Button>
          ) : (
            <Button variant="primary" onClick={() => setSetupOpen(true)} aria-describedby={`${ids}-label`}>
              <ShieldCheck aria-hidden />
              {t('security.totp.setUp')}
            </Button>
          )
        }
      />
      {enabled ? (
        <SettingRow
          label={t('security.recovery.label')}
          description={t('security.recovery.hint', {
            remaining: t('security.recovery.remaining', { count: status.recoveryCodesRemaining }),
          })}
          stack
          control={
            <Button variant="secondary" onClick={() => setReauth('regenerate')}>
              <KeyRound aria-hidden />
              {t('security.recovery.regenerate')}
            </Button>
          }
        />
      ) : null}
      <TotpSetupDialog
        open={setupOpen}
        onOpenChange={(open) => {
          setSetupOpen(open);
        }}
        email={user.email}
      />
      <ReauthDialog purpose={reauth} onClose={() => setReauth(null)} user={user} />
    </>
  );
}

/** Whether this browser skips the second step (the "Trust this device" cookie of a past sign-in). */
function TrustedDeviceRow({ trusted }: { trusted: boolean }) {
  const t = useT();
  return (
    <SettingRow
      label={
        <span className="inline-flex items-center gap-2">
          <MonitorSmartphone aria-hidden className="size-4 text-fg-muted" />
          {t('security.device.label')}
        </span>
      }
      description={t(trusted ? 'security.device.trusted' : 'security.device.notTrusted', {
        days: TRUSTED_DEVICE_DAYS,
      })}
    />
  );
}

/**
 * Settings → Security, below the password: the authenticator app (set up, turn off), recovery codes (how
 * many are left, new ones), passkeys, and whether this device is trusted. `twoFactorEnabled` in the
 * settings follows these; it is not a switch of its own.
 */
export function SignInSecurity({ user }: { user: CurrentUser }) {
  const t = useT();
  const status = useQuery(twoFactorQueryOptions());
  if (status.isPending) {
    return (
      <div className="px-5 py-6 sm:px-6" role="status" aria-label={t('settings.loading')}>
        <Spinner className="text-fg-subtle" />
      </div>
    );
  }
  if (status.isError) {
    return (
      <div className="flex flex-wrap items-center gap-3 px-5 py-4 sm:px-6">
        <p role="alert" className="text-[13px] text-danger">
          {t('security.loadFailed')} {serverText(status.error) ?? ''}
        </p>
        <Button variant="secondary" size="sm" onClick={() => void status.refetch()}>
          <RotateCw aria-hidden />
          {t('security.retry')}
        </Button>
      </div>
    );
  }
  const data = status.data;
  const hasSecondFactor = data.totp.enabled || data.passkeys.length > 0;
  return (
    <>
      <TotpRows status={data} user={user} />
      <PasskeysSetting passkeys={data.passkeys} />
      {hasSecondFactor ? <TrustedDeviceRow trusted={data.trustedDevice} /> : null}
    </>
  );
}
