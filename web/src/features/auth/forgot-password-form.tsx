import { ArrowLeft, MailCheck } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { T } from '../../i18n/t';
import { useT } from '../../i18n/use-t';
import { serverText } from '../../lib/api-client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { FieldError, Input, Label } from '../../ui/field';
import { Spinner } from '../../ui/spinner';
import { useForgotPassword } from './api';
import { emailError, type FieldMessage, messageText } from './validation';

/** "Forgot password?": asks for the e-mail address and shows what the server answers (always the same). */
export function ForgotPasswordForm({ initialEmail, onBack }: { initialEmail: string; onBack: () => void }) {
  const ids = useId();
  const t = useT();
  const [email, setEmail] = useState(initialEmail);
  const [fieldError, setFieldError] = useState<FieldMessage | undefined>();
  const mutation = useForgotPassword();
  const sending = mutation.isPending;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const invalid = emailError(email);
    setFieldError(invalid);
    if (invalid) return;
    try {
      await mutation.mutateAsync(email.trim());
    } catch {
      // Shown from mutation.error below.
    }
  };

  return (
    <>
      <h1 className="text-3xl font-semibold tracking-tight text-fg">{t('auth.forgot.title')}</h1>
      <p className="mt-2 text-fg-muted">{t('auth.forgot.intro')}</p>

      {mutation.isSuccess ? (
        <div className="mt-8 space-y-6">
          <div className="flex items-start gap-3 rounded-2xl border border-line bg-surface p-4 shadow-card">
            <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-success-soft text-success">
              <MailCheck aria-hidden className="size-5" />
            </span>
            <p role="status" className="pt-0.5 text-sm text-fg">
              {mutation.data.message}
            </p>
          </div>
          <p className="text-sm text-fg-muted">
            <T
              id="auth.forgot.nothingArrived"
              values={{
                resend: (chunks) => (
                  <button
                    type="button"
                    onClick={() => mutation.reset()}
                    className="rounded font-medium text-fg underline underline-offset-2"
                  >
                    {chunks}
                  </button>
                ),
              }}
            />
          </p>
          <Button variant="primary" size="lg" className="w-full" onClick={onBack}>
            {t('auth.forgot.backToSignIn')}
          </Button>
        </div>
      ) : (
        <form onSubmit={onSubmit} className="mt-8 space-y-4" noValidate>
          <div>
            <Label htmlFor={`${ids}-email`}>{t('auth.field.email')}</Label>
            <Input
              id={`${ids}-email`}
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              autoCapitalize="none"
              spellCheck={false}
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                setFieldError(undefined);
              }}
              disabled={sending}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? `${ids}-email-error` : undefined}
              placeholder={t('auth.field.emailPlaceholder')}
            />
            {fieldError ? (
              <FieldError id={`${ids}-email-error`}>{messageText(t, fieldError)}</FieldError>
            ) : null}
          </div>
          {mutation.isError ? <Alert>{serverText(mutation.error) ?? t('auth.error.unknown')}</Alert> : null}
          <Button type="submit" variant="primary" size="lg" className="w-full" disabled={sending}>
            {sending ? <Spinner /> : null}
            {t(sending ? 'auth.forgot.sending' : 'auth.forgot.submit')}
          </Button>
        </form>
      )}

      {mutation.isSuccess ? null : (
        <p className="mt-8 text-center text-sm text-fg-muted">
          <button
            type="button"
            onClick={onBack}
            className="inline-flex items-center gap-1.5 rounded font-semibold text-fg hover:underline"
          >
            <ArrowLeft aria-hidden className="size-4" />
            {t('auth.forgot.backToSignIn')}
          </button>
        </p>
      )}
    </>
  );
}
