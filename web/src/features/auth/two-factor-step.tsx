import {
  TOTP_DIGITS,
  TRUSTED_DEVICE_DAYS,
  type TTwoFactorMethod,
  TWO_FACTOR_MESSAGES,
} from '@kaleido/common/browser';
import { ArrowLeft, Fingerprint, ShieldCheck } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useT } from '../../i18n/use-t';
import { isApiError, serverText } from '../../lib/api-client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { FieldHint, Input, Label } from '../../ui/field';
import { Spinner } from '../../ui/spinner';
import { OneTimeCodeInput } from './one-time-code-input';
import { isPasskeyCancel, usePasskeySecondFactor, useVerifySecondFactor } from './two-factor-api';

type Mode = 'totp' | 'recovery' | 'passkey';

/** Where the step starts: the authenticator app when the account has one, else its passkey. */
function firstMode(methods: readonly TTwoFactorMethod[]): Mode {
  if (methods.includes('totp')) return 'totp';
  if (methods.includes('passkey')) return 'passkey';
  return 'recovery';
}

/** The challenge is gone (over 5 minutes, or the cookie is missing): only a new sign-in helps. */
function challengeExpired(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return error.code === 'TWO_FACTOR_CHALLENGE_EXPIRED' || error.code === 'TWO_FACTOR_CHALLENGE_REQUIRED';
}

/**
 * The second step of signing in, after a correct password (or a social sign-in) on an account with a
 * second factor: the authenticator app's code (number pad, one-time-code autofill, pasting, sent as soon
 * as six digits are in), a recovery code, or a passkey, and "Trust this device for 30 days".
 */
export function TwoFactorStep({
  methods,
  onSignedIn,
  onBack,
}: {
  methods: readonly TTwoFactorMethod[];
  onSignedIn: () => void;
  /** Back to the password form (also the way out of an expired challenge). */
  onBack: () => void;
}) {
  const t = useT();
  const ids = useId();
  const [mode, setMode] = useState<Mode>(() => firstMode(methods));
  const [code, setCode] = useState('');
  const [recoveryCode, setRecoveryCode] = useState('');
  const [trustDevice, setTrustDevice] = useState(false);
  const [problem, setProblem] = useState<{ text: string; expired: boolean } | null>(null);
  const verify = useVerifySecondFactor();
  const passkey = usePasskeySecondFactor();
  const busy = verify.isPending || passkey.isPending;
  const inputRef = useRef<HTMLInputElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // Each mode puts the cursor where the person types next (the heading for the passkey).
  useEffect(() => {
    if (mode === 'passkey') headingRef.current?.focus();
    else inputRef.current?.focus();
  }, [mode]);

  const fail = (error: unknown, fallback: string) => {
    setProblem({ text: serverText(error) ?? fallback, expired: challengeExpired(error) });
  };

  const submitCode = async (digits: string) => {
    if (busy) return;
    setProblem(null);
    if (digits.length !== TOTP_DIGITS) {
      setProblem({ text: t(TWO_FACTOR_MESSAGES.codeRequired), expired: false });
      inputRef.current?.focus();
      return;
    }
    try {
      await verify.mutateAsync({ code: digits, trustDevice });
      onSignedIn();
    } catch (error) {
      fail(error, t(TWO_FACTOR_MESSAGES.codeInvalid));
      setCode('');
      inputRef.current?.focus();
    }
  };

  const submitRecovery = async () => {
    if (busy) return;
    setProblem(null);
    const value = recoveryCode.trim().toLowerCase();
    if (!value) {
      setProblem({ text: t(TWO_FACTOR_MESSAGES.codeRequired), expired: false });
      inputRef.current?.focus();
      return;
    }
    try {
      await verify.mutateAsync({ recoveryCode: value, trustDevice });
      onSignedIn();
    } catch (error) {
      fail(error, t(TWO_FACTOR_MESSAGES.recoveryCodeInvalid));
      inputRef.current?.select();
    }
  };

  const verifyWithPasskey = async () => {
    if (busy) return;
    setProblem(null);
    try {
      await passkey.mutateAsync({ trustDevice });
      onSignedIn();
    } catch (error) {
      if (isPasskeyCancel(error)) return;
      fail(error, t(TWO_FACTOR_MESSAGES.passkeyFailed));
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mode === 'totp') void submitCode(code);
    else if (mode === 'recovery') void submitRecovery();
    else void verifyWithPasskey();
  };

  const switchTo = (next: Mode) => {
    setProblem(null);
    setCode('');
    setRecoveryCode('');
    setMode(next);
  };

  const others: { mode: Mode; label: string }[] = [
    ...(mode !== 'totp' && methods.includes('totp')
      ? [{ mode: 'totp' as const, label: t('security.step.useTotp') }]
      : []),
    ...(mode !== 'recovery' && methods.includes('recovery')
      ? [{ mode: 'recovery' as const, label: t('security.step.useRecovery') }]
      : []),
    ...(mode !== 'passkey' && methods.includes('passkey')
      ? [{ mode: 'passkey' as const, label: t('security.step.usePasskey') }]
      : []),
  ];

  const intro = {
    totp: t('security.step.totpIntro'),
    recovery: t('security.step.recoveryIntro'),
    passkey: t('security.step.passkeyIntro'),
  }[mode];

  return (
    <div>
      <span className="inline-flex size-11 items-center justify-center rounded-2xl bg-accent-soft text-accent-fg">
        <ShieldCheck aria-hidden className="size-6" />
      </span>
      <h1
        ref={headingRef}
        tabIndex={-1}
        className="mt-5 text-3xl font-semibold tracking-tight text-fg outline-none"
      >
        {t('security.step.title')}
      </h1>
      <p id={`${ids}-intro`} className="mt-2 text-fg-muted">
        {intro}
      </p>

      <form onSubmit={onSubmit} className="mt-8 space-y-4" noValidate>
        {mode === 'totp' ? (
          <div>
            <Label htmlFor={`${ids}-code`}>{t('security.step.code')}</Label>
            <OneTimeCodeInput
              ref={inputRef}
              id={`${ids}-code`}
              name="code"
              value={code}
              onValueChange={(digits) => {
                setCode(digits);
                setProblem(null);
              }}
              onComplete={(digits) => void submitCode(digits)}
              disabled={busy}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${ids}-problem` : `${ids}-intro`}
            />
          </div>
        ) : mode === 'recovery' ? (
          <div>
            <Label htmlFor={`${ids}-recovery`}>{t('security.step.recoveryCode')}</Label>
            <Input
              ref={inputRef}
              id={`${ids}-recovery`}
              name="recoveryCode"
              autoComplete="off"
              autoCapitalize="none"
              autoCorrect="off"
              spellCheck={false}
              maxLength={64}
              value={recoveryCode}
              onChange={(event) => {
                setRecoveryCode(event.target.value);
                setProblem(null);
              }}
              disabled={busy}
              className="font-mono tracking-wider"
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${ids}-problem` : `${ids}-intro`}
            />
          </div>
        ) : null}

        <div>
          <label className="inline-flex cursor-pointer items-center gap-2 text-sm text-fg-muted select-none">
            <input
              type="checkbox"
              name="trustDevice"
              checked={trustDevice}
              onChange={(event) => setTrustDevice(event.target.checked)}
              disabled={busy}
              aria-describedby={`${ids}-trust-hint`}
              className="size-4 rounded border-line-strong accent-[var(--accent)]"
            />
            {t('security.step.trust', { days: TRUSTED_DEVICE_DAYS })}
          </label>
          <FieldHint id={`${ids}-trust-hint`} className="ml-6 mt-0.5">
            {t('security.step.trustHint')}
          </FieldHint>
        </div>

        {problem ? (
          <Alert id={`${ids}-problem`}>
            {problem.text}
            {problem.expired ? (
              <button
                type="button"
                onClick={onBack}
                className="mt-1 block rounded font-semibold underline-offset-2 hover:underline"
              >
                {t('security.step.startOver')}
              </button>
            ) : null}
          </Alert>
        ) : null}

        <Button type="submit" variant="primary" size="lg" className="w-full" disabled={busy}>
          {busy ? <Spinner /> : mode === 'passkey' ? <Fingerprint aria-hidden /> : null}
          {busy
            ? t('security.step.verifying')
            : mode === 'passkey'
              ? t('security.step.passkeyAction')
              : t('security.step.verify')}
        </Button>
      </form>

      {others.length > 0 ? (
        <ul className="mt-6 space-y-2 text-center text-sm">
          {others.map((other) => (
            <li key={other.mode}>
              <button
                type="button"
                onClick={() => switchTo(other.mode)}
                disabled={busy}
                className="rounded font-medium text-accent-fg hover:underline disabled:opacity-50"
              >
                {other.label}
              </button>
            </li>
          ))}
        </ul>
      ) : null}

      <p className="mt-8 text-center text-sm">
        <button
          type="button"
          onClick={onBack}
          disabled={busy}
          className="inline-flex items-center gap-1.5 rounded font-medium text-fg-muted hover:text-fg hover:underline disabled:opacity-50"
        >
          <ArrowLeft aria-hidden className="size-4" />
          {t('security.step.back')}
        </button>
      </p>
    </div>
  );
}
