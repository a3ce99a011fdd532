import { MESSAGES } from '@kaleido/common/browser';
import { ArrowLeft, MailCheck } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { serverText } from '../../lib/api-client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { FieldError, Input, Label } from '../../ui/field';
import { Spinner } from '../../ui/spinner';
import { useForgotPassword } from './api';
import { emailError } from './validation';

/** "Forgot password?": asks for the e-mail address and shows what the server answers (always the same). */
export function ForgotPasswordForm({ initialEmail, onBack }: { initialEmail: string; onBack: () => void }) {
  const ids = useId();
  const [email, setEmail] = useState(initialEmail);
  const [fieldError, setFieldError] = useState<string | undefined>();
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
      <h1 className="text-3xl font-semibold tracking-tight text-fg">Reset your password</h1>
      <p className="mt-2 text-fg-muted">
        Enter the email address of your account and we will send you a link to choose a new password.
      </p>

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
            Nothing arrived? Check your spam folder, or{' '}
            <button
              type="button"
              onClick={() => mutation.reset()}
              className="rounded font-medium text-fg underline underline-offset-2"
            >
              send it again
            </button>
            .
          </p>
          <Button variant="primary" size="lg" className="w-full" onClick={onBack}>
            Back to sign in
          </Button>
        </div>
      ) : (
        <form onSubmit={onSubmit} className="mt-8 space-y-4" noValidate>
          <div>
            <Label htmlFor={`${ids}-email`}>Email</Label>
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
              placeholder="you@example.com"
            />
            {fieldError ? <FieldError id={`${ids}-email-error`}>{fieldError}</FieldError> : null}
          </div>
          {mutation.isError ? <Alert>{serverText(mutation.error) ?? MESSAGES.unknownError}</Alert> : null}
          <Button type="submit" variant="primary" size="lg" className="w-full" disabled={sending}>
            {sending ? <Spinner /> : null}
            {sending ? 'Sending...' : 'Send reset link'}
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
            Back to sign in
          </button>
        </p>
      )}
    </>
  );
}
